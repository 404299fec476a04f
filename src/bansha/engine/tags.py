"""Reveals (翻牌) and declarations (宣言): the two public-speech skill tags.

A declaration is text a seat states publicly as part of a skill; a reveal
shows a card to everyone. Both become public record in the order they were
made. A reveal shows the card's *apparent* role, because a reveal is an
observation like any check and must respect disguises.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from bansha.engine.identity import Seat

DECLARATION_TAG = "declaration"
REVEAL_TAG = "reveal"
# Announcement templates follow the forum's wording; a ruleset may format its own.
DECLARATION_FORMAT = "{seat} 宣言：{text}"
REVEAL_FORMAT = "{label} 翻牌：{role}"


@dataclass(frozen=True)
class Declaration:
    seat: str
    text: str
    phase: int

    @property
    def announcement(self) -> str:
        return DECLARATION_FORMAT.format(seat=self.seat, text=self.text)


@dataclass(frozen=True)
class Reveal:
    card: str
    label: str
    role: str
    phase: int

    @property
    def announcement(self) -> str:
        return REVEAL_FORMAT.format(label=self.label, role=self.role)


def declaration_problem(tags: Collection[str], text: str | None) -> str | None:
    """Why a skill use with these tags and this text is invalid, or None if fine.

    Whitespace-only text counts as empty: a blank 宣言 says nothing the
    table could hold the seat to.
    """
    if DECLARATION_TAG in tags and (text is None or not text.strip()):
        return "a declaration skill needs non-empty declaration text"
    return None


class TagRegistry:
    """Public declarations and reveals of one game, in the order they happened."""

    def __init__(self) -> None:
        self._records: list[Declaration | Reveal] = []
        self._revealed: dict[str, Reveal] = {}

    def declare(self, seat: str, text: str, phase: int) -> Declaration:
        problem = declaration_problem((DECLARATION_TAG,), text)
        if problem is not None:
            raise ValueError(f"{seat}: {problem}")
        record = Declaration(seat, text.strip(), phase)
        self._records.append(record)
        return record

    def reveal_problem(self, card: str) -> str | None:
        """Why ``card`` (a card reference) cannot be revealed now, or None."""
        if card in self._revealed:
            first = self._revealed[card]
            return f"{first.label} was already revealed in phase {first.phase}"
        return None

    def reveal(self, seat: Seat, phase: int, index: int = 1) -> Reveal:
        """Show card ``index`` of ``seat`` publicly; each card may be revealed once."""
        card = seat.card(index)
        problem = self.reveal_problem(card.ref)
        if problem is not None:
            raise ValueError(problem)
        record = Reveal(card.ref, seat.label(card), card.apparent("role"), phase)
        self._revealed[card.ref] = record
        self._records.append(record)
        return record

    def is_revealed(self, card: str) -> bool:
        return card in self._revealed

    def declarations(self, seat: str | None = None) -> list[Declaration]:
        return [
            r
            for r in self._records
            if isinstance(r, Declaration) and (seat is None or r.seat == seat)
        ]

    def reveals(self) -> list[Reveal]:
        return [r for r in self._records if isinstance(r, Reveal)]

    def announcements(self) -> list[str]:
        return [r.announcement for r in self._records]
