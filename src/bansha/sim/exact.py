"""Exact village win probability of the classic game under uniform play.

Migdał (2010, "A mathematical model of the Mafia game"): with c villagers and m
wolves, the day lynches a uniformly random alive player and the night kills a
uniformly random villager, so

    V_D(c, m) = m/(c+m) · V_N(c, m−1) + c/(c+m) · V_N(c−1, m)
    V_N(c, m) = V_D(c−1, m)

with V = 1 once m = 0 and V = 0 once m ≥ c (checked after every out, in that
order, as the classic ruleset does). Fractions keep it exact; the recursion has
only O(c·m) states.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from typing import Literal

First = Literal["night", "day"]


def _terminal(c: int, m: int) -> Fraction | None:
    if m == 0:
        return Fraction(1)
    if m >= c:
        return Fraction(0)
    return None


@cache
def v_day(c: int, m: int) -> Fraction:
    """Village win probability at the start of a day with c villagers, m wolves."""
    end = _terminal(c, m)
    if end is not None:
        return end
    n = c + m
    return Fraction(m, n) * v_night(c, m - 1) + Fraction(c, n) * v_night(c - 1, m)


@cache
def v_night(c: int, m: int) -> Fraction:
    """Village win probability at the start of a night with c villagers, m wolves."""
    end = _terminal(c, m)
    if end is not None:
        return end
    return v_day(c - 1, m)


def village_win(c: int, m: int, first: First = "night") -> Fraction:
    """Exact P(村民阵营 wins) for a classic game opening with `first`."""
    if c < 0 or m < 0:
        raise ValueError("c and m must be non-negative")
    return v_night(c, m) if first == "night" else v_day(c, m)
