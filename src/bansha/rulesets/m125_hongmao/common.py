"""What every m125 role module asks of the table: which cards are in play, the
range of a card-targeted skill, and the card refs of a seat."""

from __future__ import annotations

from bansha.engine import Game
from bansha.engine.cards import Card

from .deal import WOLF_CARDS

PACK = "狼群"


def in_play(game: Game, card: Card) -> bool:
    """历史轮: "所有玩家的第一身份加入游戏，共10张身份" — only first cards play."""
    return game.round >= 2 or card.index == 1


def cards(game: Game) -> list[Card]:
    return [c for n in game.order for c in game.seats[n].cards]


def live_cards(game: Game) -> list[Card]:
    """Cards in play and not out: "已经公示的出局角色…不允许被选为技能或投票的目标"."""
    return [c for c in cards(game) if c.alive and in_play(game, c)]


def live_refs(game: Game, but: str | None = None) -> tuple[str, ...]:
    return tuple(c.ref for c in live_cards(game) if c.ref != but)


def is_wolf_card(card: Card) -> bool:
    """A card's own faction: "技能判定上会按照角色牌本来的阵营判定"."""
    return card.role in WOLF_CARDS


def controller(game: Game, ref: str) -> str:
    """"操控该身份牌的玩家": the seat holding the card."""
    return game.card(ref).seat
