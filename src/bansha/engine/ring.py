"""Seats in a ring (电梯楼): neighbours skip the out and wrap around."""

from __future__ import annotations

from collections.abc import Callable, Sequence


class Ring:
    def __init__(self, seats: Sequence[str]) -> None:
        self.seats: tuple[str, ...] = tuple(seats)
        self._pos = {s: i for i, s in enumerate(self.seats)}

    def position(self, seat: str) -> int:
        return self._pos[seat]

    def neighbours(self, seat: str, alive: Callable[[str], bool]) -> tuple[str | None, str | None]:
        """The nearest alive seat above and below `seat` (None when nobody else is alive)."""
        return self.above(seat, alive), self.below(seat, alive)

    def below(self, seat: str, alive: Callable[[str], bool], step: int = 1) -> str | None:
        n = len(self.seats)
        i = self._pos[seat]
        for k in range(1, n):
            cand = self.seats[(i + step * k) % n]
            if alive(cand):
                return cand
        return None

    def above(self, seat: str, alive: Callable[[str], bool]) -> str | None:
        return self.below(seat, alive, step=-1)

    def first_below(
        self, seat: str, match: Callable[[str], bool], alive: Callable[[str], bool]
    ) -> str | None:
        """The first alive seat below `seat` (wrapping) for which `match` holds."""
        n = len(self.seats)
        i = self._pos[seat]
        for k in range(1, n):
            cand = self.seats[(i + k) % n]
            if alive(cand) and match(cand):
                return cand
        return None
