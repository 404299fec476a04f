from __future__ import annotations

import pytest

from bansha.engine.identity import Seat
from bansha.engine.rounds import HistoryRound, ReversalRound


def table() -> tuple[Seat, Seat]:
    jia = Seat.with_cards("甲", [("预言家", "好人", False), ("狼人", "狼人", True)])
    yi = Seat.with_cards("乙", [("女巫", "好人", False)])
    return jia, yi


def test_history_records_every_cards_actions_per_phase() -> None:
    history = HistoryRound(["甲:1", "甲:2", "乙:1"])
    history.record("甲:1", 0, "验", ("乙:1",))
    history.record("甲:2", 0, "刀", ("乙:1",))
    history.record("甲:2", 0, "改票", choice="乙")
    history.record("甲:1", 1, "投票", ("乙:1",))
    assert [a.skill for a in history.actions("甲:2", 0)] == ["刀", "改票"]
    assert history.actions("乙:1", 0) == ()
    assert history.cards == ("甲:1", "甲:2", "乙:1")


def test_reversal_replays_recorded_actions_as_npc_until_freed() -> None:
    jia, yi = table()
    history = HistoryRound()
    history.record("甲:1", 0, "验", ("乙:1",))
    history.record("甲:2", 0, "刀", ("乙:1",))
    history.record("乙:1", 1, "毒", ("甲:2",))
    reversal = ReversalRound(history, [*jia.cards, *yi.cards])
    assert all(c.control == "npc" for c in (*jia.cards, *yi.cards))
    replayed = reversal.replay(jia.card(2), 0)
    assert replayed is not None and replayed[0].targets == ("乙:1",)
    # An NPC with nothing recorded for the phase does nothing.
    assert reversal.replay(yi.card(), 0) == ()

    assert reversal.free(jia.card(1))
    assert jia.card(1).control == "controlled"
    assert reversal.replay(jia.card(1), 0) is None
    assert [a.skill for a in reversal.due(0)] == ["刀"]
    assert reversal.npcs() == [jia.card(2), yi.card()]


def test_unrecorded_cards_stay_under_seat_control() -> None:
    jia, yi = table()
    history = HistoryRound()
    history.record("甲:1", 0, "验", ("乙:1",))
    reversal = ReversalRound(history, [*jia.cards, *yi.cards])
    assert yi.card().control == "controlled"
    assert reversal.replay(yi.card(), 0) is None
    assert not reversal.free(yi.card())


def test_out_npcs_replay_nothing_in_due() -> None:
    jia, yi = table()
    history = HistoryRound()
    history.record("甲:2", 0, "刀", ("乙:1",))
    history.record("乙:1", 0, "救", ("乙:1",))
    reversal = ReversalRound(history, [*jia.cards, *yi.cards])
    jia.card(2).out = True
    assert [a.card for a in reversal.due(0)] == ["乙:1"]


def test_phase_map_lets_a_post_replay_in_reverse_order() -> None:
    jia, _ = table()
    history = HistoryRound()
    history.record("甲:1", 0, "first", ())
    history.record("甲:1", 2, "last", ())
    reversal = ReversalRound(history, jia.cards, phase_map=lambda p: 2 - p)
    assert [a.skill for a in reversal.due(0)] == ["last"]
    assert [a.skill for a in reversal.due(2)] == ["first"]


def test_history_is_closed_once_the_reversal_starts() -> None:
    jia, _ = table()
    history = HistoryRound()
    ReversalRound(history, jia.cards)
    assert history.closed
    with pytest.raises(RuntimeError, match="closed"):
        history.record("甲:1", 0, "验")
    with pytest.raises(ValueError, match="start at 0"):
        HistoryRound().record("甲:1", -1, "验")
