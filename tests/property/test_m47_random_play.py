"""Property tests: random legal play of [M47] over many seeds."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bansha.engine import Game

from .checks import assert_replay, assert_secrecy, play_checked


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_random_play_ends_and_keeps_promises(seed: int) -> None:
    game = play_checked(Game.new("m47-yeliang", 14, seed=seed), seed)
    assert game.finished
    assert game.winner in ("野良阵营", "村民阵营", None)
    assert_secrecy(game)
    assert_replay(game)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_illegal_inputs_change_nothing(seed: int) -> None:
    game = play_checked(Game.new("m47-yeliang", 14, seed=seed), seed, fuzz=True)
    assert game.finished
    assert_replay(game)


def test_both_factions_win_over_seeds() -> None:
    winners = {play_checked(Game.new("m47-yeliang", 14, seed=s), s).winner for s in range(60)}
    assert {"野良阵营", "村民阵营"} <= winners
