"""Identity cards (身份) and seats that hold them.

A card has actual values (role, faction, kill capability) and a stack of
disguises (表面身份/阵营/带刀) that change how it *appears*. Every kind of
observation asks :meth:`Card.apparent`; only adjudication reads the actual
values. A seat holds one card in most posts and two in m125, where each card
can be targeted, go out and be played by an NPC on its own.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Literal, overload

Attribute = Literal["role", "faction", "can_kill"]
Control = Literal["controlled", "npc"]

_ATTRIBUTES: tuple[Attribute, ...] = ("role", "faction", "can_kill")
# Forum posts are typed with either colon; accepting both saves directors a retype.
_SEPARATORS = (":", "：")


@dataclass(frozen=True)
class Disguise:
    """One applied disguise: ``source`` makes ``attribute`` appear as ``value``."""

    source: str
    attribute: Attribute
    value: str | bool

    def __post_init__(self) -> None:
        if self.attribute not in _ATTRIBUTES:
            raise ValueError(f"unknown attribute {self.attribute!r}; expected one of {_ATTRIBUTES}")
        wants_bool = self.attribute == "can_kill"
        if isinstance(self.value, bool) != wants_bool:
            kind = "a bool" if wants_bool else "a string"
            raise ValueError(f"a {self.attribute} disguise needs {kind}, got {self.value!r}")


def card_ref(seat: str, index: int) -> str:
    """The written reference of a card: ``card_ref('甲', 2) == '甲:2'``."""
    return f"{seat}:{index}"


def parse_card_ref(ref: str) -> tuple[str, int]:
    """Split ``'甲:1'`` into ``('甲', 1)``; raise ValueError saying what is wrong."""
    text = ref.strip()
    for sep in _SEPARATORS[1:]:
        text = text.replace(sep, _SEPARATORS[0])
    if text.count(":") != 1:
        raise ValueError(f"card reference {ref!r} must look like '甲:1' (seat, colon, index)")
    seat, index_text = (part.strip() for part in text.split(":"))
    if not seat:
        raise ValueError(f"card reference {ref!r} has no seat name before the colon")
    if not index_text.isdecimal() or not index_text.isascii():
        raise ValueError(f"card reference {ref!r}: index {index_text!r} is not a whole number")
    index = int(index_text)
    if index < 1:
        raise ValueError(f"card reference {ref!r}: indices start at 1, got {index}")
    return seat, index


@dataclass
class Card:
    """One identity card. Mutable because faction, outs and control change in play."""

    seat: str
    index: int
    role: str
    faction: str
    can_kill: bool
    out: bool = False
    control: Control = "controlled"
    disguises: list[Disguise] = field(default_factory=list)

    @property
    def ref(self) -> str:
        return card_ref(self.seat, self.index)

    def actual(self, kind: Attribute) -> str | bool:
        if kind == "role":
            return self.role
        if kind == "faction":
            return self.faction
        if kind == "can_kill":
            return self.can_kill
        raise ValueError(f"unknown attribute {kind!r}; expected one of {_ATTRIBUTES}")

    @overload
    def apparent(self, kind: Literal["role", "faction"]) -> str: ...
    @overload
    def apparent(self, kind: Literal["can_kill"]) -> bool: ...
    @overload
    def apparent(self, kind: Attribute) -> str | bool: ...
    def apparent(self, kind: Attribute) -> str | bool:
        """How the card appears for ``kind``: the last applied disguise wins."""
        for disguise in reversed(self.disguises):
            if disguise.attribute == kind:
                return disguise.value
        return self.actual(kind)

    def disguise(self, source: str, kind: Attribute, value: str | bool) -> Disguise:
        applied = Disguise(source, kind, value)
        self.disguises.append(applied)
        return applied

    def remove_disguises(self, source: str) -> list[Disguise]:
        """Drop every disguise from ``source``; earlier ones show through again."""
        gone = [d for d in self.disguises if d.source == source]
        self.disguises = [d for d in self.disguises if d.source != source]
        return gone

    def make_npc(self) -> None:
        self.control = "npc"

    def free(self) -> None:
        self.control = "controlled"


@dataclass
class Seat:
    """A place at the table; it is out only once every card it holds is out."""

    name: str
    cards: list[Card] = field(default_factory=list)

    @classmethod
    def with_cards(cls, name: str, specs: Iterable[tuple[str, str, bool]]) -> Seat:
        """Build a seat from ``(role, faction, can_kill)`` specs, numbered from 1."""
        seat = cls(name)
        for role, faction, can_kill in specs:
            seat.add_card(role, faction, can_kill)
        return seat

    def add_card(self, role: str, faction: str, can_kill: bool) -> Card:
        card = Card(self.name, len(self.cards) + 1, role, faction, can_kill)
        self.cards.append(card)
        return card

    def card(self, index: int = 1) -> Card:
        if not 1 <= index <= len(self.cards):
            raise ValueError(
                f"seat {self.name} holds {len(self.cards)} card(s); there is no card {index}"
            )
        return self.cards[index - 1]

    @property
    def out(self) -> bool:
        return bool(self.cards) and all(c.out for c in self.cards)

    def live_cards(self) -> list[Card]:
        return [c for c in self.cards if not c.out]

    def label(self, card: Card) -> str:
        """How announcements name ``card``: the seat alone unless it holds several."""
        return self.name if len(self.cards) == 1 else card.ref


def find_card(seats: Iterable[Seat], ref: str) -> Card:
    """Resolve ``'甲:2'`` against ``seats``; ValueError if the seat or card is unknown."""
    name, index = parse_card_ref(ref)
    for seat in seats:
        if seat.name == name:
            return seat.card(index)
    raise ValueError(f"card reference {ref!r}: no seat named {name!r}")
