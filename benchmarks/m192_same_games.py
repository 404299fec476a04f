"""Fingerprints of simulated M192 games, to check a speed change changes no game.

tools/same_games.py simulates M47, S15 and classic only (and runs the M192
scenarios): this plays M192 games with random and heuristic bots and hashes each
game's events (every field) and its end, one line per game.

    .venv/bin/python benchmarks/m192_same_games.py /tmp/a.json --games 200
    ... change ...
    .venv/bin/python benchmarks/m192_same_games.py /tmp/b.json --games 200
    cmp /tmp/a.json /tmp/b.json

`--fixed`: the same games with each table fixed by hand (drawn here, by a rejection
sampler of this script's own, independent of deal.draw), so a change of the deal
itself (which table a seed gives) leaves these hashes unchanged: they check
everything after the deal.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
from pathlib import Path

from bansha.engine import Game, get_ruleset
from bansha.engine.ruleset import DEFAULT_NAMES
from bansha.rulesets.m192_nata.deal import POOL_OF, POOLS, setup_problem
from bansha.sim.driver import play
from bansha.sim.runner import MAX_DAYS, SimConfig, game_seeds, make_bots, play_one


def digest(game: Game) -> str:
    h = hashlib.sha256()
    for e in game.events:
        extra = sorted(e.extra.items()) if e.extra else None
        h.update(repr((e.kind, e.at, e.text, e.to, e.skill, e.by, e.name, e.cause,
                       e.reason, extra)).encode())
    h.update(repr((game.finished, game.winner, game.phase.label)).encode())
    return h.hexdigest()[:16]


def fixed_table(seed: int, index: int) -> list[str]:
    """A table of the post's setup for game `index`, by plain rejection (not deal.draw)."""
    rng = random.Random(f"fixed:{seed}:{index}")
    while True:
        roles = [r for pool, pick in POOLS for r in rng.sample(POOL_OF[pool], pick)]
        if setup_problem(roles) is None:
            rng.shuffle(roles)
            return roles


def play_fixed(cfg: SimConfig, index: int) -> Game:
    """play_one with the table fixed by hand (the same seeds, the same bots)."""
    game_seed, bot_seed = game_seeds(cfg.seed, index)
    names = DEFAULT_NAMES[:14]
    players = list(zip(names, fixed_table(cfg.seed, index), strict=True))
    game = Game.new(cfg.ruleset, players, seed=game_seed, options=cfg.options)
    game.bus.trace = False
    bots = make_bots(cfg.bots, get_ruleset(cfg.ruleset), list(names))
    play(game, bots, random.Random(bot_seed), max_days=MAX_DAYS)
    return game


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("out")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--fixed", action="store_true",
                    help="tables fixed by hand (independent of deal.draw)")
    a = ap.parse_args()
    out: dict[str, str] = {}
    for bots, games in (("random", a.games), ("heuristic", a.games // 2)):
        cfg = SimConfig("m192-nata", games, bots=bots, seed=a.seed)
        for i in range(games):
            try:
                game = play_fixed(cfg, i) if a.fixed else play_one(cfg, 14, i)
                out[f"{bots}/{i}"] = digest(game)
            except Exception as e:  # a game that raises is part of the behaviour too
                out[f"{bots}/{i}"] = f"error {type(e).__name__}: {e}"
    Path(a.out).write_text(json.dumps(out, indent=0, sort_keys=True))
    errors = sum(v.startswith("error") for v in out.values())
    print(f"{len(out)} games, {errors} errors -> {a.out}")


if __name__ == "__main__":
    main()
