"""M192 纳塔: the director's inputs (寡言违规, 离开游戏) as the platform sees them, the
寡言 speech rule's reading, and the "仅针对XX" re-pick."""

from __future__ import annotations

import dataclasses

from bansha.engine import Action, Game, Rejected
from bansha.engine.statuses import TARGETED
from bansha.rulesets.m192_nata.common import give
from bansha.rulesets.m192_nata.director import speech_keeps_rule
from bansha.web.rulings import director_inputs

NAMES = "甲乙丙丁戊己庚辛壬癸子丑寅卯"
TABLE = ("渊狼", "赤狼", "死神", "白狼王", "通灵师", "魔术师", "朱雀", "阴阳使者", "太阳",
         "厚皮肉猪", "隐者", "纵火犯", "愚者", "宗教老爷爷")


def game() -> Game:
    return Game.new("m192-nata", [{n: r} for n, r in zip(NAMES, TABLE, strict=True)], seed=1)


def to_night(g: Game) -> None:
    while not g.phase.is_night:
        g.advance()


def test_speech_rule_two_units_of_animal_calls_and_punctuation() -> None:
    # the post's own examples, and punctuation left out ("标点可省略")
    for ok in ("喵~", "汪！", "咩%", "呱……", "喵", "喵喵", "吼 ！", "嗷？"):
        assert speech_keeps_rule(ok), ok
    for bad in ("喵喵喵", "喵喵！", "我是好人", "喵a", "！！？", "~", "猫", ""):
        assert not speech_keeps_rule(bad), bad


def test_the_rulings_forms_offer_a_breach_only_for_quiet_holders() -> None:
    g = game()
    offered = {la.skill: la for la in director_inputs(g)}
    assert "寡言违规" not in offered
    assert offered["离开游戏"].choices == ("暂时", "永久")
    give(g, "寡言", "戊", None, "甲", "禁言")
    breach = {la.skill: la for la in director_inputs(g)}["寡言违规"]
    assert breach.seat == "导演" and breach.targets == ("戊",) and breach.needs_text
    assert g.submit(Action("导演", "寡言违规", target="戊", text="说话"))
    assert "寡言违规" not in {la.skill for la in director_inputs(g)}
    # nothing recorded is changed by a refused input
    r = g.submit(Action("导演", "寡言违规", target="戊"))
    assert isinstance(r, Rejected) and "已因违反[寡言]" in r.reason
    assert g.statuses.has("戊", "沉默") and g.statuses.has("戊", "遗忘")


def test_an_unknown_director_input_is_still_refused() -> None:
    g = game()
    r = g.submit(Action("导演", "投票", target="甲"))
    assert isinstance(r, Rejected)
    r = g.submit(Action("导演", "通灵", target="甲"))
    assert isinstance(r, Rejected) and "导演" in r.reason


def test_a_repick_status_refuses_a_targeted_skill_from_its_sources_only() -> None:
    """No status of the pool is a "仅针对XX" skill limit; the mechanism is checked
    with one made for the test (a [隐身] that works only against 狼人阵营 sources)."""
    g = game()
    kind = dataclasses.replace(g.statuses.kind("隐身"), name="隐身（仅针对狼人阵营）",
                               against="狼人阵营", blocks=frozenset({TARGETED}))
    g.statuses.kinds = {**g.statuses.kinds, kind.name: kind}
    g.statuses.sources = {"狼人阵营": lambda s: s is not None and g.seats[s].faction == "狼人阵营"}
    give(g, kind.name, "己", None, None, "测试")
    to_night(g)
    while g.sub != "午夜":
        g.advance()
    r = g.submit(Action("甲", "深渊", target="己"))  # 渊狼: a 狼人阵营 source
    assert isinstance(r, Rejected) and "请重新选择目标" in r.reason
    assert not isinstance(g.submit(Action("甲", "深渊", target="乙")), Rejected)
    while g.sub != "深夜":
        g.advance()
    ok = g.submit(Action("戊", "通灵", target="己"))  # a village source: not refused
    assert not isinstance(ok, Rejected)


def test_a_repick_refusal_names_the_status_and_asks_for_another_target() -> None:
    g = game()
    kind = dataclasses.replace(g.statuses.kind("隐身"), name="隐身（仅针对村民阵营）",
                               against="村民阵营", blocks=frozenset({TARGETED}))
    g.statuses.kinds = {**g.statuses.kinds, kind.name: kind}
    g.statuses.sources = {"村民阵营": lambda s: s is not None and g.seats[s].faction == "村民阵营"}
    give(g, kind.name, "甲", None, None, "测试")
    to_night(g)
    while g.sub != "深夜":
        g.advance()
    r = g.submit(Action("戊", "通灵", target="甲"))
    assert isinstance(r, Rejected)
    assert r.reason == ("不能对 甲 发动 通灵：甲 处于仅针对村民阵营的[隐身（仅针对村民阵营）]状态，"
                        "请重新选择目标")
    assert not isinstance(g.submit(Action("戊", "通灵", target="乙")), Rejected)
