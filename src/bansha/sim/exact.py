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

from collections.abc import Callable
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


# ---------------------------------------------------------------------------
# classic with one 预言家 (-o seer=1), played by the `talk` bots
#
# The talk policy on this variant is simple enough to follow exactly. With c alive
# non-wolves (the seer among them), m wolves and g villagers the hidden seer has
# cleared:
# - night: the seer checks a uniformly random seat he knows nothing of (a wolf with
#   probability m/(c−1−g+m)); then the pack kills a uniformly random non-wolf;
# - a day with nothing claimed: the village lynches a uniformly random alive seat;
# - the day after he finds a wolf W, the seer claims it, W counter-claims (对跳), and
#   the village lynches one of the two, each with probability 1/2:
#   - W out: the other wolves voted for the seer, so the village suspects them and
#     lynches one each day (L1);
#   - the seer out: nobody voted against the village, so with nothing better to go
#     on it lynches the other claimant, W, the next day; the other wolves vote
#     elsewhere that day, and from then on it is L1.
# Wolves win at m ≥ c, the village at m = 0, checked after every out.


@cache
def _hidden_night(c: int, m: int, g: int) -> Fraction:
    fresh = c - 1 - g + m  # seats the seer knows nothing of
    p = Fraction(0)
    # found a wolf; then the kill (the seer himself with probability 1/c)
    p += Fraction(m, fresh) * (Fraction(1, c) * _after(c - 1, m, v_day)
                               + Fraction(c - 1, c) * _after(c - 1, m, _claim_day))
    unchecked = c - 1 - g
    if unchecked:  # cleared a villager (now g + 1 cleared); then the kill
        g1 = g + 1
        kill = Fraction(1, c) * _after(c - 1, m, v_day)
        kill += Fraction(g1, c) * _after(c - 1, m, lambda cc, mm: _hidden_day(cc, mm, g1 - 1))
        if unchecked > 1:
            kill += Fraction(unchecked - 1, c) * _after(
                c - 1, m, lambda cc, mm: _hidden_day(cc, mm, g1))
        p += Fraction(unchecked, fresh) * kill
    return p


@cache
def _hidden_day(c: int, m: int, g: int) -> Fraction:
    n = c + m
    p = (Fraction(m, n) * _after(c, m - 1, lambda cc, mm: _hidden_night(cc, mm, g))
         + Fraction(1, n) * _after(c - 1, m, v_night))
    if g:
        p += Fraction(g, n) * _after(c - 1, m, lambda cc, mm: _hidden_night(cc, mm, g - 1))
    if c - 1 - g:
        p += Fraction(c - 1 - g, n) * _after(c - 1, m, lambda cc, mm: _hidden_night(cc, mm, g))
    return p


def _after(c: int, m: int, then: Callable[[int, int], Fraction]) -> Fraction:
    end = _terminal(c, m)
    return end if end is not None else then(c, m)


@cache
def _claim_day(c: int, m: int) -> Fraction:
    half = Fraction(1, 2)
    return half * _after(c, m - 1, _l1_night) + half * _after(c - 1, m, _l2_night)


@cache
def _l1_night(c: int, m: int) -> Fraction:
    return _after(c - 1, m, _l1_day)


@cache
def _l1_day(c: int, m: int) -> Fraction:
    return _after(c, m - 1, _l1_night)


@cache
def _l2_night(c: int, m: int) -> Fraction:
    return _after(c - 1, m, _l2_day)


@cache
def _l2_day(c: int, m: int) -> Fraction:
    # W goes; the other wolves, who did not vote for him, are suspected from then on
    return _after(c, m - 1, _l1_night)


def village_win_seer_talk(c: int, m: int, first: First = "night") -> Fraction:
    """Exact P(村民阵营 wins) for classic with one 预言家 among the c villagers,
    played by the `talk` bots (the policy above)."""
    if c < 2 or m < 1:
        raise ValueError("need at least 2 villagers (the seer and one more) and 1 wolf")
    end = _terminal(c, m)
    if end is not None:
        return end
    return _hidden_night(c, m, 0) if first == "night" else _hidden_day(c, m, 0)
