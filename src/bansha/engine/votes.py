"""Day votes: ballots in time order, one change (改票), abstain (弃权), weights, ties.

The box records every ballot with a sequence number so that rules such as
"the first to reach the top count" (m47 竞岗) can be decided after the fact.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

ABSTAIN: Final = "弃权"


# not frozen (never mutated): ~40 ballots a game, and a frozen __init__ is 4× slower
@dataclass(slots=True, init=False)  # __init__ written out: see engine/actions.py, Action
class Ballot:
    voter: str
    target: str | None  # None = 弃权
    seq: int
    change: bool

    def __init__(self, voter: str, target: str | None, seq: int, change: bool) -> None:
        self.voter = voter
        self.target = target
        self.seq = seq
        self.change = change


class VoteBox:
    def __init__(self, max_changes: int = 1) -> None:
        self.max_changes = max_changes
        self.history: list[Ballot] = []
        self.current: dict[str, str | None] = {}
        self._changes: dict[str, int] = {}

    def cast(self, voter: str, target: str | None) -> str | None:
        """Record a first vote; returns a refusal reason or None."""
        if voter in self.current:
            return "已经投过票（改票请使用改票）"
        self.current[voter] = target
        self.history.append(Ballot(voter, target, len(self.history), False))
        return None

    def change(self, voter: str, target: str | None) -> str | None:
        if voter not in self.current:
            return "尚未投票，无法改票"
        if self._changes.get(voter, 0) >= self.max_changes:
            return "改票只允许进行一次"
        self._changes[voter] = self._changes.get(voter, 0) + 1
        self.current[voter] = target
        self.history.append(Ballot(voter, target, len(self.history), True))
        return None

    def may_change(self, voter: str) -> bool:
        return self._changes.get(voter, 0) < self.max_changes

    def voters(self) -> list[str]:
        return list(self.current)

    def tally(self, weight: Callable[[str], float]) -> dict[str, float]:
        """Votes per target (abstentions and zero-weight ballots count for nobody)."""
        counts: dict[str, float] = {}
        for voter, target in self.current.items():
            if target is None:
                continue
            w = weight(voter)
            if w:
                counts[target] = counts.get(target, 0.0) + w
        return counts

    @staticmethod
    def tops(counts: dict[str, float]) -> list[str]:
        if not counts:
            return []
        best = max(counts.values())
        if best <= 0:
            return []
        return [t for t, c in counts.items() if c == best]

    def first_to_reach_top(self, weight: Callable[[str], float]) -> str | None:
        """Among the final top targets, the one whose running tally reached the final
        top count earliest and stayed there (changes are replayed in time order)."""
        final = self.tally(weight)
        tops = self.tops(final)
        if len(tops) <= 1:
            return tops[0] if tops else None
        best = final[tops[0]]
        running: dict[str, float] = {}
        held: dict[str, str | None] = {}
        reached: dict[str, int] = {}
        for b in self.history:
            old = held.get(b.voter)
            w = weight(b.voter)
            if old is not None:
                running[old] = running.get(old, 0.0) - w
                if old in reached and running[old] < best:
                    del reached[old]
            held[b.voter] = b.target
            if b.target is not None:
                running[b.target] = running.get(b.target, 0.0) + w
                if running[b.target] >= best and b.target not in reached:
                    reached[b.target] = b.seq
        return min(tops, key=lambda t: reached.get(t, len(self.history)))
