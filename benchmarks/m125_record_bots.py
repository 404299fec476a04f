"""[m125] heuristic bots with and without reading the history round's record.

    .venv/bin/python benchmarks/m125_record_bots.py --games 2000 --workers 2

Plays the same games (same seeds, same deals, same bot rng) once per arm: nobody's
heuristic bots read the history round's record in the reversal round (they forget
the history round as it opens), only the pack's, only the village's, everyone's (the
simulator's bots; sim/m125_record.py, `M125Advisor.sides`). Prints each arm's win
rates with 95% Wilson intervals, the games that ended, and how many of the same
games changed winner. A win-rate figure, not a speed one: nothing here is timed.
"""

from __future__ import annotations

import argparse
import math
import random
from concurrent.futures import ProcessPoolExecutor

from bansha.engine import Game, get_ruleset
from bansha.sim.driver import play
from bansha.sim.m125_record import M125Advisor
from bansha.sim.runner import MAX_DAYS, make_bots

RULESET = "m125-hongmao"


ARMS: dict[str, tuple[str, ...]] = {
    "nobody reads the record": (),
    "the pack's bots read it": ("狼人阵营",),
    "the village's bots read it": ("村民阵营",),
    "every bot reads it": ("狼人阵营", "村民阵营"),
}


def one(args: tuple[int, str]) -> str | None:
    seed, arm = args
    M125Advisor.read_record = True
    M125Advisor.sides = ARMS[arm]
    rules = get_ruleset(RULESET)
    g = Game.new(RULESET, 10, seed=seed)
    play(g, make_bots("heuristic", rules, list(g.order)), random.Random(seed),
         max_days=MAX_DAYS)
    return g.winner if g.finished else None


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 0.0
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return c - h, c + h


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--arms", default=",".join(ARMS), help="comma-separated, of: "
                    + "; ".join(ARMS))
    a = ap.parse_args()
    arms = [x.strip() for x in a.arms.split(",") if x.strip()]
    seeds = range(a.seed, a.seed + a.games)
    results: dict[str, list[str | None]] = {}
    with ProcessPoolExecutor(a.workers) as pool:
        for arm in arms:
            results[arm] = list(pool.map(one, [(s, arm) for s in seeds], chunksize=20))
    base = results[arms[0]]
    for arm in arms:
        res = results[arm]
        ended = [w for w in res if w is not None]
        changed = sum(1 for x, y in zip(base, res, strict=True) if x != y)
        print(f"{arm}: {len(ended)}/{len(res)} games ended; "
              f"{changed} of the same games won by another side than in “{arms[0]}”")
        for f in ("狼人阵营", "村民阵营"):
            k = ended.count(f)
            lo, hi = wilson(k, len(ended))
            print(f"  {f}: {k} wins, {k / max(1, len(ended)):.1%} (95% {lo:.1%}–{hi:.1%})")


if __name__ == "__main__":
    main()
