"""Games per second of two source trees, measured alternately in one run (pure build).

    git worktree add ../base main --detach
    .venv/bin/python benchmarks/side_by_side.py --base ../base/src --rounds 3

Each round runs bench_games.py once per tree (PYTHONPATH picks the tree, the same
interpreter runs both) and the medians of the 1-core figures are compared: a shared
machine's load moves both trees alike.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--base", required=True, help="the other tree's src/ directory")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--rulesets", nargs="*", default=["m47-yeliang", "s15-official"])
    ap.add_argument("--bots", nargs="*", default=["random", "heuristic"])
    ap.add_argument("--seconds", type=float, default=2.0)
    a = ap.parse_args()
    trees = {"base": str(Path(a.base).resolve()), "this": str(HERE.parent / "src")}
    res: dict[str, dict[str, list[float]]] = {t: {} for t in trees}
    for _ in range(a.rounds):
        for tree, src in trees.items():
            cmd = [sys.executable, str(HERE / "bench_games.py"), "--rulesets", *a.rulesets,
                   "--bots", *a.bots, "--runs", "1", "--seconds", str(a.seconds), "--json"]
            out = subprocess.run(cmd, env={**os.environ, "PYTHONPATH": src},
                                 capture_output=True, text=True, check=True).stdout
            for row in json.loads(out[out.index("["):]):
                key = f"{row['ruleset']}/{row['bots']}"
                res[tree].setdefault(key, []).append(row["single_gps"])
    for key, runs in res["base"].items():
        base, this = statistics.median(runs), statistics.median(res["this"][key])
        print(f"{key:26s} base {base:8.1f} g/s  this {this:8.1f} g/s  ratio {this / base:.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
