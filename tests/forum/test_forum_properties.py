"""Garbage in, a report out: random threads never raise."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from bansha.forum import (
    COUNTED,
    IGNORED,
    REPLACED,
    build_ledger,
    check_posts,
    forum_rules_for,
    parse_cards,
    parse_thread,
    tally_speed,
    tally_thread,
)
from bansha.forum.text import parse_time

PLAYERS = ["甲", "乙", "丙", "甲乙", "ＡＢ", "ab"]
RULES = ["m47-yeliang", "s15-official", "m192-nata", "m125-hongmao", "classic"]
PIECES = ["投票对象", "改票对象", "投票理由", "投票对像", "：", ":", "弃权", "代投：", "[quote]",
          "[/quote]", "[code]", "[/spoiler]", "回复 #", "#", "\n", " ", "　", "甲", "乙", "丙",
          "甲乙", "ＡＢ", "[color=red]", "[size=7]", "2026-12-01 20:30", "{", "}", '"', "1", "99"]

bodies = st.lists(st.one_of(st.sampled_from(PIECES), st.text(max_size=8)), max_size=25).map("".join)
headers = st.builds(
    lambda f, a, t: f"#{f} {a} {t}",
    st.integers(0, 30), st.sampled_from([*PLAYERS, "导演", "路人"]),
    st.sampled_from(["2026-12-01 10:00", "2026-12-01 20:30:15", "2026-12-01 21:30",
                     "2026-13-01 10:00", "2026-12-01 ９:00"]),
)
threads = st.lists(st.tuples(headers, bodies), max_size=12).map(
    lambda posts: "\n".join(f"{h}\n{b}" for h, b in posts))


@settings(max_examples=150, deadline=None)
@given(text=st.one_of(threads, st.text(max_size=300)), rid=st.sampled_from(RULES),
       accelerated=st.booleans(), close=st.sampled_from([None, "2026-12-01 21:00"]),
       noon=st.booleans())
def test_random_threads_always_give_a_report(text: str, rid: str, accelerated: bool,
                                             close: str | None, noon: bool) -> None:
    rules = forum_rules_for(rid)
    rep = tally_thread(text, PLAYERS, rules, out=["丙"], accelerated=accelerated,
                       close=parse_time(close) if close else None,
                       noon_outs={"乙": parse_time("2026-12-01 14:00")} if noon else None)
    assert len(rep.posts) == len(parse_thread(text).posts)
    assert all(p.status in (COUNTED, REPLACED, IGNORED) and p.reason for p in rep.posts)
    assert set(rep.votes) <= set(PLAYERS) - {"丙"}
    assert sum(rep.counts.values()) == sum(1 for t in rep.votes.values() if t != rules.abstain)
    assert all(rep.counts[t] == max(rep.counts.values()) for t in rep.top)
    rep.as_dict()
    rep.text()
    check_posts(text, rules, out=["丙"], lastwords=accelerated)
    tally_speed(text, PLAYERS, rules, close=parse_time("2026-12-01 21:00") or None)  # type: ignore[arg-type]


@settings(max_examples=100, deadline=None)
@given(text=st.text(max_size=200), rid=st.sampled_from(RULES))
def test_random_card_lists_never_raise(text: str, rid: str) -> None:
    entries, _ = parse_cards(text, PLAYERS)
    led = build_ledger(entries, forum_rules_for(rid), factions={"甲": "狼人阵营"})
    led.bbcode()
    led.text()


values = st.one_of(st.none(), st.booleans(), st.integers(-3, 40), st.text(max_size=12),
                   st.sampled_from(["2026-12-01 10:00", "投票对象：甲", "改票对象：乙"]),
                   st.lists(st.integers(), max_size=2))
json_posts = st.dictionaries(
    st.sampled_from(["floor", "author", "time", "text", "reply_to", "proxy_for", "x"]), values,
    max_size=7)


@settings(max_examples=100, deadline=None)
@given(posts=st.lists(st.one_of(json_posts, values), max_size=10), rid=st.sampled_from(RULES))
def test_random_json_lines_always_give_a_report(posts: list[object], rid: str) -> None:
    import json
    text = "{}\n" + "\n".join(json.dumps(p, ensure_ascii=False) for p in posts)
    rep = tally_thread(text, PLAYERS, forum_rules_for(rid))
    assert all(p.status in (COUNTED, REPLACED, IGNORED) for p in rep.posts)
    assert rep.warnings  # at least the first line "{}" is reported
