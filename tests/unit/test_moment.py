"""Moment, Calendar, Until and NewsBuffer with toy calendars (no ruleset).

The calendar below is m192's "标明[开局/晨曦/正午/黄昏/早夜/午夜/深夜/凌晨]的…其中，
晨曦/正午/黄昏属于白天，早夜/午夜/深夜/凌晨属于夜晚", and m125's two rounds."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bansha.engine.moment import Calendar, Moment, NewsBuffer, Until, expiry_key
from bansha.engine.phase import Phase

CAL = Calendar(("晨曦", "正午", "黄昏"), ("早夜", "午夜", "深夜", "凌晨"), "开局")
ROUNDS = Calendar(rounds=("history", "reversal"), rounds_cn=("历史轮", "逆转轮"))


def test_labels_in_english_and_chinese() -> None:
    assert CAL.label(CAL.at(2, "day")) == "day 2"
    assert CAL.label(CAL.at(2, "day", "黄昏")) == "day 2 黄昏"
    assert CAL.label(CAL.at(3, "day", "正午", nth=2)) == "day 3 正午#2"
    assert ROUNDS.label(ROUNDS.at(1, "night", round=2)) == "reversal night 1"
    assert ROUNDS.label(ROUNDS.at(1, "night", round=1)) == "history night 1"
    assert CAL.chinese(CAL.at(2, "day", "黄昏")) == "第2天黄昏"
    assert CAL.chinese(CAL.at(3, "day", "正午", nth=2)) == "第3天第2次正午"
    assert ROUNDS.chinese(ROUNDS.at(1, "night", round=2)) == "逆转轮第1天夜晚"
    assert CAL.chinese(CAL.at(1, "day", "开局")) == "开局"


def test_unknown_sub_phase_or_round_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="夜晚没有阶段 正午"):
        CAL.at(1, "night", "正午")
    with pytest.raises(ValueError, match="没有第3轮"):
        ROUNDS.at(1, "day", round=3)


def test_order_opening_day_subs_night_subs_rounds() -> None:
    seq = [CAL.at(1, "day", "开局"), CAL.at(1, "day", "晨曦"), CAL.at(1, "day", "正午"),
           CAL.at(1, "day", "正午", nth=2), CAL.at(1, "day", "黄昏"), CAL.at(1, "night", "早夜"),
           CAL.at(1, "night", "凌晨"), CAL.at(2, "day", "晨曦")]
    assert sorted(reversed(seq)) == seq
    assert ROUNDS.at(9, "night", round=1) < ROUNDS.at(1, "day", round=2)
    # S15's night 0 comes before day 1, as Phase orders them
    assert Moment(0, "night") < Moment(1, "day")
    assert CAL.at(2, "night", "午夜").phase == Phase("night", 2)


def test_following_walks_the_declared_sub_phases() -> None:
    m = CAL.at(1, "day", "开局")
    names = []
    for _ in range(9):
        m = CAL.following(m)
        names.append(CAL.label(m))
    assert names == ["day 1 晨曦", "day 1 正午", "day 1 黄昏", "night 1 早夜", "night 1 午夜",
                     "night 1 深夜", "night 1 凌晨", "day 2 晨曦", "day 2 正午"]


def test_until_next_noon_start() -> None:
    """道士: "获得[缴械]状态，持续至下一个正午开始" — given at night 1 早夜, it ends as day 2's
    正午 starts; 野人 冲撞 given during day 2 正午 lasts to day 3's 正午."""
    u = Until("start", sub="正午")
    began = CAL.at(1, "night", "早夜")
    assert not u.reached(began, "start", CAL.at(2, "day", "晨曦"))
    assert not u.reached(began, "end", CAL.at(2, "day", "正午"))
    assert u.reached(began, "start", CAL.at(2, "day", "正午"))
    noon = CAL.at(2, "day", "正午")
    assert not u.reached(noon, "start", noon)
    assert u.reached(noon, "start", CAL.at(2, "day", "正午", nth=2))  # 太阳's extra 正午
    assert u.reached(noon, "start", CAL.at(3, "day", "正午"))


def test_until_end_of_this_night_and_next_dusk() -> None:
    """魔术师 "持续至夜晚结束" ends with the current night; 变脸 "持续至下一次[黄昏]结束"
    used at a 黄昏 does not end with that 黄昏."""
    night = Until("end", part="night")
    began = CAL.at(1, "night", "午夜")
    assert not night.reached(began, "end", CAL.at(1, "night", "午夜"))  # a sub end
    assert night.reached(began, "end", CAL.at(1, "night"))
    dusk = Until("end", sub="黄昏", next=True)
    at_dusk = CAL.at(2, "day", "黄昏")
    assert not dusk.reached(at_dusk, "end", at_dusk)
    assert dusk.reached(at_dusk, "end", CAL.at(3, "day", "黄昏"))
    assert dusk.reached(CAL.at(1, "day", "开局"), "end", CAL.at(1, "day", "黄昏"))
    assert Until("start", part="night").text() == "至下一个夜晚开始"
    assert night.text() == "至夜晚结束"


def test_expiry_key_orders_by_what_ends_first() -> None:
    began = CAL.at(1, "night", "早夜")
    night_end = expiry_key(CAL, began, Until("end", part="night"))
    noon = expiry_key(CAL, began, Until("start", sub="正午"))
    next_night = expiry_key(CAL, began, Until("start", part="night"))
    forever = expiry_key(CAL, began, None)
    assert night_end < noon < next_night < forever


def test_expiry_on_a_calendar_without_sub_phases() -> None:
    plain = Calendar()
    began = plain.at(1, "night")
    assert expiry_key(plain, began, Until("end", part="night")) < expiry_key(
        plain, began, Until("start", part="night"))


def test_news_waits_for_its_window_to_end() -> None:
    """m192: "企鹅冰冻一个角色，被冰冻的角色需要等午夜结束才会知道自己被冰冻"."""
    news = NewsBuffer()
    news.hold(("乙",), "你被冰冻", CAL.at(1, "night", "午夜"))
    news.hold(("丙",), "反馈", CAL.at(1, "night", "深夜"))
    assert news.release(CAL.at(1, "night", "早夜")) == []
    out = news.release(CAL.at(1, "night", "午夜"))
    assert [n.text for n in out] == ["你被冰冻"]
    assert [n.text for n in news.release(CAL.at(1, "night"))] == ["反馈"]
    assert news.held() == ()


@given(st.lists(st.tuples(st.integers(0, 5), st.sampled_from(["day", "night"]),
                          st.integers(0, 3), st.integers(1, 2)), min_size=2, max_size=8))
def test_order_is_total_and_matches_keys(raw: list[tuple[int, str, int, int]]) -> None:
    ms = [Moment(d, "day" if p == "day" else "night", "x", pos, 1, r) for d, p, pos, r in raw]
    s = sorted(ms)
    assert [m.key for m in s] == sorted(m.key for m in ms)
