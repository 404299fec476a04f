"""[S15] RULINGS R-25 through the Game API: "罚下而未出局的角色处于存活状态" — a
sent-off character stays alive, but the player may not vote or use skills."""

from __future__ import annotations

from bansha.engine import Action, Game, Rejected

ROSTER = [
    {"甲": "先知"}, {"乙": "女巫"}, {"丙": "守卫"}, {"丁": "长老"}, {"戊": "猎人"},
    {"己": "白痴"}, {"庚": "顽徒"}, {"辛": "王女"}, {"壬": "小公主"}, {"癸": "诽谤者"},
    {"子": "良民"}, {"丑": "良民"}, {"寅": "乱民"}, {"卯": "头狼"}, {"辰": "黑狼"},
    {"巳": "狼使"}, {"午": "狼牧"}, {"未": "白狼"}, {"申": "吹笛"}, {"酉": "良民"},
]
REASON = ("罚下的角色不能投票或行使技能"
          "（裁定R-25：罚下而未出局的角色处于存活状态，但不能投票、行使技能或提交遗言）")


def test_a_sent_off_player_may_not_vote_or_act_and_is_offered_nothing() -> None:
    g = Game.new("s15-official", ROSTER, seed=1)
    g.advance()  # night 0
    assert g.submit(Action("子", "判罚", choice="红"))
    assert g.submit(Action("子", "投票", target="卯"))  # not yet sent off: day 1 counts
    g.advance()  # day 1 ends: 子 is sent off, and stays alive
    assert g.seats["子"].alive and g.phase.label == "night 1"
    assert g.legal("子") == [] and "子" not in g.pending()
    while g.phase.label == "night 1":  # the witch's prompt after 通灵 takes its default
        g.advance()
    assert g.phase.label == "day 2"
    for a in (Action("子", "投票", target="卯"), Action("子", "遗言", text="再见")):
        answer = g.submit(a)
        assert isinstance(answer, Rejected) and answer.reason == REASON
    assert g.events[-1].kind == "rejected" and g.events[-1].to == ("子",)
    assert "子" not in g.votes.current
    # still a character in play: others may vote for him
    assert g.submit(Action("甲", "投票", target="子"))
