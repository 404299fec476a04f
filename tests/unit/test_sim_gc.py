"""A finished S15 or M47 game is freed by reference counting alone: it leaves no
reference cycle for the cyclic garbage collector. A cycle (a handler holding its game
on the game's own bus, say) keeps every object of the game alive until a collection
finds it, and the simulator's collections (sim/runner.py freezes what is there before
the first game) are then far more work."""

from __future__ import annotations

import gc

import pytest

from bansha.sim.runner import SimConfig, check, play_one


@pytest.mark.parametrize("ruleset", ["s15-official", "m47-yeliang"])
def test_games_leave_no_cycles(ruleset: str) -> None:
    cfg = SimConfig(ruleset, 1, bots="random", seed=3)
    _, players = check(cfg)
    play_one(cfg, players, 0)  # imports and caches made before counting
    gc.collect()
    was = gc.isenabled()
    gc.disable()
    try:
        for i in range(1, 6):
            game = play_one(cfg, players, i)
            assert game.finished
            del game
        assert gc.collect() == 0
    finally:
        if was:
            gc.enable()
