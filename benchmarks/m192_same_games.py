"""Fingerprints of simulated M192 games, to check a speed change changes no game.

tools/same_games.py simulates M47, S15 and classic only (and runs the M192
scenarios): this plays M192 games with random and heuristic bots and hashes each
game's events (every field) and its end, one line per game.

    .venv/bin/python benchmarks/m192_same_games.py /tmp/a.json --games 200
    ... change ...
    .venv/bin/python benchmarks/m192_same_games.py /tmp/b.json --games 200
    cmp /tmp/a.json /tmp/b.json
"""

from __future__ import annotations

import argparse
import hashlib
import json
from pathlib import Path

from bansha.engine import Game
from bansha.sim.runner import SimConfig, play_one


def digest(game: Game) -> str:
    h = hashlib.sha256()
    for e in game.events:
        extra = sorted(e.extra.items()) if e.extra else None
        h.update(repr((e.kind, e.at, e.text, e.to, e.skill, e.by, e.name, e.cause,
                       e.reason, extra)).encode())
    h.update(repr((game.finished, game.winner, game.phase.label)).encode())
    return h.hexdigest()[:16]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("out")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=7)
    a = ap.parse_args()
    out: dict[str, str] = {}
    for bots, games in (("random", a.games), ("heuristic", a.games // 2)):
        cfg = SimConfig("m192-nata", games, bots=bots, seed=a.seed)
        for i in range(games):
            try:
                out[f"{bots}/{i}"] = digest(play_one(cfg, 14, i))
            except Exception as e:  # a game that raises is part of the behaviour too
                out[f"{bots}/{i}"] = f"error {type(e).__name__}: {e}"
    Path(a.out).write_text(json.dumps(out, indent=0, sort_keys=True))
    errors = sum(v.startswith("error") for v in out.values())
    print(f"{len(out)} games, {errors} errors -> {a.out}")


if __name__ == "__main__":
    main()
