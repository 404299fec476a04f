"""Per-seat state: role cards, faction, alive, flags. What a seat holds is in
`game.held` (held.py), by seat or by card."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .cards import Card


@dataclass(slots=True, init=False)  # __init__ written out: see engine/actions.py, Action
class SeatState:
    name: str
    roles: list[str]
    faction: str
    alive: bool
    out_cause: str | None
    out_at: str | None
    flags: dict[str, Any]
    _cards: list[Card] | None  # see `cards`
    _born: str  # the faction the seat was dealt

    def __init__(self, name: str, roles: list[str], faction: str, alive: bool = True,
                 out_cause: str | None = None,
                 out_at: str | None = None, flags: dict[str, Any] | None = None,
                 cards: list[Card] | None = None) -> None:
        self.name = name
        self.roles = roles
        self.faction = faction
        self.alive = alive
        self.out_cause = out_cause
        self.out_at = out_at
        self.flags = {} if flags is None else flags
        self._cards = cards
        self._born = faction

    @property
    def cards(self) -> list[Card]:
        """The seat's identity cards, one per role card in order (m125: two). A seat
        dealt one card gets it built on first use: most games never ask."""
        if self._cards is None:
            self._cards = [Card(self.name, i, r, self._born)
                           for i, r in enumerate(self.roles, 1)]
        return self._cards

    @property
    def role(self) -> str:
        return self.roles[0]
