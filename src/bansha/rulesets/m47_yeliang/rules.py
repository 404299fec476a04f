"""[M47] who may use which skill on whom, right now. Used both when an action is
submitted (to refuse it with a reason) and again when the night resolves (a
skill lost or an actor gone out in between makes a queued action void)."""

from __future__ import annotations

import re

from bansha.engine import Game
from bansha.engine.targeting import range_reason

from .roles import SKILLS, VILLAGE

PACK = "狼群"
DISCUZ = re.compile(r"\[/?[a-zA-Z]+(=[^\]]*)?\]")


def pack(game: Game) -> list[str]:
    return game.groups.get(PACK, [])


def in_pack(game: Game, seat: str) -> bool:
    return seat in game.groups.get(PACK, ())


def team_key(game: Game, seat: str, skill: str) -> str:
    """Team skills (杀人, 召唤) are one decision per pack; a lone 野良's 杀人 is his own."""
    if SKILLS[skill].team and in_pack(game, seat):
        return f"{PACK}/{skill}"
    return f"{seat}/{skill}"


def skill_reason(game: Game, seat: str, skill: str) -> str | None:
    """Why `seat` cannot use `skill` in the open night window (None = it can)."""
    s = game.seats[seat]
    spec = SKILLS.get(skill)
    if spec is None:
        return f"本规则没有技能 {skill}"
    if not s.alive:
        return "已出局的角色不能发动技能"
    if skill == "召唤":
        # "所有存活狼人角色共同选择": a pack decision of the 狼人, once per game
        if s.role != "狼人" or not in_pack(game, seat):
            return "只有狼人可以发动召唤"
        if game.data.get("summon_used"):
            return "召唤已发动过（限定；裁定14：无论目标是否野良，召唤都已用掉）"
        return None if game.phase.is_night else "只能在夜晚发动"
    st = s.skills.get(skill)
    if st is None:
        return missing_skill(game, seat, skill)
    if not st.usable():
        if skill == "道标":
            return "道标已用完（限定；裁定24：对任何目标使用都算用掉）"
        return f"{skill} 已用完（限定）" if spec.once else f"{skill} 已没有次数"
    if spec.window != "night":
        return f"{skill} 不是可主动发动的夜晚技能"
    if not game.phase.is_night:
        return "只能在夜晚发动"
    n = game.phase.n
    if spec.nights == "odd" and n % 2 == 0:
        return f"{skill} 只能在单数夜晚发动"
    if spec.nights == "even" and n % 2 == 1:
        return f"{skill} 只能在双数夜晚发动"
    tonight = game.data.get("witch_tonight")
    # <救药>/<毒药> each forbid the other the same night (also when only submitted)
    if skill == "毒药" and (tonight == "救药" or f"{seat}/救药" in game.submitted):
        return f"本夜已使用救药（{ONE_POTION}）"
    if skill == "救药" and (tonight == "毒药" or f"{seat}/毒药" in game.submitted):
        return f"本夜已使用毒药（{ONE_POTION}）"
    return None


ONE_POTION = "裁定27：女巫每晚只能使用一瓶药"
# skills the 野良 loses when he enters the pack (RULINGS 15)
STRAY_ONLY = ("流浪", "寻仇", "侵蚀", "反噬")


def missing_skill(game: Game, seat: str, skill: str) -> str:
    """The refusal of a skill `seat` does not hold, naming the ruling that took it
    away or withholds it where one does (RULINGS.md)."""
    s = game.seats[seat]
    base = f"{seat} 没有技能 {skill}"
    if skill == "杀人" and seat == game.data.get("stray") and not in_pack(game, seat):
        return f"{base}（裁定16：所有狼人均已出局后的夜晚，野良才获得杀人）"
    if skill in STRAY_ONLY and seat == game.data.get("stray") and in_pack(game, seat):
        return f"{base}（已失去；裁定15：野良进入狼群后失去流浪、寻仇、侵蚀、反噬）"
    held = any(skill in game.ruleset.roles[r].skills for r in s.roles)
    if held and game.data.get("village_cursed") and s.faction == VILLAGE:
        return (f"{base}（已失去；裁定30：村长因毒药、神堕、投票出局后，"
                "所有村民阵营角色失去所有非强制性技能）")
    return f"{base}（或已失去）"


# RULINGS 15: what a 野良 hands in before tonight's 召唤 has taken him into the pack
IF_SUMMONED = ("杀人", "双刀")
NOT_SUMMONED = {
    "杀人": "本夜召唤未使你进入狼群，不能与狼群共同杀人（裁定15：被召唤的野良当夜起共同杀人）",
    "双刀": "本夜召唤未使你进入狼群，你没有技能双刀（裁定15：被召唤的野良当夜起可发动双刀）",
}


def may_be_summoned(game: Game, seat: str) -> bool:
    """The 野良 outside the pack, on a night the pack may still summon him: his 杀人/双刀
    are taken in advance and hold if the summon at step (0) lands (RULINGS 15)."""
    if seat != game.data.get("stray") or in_pack(game, seat) or not game.phase.is_night:
        return False
    s = game.seats[seat]
    if not s.alive or "杀人" in s.skills or game.data.get("summon_used"):
        return False  # 杀人 of his own: 寻仇, every 狼人 is out and nobody can summon
    return any(game.seats[w].alive and game.seats[w].role == "狼人" for w in pack(game))


def joined_tonight(game: Game, seat: str) -> bool:
    return in_pack(game, seat) and game.data.get("joined_night") == game.phase.n


def target_reason(game: Game, seat: str, skill: str, target: str | None) -> str | None:
    # 召唤, 神音, 道标: "选择一名角色/玩家" — no limit beyond the engine's range (RULINGS 14)
    return range_reason(SKILLS[skill], seat, target, game.seats, game.phase.index)


def valid_targets(game: Game, seat: str, skill: str) -> tuple[str, ...]:
    # The same ranges as target_reason, computed directly: this runs for every seat in
    # every phase and dominated the benchmark when done target by target.
    # (tests/unit/test_m47_targets.py checks both agree.)
    rng = SKILLS[skill].target
    alive = game.alive_tuple()
    if skill == "神器":
        st = game.seats[seat].skills.get("神器")
        if st is not None and st.last_used_phase == game.phase.index - 2:
            return tuple(t for t in alive if t not in st.last_targets)
        return alive
    if rng == "alive":
        return alive
    if rng == "alive_other":
        return tuple(t for t in alive if t != seat)
    if rng == "dead":
        return tuple(t for t in game.order if not game.seats[t].alive)
    return tuple(t for t in game.order if target_reason(game, seat, skill, t) is None)


def holder(game: Game, role: str) -> str | None:
    """The seat dealt `role` (M47 has one of each special role)."""
    holders: dict[str, str] = game.data.setdefault("holders", {})
    if not holders:
        for n in game.order:
            holders.setdefault(game.seats[n].role, n)
    return holders.get(role)


def _no_discuz(text: str) -> str | None:
    return "遗言中禁止使用Discuz!代码" if DISCUZ.search(text) else None


def lastwords_reason(game: Game, seat: str, text: str | None) -> str | None:
    # a text may be replaced until it is published (unlike s15's)
    return game.lastwords.refusal(
        seat, game.seats[seat].alive, text, text_rule=_no_discuz,
        no_right="没有遗言权利（裁定31：遗言数量等于4，即前四名出局者；红牌罚下者没有遗言）",
        closed="遗言已公示，不能再提交")
