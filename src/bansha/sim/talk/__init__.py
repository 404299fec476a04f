"""Talk: a public claims channel for bots (the simulator's layer, not the engine's).

Forum players talk on the forum, not through the director; so talk lives here,
built on the engine's public API like the bots: `Board` is the channel the
driver opens each day, `TalkBot` the bot that speaks on it, `protocol` the
typed claims they exchange.
"""

from __future__ import annotations

from bansha.engine import Ruleset

from .board import Beliefs, Board
from .bot import TalkBot
from .protocol import Claim


def make_talk_bots(rules: type[Ruleset], seats: list[str]) -> dict[str, TalkBot]:
    """One board per game, shared by the seats' talk bots (`bots[s].board`)."""
    board = Board(rules)
    bots = {s: TalkBot(rules, board) for s in seats}
    board.bots.update(bots)
    return bots


__all__ = ["Beliefs", "Board", "Claim", "TalkBot", "make_talk_bots"]
