"""Skill ownership (no ruleset): origin, switched off vs removed, charges and caps,
target history, lookups by skill."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from bansha.engine.abilities import Ability, Targeting
from bansha.engine.held import Origin, SkillTable
from bansha.engine.moment import Calendar, Until

CAL = Calendar(("晨曦", "正午", "黄昏"), ("早夜", "午夜", "深夜", "凌晨"), "开局")
N1, N2, N3 = (CAL.at(n, "night", "早夜") for n in (1, 2, 3))

# 毒士: 谋策[早夜][指定][3] "每天只能使用1次谋策"; 毒计[早夜][指定][0]
MOU_CE = Ability("谋策", ("早夜",), charges=3, per_day=1, target=Targeting())
DU_JI = Ability("毒计", ("早夜",), charges=0, target=Targeting(from_night=2))
# 禁言长老: 禁言[指定][深夜] "不能连续两晚选择同一名角色"
JIN_YAN = Ability("禁言", ("深夜",), target=Targeting(not_twice_in_a_row=True))
# 渊狼: 深渊 "每名角色只可选择一次"; 白狼王 神风突击 [翻牌]; 审讯官 审讯 [宣言]
SHEN_YUAN = Ability("深渊", ("午夜",), target=Targeting(once_per_target=True))
SHEN_FENG = Ability("神风突击", ("正午",), reveal=True, target=Targeting())
SHEN_XUN = Ability("审讯", ("正午",), declaration=True, charges=1)


def test_charges_caps_and_raising_charges() -> None:
    t = SkillTable()
    mc = t.grant("毒士", MOU_CE, Origin(role="毒士"))
    dj = t.grant("毒士", DU_JI, Origin(role="毒士"))
    assert mc.why_not(N1, ("乙",)) is None
    mc.spend(N1, ("乙",))
    assert mc.why_not(CAL.at(1, "night", "早夜"), ("丙",)) == "谋策 每天只能使用1次"
    assert mc.why_not(N2, ("丙",)) is None and mc.charges == 2
    assert dj.why_not(N2, ("乙",)) == "毒计 次数不足"
    dj.add_charges(1)  # "若结算目标不持有次数技能，发动者收到通知，[毒计]次数+1"
    assert dj.why_not(N1, ("乙",)) == "毒计 第2晚开始才能发动"
    assert dj.why_not(N2, ("乙",)) is None
    assert mc.why_not(CAL.at(2, "night", "深夜"), ("乙",)) == "谋策 只能在早夜发动"
    assert mc.why_not(N2, ()) == "谋策 需要选择 1 个目标"


def test_target_history() -> None:
    t = SkillTable()
    jy = t.grant("长老", JIN_YAN)
    deep1, deep2, deep3 = (CAL.at(n, "night", "深夜") for n in (1, 2, 3))
    jy.spend(deep1, ("乙",))
    assert jy.why_not(deep2, ("乙",)) == "禁言 不能连续两次选择相同的目标"
    assert jy.why_not(deep3, ("乙",)) is None  # not the night right after
    sy = t.grant("渊狼", SHEN_YUAN)
    sy.spend(CAL.at(1, "night", "午夜"), ("丙",))
    assert sy.why_not(CAL.at(3, "night", "午夜"), ("丙",)) == (
        "深渊 每名角色只能选择一次（丙 已被选择过）")


def test_reveal_and_declaration_tags() -> None:
    t = SkillTable()
    noon = CAL.at(2, "day", "正午")
    sf = t.grant("白狼王", SHEN_FENG)
    assert sf.why_not(noon, ("乙",), revealed=True) == "神风突击 需要翻牌，但你的实际身份已经公开"
    assert sf.why_not(noon, ("乙",)) is None
    sx = t.grant("审讯官", SHEN_XUN)
    assert sx.why_not(noon, text="  ") == "审讯 需要写明宣言内容"
    assert sx.why_not(noon, text="审讯 乙：你是狼吗") is None


def test_lookups_go_by_skill_and_skills_move() -> None:
    """薪火相传: "发动者立刻失去所有技能。结算目标获得以此失去的所有技能" — the skill now
    belongs to the receiver, with its charges; lookups find it there."""
    t = SkillTable()
    t.grant("天命人", MOU_CE, Origin(role="天命人")).spend(N1, ("乙",))
    assert t.holders("谋策") == ["天命人"]
    lost = t.remove_all("天命人")
    for h in lost:
        moved = t.grant("乙", h.ability, Origin(granted_by="天命人", via="薪火相传"))
        moved.charges = h.charges
    assert t.holders("谋策") == ["乙"] and t.get("乙", "谋策").charges == 2  # type: ignore[union-attr]
    assert t.get("乙", "谋策").origin.granted_by == "天命人"  # type: ignore[union-attr]
    assert t.of("天命人") == []


def test_switched_off_is_not_removed_and_temporary_skills_expire() -> None:
    """隐身衣 "本技能失效" switches it off (still held); 变脸 "以此获取的技能只会持续至下一次
    [黄昏]结束"."""
    t = SkillTable()
    h = t.grant("隐者", Ability("脱下隐身衣", ("早夜",), target=Targeting()))
    h.off.add("失效")
    assert h.why_not(N1, ("乙",)) == "脱下隐身衣 已失效" and t.holders("脱下隐身衣") == ["隐者"]
    dusk = CAL.at(1, "day", "黄昏")
    tmp = t.grant("变脸者", JIN_YAN, Origin(granted_by="变脸者", via="变脸",
                                          until=Until("end", sub="黄昏", next=True), since=dusk))
    assert tmp.origin.temporary
    assert t.expire(dusk, "end") == []
    assert [h.name for _, h in t.expire(CAL.at(2, "day", "黄昏"), "end")] == ["禁言"]
    assert t.get("变脸者", "禁言") is None


