"""Factions with lose and win predicates, evaluated in a fixed order.

Lose conditions are checked first; a lost faction never wins again. Then the
first faction (in evaluation order) that meets a win condition wins, or the
only faction not yet lost wins. If every faction has lost, nobody wins — unless a
priority is given: then the first of the factions that lost in that same check wins.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final, Generic, TypeVar

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
        # asked after every step of every game: one pass over the rules, and no list
        # or Verdict made when nothing changed (the common answer, `_PENDING`)
        lost = self.has_lost
        newly: list[str] | None = None
        for r in self.rules:
            if r.name not in lost and r.lost(state):
                lost.append(r.name)
                if newly is None:
                    newly = [r.name]
                else:
                    newly.append(r.name)
        standing = 0
        last: FactionRule[S] | None = None
        for r in self.rules:  # the standing ones, in order: the first that wins, wins
            if r.name in lost:
                continue
            standing += 1
            last = r
            if r.won is not None and r.won(state):
                return Verdict(True, r.name, newly)
        if standing == 1 and last is not None:
            return Verdict(True, last.name, newly)
        if standing == 0:
            if newly is not None:
                for name in self.priority:
                    if name in newly:
                        return Verdict(True, name, newly)
            return Verdict(True, None, newly)
        return _PENDING if newly is None else Verdict(False, None, newly)


# the answer of a check that finds nothing new (read only: its list stays empty)
_PENDING: Final = Verdict(False, None)
