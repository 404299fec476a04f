"""The result document: the JSON a scenario run (and `bansha play --json`) prints."""

from __future__ import annotations

from typing import Any

from bansha.engine import Game

REPORTED = ("announce", "notify", "rejected", "win", "card")
DIRECTOR = ("trace", "out", "vote")


def result_document(game: Game, include_trace: bool = False) -> dict[str, Any]:
    """Built from the director's view (the result is the director's record)."""
    d = game.director_view()
    kinds = REPORTED + DIRECTOR if include_trace else REPORTED
    doc: dict[str, Any] = {
        "ruleset": game.ruleset.id,
        "finished": d["finished"],
        "winner": d["winner"],
        "at": d["at"],
        "sheriff": d["sheriff"],
        "players": [
            {"name": s["name"], "roles": s["roles"], "faction": s["faction"], "alive": s["alive"]}
            for s in d["seats"]
        ],
        "phases": [
            {
                "at": p["at"],
                "outs": [{"name": n, "cause": c} for n, c in p["outs"]],
                "sheriff": p["sheriff"],
            }
            for p in d["phases"]
        ],
        "events": [e.as_dict() for e in d["events"] if e.kind in kinds],
    }
    if game.ruleset.cards_per_player > 1:
        # m125: every card with its own role, faction and fate (scenario-format.md)
        for p, name in zip(doc["players"], game.order, strict=True):
            p["cards"] = [{"card": c.ref, "role": c.role, "faction": c.faction,
                           "alive": c.alive} for c in game.seats[name].cards]
    doc.update(game.ruleset.result_extra(game))
    return doc