def test_a_rulesets_own_wording_and_order_of_the_shared_refusals() -> None:
    """A ruleset words a refusal its own way (M47: "已用完（限定）", checked before the
    window); odd/even nights ("单数游戏日夜晚")."""
    from bansha.engine.held import HeldSkill, Refusals
    from bansha.engine.moment import Moment

    class Words(Refusals):
        def spent(self, h: HeldSkill) -> str:
            return f"{h.name} 已用完（限定）"

        def window(self, h: HeldSkill, at: Moment) -> str:
            return "只能在夜晚发动"

    t = SkillTable()
    beacon = t.grant("祝器", Ability("道标", ("night",), once=True, target=Targeting()))
    voice = t.grant("神明", Ability("神音", ("night",), nights="odd", target=Targeting()))
    day2, night2, night3 = Moment(2, "day"), Moment(2, "night"), Moment(3, "night")
    assert beacon.why_not(day2, words=Words(), aim=False) == "只能在夜晚发动"
    beacon.spend(night2, ("乙",))
    assert not beacon.usable()
    assert beacon.why_not(day2, aim=False) == "道标 只能在night发动"  # window first
    assert beacon.why_not(day2, words=Words(spent_first=True), aim=False) == "道标 已用完（限定）"
    assert voice.why_not(night2, aim=False) == "神音 只能在单数夜晚发动"
    assert voice.why_not(night3, aim=False) is None


def test_lookups_by_skill_and_the_history_a_range_check_reads() -> None:
    t = SkillTable()
    t.grant("丙", SHEN_YUAN)
    t.grant("乙", SHEN_YUAN)
    jy = t.grant("乙", JIN_YAN, Origin(granted_by="甲", via="薪火相传"))
    assert t.first("深渊") == "丙" and t.holders("深渊") == ["丙", "乙"]
    assert t.has("乙", "禁言") and not t.has("丙", "禁言") and not t.has("无", "禁言")
    assert list(t.table("乙")) == t.names("乙") == ["深渊", "禁言"] and t.table("无") == {}
    assert jy.origin.granted_by == "甲" and jy.origin.via == "薪火相传"
    jy.spend(CAL.at(2, "night", "深夜"), ("丁",))
    assert jy.used_last(CAL.at(3, "night", "深夜")) and not jy.used_last(CAL.at(4, "night"))
    assert jy.chose_ever("丁") and not jy.chose_ever("戊")
    t.remove("乙", "深渊")
    assert t.holders("深渊") == ["丙"]


def _scan(t: SkillTable, name: str) -> list[str]:
    return [h for h, skills in t._by.items() if name in skills]


@given(st.lists(st.tuples(st.sampled_from(("grant", "remove", "remove_all", "first")),
                          st.sampled_from(("甲", "乙", "丙", "丁")),
                          st.sampled_from(("谋策", "禁言", "深渊")))))
def test_holder_lookups_follow_every_change_of_who_holds_what(ops: list[tuple[str, str, str]]
                                                              ) -> None:
    """holders/first answer from an index kept beside the tables: after any sequence of
    grants and removals (looked up in between or not) they answer as a scan of every
    holder's table in holder order would."""
    abilities = {a.name: a for a in (MOU_CE, JIN_YAN, SHEN_YUAN)}
    t = SkillTable()
    for op, holder, name in ops:
        if op == "grant":
            t.grant(holder, abilities[name])
        elif op == "remove":
            t.remove(holder, name)
        elif op == "remove_all":
            t.remove_all(holder)
        else:
            t.first(name)
        for n in abilities:
            assert t.holders(n) == _scan(t, n)
            assert t.first(n) == (_scan(t, n) or [None])[0]


@given(st.lists(st.tuples(st.sampled_from(("grant", "grant_tmp", "remove", "remove_all",
                                           "expire", "look")),
                          st.sampled_from(("甲", "乙", "丙")),
                          st.sampled_from(("谋策", "禁言", "深渊")))))
def test_a_holders_windows_follow_every_change_of_what_it_holds(
        ops: list[tuple[str, str, str]]) -> None:
    """windows(holder), the index legality reads before any skill ("nothing of this
    seat acts in 深夜"), is after any sequence of grants, removals and expiries
    (looked up in between or not) the union of the windows of what it holds now."""
    abilities = {a.name: a for a in (MOU_CE, JIN_YAN, SHEN_YUAN)}
    dusk = CAL.at(1, "day", "黄昏")
    temporary = Origin(granted_by="变脸者", via="变脸", until=Until("end", sub="黄昏"),
                       since=dusk)
    t = SkillTable()
    for op, holder, name in ops:
        if op == "grant":
            t.grant(holder, abilities[name])
        elif op == "grant_tmp":
            t.grant(holder, abilities[name], temporary)
        elif op == "remove":
            t.remove(holder, name)
        elif op == "remove_all":
            t.remove_all(holder)
        elif op == "expire":
            t.expire(dusk, "end")
        else:
            t.windows(holder)
        for h in ("甲", "乙", "丙"):
            assert t.windows(h) == {w for s in t.of(h) for w in s.ability.windows}
        # and the index read the other way round: who acts in each window
        for w in {w for a in abilities.values() for w in a.windows}:
            assert t.acting_in(w) == {h for h in ("甲", "乙", "丙")
                                      if any(w in s.ability.windows for s in t.of(h))}
