"""[M47] RULINGS 15 through the Game API: on the night of a successful 召唤 the 野良
is asked for 双刀 at step (2) when he gave none in advance; a 双刀 handed in before a
summon that does not land is refused with a reason naming the ruling."""

from __future__ import annotations

from bansha.engine import Action, Game

ROSTER = [{"甲": "狼人"}, {"乙": "狼人"}, {"丙": "狼人"}, {"丁": "野良"}, {"戊": "神明"},
          {"己": "祝器"}, {"庚": "女巫"}, {"辛": "村长"}, {"壬": "村民"}, {"癸": "村民"},
          {"子": "村民"}, {"丑": "村民"}, {"寅": "村民"}, {"卯": "伤心的村民"}]


def _night1() -> Game:
    g = Game.new("m47-yeliang", ROSTER, seed=1)
    g.advance()  # day 1: nobody voted, no sheriff
    assert g.phase.label == "night 1"
    return g


def test_the_summoned_stray_is_asked_for_double_at_step_2() -> None:
    g = _night1()
    # before the summon lands he holds no 双刀, and legal() does not offer it
    assert "双刀" not in {la.skill for la in g.legal("丁")}
    assert g.submit(Action("甲", "召唤", target="丁"))
    assert g.submit(Action("乙", "杀人", target="子"))
    g.advance()
    p = g.prompt
    assert p is not None and p.seat == "丁" and p.skills() == ("双刀",)
    assert "被召唤进入狼群" in p.context
    assert g.submit(Action("丁", "双刀", target="寅"))
    # the night goes on to the witch's prompt after 通灵, which lists both targets
    assert g.prompt is not None and g.prompt.seat == "庚"
    feedback = [e.text for e in g.events if e.kind == "notify" and e.skill == "通灵"]
    assert feedback == ["今晚被指杀的是：子、寅"]
    g.advance()
    assert [n for n, _ in g.phases[-2].outs] == ["子", "寅"]
    assert Game.replay(g.log).events == g.events


def test_double_in_advance_is_refused_naming_the_ruling_when_the_summon_fails() -> None:
    g = _night1()
    assert g.submit(Action("丁", "双刀", target="寅"))  # taken: the summon may land
    assert g.submit(Action("甲", "召唤", target="癸"))
    g.advance()
    refused = [e for e in g.events if e.kind == "rejected" and e.skill == "双刀"]
    assert len(refused) == 1 and refused[0].to == ("丁",)
    assert refused[0].reason is not None and "本夜召唤未使你进入狼群" in refused[0].reason
    assert "裁定15" in refused[0].reason
    assert g.prompt is None or g.prompt.seat != "丁"
