"""m125 inputs a player or the director sees as forms: 投降 offered to every pack member,
out ones included ("所有被询问的角色（包括已出局角色）"); the night's outs announced before
the result when a night ends the game."""

from __future__ import annotations

from pathlib import Path

from bansha.engine import Action, Game
from bansha.scenario.loader import load
from bansha.scenario.runner import run

TABLE = [{"甲": ["黑狼王", "村民"]}, {"乙": ["狼人", "村民"]}, {"丙": ["预言家", "村民"]},
         {"丁": ["女巫", "蚀时狼妃"]}, {"戊": ["猎人", "狼人"]}, {"己": ["守卫", "定序王子"]},
         {"庚": ["魔术师", "村民"]}, {"辛": ["纵火犯", "村民"]}, {"壬": ["骑士", "村民"]},
         {"癸": ["村民", "村民"]}]

SCENARIOS = Path(__file__).parents[1] / "scenarios" / "m125-hongmao"


def _skills(g: Game, seat: str) -> list[str]:
    return [la.skill for la in g.legal(seat)]


def test_surrender_is_offered_to_every_pack_member_out_or_not() -> None:
    g = Game.new("m125-hongmao", TABLE, seed=1)
    assert "投降" not in _skills(g, "甲")  # 乙 and 戊 may still choose their order: no pack yet
    g.advance()  # day 1: the orders settle, the pack is built
    assert "投降" in _skills(g, "甲") and "投降" in _skills(g, "乙")
    assert "投降" not in _skills(g, "丙")  # not in the pack
    assert "投降" not in _skills(g, "戊")  # a wolf second card joins in the reversal round
    offer = next(la for la in g.legal("甲") if la.skill == "投降")
    assert offer.n_targets == 0 and offer.choices == ("同意",)  # nothing to refuse yet
    g.advance()  # night 1: the witch is asked after 通灵
    g.advance()  # her prompt lapses: day 2
    for voter in ("丙", "庚", "辛"):
        assert g.submit(Action(voter, "投票", "乙:1"))
    g.advance()  # day 2: 乙:1 voted out
    assert not g.seats["乙"].alive
    assert "投降" in _skills(g, "乙")  # "包括已出局角色"
    assert g.submit(Action("甲", "投降"))
    offer = next(la for la in g.legal("乙") if la.skill == "投降")
    assert offer.choices == ("同意", "拒绝")
    assert g.submit(Action("乙", "投降", choice="同意"))
    assert g.finished and g.winner == "村民阵营"


def test_a_night_that_ends_the_game_announces_its_outs_before_the_result() -> None:
    sc = load(SCENARIOS / "night-end-outs.yaml")
    res = run(sc)
    texts = [(e.kind, e.text) for e in res.game.events if e.kind in ("announce", "win")]
    assert texts[-2:] == [("announce", "本夜出局：戊:2"), ("win", "游戏结束：村民阵营胜利")]


def test_card_order_is_offered_on_history_day_1_only_where_the_post_lets_a_player_choose() -> None:
    g = Game.new("m125-hongmao", TABLE, seed=1)
    offers = {s: next((la for la in g.legal(s) if la.skill == "身份顺序"), None) for s in g.order}
    # 黑狼王 "必须为第一身份", 蚀时狼妃/定序王子 "必须为第二身份", 村民+村民: nothing to choose
    assert offers["甲"] is None and offers["丁"] is None and offers["己"] is None
    assert offers["癸"] is None
    la = offers["乙"]
    assert la is not None and la.choices == ("狼人", "村民") and la.n_targets == 0 and la.optional
    assert g.submit(Action("乙", "身份顺序", choice="村民"))
    assert [c.role for c in g.seats["乙"].cards] == ["村民", "狼人"]
    assert g.seats["乙"].roles == ["村民", "狼人"] and g.view("乙")["role"] == "村民"
    assert "身份顺序" not in _skills(g, "乙")  # chosen once
    refused = g.submit(Action("甲", "身份顺序", choice="村民"))
    assert not refused and "黑狼王 必须为第一身份（原初的历史）" in refused.reason  # type: ignore[union-attr]
    g.advance()  # day 1 closes: the defaults stand, the order is settled
    assert "身份顺序" not in _skills(g, "戊")
    assert [c.role for c in g.seats["戊"].cards] == ["猎人", "狼人"]
    assert g.groups["狼群"] == ["甲"]  # 乙:1 is a 村民 now


def test_a_dealt_game_offers_the_order_and_the_bots_may_choose_it() -> None:
    g = Game.new("m125-hongmao", 10, seed=5)
    free = [s for s in g.order if "身份顺序" in _skills(g, s)]
    assert free  # a deal always has players with two swappable cards
    s = free[0]
    second = g.seats[s].cards[1].role
    assert g.submit(Action(s, "身份顺序", choice=second))
    assert g.seats[s].cards[0].role == second


def test_the_last_3_hours_mark_is_a_director_input_the_console_offers() -> None:
    from bansha.web.rulings import director_inputs

    g = Game.new("m125-hongmao", TABLE, seed=1)
    assert [la.skill for la in director_inputs(g) if la.skill == "关门前3小时"] == []  # day 1
    g.advance()  # day 1
    g.advance()  # night 1: the witch is asked
    g.advance()  # day 2
    offered = [la for la in director_inputs(g) if la.skill == "关门前3小时"]
    assert len(offered) == 1 and offered[0].seat == "导演" and offered[0].n_targets == 0
    assert "决斗" in _skills(g, "壬")
    assert g.submit(Action("导演", "关门前3小时"))
    assert "决斗" not in _skills(g, "壬")  # legal() no longer offers it
    assert not [la for la in director_inputs(g) if la.skill == "关门前3小时"]
    refused = g.submit(Action("壬", "决斗", "乙:1"))
    assert not refused and "关门前3小时内不可发动此技能" in refused.reason  # type: ignore[union-attr]
    assert g.card("乙:1").alive
    g.advance()  # day 2 closes
    g.advance()  # night 2
    g.advance()  # day 3: the mark ended with its day
    assert "决斗" in _skills(g, "壬")
