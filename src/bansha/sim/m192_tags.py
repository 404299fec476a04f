"""What an [M192]纳塔 skill's public declaration says it does, read from its tags and
text (the ruleset's data, i.e. the rule post), for the heuristic policy (sim/m192.py).

A reading here never looks at a game: it says what any player who read the post knows
about a skill — that 天火 hurts only a non-村民阵营 target, that 苟活 keeps its holder
in play, that a [数值] skill has charges 谋策 can feed.
"""

from __future__ import annotations

from bansha.engine import Ruleset, SkillSpec

WOLVES = "狼人阵营"
VILLAGE = "村民阵营"
CHECKERS = "验人系"  # the category whose loss the 村民阵营's every lose line needs


def spec(rules: type[Ruleset] | None, skill: str) -> SkillSpec | None:
    return rules.skills.get(skill) if rules is not None else None


def keeps_holder_in(s: SkillSpec | None) -> bool:
    """A [强制] skill that keeps its own holder in play: 苟活 ("获得仅针对非村民阵营的
    [不死]"), 野性伙伴's 骑乘 ("持续获得[不死]"), 涅槃重生 ("免于此次出局"). A target
    skill (深渊 gives 不死 to its 结算目标) is not its holder's."""
    if s is None or not s.forced or "结算目标" in s.text or "角色获得[不死]" in s.text:
        return False  # 深渊's target, 欺诈天下's whole pack: not the holder's own
    return "[不死]" in s.text or "免于此次出局" in s.text


def hurts_only_enemies(s: SkillSpec | None) -> bool:
    """A skill that harms only a non-村民阵营 target, so a 村民阵营 holder may use it on a
    seat it knows nothing of: 天火 ("若结算目标实际阵营为[非村民阵营]…否则无效果"),
    冲撞 ("非[村民阵营]角色获得[沉默]")."""
    if s is None:
        return False
    return "[非村民阵营]" in s.text or "非[村民阵营]" in s.text


def guards_kill_target(s: SkillSpec | None) -> bool:
    """A night skill worth aiming at the seat the pack will likely kill: one that makes
    its target untouchable by [指定] skills (脱下隐身衣's [隐身]), or one that turns the
    night's [杀人] on its target back on a wolf (纵火)."""
    if s is None or s.window != "night":
        return False
    return "获得[隐身]" in s.text or "[杀人]的结算目标正好是" in s.text


def is_counted(s: SkillSpec | None) -> bool:
    """A [数值] skill (its tags hold its starting count): one 谋策 can feed."""
    return s is not None and any(t.isdigit() for t in s.tags)


def category(rules: type[Ruleset] | None, role: str) -> str:
    r = rules.roles.get(role) if rules is not None else None
    return getattr(r, "category", "") if r is not None else ""
