"""The fixed 20-seat S15 table the S15 unit tests play on, brought to night 1 (a plain
helper module, not a test file)."""

from __future__ import annotations

from bansha.engine import Action, Game


def roster(sixth: str) -> list[dict[str, str]]:
    """The table with `sixth` in 己's seat (白痴 for the shape tests, 死士 for R-33's)."""
    roles = ["先知", "女巫", "守卫", "长老", "猎人", sixth, "顽徒", "王女", "小公主", "诽谤者",
             "良民", "良民", "乱民", "头狼", "黑狼", "狼使", "狼牧", "白狼", "吹笛", "良民"]
    seats = "甲乙丙丁戊己庚辛壬癸子丑寅卯辰巳午未申酉"
    return [{s: r} for s, r in zip(seats, roles, strict=True)]


def to_night_1(sixth: str) -> Game:
    g = Game.new("s15-official", roster(sixth), seed=1)
    g.advance()  # night 0
    assert g.submit(Action("甲", "投票", target="卯"))
    g.advance()  # day 1's count
    assert g.phase.label == "night 1"
    return g
