"""Game.submit on ill-shaped and wrongly typed inputs (issue: both rulesets, at the API):
refused with a Chinese reason, never raised; nothing else changes; replay still works."""

from __future__ import annotations

from typing import Any

import pytest

from bansha import compiled
from bansha.engine import Action, Game, Rejected
from bansha.engine.log import GameLog

S15_PLAYERS = [
    {"甲": "先知"}, {"乙": "女巫"}, {"丙": "守卫"}, {"丁": "长老"}, {"戊": "猎人"},
    {"己": "白痴"}, {"庚": "顽徒"}, {"辛": "王女"}, {"壬": "小公主"}, {"癸": "诽谤者"},
    {"子": "良民"}, {"丑": "良民"}, {"寅": "乱民"}, {"卯": "头狼"}, {"辰": "黑狼"},
    {"巳": "狼使"}, {"午": "狼牧"}, {"未": "白狼"}, {"申": "吹笛"}, {"酉": "良民"},
]


def _witch_prompt() -> Game:
    """S15 night 1: 辰 kills 子; the witch 乙 submitted nothing, so after 通灵 the
    night pauses on her 解药/毒药 prompt."""
    g = Game.new("s15-official", S15_PLAYERS, seed=3)
    g.advance()  # night 0
    g.advance()  # day 1: nobody elected
    assert g.phase.label == "night 1"
    assert g.submit(Action("辰", "杀人", target="子"))
    g.advance()
    assert g.prompt is not None and g.prompt.seat == "乙"
    assert {o.skill for o in g.prompt.options} == {"解药", "毒药"}
    return g


def _state(g: Game) -> Any:
    return (g.phase, g.prompt, g.sheriff, g.finished, [s.alive for s in g.seats.values()],
            repr(g.uses), repr(g.held), len(g.phases))


def test_a_prompt_answered_with_targets_is_refused_and_the_night_goes_on() -> None:
    g = _witch_prompt()
    before, n = _state(g), len(g.events)
    answer = g.submit(Action("乙", "解药", targets=("子",)))
    assert isinstance(answer, Rejected)
    assert answer.reason == "解药 只有一个目标：请用 target 指定（而不是 targets）"
    assert _state(g) == before
    assert [e.kind for e in g.events[n:]] == ["rejected"] and g.events[-1].to == ("乙",)
    # the prompt is still open: the right answer is taken and the night resolves
    assert g.submit(Action("乙", "解药", target="子"))
    assert g.prompt is not None and g.prompt.skills() == ("毒药",)  # both may be used
    g.advance()  # no 毒药
    assert g.phase.label == "day 2" and g.seats["子"].alive
    again = Game.replay(g.log)
    assert again.events == g.events
    again = Game.replay(GameLog.from_dict(g.log.as_dict()))
    assert [e.as_dict() for e in again.events] == [e.as_dict() for e in g.events]


def test_target_and_targets_together_on_a_one_target_skill_is_refused() -> None:
    g = _witch_prompt()
    answer = g.submit(Action("乙", "毒药", target="卯", targets=("辰",)))
    assert isinstance(answer, Rejected)
    assert answer.reason == "毒药 只有一个目标：不能同时给出 target 与 targets"
    assert g.prompt is not None and g.prompt.seat == "乙"
    # in the open window as well (M47 杀人 by the pack)
    m = Game.new("m47-yeliang", 14, seed=1)
    m.advance()
    wolf = next(n for n in m.order if m.seats[n].role == "狼人")
    victim = next(n for n in m.order if m.seats[n].role == "村民")
    other = next(n for n in m.order if m.seats[n].role == "村长")
    answer = m.submit(Action(wolf, "杀人", target=victim, targets=(other,)))
    assert isinstance(answer, Rejected) and "不能同时给出 target 与 targets" in answer.reason
    assert len(m.uses) == 0


def test_an_untargeted_skill_given_a_target_is_refused() -> None:
    g = Game.new("m47-yeliang", 14, seed=1)
    answer = g.submit(Action(g.order[0], "遗言", target=g.order[1], text="再见"))
    assert isinstance(answer, Rejected) and answer.reason == "遗言 不需要指定目标"


# wrongly typed fields: each must be refused with its reason
BAD_FIELDS: list[tuple[dict[str, Any], str]] = [
    ({"seat": ["乙"]}, "行动的座位（seat）应为一名玩家的名字"),
    ({"seat": {"乙": 1}}, "行动的座位（seat）应为一名玩家的名字"),
    ({"seat": 3}, "行动的座位（seat）应为一名玩家的名字"),
    ({"skill": ["解药"]}, "行动的技能（skill）应为技能名"),
    ({"skill": {"解药": "子"}}, "行动的技能（skill）应为技能名"),
    ({"target": ["子"]}, "目标（target）应为一名玩家的名字"),
    ({"target": {"子": 1}}, "目标（target）应为一名玩家的名字"),
    ({"targets": None}, "目标列表（targets）应为若干玩家的名字"),
    ({"targets": 5}, "目标列表（targets）应为若干玩家的名字"),
    ({"targets": ["子"]}, "目标列表（targets）应为若干玩家的名字"),
    ({"targets": (["子"],)}, "目标列表（targets）应为若干玩家的名字"),
    ({"text": 5}, "文字（text）应为文字"),
    ({"choice": ["红"]}, "选项（choice）应为文字"),
]


def _bad(**fields: Any) -> Action:
    base: dict[str, Any] = {"seat": "乙", "skill": "解药", "target": "子"}
    base.update(fields)
    return Action(base.pop("seat"), base.pop("skill"), **base)


@pytest.mark.parametrize(("fields", "reason"), BAD_FIELDS,
                         ids=[",".join(f) + f"-{i}" for i, (f, _) in enumerate(BAD_FIELDS)])
def test_wrongly_typed_fields_are_refused_never_raised(fields: dict[str, Any],
                                                       reason: str) -> None:
    g = _witch_prompt()
    try:
        bad = _bad(**fields)
    except TypeError:
        # the compiled Action checks its field types when it is built (not the element
        # types of a tuple): no game sees such an input
        assert compiled()
        return
    before, n = _state(g), len(g.events)
    answer = g.submit(bad)
    assert isinstance(answer, Rejected) and answer.reason == reason
    assert _state(g) == before
    new = g.events[n:]
    assert [e.kind for e in new] == ["rejected"]
    assert new[0].to == (("乙",) if "seat" not in fields else ())
    assert "[" not in new[0].text and "{" not in new[0].text  # no Python repr
    assert Game.replay(g.log).events == g.events


def test_a_non_action_is_refused() -> None:
    g = _witch_prompt()
    if compiled():
        with pytest.raises(TypeError):
            g.submit({"seat": "乙", "skill": "解药"})  # type: ignore[arg-type]
        return
    n = len(g.events)
    answer = g.submit({"seat": "乙", "skill": "解药"})  # type: ignore[arg-type]
    assert isinstance(answer, Rejected) and "无法识别的输入" in answer.reason
    assert [e.kind for e in g.events[n:]] == ["rejected"] and g.events[-1].to == ()
    assert Game.replay(g.log).events == g.events
