"""Counting a vote thread: what counted, what was replaced, what was ignored and why."""

from __future__ import annotations

import json

from bansha.engine import Game
from bansha.forum import (
    COUNTED,
    IGNORED,
    REPLACED,
    VoteReport,
    forum_rules_for,
    submit_votes,
    tally_for_game,
    tally_thread,
)
from bansha.forum.text import parse_time

from .threads import CLOSE, DAY_THREAD, PLAYERS

M47 = forum_rules_for("m47-yeliang")


def _day(**kw: object) -> VoteReport:
    args: dict[str, object] = {"out": ["油条"], "close": parse_time(CLOSE),
                               "ruleset": "m47-yeliang"}
    args.update(kw)
    return tally_thread(DAY_THREAD, PLAYERS, M47, **args)  # type: ignore[arg-type]


def _post(rep: VoteReport, floor: int, nth: int = 0) -> tuple[str, str]:
    hits = [p for p in rep.posts if p.floor == floor]
    return hits[nth].status, hits[nth].reason


def test_final_votes_counts_and_top() -> None:
    rep = _day()
    assert rep.votes == {
        "饺子": "馄饨", "包子": "馄饨", "小明": "张三", "小明明": "小明", "张三": "ＭＯＯ",
        "张三丰": "包子", "阿狸": "弃权", "Tom": "春卷", "烧卖": "汤圆",
    }
    assert rep.counts["馄饨"] == 2 and rep.top == ["馄饨"] and not rep.tie
    assert "弃权" not in rep.counts
    assert rep.not_voted == ["馄饨", "ＭＯＯ", "汤圆", "春卷"]  # 油条 is out: not listed


def test_every_post_has_a_status_and_a_reason() -> None:
    rep = _day()
    assert len(rep.posts) == 21  # 20 floors, #17 given twice
    assert all(p.status in (COUNTED, REPLACED, IGNORED) and p.reason for p in rep.posts)


def test_director_and_format_example_are_not_votes() -> None:
    status, reason = _post(_day(), 1)
    assert status == IGNORED and "不是本局角色" in reason


def test_full_width_and_one_line() -> None:
    rep = _day()
    assert _post(rep, 3)[0] == COUNTED  # half-width colons, object and reason on one line
    assert _post(rep, 13)[0] == COUNTED  # full-width name ｍｏｏ, full-width space, one line
    assert rep.votes["张三"] == "ＭＯＯ"


def test_quoted_vote_is_not_a_vote() -> None:
    status, reason = _post(_day(), 4)
    assert status == IGNORED and reason == "没有投票格式（不是投票）"


def test_typo_in_field_name_is_invalid_and_named() -> None:
    status, reason = _post(_day(), 5)
    assert status == IGNORED
    assert "投票对像" in reason and "须重新发帖" in reason


def test_ambiguous_name_lists_the_candidates() -> None:
    status, reason = _post(_day(), 6)
    assert status == IGNORED
    assert "不明确" in reason and "张三、张三丰" in reason


def test_name_that_is_a_prefix_of_another_matches_exactly() -> None:
    rep = _day()
    assert _post(rep, 7)[0] == COUNTED and rep.votes["小明"] == "张三"  # not 张三丰
    assert rep.votes["小明明"] == "小明"  # not 小明明


def test_change_replaces_and_second_change_is_invalid() -> None:
    rep = _day()
    status, reason = _post(rep, 2)
    assert status == REPLACED and "#9" in reason
    assert _post(rep, 9)[0] == COUNTED
    status, reason = _post(rep, 10)
    assert status == IGNORED and "改票只允许进行一次" in reason


def test_votes_by_and_for_the_dead() -> None:
    rep = _day()
    status, reason = _post(rep, 11)
    assert status == IGNORED and "油条 已出局" in reason
    status, reason = _post(rep, 12)
    assert status == IGNORED and "油条 已出局，不能投票" in reason


def test_last_hour_first_vote_counts_but_change_and_proxy_do_not() -> None:
    rep = _day()
    assert _post(rep, 14)[0] == COUNTED
    status, reason = _post(rep, 15)
    assert status == IGNORED and "关门前一小时不允许改票" in reason
    status, reason = _post(rep, 19)
    assert status == IGNORED and "关门前一小时不允许代投" in reason


def test_after_close_is_not_counted() -> None:
    status, reason = _post(_day(), 20)
    assert status == IGNORED and "关门" in reason


