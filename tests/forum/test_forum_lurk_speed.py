"""潜水 (post counts, streaks, no vote) and 加速/延时 requests against the deadline."""

from __future__ import annotations

from bansha.forum import DayActivity, forum_rules_for, lurk_penalties, tally_speed
from bansha.forum.text import parse_time

P = ["甲", "乙", "丙", "丁"]
M47 = forum_rules_for("m47-yeliang")


def _days() -> list[DayActivity]:
    return [
        DayActivity(1, {"甲": 12, "乙": 4, "丙": 9, "丁": 20}, {"甲", "乙", "丙", "丁"}),
        DayActivity(2, {"甲": 12, "乙": 6, "丙": 7, "丁": 20}, {"甲", "乙", "丁"}),
        DayActivity(3, {"甲": 1, "乙": 6, "丙": 8}, {"甲"}, accelerated=True),
        DayActivity(4, {"甲": 12, "乙": 6, "丙": 8}, {"甲", "乙", "丙"}, out={"丁"}),
    ]


def test_lurk_rules_each_give_one_yellow_with_the_rule_quoted() -> None:
    rep = lurk_penalties(_days(), P, M47, apply=True)
    got = [(c.phase, c.player, c.colour) for c in rep.cards]
    assert got == [
        ("day 1", "乙", "黄"),  # 4 posts < 5
        ("day 2", "丙", "黄"),  # no vote
        ("day 4", "乙", "黄"),  # three non-accelerated days under ten (day 3 skipped)
        ("day 4", "丙", "黄"),
    ]
    assert "不足五帖" in rep.cards[0].reason and "发言 4 帖" in rep.cards[0].reason
    assert "未投票" in rep.cards[1].reason and "未执行加速的讨论日未投票" in rep.cards[1].reason
    assert "连续三个未执行加速的讨论日均不足十帖" in rep.cards[2].reason
    # day 3 was accelerated: 甲's single post and the missing votes give nothing
    assert not any(c.phase == "day 3" for c in rep.cards)
    assert rep.applied


def test_lurk_is_off_unless_turned_on() -> None:
    rep = lurk_penalties(_days(), P, M47)
    assert not rep.applied and rep.cards  # listed, not given
    assert "未开启" in rep.text()


def test_s15_has_no_lurk_rule() -> None:
    rep = lurk_penalties(_days(), P, forum_rules_for("s15-official"), apply=True)
    assert rep.cards == [] and "没有潜水判罚规则" in rep.notes[0]


PROCESS = """\
#1 甲 2026-12-02 12:00
申请加速
#2 乙 2026-12-02 13:00
加速
#3 丙 2026-12-02 18:30
申请加速，太慢了
#4 丁 2026-12-02 17:00
申请延时
#5 戊 2026-12-02 16:00
加速
"""


def test_speed_requests_before_the_deadline() -> None:
    rep = tally_speed(PROCESS, ["甲", "乙", "丙", "丁", "戊"], M47,
                      close=parse_time("2026-12-02 21:00"), out=["戊"])
    assert rep.alive == 4 and rep.need == 2  # 大于等于存活人数的一半
    assert rep.accel == ["甲", "乙"]  # 丙 after 18:00, 戊 is out
    assert rep.accel_success and not rep.delay_success and rep.accelerated
    assert any("丙" in n and "晚于截止时间" in n for n in rep.notes)


def test_delay_success_ends_acceleration() -> None:
    text = PROCESS + "#6 甲 2026-12-02 17:30\n申请延时\n"
    rep = tally_speed(text, ["甲", "乙", "丙", "丁"], M47, close=parse_time("2026-12-02 21:00"),
                      auto_accelerated=True)
    assert rep.delay_success and not rep.accelerated


def test_m125_accel_deadline_after_speedup() -> None:
    rules = forum_rules_for("m125-hongmao")
    rep = tally_speed(PROCESS, ["甲", "乙", "丙", "丁"], rules,
                      close=parse_time("2026-12-03 21:00"),
                      accelerated_close=parse_time("2026-12-02 16:00"))
    # 加速申请截止至加速成功后的讨论日结束前三小时: 13:00
    assert rep.accel == ["甲", "乙"] and rep.delay == ["丁"]


def test_a_speed_tally_is_applied_through_the_game() -> None:
    """The tally's 加速 reaches the game (Game.submit of the director's 加速): the game
    records it, refuses 改票 with the post quoted, and the vote tally of that day
    counts no 改票 without being told."""
    from bansha.engine import Action, Game, Rejected
    from bansha.forum import apply_speed, tally_for_game

    game = Game.new("m47-yeliang", ["甲", "乙", "丙", "丁", "戊", *"己庚辛壬癸子丑寅卯"], seed=2)
    seven = "".join(f"#{i} {n} 2026-12-02 1{i}:00\n申请加速\n"
                    for i, n in enumerate(game.order[:7]))  # half of the 14 living
    rep = tally_speed(seven, list(game.order), game.ruleset.forum_rules,
                      close=parse_time("2026-12-02 21:00"))
    assert rep.accelerated
    applied = apply_speed(game, rep)
    assert applied is not None and applied[1]
    assert game.public_view()["accelerated"] is True
    game.submit(Action("甲", "投票", target="乙"))
    answer = game.submit(Action("甲", "改票", target="丙"))
    assert isinstance(answer, Rejected) and "执行加速时，所有人不可改票" in answer.reason
    votes = tally_for_game(game, "#1 甲 2026-12-02 12:00\n投票对象：乙\n"
                                 "#2 甲 2026-12-02 13:00\n[quote]#1[/quote]改票对象：丙\n")
    assert votes.votes == {"甲": "乙"}
    # a day that is not accelerated submits nothing
    slow = tally_speed("#1 甲 2026-12-02 12:00\n申请加速\n", list(game.order),
                       game.ruleset.forum_rules, close=parse_time("2026-12-02 21:00"))
    assert apply_speed(game, slow) is None
