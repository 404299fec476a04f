"""Games per second of two installed builds, measured alternately in one run.

    .venv-fast/bin/python benchmarks/alternate.py \\
        --base ../base/.venv-fast/bin/python --this .venv-fast/bin/python --rounds 5

side_by_side.py compares two source trees on one interpreter (pure build only); this
compares two interpreters — each with its own installed bansha, e.g. two compiled
builds — running this bench_games.py. Rounds alternate base/this, so a shared
machine's load moves both alike; the report gives each side's median of the 1-core
games/s and the ratio of the medians, with every run listed.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--base", required=True, help="the other build's python")
    ap.add_argument("--this", required=True, help="this build's python")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--rulesets", nargs="*", default=["m47-yeliang", "s15-official"])
    ap.add_argument("--bots", nargs="*", default=["random", "heuristic"])
    ap.add_argument("--seconds", type=float, default=2.0)
    a = ap.parse_args()
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}  # each its own install
    pythons = {"base": a.base, "this": a.this}
    res: dict[str, dict[str, list[float]]] = {t: {} for t in pythons}
    builds: dict[str, str] = {}
    for _ in range(a.rounds):
        for side, py in pythons.items():
            for rid in a.rulesets:
                for bots in a.bots:
                    # one core only: --workers 1 keeps the pool figures from costing time
                    cmd = [py, str(HERE / "bench_games.py"), "--rulesets", rid, "--bots", bots,
                           "--runs", "1", "--workers", "1", "--seconds", str(a.seconds),
                           "--json"]
                    out = subprocess.run(cmd, env=env, capture_output=True, text=True,
                                         check=True).stdout
                    for row in json.loads(out[out.index("["):]):
                        key = f"{row['ruleset']}/{row['bots']}"
                        res[side].setdefault(key, []).append(row["single_gps"])
                        builds[side] = "compiled" if row["compiled"] else "pure"
    print(f"base: {a.base} ({builds['base']}); this: {a.this} ({builds['this']})")
    for key, runs in res["base"].items():
        base, this = statistics.median(runs), statistics.median(res["this"][key])
        print(f"{key:26s} base {base:8.1f} g/s  this {this:8.1f} g/s  ratio {this / base:.3f}"
              f"   runs: base {[round(r) for r in runs]} this "
              f"{[round(r) for r in res['this'][key]]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
