"""Migdał's recursion, and the simulator checked against it."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

from bansha.sim.exact import v_day, v_night, village_win
from bansha.sim.runner import SimConfig, run


def test_small_cases_by_hand() -> None:
    # day, 2 villagers + 1 wolf: the lynch must hit the wolf (1/3), else m >= c
    assert v_day(2, 1) == Fraction(1, 3)
    # night first: one villager dies, then the same day as above with c = 1 -> lost
    assert v_night(2, 1) == 0
    # 3 + 1 by day: 1/4 wolf; else (2, 1) at night -> (1, 1) lost
    assert v_day(3, 1) == Fraction(1, 4)
    # terminal conditions
    assert v_day(5, 0) == 1 and v_night(5, 0) == 1
    assert v_day(2, 2) == 0 and v_night(1, 3) == 0


def test_recursion_holds() -> None:
    for c in range(2, 12):
        for m in range(1, c):
            n = c + m
            assert v_day(c, m) == Fraction(m, n) * v_night(c, m - 1) + Fraction(c, n) * v_night(
                c - 1, m
            )
            assert v_night(c, m) == v_day(c - 1, m)


def test_known_values() -> None:
    assert village_win(13, 2, "night") == Fraction(1093, 3584)
    assert village_win(13, 2, "day") == Fraction(2768, 6435)
    # one wolf: the village win probability by day with n players is known in
    # closed form for odd n... here the (8, 1) value, as a regression anchor
    assert village_win(8, 1, "day") == Fraction(187, 315)


# the example (night first) and a day-first table; the slow run adds more
SETTINGS = [(13, 2, "night"), (8, 1, "day")]


def _check(c: int, m: int, first: str, games: int, seed: int) -> None:
    cfg = SimConfig("classic", games, bots="uniform", players=c + m,
                    options={"wolves": m, "first": first}, seed=seed, workers=2)
    result = run(cfg)
    t = result.tally
    assert t.games == games and not t.errors
    p = float(village_win(c, m, "night" if first == "night" else "day"))
    se = math.sqrt(p * (1 - p) / games)
    got = t.wins["村民阵营"] / games
    assert abs(got - p) < 3 * se, f"{c}+{m} {first}: got {got:.5f}, exact {p:.5f}, se {se:.5f}"
    assert t.wins["村民阵营"] + t.wins["狼人阵营"] == games


@pytest.mark.parametrize(("c", "m", "first"), SETTINGS)
def test_simulation_matches_migdal_20k(c: int, m: int, first: str) -> None:
    _check(c, m, first, 20_000, seed=2024)


@pytest.mark.slow
@pytest.mark.parametrize(("c", "m", "first"), [*SETTINGS, (13, 2, "day"), (20, 3, "night")])
def test_simulation_matches_migdal_100k(c: int, m: int, first: str) -> None:
    _check(c, m, first, 100_000, seed=47)
