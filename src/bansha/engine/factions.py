"""Factions with lose and win predicates, evaluated in a fixed order.

Lose conditions are checked first; a lost faction never wins again. Then the
first faction (in evaluation order) that meets a win condition wins, or the
only faction not yet lost wins. If every faction has lost, nobody wins — unless a
priority is given: then the first of the factions that lost in that same check wins.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

S = TypeVar("S")


# Generic classes here are plain classes, not dataclasses: a compiled (mypyc) build
# cannot create a Generic dataclass (see setup.py).
class FactionRule(Generic[S]):
    def __init__(
        self, name: str, lost: Callable[[S], bool], won: Callable[[S], bool] | None = None
    ) -> None:
        self.name = name
        self.lost = lost
        self.won = won

    def __repr__(self) -> str:
        return f"FactionRule(name={self.name!r}, lost={self.lost!r}, won={self.won!r})"


@dataclass(init=False)  # __init__ written out: see engine/actions.py, Action
class Verdict:
    finished: bool
    winner: str | None
    newly_lost: list[str]

    def __init__(self, finished: bool, winner: str | None,
                 newly_lost: list[str] | None = None) -> None:
        self.finished = finished
        self.winner = winner
        self.newly_lost = [] if newly_lost is None else newly_lost


class WinChecker(Generic[S]):
    def __init__(self, rules: list[FactionRule[S]], priority: tuple[str, ...] = ()) -> None:
        self.rules = rules
        self.has_lost: list[str] = []
        # when the last factions standing all lose at once, the first of these among
        # them wins (m192 "同时判负时，之前未判负的阵营中按照优先级获胜")
        self.priority = priority

    def check(self, state: S) -> Verdict:
        newly: list[str] = []
        for r in self.rules:
            if r.name not in self.has_lost and r.lost(state):
                self.has_lost.append(r.name)
                newly.append(r.name)
        standing = [r for r in self.rules if r.name not in self.has_lost]
        for r in standing:
            if r.won is not None and r.won(state):
                return Verdict(True, r.name, newly)
        if len(standing) == 1:
            return Verdict(True, standing[0].name, newly)
        if not standing:
            for name in self.priority:
                if name in newly:
                    return Verdict(True, name, newly)
            return Verdict(True, None, newly)
        return Verdict(False, None, newly)
