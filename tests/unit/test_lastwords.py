"""The last-words ledger: the first N rights, texts kept until published, refusals."""

from __future__ import annotations

from bansha.engine.lastwords import LastWords

MSG = {"no_right": "没有遗言权利", "closed": "已公示"}


def test_only_the_first_limit_seats_get_the_right_in_order() -> None:
    lw = LastWords(limit=2)
    assert lw.grant("甲") == 1
    assert lw.grant("甲") is None  # never twice
    assert lw.grant("乙") == 2
    assert lw.grant("丙") is None
    assert lw.has_right("乙") and not lw.has_right("丙")
    assert lw.waiting() == ["甲", "乙"]


def test_offer_until_a_text_is_in_or_the_right_closes() -> None:
    lw = LastWords(limit=2)
    assert lw.offer("甲") is None  # no right yet
    lw.grant("甲")
    lw.grant("乙")
    offer = lw.offer("甲")
    assert offer is not None and offer.skill == "遗言" and offer.needs_text
    lw.store("甲", "我是好人")
    assert lw.offer("甲") is None
    lw.close("乙")
    assert lw.offer("乙") is None and lw.waiting() == ["甲"]


def test_refusals_in_the_posts_order() -> None:
    lw = LastWords(limit=1)
    assert lw.refusal("甲", True, "  ", **MSG) == "遗言需要内容"
    assert lw.refusal("甲", True, "早交", **MSG) is None  # the living may hand in early
    assert lw.refusal("甲", False, "晚了", **MSG) == "没有遗言权利"
    lw.grant("甲")
    assert lw.refusal("甲", False, "有权利", **MSG) is None
    lw.store("甲", "第一版")
    assert lw.refusal("甲", False, "第二版", **MSG) is None  # replaceable by default
    assert lw.refusal("甲", False, "第二版", final=True, **MSG) == "遗言已提交，不能修改"
    lw.close("甲")
    assert lw.refusal("甲", False, "再交", **MSG) == "已公示"


def test_a_text_rule_runs_before_the_right_is_looked_at() -> None:
    lw = LastWords(limit=1)

    def rule(text: str) -> str | None:
        return "禁止代码" if "[b]" in text else None

    assert lw.refusal("甲", True, "[b]x[/b]", text_rule=rule, **MSG) == "禁止代码"
    assert lw.refusal("甲", True, "x", text_rule=rule, **MSG) is None
