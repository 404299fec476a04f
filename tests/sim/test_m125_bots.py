"""m125's heuristic bots: they choose their card order, play by card, and in the reversal
round use what the history round's record tells them (sim/m125_record.py)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bansha.engine import Game, LegalAction, get_ruleset
from bansha.engine.events import Event
from bansha.sim.driver import play
from bansha.sim.m125_record import M125Advisor
from bansha.sim.runner import make_bots


def _view(events: list[Event], faction: str = "村民阵营") -> dict[str, Any]:
    return {"events": events, "faction": faction, "sheriff": None,
            "cards": [{"card": "甲:1", "role": "守卫"}, {"card": "甲:2", "role": "村民"}]}


HISTORY = [Event("announce", "day 2", "昨夜出局：丙:1"),
           Event("announce", "day 2", "丁:1 被投票出局"),
           Event("announce", "day 3", "昨夜出局：戊:1"),
           Event("announce", "reversal day 1", "逆转轮开始")]
TARGETS = ["乙:1", "丙:1", "丁:1", "戊:1", "乙:2", "丙:2"]


def _first(seq: Any) -> str:
    return str(seq[0])


@pytest.mark.parametrize("read", [True, False])
def test_a_guard_reading_the_record_guards_the_card_the_npc_pack_will_strike(
        read: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(M125Advisor, "read_record", read)
    adv = M125Advisor()
    adv.read(_view(HISTORY))
    la = LegalAction("甲:1", "守护", tuple(TARGETS))
    pick = adv.target("protect", la, TARGETS, "reversal night 2", _view(HISTORY), [], _first,
                      _first)
    # history night 2's out was 戊:1: the record strikes it again on reversal night 2
    assert pick == ("戊:1" if read else None)


def test_a_wolf_reading_the_record_strikes_the_cards_not_out_yet() -> None:
    adv = M125Advisor()
    v = _view(HISTORY, faction="狼人阵营")
    adv.read(v)
    la = LegalAction("甲:2", "杀人", tuple(TARGETS))
    # 丙:1, 丁:1, 戊:1 went out in the history round ("在两轮游戏中至少出局过一次")
    assert adv.target("kill", la, TARGETS, "reversal night 1", v, [], _first, _first) == "乙:1"
    assert adv.history_outs == {"丙:1", "丁:1", "戊:1"}


def test_order_choice_puts_a_wolf_card_first() -> None:
    adv = M125Advisor()
    la = LegalAction("乙", "身份顺序", (), n_targets=0, choices=("女巫", "狼人"))
    assert adv.order_choice(la) == "狼人"
    assert adv.order_choice(LegalAction("丙", "身份顺序", (), 0, ("预言家", "村民"))) is None


def test_heuristic_bots_finish_m125_games_choosing_their_order() -> None:
    rules = get_ruleset("m125-hongmao")
    chosen = 0
    for seed in range(3):
        g = Game.new("m125-hongmao", 10, seed=seed)
        play(g, make_bots("heuristic", rules, list(g.order)), random.Random(seed), max_days=60)
        assert g.finished and g.winner in ("狼人阵营", "村民阵营")
        chose = [a for a in g.log.inputs if a is not None and a.skill == "身份顺序"]
        assert all(a.choice in ("狼人", "黑狼王", "蚀时狼妃") for a in chose)
        chosen += len(chose)
    assert chosen > 0  # a player with a free wolf card put it first


SEEN = [Event("announce", "day 2", "壬:1（骑士）发动决斗：乙:1 的身份牌是 村民"),
        Event("notify", "night 1", "预言：丙:1 是狼人牌", to=("甲",)),
        Event("notify", "night 2", "预言：丁:1 是非狼人牌", to=("甲",))]


def test_the_village_duels_and_burns_a_known_wolf_card_and_keeps_them_otherwise() -> None:
    adv = M125Advisor()
    v = _view(SEEN)
    adv.read(v)
    for skill in ("决斗", "纵火"):
        la = LegalAction("甲:1", skill, tuple(TARGETS), optional=True)
        assert adv.own_skill(la, TARGETS, v, [], _first) == ("丙:1",)
        rest = [t for t in TARGETS if t != "丙:1"]
        assert adv.own_skill(la, rest, v, [], _first) == (None,)  # 限定: kept


def test_a_wolf_duels_burns_and_devours_a_card_known_good() -> None:
    adv = M125Advisor()
    v = _view(SEEN, faction="狼人阵营")
    adv.read(v)
    la = LegalAction("甲:1", "决斗", tuple(TARGETS), optional=True)
    assert adv.own_skill(la, TARGETS, v, [], _first) == ("乙:1",)
    la = LegalAction("甲:1", "时间吞噬", tuple(TARGETS), optional=True)
    assert adv.own_skill(la, TARGETS, v, [], _first) == ("乙:1",)  # a first card


def test_the_badge_goes_to_a_friend_then_a_card_known_good_never_a_known_wolf() -> None:
    adv = M125Advisor()
    v = _view(SEEN)
    adv.read(v)
    la = LegalAction("甲:1", "殉职", tuple(TARGETS))
    assert adv.own_skill(la, ["丙:1", "丁:1", "甲:2"], v, [], _first) == ("甲:2",)
    assert adv.own_skill(la, ["丙:1", "丁:1", "戊:1"], v, [], _first) == ("丁:1",)
    assert adv.own_skill(la, ["丙:1", "戊:1"], v, [], _first) == ("戊:1",)
    assert adv.own_skill(LegalAction("甲:1", "交换", ()), TARGETS, v, [], _first) is None
