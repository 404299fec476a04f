"""Property tests: random legal play of [m125]虹猫蓝兔七侠传 over many seeds — both rounds,
every input legal when offered, the dead acting only on their own out's choices, secrecy,
replay; ill-shaped and illegal inputs change nothing; and a reversal-round replay never
acts for a card that is free or out ("一个已出局/自由行动的身份牌不再按记录行动")."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bansha import compiled
from bansha.engine import Game
from bansha.rulesets.m125_hongmao import reversal
from bansha.rulesets.m125_hongmao.reversal import Recorded

from .checks import assert_replay, assert_secrecy, play_checked
from .test_ill_shaped_inputs import _check, _play

# an out card still answers its own out's choices: 殉职 and 最后一枪
# 投降: "当所有被询问的角色（包括已出局角色）同意投降" — an out pack member takes part
DEAD_OK = frozenset({"遗言", "殉职", "最后一枪", "投降"})
SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_random_play_ends_and_keeps_promises(seed: int) -> None:
    game = play_checked(Game.new("m125-hongmao", 10, seed=seed), seed, dead_ok=DEAD_OK)
    assert game.finished and game.winner in ("狼人阵营", "村民阵营")
    assert_secrecy(game)
    assert_replay(game)


@SETTINGS
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_illegal_inputs_change_nothing(seed: int) -> None:
    game = play_checked(Game.new("m125-hongmao", 10, seed=seed), seed, fuzz=True,
                        dead_ok=DEAD_OK)
    assert game.finished
    assert_replay(game)


@settings(max_examples=15, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(seed=st.integers(min_value=0, max_value=2**32 - 1), data=st.data())
def test_ill_shaped_inputs_change_nothing(seed: int, data: st.DataObject) -> None:
    _check(_play(Game.new("m125-hongmao", 10, seed=seed), data, seed))


def test_both_factions_win_and_both_history_ends_happen_over_seeds() -> None:
    winners, ends = set(), set()
    for s in range(40):
        g = play_checked(Game.new("m125-hongmao", 10, seed=s), s, dead_ok=DEAD_OK)
        winners.add(g.winner)
        end = g.ruleset.result_extra(g)["history_end"]
        if end is not None:
            ends.add(end["condition"])
    assert winners == {"狼人阵营", "村民阵营"}
    assert ends == {1, 2}


@pytest.mark.skipif(compiled(), reason="wraps a ruleset function (pure build only)")
def test_a_replay_never_acts_for_a_card_that_is_free_or_out(
        monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[str] = []
    real = reversal.due

    def checked(game: Game, votes: bool | None = None) -> list[Recorded]:
        out = real(game, votes)
        for r in out:
            card = game.card(r.card)
            assert card.alive, f"{r.card} 已出局却仍按记录{r.action.skill}"
            assert not reversal.free_now(game, r.card), f"{r.card} 自由行动却仍按记录行动"
            seen.append(r.card)
        return out

    monkeypatch.setattr(reversal, "due", checked)
    for seed in range(30):
        play_checked(Game.new("m125-hongmao", 10, seed=seed), seed, dead_ok=DEAD_OK)
    assert len(seen) > 100  # replays did happen, and none acted for a gone or free card
