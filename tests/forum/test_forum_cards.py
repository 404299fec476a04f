"""The card ledger: accumulation, what a red card means in each post, a faction's
loss at two reds, the thread table, and the cards handed to a game."""

from __future__ import annotations

from bansha.engine import Game
from bansha.forum import apply_cards, build_ledger, forum_rules_for, parse_cards

from .threads import PLAYERS

CARDS = """\
# 导演的判罚记录
第1天 饺子 蓝 首次使用红色字体
第1天 饺子 蓝牌 又用了红色字体
第1天夜晚 饺子 blue 第三次
第2天白天 包子 黄 潜水：未投票
day 2 包子 黄 贴脸
night 2 包子 红牌 场外交流
第2天 不存在 黄 无此人
第3天 包子 绿 颜色错误
{"phase": "第3天", "player": "馄饨", "colour": "黄", "reason": "JSON 行"}
"""


def test_accumulation_and_phases() -> None:
    entries, warnings = parse_cards(CARDS, PLAYERS)
    assert [(e.phase, e.player, e.colour) for e in entries] == [
        ("day 1", "饺子", "蓝"), ("day 1", "饺子", "蓝"), ("night 1", "饺子", "蓝"),
        ("day 2", "包子", "黄"), ("day 2", "包子", "黄"), ("night 2", "包子", "红"),
        ("day 3", "馄饨", "黄"),
    ]
    assert any("第8行" in w and "不存在" in w for w in warnings)
    assert any("第9行" in w and "绿" in w for w in warnings)
    led = build_ledger(entries, forum_rules_for("m47-yeliang"))
    assert led.rows[2].applied == ["蓝", "黄"]  # 3 蓝 = 1 黄
    assert led.standing["饺子"] == [0, 1, 0]
    assert led.standing["包子"] == [0, 2, 1]
    assert "红牌罚下：包子 出局" in led.rows[5].consequences[0]
    # m47: "判罚红牌时，导演视情况决定是否判负该玩家所在阵营" — the director decides
    assert any("导演决定" in c for c in led.rows[5].consequences)


def test_three_yellows_make_a_red() -> None:
    entries, _ = parse_cards("第1天 甲 黄 a\n第1天 甲 黄 b\n第2天 甲 黄 c\n", ["甲", "乙"])
    led = build_ledger(entries, forum_rules_for("m192-nata"))
    assert led.rows[-1].applied == ["黄", "红"]
    assert led.standing["甲"] == [0, 0, 1]


def test_m192_two_reds_in_one_faction_lose() -> None:
    entries, _ = parse_cards("第1天 甲 红 a\n第2天 乙 红 b\n第2天 丙 红 c\n", ["甲", "乙", "丙"])
    factions = {"甲": "狼人阵营", "乙": "狼人阵营", "丙": "村民阵营"}
    led = build_ledger(entries, forum_rules_for("m192-nata"), factions=factions)
    assert led.lost_factions == ["狼人阵营"]
    assert any("狼人阵营判负" in c and "两张或以上红牌" in c for c in led.rows[1].consequences)
    # m47's post leaves it to the director: no faction loses by count
    led47 = build_ledger(entries, forum_rules_for("m47-yeliang"), factions=factions)
    assert led47.lost_factions == []
    # no factions given: said so, nothing guessed
    led = build_ledger(entries, forum_rules_for("m192-nata"))
    assert led.lost_factions == [] and any("--factions" in w for w in led.warnings)


def test_red_card_meaning_per_post() -> None:
    entries, _ = parse_cards("第1天 甲 红 场外\n", ["甲", "乙"])
    m125 = build_ledger(entries, forum_rules_for("m125-hongmao")).rows[0].consequences[0]
    assert "身份牌仍然保留在场上" in m125
    s15 = build_ledger(entries, forum_rules_for("s15-official")).rows[0].consequences[0]
    assert "罚下而未出局" in s15
    m47 = build_ledger(entries, forum_rules_for("m47-yeliang")).rows[0].consequences[0]
    assert m47.startswith("红牌罚下：甲 出局")
    # a character already out keeps the card on record ("已出局角色仍可被判罚")
    out = build_ledger(entries, forum_rules_for("m47-yeliang"), out=["甲"]).rows[0]
    assert "已出局" in out.consequences[0]


def test_bbcode_table() -> None:
    entries, _ = parse_cards(CARDS, PLAYERS)
    table = build_ledger(entries, forum_rules_for("m47-yeliang")).bbcode()
    assert table.startswith("[table]\n[tr][td]阶段[/td][td]角色[/td]")
    assert "[tr][td]第1天夜晚[/td][td]饺子[/td][td]蓝牌 → 黄牌[/td][td]第三次[/td]" in table
    assert "[tr][td]包子[/td][td]0[/td][td]2[/td][td]1[/td][/tr]" in table


def test_cards_through_the_engine_m47_red_sent_off() -> None:
    game = Game.new("m47-yeliang", PLAYERS, seed=3)
    entries, _ = parse_cards("第1天 春卷 黄 a\n第1天 春卷 黄 b\n第1天 春卷 黄 c\n", PLAYERS)
    assert all(ans for _, ans in apply_cards(game, entries))
    game.advance()  # the red takes effect after the day's vote
    view = game.public_view()
    assert "春卷" in view["out"]
    assert any(e.text == "红牌罚下：春卷" for e in view["events"])


def test_cards_through_the_engine_s15_red_stays_alive() -> None:
    game = Game.new("s15-official", 20, seed=1)
    game.advance()  # night 0 -> day 1
    entries, _ = parse_cards("第1天 子 红 场外\n", game.public_view()["seats"])
    assert all(ans for _, ans in apply_cards(game, entries))
    assert "子" in game.public_view()["alive"]


def test_lurk_json_output_is_a_card_file() -> None:
    from bansha.forum import DayActivity, lurk_penalties
    rules = forum_rules_for("m47-yeliang")
    rep = lurk_penalties([DayActivity(1, {"甲": 1, "乙": 9}, {"乙"})], ["甲", "乙"], rules,
                         apply=True)
    import json
    entries, warnings = parse_cards(json.dumps(rep.as_dict(), ensure_ascii=False), ["甲", "乙"])
    assert warnings == [] and [(e.phase, e.player, e.colour) for e in entries] == [
        ("day 1", "甲", "黄"), ("day 1", "甲", "黄")]
    assert "不足五帖" in entries[0].reason