def test_edited_post_first_version_counts_and_report_says_so() -> None:
    rep = _day()
    assert _post(rep, 17, 0)[0] == COUNTED
    status, reason = _post(rep, 17, 1)
    assert status == IGNORED and "编辑" in reason and "第一次出现" in reason
    assert rep.votes["Tom"] == "春卷"


def test_proxy_vote_through_the_director() -> None:
    rep = _day()
    hit = next(p for p in rep.posts if p.floor == 18)
    assert hit.status == COUNTED and hit.proxy and hit.voter == "烧卖"
    assert rep.votes["烧卖"] == "汤圆"


def test_accelerated_day_allows_no_change() -> None:
    rep = _day(accelerated=True)
    status, reason = _post(rep, 9)
    assert status == IGNORED and reason == "执行加速时不允许改票"
    assert rep.votes["饺子"] == "包子" and _post(rep, 2)[0] == COUNTED


def test_change_must_reply_to_the_original_floor() -> None:
    thread = """#1 甲 2026-12-01 10:00
投票对象：乙
#2 甲 2026-12-01 11:00
改票对象：丙
#3 甲 2026-12-01 11:05 回复 #1
改票对象：丙
"""
    rep = tally_thread(thread, ["甲", "乙", "丙"], M47)
    assert _post(rep, 2) == (IGNORED, "改票需回复原投票楼层 #1（未回复任何楼层）")
    assert _post(rep, 3)[0] == COUNTED and rep.votes == {"甲": "丙"}
    # a paste without reply information: the director may turn the check off
    rep = tally_thread(thread, ["甲", "乙", "丙"], M47, require_reply=False)
    assert _post(rep, 2)[0] == COUNTED and _post(rep, 3)[0] == IGNORED


def test_tie_is_reported_as_a_tie() -> None:
    thread = "#1 甲 2026-12-01 10:00\n投票对象：乙\n#2 乙 2026-12-01 10:01\n投票对象：甲\n"
    rep = tally_thread(thread, ["甲", "乙", "丙"], M47)
    assert rep.top == ["甲", "乙"] and rep.tie and rep.counts == {"甲": 1, "乙": 1}


def test_second_first_vote_is_not_a_change() -> None:
    thread = "#1 甲 2026-12-01 10:00\n投票对象：乙\n#2 甲 2026-12-01 10:30\n投票对象：丙\n"
    rep = tally_thread(thread, ["甲", "乙", "丙"], M47)
    status, reason = _post(rep, 2)
    assert status == IGNORED and "限投一票" in reason and rep.votes == {"甲": "乙"}


def test_json_lines_input() -> None:
    lines = [
        {"floor": 1, "author": "甲", "time": "2026-12-01 10:00",
         "text": "投票对象：乙\n投票理由：x"},
        {"floor": 2, "author": "乙", "time": "2026-12-01 10:05:30", "text": "投票对象：甲"},
        {"floor": 3, "author": "甲", "time": "2026-12-01 11:00", "text": "改票对象：丙",
         "reply_to": 1},
        {"floor": 4, "author": "导演", "time": "2026-12-01 12:00", "text": "投票对象：乙",
         "proxy_for": "丙"},
        "not an object",
    ]
    text = "\n".join(json.dumps(x, ensure_ascii=False) for x in lines)
    rep = tally_thread(text, ["甲", "乙", "丙"], M47)
    assert rep.votes == {"甲": "丙", "乙": "甲", "丙": "乙"}
    assert [p.status for p in rep.posts] == [REPLACED, COUNTED, COUNTED, COUNTED]
    assert any("第5行" in w for w in rep.warnings)


def test_json_contract_fields() -> None:
    doc = _day().as_dict()
    assert doc["votes"]["饺子"] == "馄饨" and doc["top"] == ["馄饨"]
    assert all(set(p) >= {"floor", "author", "status", "reason"} for p in doc["posts"])
    json.dumps(doc, ensure_ascii=False)  # plain JSON


def test_rules_differ_per_post() -> None:
    s15 = forum_rules_for("s15-official")
    # s15's post has no locked hour and no 加速 rule: the same late change counts there
    rep = tally_thread(DAY_THREAD, PLAYERS, s15, out=["油条"], close=parse_time(CLOSE))
    assert _post(rep, 15)[0] == COUNTED
    assert _post(rep, 18)[0] == IGNORED and "没有代投" in _post(rep, 18)[1]


M192_PLAYERS = ["山纳", "安德安纳", "甲", "乙", "丙", "丁", "戊", "己", "庚", "辛", "壬", "癸",
                "子", "丑"]
