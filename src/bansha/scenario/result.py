"""The result document: the JSON a scenario run (and `bansha play --json`) prints."""

from __future__ import annotations

from typing import Any

from bansha.engine import Game

REPORTED = ("announce", "notify", "rejected", "win")


def result_document(game: Game, include_trace: bool = False) -> dict[str, Any]:
    kinds = (*REPORTED, "trace", "out", "vote", "card") if include_trace else (*REPORTED, "card")
    return {
        "ruleset": game.ruleset.id,
        "finished": game.finished,
        "winner": game.winner,
        "at": game.phase.label,
        "sheriff": game.sheriff,
        "players": [
            {
                "name": n,
                "roles": list(s.roles),
                "faction": s.faction,
                "alive": s.alive,
            }
            for n, s in game.seats.items()
        ],
        "phases": [
            {
                "at": p.at,
                "outs": [{"name": n, "cause": c} for n, c in p.outs],
                "sheriff": p.sheriff,
            }
            for p in game.phases
        ],
        "events": [e.as_dict() for e in game.events if e.kind in kinds],
    }
