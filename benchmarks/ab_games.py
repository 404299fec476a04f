"""Two builds' games/s, pair by pair: the same games on each side, back to back.

    .venv-fast/bin/python benchmarks/ab_games.py \\
        --base-python ../base/.venv-fast/bin/python --this-python .venv-fast/bin/python \\
        --pairs 15 --games 1500 --rulesets m47-yeliang s15-official --bots random heuristic

`side_by_side.py` compares medians of runs taken seconds apart; on a shared machine a
burst of load then lands on one side only. Here each pair plays the very same games
(same seeds) on both builds one right after the other, in ABBA order so that drift
cancels, and the report gives the median and the spread of the per-pair ratios
(this ÷ base), for wall-clock and for CPU time. CPU time (process_time) leaves out
the time the process waited for a core, which is most of this machine's noise.
Each measurement is a fresh process (`--child`), so imports and start-up are not timed.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def child(ruleset: str, bots: str, games: int, offset: int) -> None:
    from bansha import compiled
    from bansha.sim.runner import SimConfig, check, run_batch

    cfg = SimConfig(ruleset, 1, bots=bots, seed=1)
    _, players = check(cfg)
    run_batch(cfg, players, 10**6, 10**6 + 5)  # warm the imports and caches
    w0, c0 = time.perf_counter(), time.process_time()
    tally = run_batch(cfg, players, offset, offset + games)
    w1, c1 = time.perf_counter(), time.process_time()
    print(json.dumps({"wall": w1 - w0, "cpu": c1 - c0, "games": tally.games,
                      "errors": sum(tally.errors.values()), "compiled": compiled()}))


def run_one(py: str, env: dict[str, str], ruleset: str, bots: str, games: int,
            offset: int) -> dict[str, float]:
    cmd = [py, str(Path(__file__).resolve()), "--child", ruleset, bots, str(games), str(offset)]
    out = subprocess.run(cmd, env=env, capture_output=True, text=True, check=True).stdout
    doc: dict[str, float] = json.loads(out.strip().splitlines()[-1])
    return doc


def spread(xs: list[float]) -> str:
    qs = statistics.quantiles(xs, n=4) if len(xs) > 1 else [xs[0]] * 3
    return f"median {statistics.median(xs):.3f} (quartiles {qs[0]:.3f}–{qs[2]:.3f}, " \
           f"min {min(xs):.3f}, max {max(xs):.3f})"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--child", nargs=4, metavar=("RULESET", "BOTS", "GAMES", "OFFSET"),
                    help=argparse.SUPPRESS)
    ap.add_argument("--base-python", help="the other build's python (its own install)")
    ap.add_argument("--this-python", default=sys.executable)
    ap.add_argument("--pairs", type=int, default=11)
    ap.add_argument("--games", type=int, default=1000, help="games per measurement")
    ap.add_argument("--rulesets", nargs="*", default=["m47-yeliang", "s15-official"])
    ap.add_argument("--bots", nargs="*", default=["random", "heuristic"])
    a = ap.parse_args()
    if a.child:
        rid, bots, games, offset = a.child
        child(rid, bots, int(games), int(offset))
        return 0
    if not a.base_python:
        ap.error("--base-python is required")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    sides = {"base": a.base_python, "this": a.this_python}
    for rid in a.rulesets:
        for bots in a.bots:
            games = a.games if bots == "random" else max(100, a.games // 4)
            wall: list[float] = []
            cpu: list[float] = []
            gps: dict[str, list[float]] = {"base": [], "this": []}
            for p in range(a.pairs):
                order = ["base", "this"] if p % 2 == 0 else ["this", "base"]
                got = {s: run_one(sides[s], env, rid, bots, games, p * games) for s in order}
                if got["base"]["errors"] or got["this"]["errors"]:
                    print(f"{rid}/{bots}: errors in pair {p}: {got}", file=sys.stderr)
                # a ratio of rates: above 1 means this build is faster
                wall.append(got["base"]["wall"] / got["this"]["wall"])
                cpu.append(got["base"]["cpu"] / got["this"]["cpu"])
                for s in sides:
                    gps[s].append(games / got[s]["wall"])
            print(f"{rid}/{bots}: {a.pairs} pairs × {games} games; this ÷ base games/s\n"
                  f"  wall: {spread(wall)}\n  cpu:  {spread(cpu)}\n"
                  f"  median games/s (wall): base {statistics.median(gps['base']):.0f}, "
                  f"this {statistics.median(gps['this']):.0f}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
