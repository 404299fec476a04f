"""m192 审讯: the director's verdict is the director's own input, offered through the
ruleset's `director_inputs` hook (the platform's rulings forms read it), judged by
the engine, logged and replayed; a player cannot give it."""

from __future__ import annotations

from bansha.engine import Action, Game
from bansha.web.rulings import director_inputs

TABLE = ["审讯官", "渊狼", "死神", "白狼王", "赤狼", "通灵师", "朱雀", "魔术师", "毒士", "厚皮肉猪",
         "猎人", "禁言长老", "愚者", "宗教老爷爷"]
NAMES = "甲乙丙丁戊己庚辛壬癸子丑寅卯"


def _noon_of_day_2() -> Game:
    game = Game.new("m192-nata", [{n: r} for n, r in zip(NAMES, TABLE, strict=True)], seed=1)
    while not (game.phase.label == "day 2" and game.sub == "正午"):
        game.advance()
    return game


# offered at any time (director.py), not part of the verdict's story
ALWAYS = ("加速", "离开游戏")


def _verdicts(game: Game) -> list[str]:
    return [la.skill for la in director_inputs(game) if la.skill not in ALWAYS]


def test_the_verdict_is_offered_to_the_director_once_the_reply_is_in() -> None:
    game = _noon_of_day_2()
    assert _verdicts(game) == []
    assert game.submit(Action("甲", "审讯", target="乙", text="你是狼吗"))
    assert _verdicts(game) == []  # no reply yet
    assert any(la.skill == "审讯" and la.choices == ("是", "否", "无法回答")
               for la in game.legal("乙"))  # the questioned is offered the reply
    assert game.submit(Action("乙", "审讯", choice="否"))
    offered = [la for la in director_inputs(game) if la.skill not in ALWAYS]
    assert [(la.seat, la.skill, la.targets, la.choices) for la in offered] == [
        ("导演", "审讯判定", ("乙",), ("正确", "错误"))]
    refused = game.submit(Action("甲", "审讯判定", target="乙", choice="错误"))
    assert not refused and refused.reason == "审讯判定只能由导演作出"  # a player's, even his
    refused = game.submit(Action("甲", "审讯判定", target="乙", text="你是狼吗"))
    assert not refused and refused.reason == "审讯判定只能由导演作出"  # not a 宣言 either
    assert game.submit(Action("导演", "审讯判定", target="乙", choice="错误"))
    game.advance()  # 正午 closes: 黄昏 begins, the 审讯 resolves
    assert not game.seats["乙"].alive and game.seats["乙"].out_cause == "致死伤害"
    again = Game.replay(game.log)
    assert not again.seats["乙"].alive
    assert [e.text for e in again.events] == [e.text for e in game.events]
