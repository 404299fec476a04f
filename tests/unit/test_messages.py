"""What people read from the engine's generic checks: Chinese, no Python reprs, no
doubled words (issue 9)."""

from __future__ import annotations

import pytest

from bansha.engine import Action, Game, Rejected, get_ruleset
from bansha.engine.phase import Phase, chinese_label


@pytest.mark.parametrize(("label", "shown"), [
    ("day 1", "第1天"), ("night 6", "第6夜"), ("night 0", "第0夜"), ("day 12", "第12天"),
    ("reversal day 2", "逆转轮第2天"),  # m125's round (scenario-format.md)
    ("round3 day 2", "round3 day 2"),  # not a phase label: left as it is
])
def test_chinese_label(label: str, shown: str) -> None:
    assert chinese_label(label) == shown


def test_the_long_chinese_phase_name_is_unchanged() -> None:
    assert Phase("night", 3).chinese == "第3天夜晚"  # the rulesets' announcements use it


def test_option_errors_name_values_without_reprs() -> None:
    rs = get_ruleset("m47-yeliang")
    with pytest.raises(ValueError, match="选项 penalties 的值“maybe”无效；可选：off、auto"):
        rs.resolve_options({"penalties": "maybe"})
    with pytest.raises(ValueError, match="未知的选项“fast”"):
        rs.resolve_options({"fast": True})


def test_a_boolean_option_takes_only_booleans() -> None:
    with pytest.raises(ValueError, match="可选：true、false"):
        get_ruleset("s15-official").resolve_options({"刀边": 1})


def test_unknown_ruleset_is_quoted_not_repr() -> None:
    with pytest.raises(KeyError) as e:
        get_ruleset("nope")
    assert "未知的规则“nope”" in e.value.args[0]


def test_a_card_without_a_colour_says_so() -> None:
    g = Game.new("classic", 5, seed=1)
    answer = g.submit(Action("甲", "判罚"))
    assert isinstance(answer, Rejected) and answer.reason == "判罚需要写明颜色：蓝、黄 或 红"


def test_a_classic_kill_without_a_target_says_so() -> None:
    g = Game.new("classic", 5, seed=1)
    wolf = next(s["name"] for s in g.director_view()["seats"] if s["roles"] == ["狼人"])
    answer = g.submit(Action(wolf, "杀人"))
    assert isinstance(answer, Rejected) and answer.reason == "杀人需要写明目标"


def test_setup_problem_follows_each_post() -> None:
    m47 = get_ruleset("m47-yeliang")()
    book = ["狼人"] * 3 + ["野良", "神明", "祝器", "女巫", "村长"] + ["村民"] * 5 + ["伤心的村民"]
    assert m47.setup_problem(book) is None
    assert "规则贴的配置为 3狼人、1野良" in (m47.setup_problem([*book[1:], "村民"]) or "")
    s15 = get_ruleset("s15-official")()
    deal = s15.deal(23, __import__("random").Random(4))
    assert s15.setup_problem(deal) is None  # every deal the post allows passes
    assert "良民 应有 4 名" in (s15.setup_problem([r if r != "良民" else "乱民"
                                                  for r in deal]) or "")
