"""M192 纳塔: the statuses of 3L in a game (who is told, immunities, composites, 流血,
the protection order of 出局结算流程 step 1) and the win lines of 6L."""

from __future__ import annotations

from bansha.engine import Game
from bansha.engine.moment import Until
from bansha.engine.outs import Harm
from bansha.engine.statuses import Added, Escalated, Refused
from bansha.rulesets.m192_nata import wins
from bansha.rulesets.m192_nata.common import give, st
from bansha.rulesets.m192_nata.outs import stops

NAMES = "甲乙丙丁戊己庚辛壬癸子丑寅卯"
TABLE = ("渊狼", "赤狼", "死神", "白狼王", "通灵师", "魔术师", "朱雀", "阴阳使者", "太阳",
         "厚皮肉猪", "隐者", "纵火犯", "愚者", "宗教老爷爷")


def game() -> Game:
    return Game.new("m192-nata", [{n: r} for n, r in zip(NAMES, TABLE, strict=True)], seed=1)


def told(g: Game, seat: str) -> list[str]:
    return [e.text for e in g.events if e.kind == "notify" and e.to == (seat,)]


def test_negative_statuses_are_told_with_their_end_and_non_negative_ones_are_not() -> None:
    g = game()
    give(g, "沉默", "甲", Until("start", part="night"), "戊", "测试")
    give(g, "独裁", "甲", Until("start", part="night"), "戊", "测试")
    give(g, "流血", "乙", None, "丙", "测试")
    assert told(g, "甲")[-1] == "你获得了[沉默]状态（至下一个夜晚开始）"
    assert not any("独裁" in t for t in told(g, "甲"))
    assert not any("流血" in t for t in told(g, "乙"))  # "该状态不予通知"


def test_forgetting_is_told_only_to_a_holder_of_a_forced_skill() -> None:
    g = game()
    give(g, "遗忘", "戊", None, "甲", "测试")  # 通灵师 holds no forced skill
    give(g, "遗忘", "庚", None, "甲", "测试")  # 朱雀 holds 涅槃重生
    assert not any("遗忘" in t for t in told(g, "戊"))
    assert any("遗忘" in t for t in told(g, "庚"))


def test_order_and_loophole_clear_and_refuse_each_other() -> None:
    g = game()
    give(g, "沉默", "戊", None, "甲", "测试")
    r = give(g, "秩序", "戊", None, "己", "测试")
    assert isinstance(r, Added) and [s.name for s in r.cleared] == ["沉默"]
    assert isinstance(give(g, "业炎", "戊", None, "甲", "测试"), Refused)
    assert isinstance(give(g, "漏洞", "戊", None, "甲", "测试"), Refused)  # the later is void
    give(g, "漏洞", "己", None, "甲", "测试")
    assert isinstance(give(g, "秩序", "己", None, "庚", "测试"), Refused)


def test_composites_count_as_their_parts() -> None:
    g = game()
    give(g, "净化", "戊", None, "癸", "测试")
    assert all(g.statuses.has("戊", n) for n in ("业炎", "沉默", "超度", "遗忘"))
    give(g, "恐惧", "己", None, "甲", "测试")
    assert g.statuses.has("己", "缴械") and g.statuses.has("己", "沉默")


def test_a_second_bleed_is_lethal_damage() -> None:
    g = game()
    assert isinstance(give(g, "流血", "戊", None, "丙", "测试"), Added)
    r = give(g, "流血", "戊", None, "丙", "测试")
    assert isinstance(r, Escalated) and r.damage == "致死伤害"


def test_which_status_stops_which_harm() -> None:
    assert stops("守护", "指杀") and not stops("守护", "穿透")
    assert stops("坚韧", "穿透") and not stops("坚韧", "致死伤害") and not stops("坚韧", "投票出局")
    assert stops("不死", "致死伤害") and stops("不死", "投票出局") and not stops("不死", "红牌罚下")
    assert stops("霸道", "投票出局") and not stops("霸道", "指杀")


def test_the_shortest_lived_protection_is_used_and_only_guard_is_spent() -> None:
    g = game()
    g.statuses.add("守护", "戊", g.moment, None)
    g.statuses.add("守护", "戊", g.moment, Until("end", part="night"))
    outs = st(g).outs
    assert outs is not None
    v = outs.protect(Harm("指杀", "戊", "甲", "杀人", g.moment))
    assert v == "状态"
    left = g.statuses.of("戊")
    assert [s.until for s in left] == [None]  # the one ending at night's end went first


def test_village_lose_lines_and_the_phoenix_reduction() -> None:
    g = game()
    assert not wins.village_lost(g)
    for s in ("戊",):  # 验人系 out alone is not enough
        g.set_alive(s, False)
    assert not wins.village_lost(g)
    for s in ("己", "庚", "辛"):  # + every 强神 of this table (three): rule 1
        g.set_alive(s, False)
    assert wins.village_lost(g)
    g = game()
    for s in ("戊", "己", "壬", "癸"):  # 验人系 + 1 强神 + 2 弱神: 3 gods, rule 3 needs 4
        g.set_alive(s, False)
    assert not wins.village_lost(g)
    st(g).reborn = 1  # 朱雀 涅槃重生: "判负所需出局人数各减少1"
    assert wins.village_lost(g)


def test_wolves_lose_when_no_pack_or_knife_can_be() -> None:
    g = game()
    for s in ("甲", "乙", "丙"):
        g.set_alive(s, False)
    assert not wins.wolves_lost(g)
    give(g, "业炎", "丁", None, "庚", "测试")  # permanent 业炎 on the last [群内]
    assert wins.wolves_lost(g)


def test_red_cards_two_in_a_faction_lose_it() -> None:
    g = game()
    g.cards.give("甲", "红")
    assert not wins.red_lost(g, "狼人阵营")
    g.cards.give("乙", "红")
    assert wins.red_lost(g, "狼人阵营") and wins.wolves_lost(g)
