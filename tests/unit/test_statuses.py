"""StatusKind as data and the StatusBook (no ruleset). The kinds below are written
from m192's 常见负面状态特效 / 非负面状态特效 as a ruleset would declare them."""

from __future__ import annotations

from bansha.engine.moment import Calendar, Until
from bansha.engine.statuses import (
    FORCED,
    KILL,
    SKILLS,
    TARGETED,
    VOTE_WEIGHT,
    Added,
    Escalated,
    Refused,
    StatusBook,
    StatusKind,
)

CAL = Calendar(("晨曦", "正午", "黄昏"), ("早夜", "午夜", "深夜", "凌晨"), "开局")
KINDS = {k.name: k for k in (
    StatusKind("沉默", negative=True, blocks=frozenset({SKILLS})),
    StatusKind("缴械", negative=True, blocks=frozenset({KILL})),
    StatusKind("遗忘", negative=True, blocks=frozenset({FORCED})),
    StatusKind("超度", negative=True, blocks=frozenset({KILL})),
    StatusKind("迷魂", negative=True, blocks=frozenset({VOTE_WEIGHT})),
    StatusKind("流血", negative=True, visible=False, repeat="escalate", escalate_to="致死伤害"),
    StatusKind("漏洞", negative=True, clears="non_negative"),
    StatusKind("业炎", negative=True, parts=("沉默", "超度", "遗忘"), aliases=("净化",)),
    StatusKind("冰冻", negative=True, parts=("沉默", "缴械"), aliases=("恐惧",)),
    StatusKind("隐身", visible=False, blocks=frozenset({TARGETED})),
    StatusKind("守护", visible=False, uses=1),
    StatusKind("不死", visible=False),
    StatusKind("猪不死", visible=False, against="非村民"),
    StatusKind("秩序", visible=False, clears="negative"),
)}
FACTION = {"狼": "狼人阵营", "神": "村民阵营"}


def book() -> StatusBook:
    return StatusBook(KINDS, CAL, {"非村民": lambda src: FACTION.get(src or "") != "村民阵营"})


N1 = CAL.at(1, "night", "午夜")


def test_composites_count_as_each_part_and_aliases_resolve() -> None:
    """[业炎/净化]：[沉默]+[超度]+[遗忘]; [冰冻/恐惧]：[沉默]+[缴械]."""
    b = book()
    assert isinstance(b.add("净化", "乙", N1), Added)
    assert b.has("乙", "沉默") and b.has("乙", "遗忘") and b.has("乙", "业炎")
    assert b.blocking("乙", KILL) is not None and b.blocking("乙", SKILLS) is not None
    assert b.blocking("乙", VOTE_WEIGHT) is None
    b.add("恐惧", "丙", N1)
    assert b.blocking("丙", KILL) is not None and not b.has("丙", "遗忘")
    assert sorted(b.holders("沉默")) == ["丙", "乙"]


def test_second_bleed_becomes_lethal_damage_and_is_not_told() -> None:
    """[流血]：该状态不予通知，若已持有[流血]…再次获得[流血]…改为造成致死伤害."""
    b = book()
    b.add("流血", "乙", N1, source="死神", skill="收割")
    assert b.visible_to("乙") == []
    again = b.add("流血", "乙", N1, source="死神", skill="收割")
    assert again == Escalated("流血", "乙", "致死伤害")
    assert len(b.of("乙")) == 1


def test_order_clears_and_blocks_negatives_and_the_later_of_order_and_bug_is_void() -> None:
    """[秩序]：清除并免疫负面状态; [漏洞]：清除并免疫非负面状态，与[秩序]一起时后赋予的无效."""
    b = book()
    b.add("沉默", "乙", N1)
    b.add("隐身", "乙", N1)
    r = b.add("秩序", "乙", N1)
    assert isinstance(r, Added) and [s.name for s in r.cleared] == ["沉默"]
    assert not b.has("乙", "沉默")
    refused = b.add("业炎", "乙", N1)
    assert isinstance(refused, Refused) and refused.by == "秩序"
    assert refused.reason == "乙 免疫 业炎（秩序）"
    assert isinstance(b.add("漏洞", "乙", N1), Refused)  # 秩序 came first: 漏洞 void
    b.add("隐身", "丙", N1)
    r2 = b.add("漏洞", "丙", N1)
    assert isinstance(r2, Added) and [s.name for s in r2.cleared] == ["隐身"]
    assert isinstance(b.add("秩序", "丙", N1), Refused)  # 漏洞 came first: 秩序 void


def test_guard_uses_the_shortest_lived_first() -> None:
    """[守护：X]：…抵消掉X次[指杀]，会优先消耗掉时限较短的[守护]状态以抵消."""
    b = book()
    b.add("守护", "乙", N1, until=None, source="甲", uses=2)
    b.add("守护", "乙", N1, until=Until("start", sub="正午"), source="丙")
    b.add("守护", "乙", N1, until=Until("end", part="night"), source="丁")
    assert b.consume("乙", "守护").source == "丁"  # type: ignore[union-attr]
    assert b.consume("乙", "守护").source == "丙"  # type: ignore[union-attr]
    first = b.consume("乙", "守护")
    assert first is not None and first.source == "甲" and first.uses_left == 1
    assert b.consume("乙", "守护") is not None and b.consume("乙", "守护") is None


def test_a_status_works_only_against_its_sources() -> None:
    """厚皮肉猪: "获得仅针对非村民阵营的[不死]状态"."""
    b = book()
    b.add("猪不死", "猪", N1)
    assert b.has("猪", "猪不死", source="狼")
    assert not b.has("猪", "猪不死", source="神")


def test_expiry_at_named_boundaries_and_with_the_forced_skill() -> None:
    b = book()
    b.add("缴械", "乙", CAL.at(1, "night", "早夜"), Until("start", sub="正午"))
    b.add("不死", "乙", N1, Until("end", part="night"), source="渊狼", skill="深渊")
    b.add("秩序", "野人", N1, source="野人", skill="野性伙伴", forced=True)
    b.add("业炎", "丙", N1)  # 永久
    assert b.cross("end", CAL.at(1, "night", "凌晨")) == []
    assert [s.name for s in b.cross("end", CAL.at(1, "night"))] == ["不死"]
    assert b.cross("start", CAL.at(2, "day", "晨曦")) == []
    assert [s.name for s in b.cross("start", CAL.at(2, "day", "正午"))] == ["缴械"]
    # "若强制技能提供任何[状态]，则该强制技能失效后，这些状态也一同失效"
    assert [s.name for s in b.end_skill("野人", "野性伙伴")] == ["秩序"]
    assert b.has("丙", "业炎")


def test_a_shielded_holder_gains_nothing_and_revival_restores_the_snapshot() -> None:
    """天命人 "不会获得任何状态"; 阴阳使者 复活 "所有状态按出局时为准"."""
    b = book()
    b.shield("天命人", "天命人不会获得任何状态")
    assert isinstance(b.add("隐身", "天命人", N1), Refused)
    b.add("沉默", "乙", N1)
    snap = b.snapshot("乙")
    b.clear("乙")
    assert b.of("乙") == []
    b.restore("乙", snap)
    assert [s.name for s in b.of("乙")] == ["沉默"]
    b.add("隐身", "乙", N1)
    assert [s.name for s in b.clear("乙", negative=True)] == ["沉默"]
    assert b.remove("乙", "隐身") and b.of("乙") == []


def test_targeted_block_for_invisibility() -> None:
    b = book()
    b.add("隐身", "乙", N1)
    assert b.blocking("乙", TARGETED) is not None
