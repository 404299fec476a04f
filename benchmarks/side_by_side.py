"""Games per second of two builds, measured alternately in one run.

Two source trees on one interpreter (pure build):

    git worktree add ../base main --detach
    .venv/bin/python benchmarks/side_by_side.py --base ../base/src --rounds 3

Two interpreters, each with its own installed bansha (e.g. two compiled builds):

    .venv-fast/bin/python benchmarks/side_by_side.py \\
        --base-python ../base/.venv-fast/bin/python --this-python .venv-fast/bin/python

Each round runs bench_games.py once per side on one core, so a shared machine's load
moves both alike; the report gives each side's median of the 1-core games/s, the ratio
of the medians and every run.
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
    ap.add_argument("--base", help="the other tree's src/ directory (same interpreter)")
    ap.add_argument("--base-python", help="the other build's python (its own install)")
    ap.add_argument("--this-python", default=sys.executable, help="this build's python")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--rulesets", nargs="*", default=["m47-yeliang", "s15-official"])
    ap.add_argument("--bots", nargs="*", default=["random", "heuristic"])
    ap.add_argument("--seconds", type=float, default=2.0)
    a = ap.parse_args()
    if (a.base is None) == (a.base_python is None):
        ap.error("give exactly one of --base (a source tree) and --base-python (a build)")
    clean = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    # side -> (python, environment): a tree is picked by PYTHONPATH, a build by its python
    sides = {
        "base": (sys.executable, {**clean, "PYTHONPATH": str(Path(a.base).resolve())})
        if a.base else (a.base_python, clean),
        "this": (sys.executable, {**clean, "PYTHONPATH": str(HERE.parent / "src")})
        if a.base else (a.this_python, clean),
    }
    res: dict[str, dict[str, list[float]]] = {s: {} for s in sides}
    builds: dict[str, str] = {}
    for _ in range(a.rounds):
        for side, (py, env) in sides.items():
            # one core only: --workers 1 keeps the pool figures from costing time
            cmd = [py, str(HERE / "bench_games.py"), "--rulesets", *a.rulesets,
                   "--bots", *a.bots, "--runs", "1", "--workers", "1",
                   "--seconds", str(a.seconds), "--json"]
            out = subprocess.run(cmd, env=env, capture_output=True, text=True,
                                 check=True).stdout
            for row in json.loads(out[out.index("["):]):
                key = f"{row['ruleset']}/{row['bots']}"
                res[side].setdefault(key, []).append(row["single_gps"])
                builds[side] = "compiled" if row["compiled"] else "pure"
    print(f"base: {builds['base']} build; this: {builds['this']} build")
    for key, runs in res["base"].items():
        base, this = statistics.median(runs), statistics.median(res["this"][key])
        print(f"{key:26s} base {base:8.1f} g/s  this {this:8.1f} g/s  ratio {this / base:.3f}"
              f"   runs: base {[round(r) for r in runs]} this "
              f"{[round(r) for r in res['this'][key]]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
