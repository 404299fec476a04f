"""官方规则S15 under the generic promises: random legal play with random illegal
inputs mixed in; refused inputs change nothing, accepted ones were legal, no seat's
view holds a message addressed elsewhere, and the log replays the game."""

from __future__ import annotations

import pytest

from bansha.engine import Game

from .checks import assert_replay, assert_secrecy, play_checked

# what an out seat may still do in S15: last words and the choices its own out raises
S15_DEAD_OK = {"遗言", "流弹", "殉职", "杀人", "蒙冤"}


@pytest.mark.parametrize("n", [20, 30])
@pytest.mark.parametrize("seed", range(8))
def test_s15_fuzzed_play_keeps_promises(n: int, seed: int) -> None:
    game = play_checked(Game.new("s15-official", n, seed=seed), seed, fuzz=True,
                        dead_ok=S15_DEAD_OK)
    assert game.finished
    assert_secrecy(game)
    assert_replay(game)