M192_THREAD = """\
#1 甲 2026-12-01 10:00
投票对象：山纳
投票理由：戏多
#2 乙 2026-12-01 10:01
投票对象：山纳
投票理由：戏多
#3 丙 2026-12-01 10:02
投票对象：丁
#4 戊 2026-12-01 10:03
投票对象：己
#5 戊 2026-12-01 11:00 回复 #4
改票对象：山纳
#6 甲 2026-12-01 20:30 回复 #1
改票对象：安德安纳
改票理由：戏更多
#7 丙 2026-12-01 20:31 回复 #3
改票对象：安德安纳
#8 戊 2026-12-01 20:40 回复 #4
改票对象：安德安纳
"""


def test_m192_noon_exception() -> None:
    noon = {"山纳": parse_time("2026-12-01 14:00")}
    rep = tally_thread(M192_THREAD, M192_PLAYERS, forum_rules_for("m192-nata"),
                       close=parse_time("2026-12-01 21:00"), noon_outs=noon)
    # 甲's target went out at 正午: one change even in the locked hour
    status, reason = _post(rep, 6)
    assert status == COUNTED and "正午出局" in reason
    # 丙's target is alive: the lock holds
    assert _post(rep, 7) == (IGNORED, "关门前一小时不允许改票")
    # 戊 had used the change already; the exception still gives one
    assert _post(rep, 8)[0] == COUNTED and _post(rep, 5)[0] == REPLACED
    # 乙 stayed on a character who went out: that vote does not count
    status, reason = _post(rep, 2)
    assert status == IGNORED and "已于正午出局" in reason
    assert rep.votes == {"甲": "安德安纳", "丙": "丁", "戊": "安德安纳"}
    assert rep.top == ["安德安纳"]
    # the same thread under m47's rules: no exception
    rep47 = tally_thread(M192_THREAD, M192_PLAYERS, M47, close=parse_time("2026-12-01 21:00"),
                         noon_outs=noon)
    assert _post(rep47, 6) == (IGNORED, "关门前一小时不允许改票")


def test_tally_handed_to_the_game() -> None:
    players = PLAYERS
    game = Game.new("m47-yeliang", players, seed=3)
    thread = DAY_THREAD.replace("油条 2026", "油条x 2026")  # nobody is out on day 1
    rep = tally_for_game(game, thread, close=parse_time(CLOSE))
    answers = submit_votes(game, rep)
    assert all(a for _, a in answers), [(x.as_dict(), a) for x, a in answers]
    skills = [x.skill for x, _ in answers]
    assert skills.count("改票") == 1  # 饺子: 包子 -> 馄饨
    game.advance()  # day 1 closes: m47's sheriff vote, 馄饨 has the most votes
    assert game.public_view()["sheriff"] == "馄饨"


def test_change_made_with_the_reply_button_quotes_the_vote() -> None:
    thread = """#5 甲 2026-12-01 10:00:41
投票对象：乙
#8 甲 2026-12-01 11:00
[quote][size=2][url=forum.php?mod=redirect&goto=findpost&pid=77&ptid=9]\
[color=#999999]甲 发表于 2026-12-01 10:00[/color][/url][/size]
投票对象：乙[/quote]
改票对象：丙
#9 乙 2026-12-01 10:30
投票对象：丙
#10 乙 2026-12-01 11:30
[quote][color=#999999]甲 发表于 2026-12-01 10:00[/color]
投票对象：乙[/quote]
改票对象：甲
"""
    rep = tally_thread(thread, ["甲", "乙", "丙"], M47)
    assert _post(rep, 8)[0] == COUNTED and rep.votes["甲"] == "丙"
    # 乙 quoted 甲's vote, not his own: not a reply to his vote floor
    assert _post(rep, 10) == (IGNORED, "改票需回复原投票楼层 #9（未回复任何楼层）")


def test_count_as_a_bbcode_post_and_m192_hides_the_counts() -> None:
    code = _day().bbcode()
    assert code.splitlines()[0] == "[size=5][color=#FF0000][b]投票结果[/b][/color][/size]"
    assert "[size=5][color=#FF0000]饺子 → 馄饨[/color][/size]" in code
    assert "得票：馄饨 2票、" in code and "最高票：馄饨[" in code
    rep = tally_thread(M192_THREAD, M192_PLAYERS, forum_rules_for("m192-nata"),
                       close=parse_time("2026-12-01 21:00"))
    code = rep.bbcode()
    # "每天的投票内容公开，但投票计数隐藏，将只宣布当天谁是最高票"
    assert "甲 → 山纳" in code and "得票" not in code and "票）" not in code
    assert "最高票：山纳" in code
