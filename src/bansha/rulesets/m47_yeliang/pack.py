"""狼群: the pack (群居) as an engine group; team skills (杀人, 召唤) are one decision
per pack."""

from __future__ import annotations

from bansha.engine import Game

PACK = "狼群"


def pack(game: Game) -> list[str]:
    return game.groups.get(PACK, [])


def in_pack(game: Game, seat: str) -> bool:
    return seat in game.groups.get(PACK, ())
