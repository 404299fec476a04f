"""m125 历史轮: every first card's input is recorded ("会记录历史轮中玩家的第一身份牌的全部
操作【包括使用的技能，投票】"), including 空刀 and the shot; the result carries
`history_end` and `players[].cards`; a player's view says whether they may speak."""

from __future__ import annotations

from bansha.engine import Action, Game
from bansha.scenario.result import result_document

TABLE = [{"甲": ["黑狼王", "村民"]}, {"乙": ["狼人", "村民"]}, {"丙": ["预言家", "村民"]},
         {"丁": ["女巫", "蚀时狼妃"]}, {"戊": ["猎人", "狼人"]}, {"己": ["守卫", "定序王子"]},
         {"庚": ["魔术师", "村民"]}, {"辛": ["纵火犯", "村民"]}, {"壬": ["骑士", "村民"]},
         {"癸": ["村民", "村民"]}]


def test_every_first_card_input_is_recorded_then_the_history_round_ends() -> None:
    g = Game.new("m125-hongmao", TABLE, seed=1)
    assert g.submit(Action("甲", "投票", "庚"))  # bare names mean the cards in play
    assert g.submit(Action("乙:1", "投票", "弃权"))
    g.advance()  # day 1
    g.advance()  # night 1: no kill — 空刀; the witch is asked after 通灵
    g.advance()  # she lets the prompt lapse
    assert g.submit(Action("丙", "投票", "戊:1"))
    assert g.submit(Action("庚", "投票", "戊:1"))
    assert g.submit(Action("戊", "最后一枪", "庚:1"))
    g.advance()  # day 2: 戊:1 voted out, shoots 庚:1, the sheriff: asked for 殉职
    assert g.prompt is not None and g.prompt.seat == "庚"
    g.advance()  # no heir named: "警长会直接流失"
    assert g.sheriff is None
    assert g.submit(Action("甲", "杀人", "癸:1"))
    g.advance()  # night 2
    g.advance()  # (the witch's prompt) 癸:1, the only 村民 card in play, is out → condition 2
    rec = [(r.card, r.day, r.part, r.action.skill, r.action.target, r.action.choice)
           for r in g.record.recorded()]
    assert rec == [
        ("甲:1", 1, "day", "投票", "庚:1", None),
        ("乙:1", 1, "day", "投票", "弃权", None),
        ("甲:1", 1, "night", "杀人", None, "空刀"),
        ("丙:1", 2, "day", "投票", "戊:1", None),
        ("庚:1", 2, "day", "投票", "戊:1", None),
        ("戊:1", 2, "day", "最后一枪", "庚:1", None),
        ("甲:1", 2, "night", "杀人", "癸:1", None),
    ]
    # "第一轮游戏立刻结束": the reversal round opens, no winner yet
    assert g.record.closed and not g.finished and g.winner is None
    assert g.round == 2 and g.phases[-1].at == "reversal day 1"
    doc = result_document(g)
    assert doc["history_end"] == {"at": "night 2", "condition": 2}
    assert doc["players"][4]["cards"] == [  # every card back in play
        {"card": "戊:1", "role": "猎人", "faction": "村民阵营", "alive": True},
        {"card": "戊:2", "role": "狼人", "faction": "狼人阵营", "alive": True}]
    assert doc["players"][4]["faction"] == "狼人阵营"
    assert [o["name"] for p in doc["phases"] for o in p["outs"]] == ["戊:1", "庚:1", "癸:1"]
    assert doc["sheriff"] is None
    bad = g.submit(Action("甲:1", "投票", "丙:1"))  # a first card now replays its record
    assert not bad and "按历史轮的记录投票（NPC）" in bad.reason  # type: ignore[union-attr]
    # "第一身份的投票会在一开始就固定投票对象"
    assert g.votes.current == {"甲:1": "庚:1", "乙:1": None}
    assert g.submit(Action("甲", "投票", "乙:1"))  # the bare name is 甲's second card now
    assert g.votes.current == {"甲:1": "庚:1", "乙:1": None, "甲:2": "乙:1"}


def test_a_player_view_shows_the_cards_and_whether_they_may_speak() -> None:
    g = Game.new("m125-hongmao", TABLE, seed=1)
    v = g.view("丁")
    assert [c["card"] for c in v["cards"]] == ["丁:1", "丁:2"]
    assert v["cards"][1]["in_play"] is False and v["may_speak"] is True
    assert v["faction"] == "狼人阵营"  # 女巫 + 蚀时狼妃
    # "确定所有玩家的身份顺序，并在之后建立狼群": 乙 and 戊 (wolf cards) may still choose
    assert "group" not in v and "group" not in g.view("甲")
    assert g.submit(Action("乙", "身份顺序", choice="狼人"))
    assert g.submit(Action("戊", "身份顺序", choice="猎人"))
    assert "group" not in g.view("丁") and g.view("甲")["group"] == {"狼群": ["甲", "乙"]}
    offers = {a.skill: a for a in g.legal("壬")}
    assert "决斗" not in offers  # "第二天之后的白天"
    assert offers["投票"].targets[:2] == ("甲:1", "乙:1") and "甲:2" not in offers["投票"].targets


def test_the_witch_is_asked_after_tongling_when_she_gave_nothing() -> None:
    g = Game.new("m125-hongmao", TABLE, seed=1)
    g.advance()
    assert g.submit(Action("甲", "杀人", "庚:1"))
    g.advance()
    assert g.prompt is not None and g.prompt.seat == "丁"
    assert [o.skill for o in g.prompt.options] == ["救药", "毒药"]
    assert any(e.text == "通灵：今晚被指杀的是 庚:1" for e in g.events if e.kind == "notify")
    assert g.submit(Action("丁", "救药", "庚:1"))
    assert g.phase.label == "day 2" and g.phases[-2].outs == []
