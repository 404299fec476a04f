"""[S15] who is what, and who may use which skill on whom right now. Used when an
action is submitted (to refuse it with a reason) and again when the night
resolves (a skill lost or an actor gone out in between voids a queued action)."""

from __future__ import annotations

from bansha.engine import Game
from bansha.engine.targeting import range_reason

from .roles import CATEGORY, ROLES, SKILLS, WOLVES

PACK = "狼群"
LOVERS = "情侣"

NIGHT0_SKILLS = ("金箭", "归群")
# skills that take effect the moment they are used ("立即", "任意时刻")
IMMEDIATE = ("行刺", "死节", "忏悔", "出使")
# choices that arise when their holder (or the sheriff) goes out / is voted out
PROMPTED = ("流弹", "若愚", "殉职", "蒙冤")


# ---- identities and states ------------------------------------------------------
def category(game: Game, seat: str) -> str:
    """身份类型 of the seat's current identity: 特殊/普通/村民/狼人/白狼/吹笛."""
    return CATEGORY.get(game.seats[seat].role, "")


def is_wolf(game: Game, seat: str) -> bool:
    """“狼人” in the post's sentences = the 狼人-type identities (RULINGS R-3)."""
    return category(game, seat) == "狼人"


def original_faction(game: Game, seat: str) -> str:
    """The faction of the identity dealt to the seat (before 私奔/归群/复仇)."""
    s = game.seats[seat]
    return str(s.flags.get("original_faction", ROLES[s.role].faction))


def lovers(game: Game) -> list[str]:
    return game.groups.get(LOVERS, [])


def partner(game: Game, seat: str) -> str | None:
    pair = lovers(game)
    if seat not in pair:
        return None
    return next((n for n in pair if n != seat), None)


def pack(game: Game) -> list[str]:
    return game.groups.get(PACK, [])


def mad(game: Game, seat: str) -> bool:
    """癫狂 (a 假死 character stays 癫狂: RULINGS R-12)."""
    return bool(game.seats[seat].flags.get("癫狂"))


def fake_dead(game: Game, seat: str) -> bool:
    return bool(game.seats[seat].flags.get("假死"))


# RULINGS R-25: "罚下而未出局的角色处于存活状态" — alive, but the player is sent off
SENT_OFF = ("罚下的角色不能投票或行使技能"
            "（裁定R-25：罚下而未出局的角色处于存活状态，但不能投票、行使技能或提交遗言）")


def sent_off(game: Game, seat: str) -> bool:
    return bool(game.seats[seat].flags.get("罚下"))


def holders(game: Game, skill: str, alive: bool = True) -> list[str]:
    return [n for n in game.order
            if skill in game.seats[n].skills and (game.seats[n].alive or not alive)]


def role_seats(game: Game, role: str) -> list[str]:
    return [n for n in game.order if game.seats[n].role == role]


def heir_candidates(game: Game, seat: str) -> tuple[str, ...]:
    """黑狼's 杀人 goes to "一名狼人": an alive 狼人-type identity of 狼人阵营."""
    return tuple(n for n in game.alive_tuple()
                 if n != seat and is_wolf(game, n) and game.seats[n].faction == WOLVES)


def vote_weight(game: Game, seat: str) -> int:
    """Votes `seat` casts: 警长 2 (领导); a 白痴 who used 若愚 0 ("投票作废");
    out, 假死 or 罚下 0 (they cannot vote)."""
    s = game.seats[seat]
    if not s.alive or s.flags.get("假死") or s.flags.get("若愚_used") or s.flags.get("罚下"):
        return 0
    return 2 if seat == game.sheriff else 1


# ---- legality ---------------------------------------------------------------
def skill_reason(game: Game, seat: str, skill: str) -> str | None:
    """Why `seat` cannot use `skill` in the open window now (None = it can)."""
    s = game.seats[seat]
    spec = SKILLS.get(skill)
    if spec is None:
        return f"本规则没有技能 {skill}"
    if not s.alive:
        return "已出局的角色不能发动技能"
    if sent_off(game, seat):
        return SENT_OFF
    if fake_dead(game, seat):
        return ("假死状态的角色不能行使技能"
                "（裁定R-12：曲尽使癫狂角色进入假死，不能发言、投票或行使技能）")
    st = s.skills.get(skill)
    if st is None:
        return missing_skill(game, seat, skill)
    if not st.usable():
        return f"{skill} 已发动过（限定技）"
    if spec.window in ("trigger", "passive", "prompt"):
        return f"{skill} 是锁定技或在触发时询问，无需提交"
    ph = game.phase
    if ph.is_night and ph.n == 0:
        if skill not in NIGHT0_SKILLS:
            return "第零晚除爱神【金箭】、白狼【归群】外，其他身份不能行使技能（裁定R-8）"
        return None
    if skill in NIGHT0_SKILLS:
        return "只能在第零日夜晚发动"
    if spec.window == "night" and not ph.is_night:
        return "只能在夜晚发动"
    if spec.window == "day" and ph.is_night:
        return "只能在白天发动"
    if skill == "撕咬" and s.flags.get("撕咬_pair") == (ph.n + 1) // 2:
        return "撕咬每两晚（1~2、3~4等）只能发动一次（裁定R-14）"
    if skill == "杀人" and s.flags.get("杀人_got") == ph.index:
        return "本夜刚获得【杀人】，下一夜起才能发动（裁定R-21：夜晚移交的杀人从下一夜起可用）"
    if skill == "曲尽" and f"{seat}/吹笛" in game.submitted:
        return "发动曲尽须放弃发动吹笛（本夜已提交吹笛）"
    if skill == "吹笛" and f"{seat}/曲尽" in game.submitted:
        return "本夜已提交曲尽（已放弃发动吹笛）"
    if skill == "出使" and not any(game.seats[n].alive for n in role_seats(game, "吹笛")):
        return "吹笛已出局，无法出使"
    return None


def missing_skill(game: Game, seat: str, skill: str) -> str:
    """The refusal of a skill `seat` does not hold, naming the ruling that decides why
    where one does (RULINGS.md)."""
    base = f"{seat} 没有技能 {skill}"
    if skill == "偷师" and "预言" in game.seats[seat].skills:
        return f"{base}（已失去；裁定R-17：仿冒后顽徒成为先知并失去偷师）"
    if skill == "杀人":
        return f"{base}（裁定R-21：杀人只在持有者出局时移交给一名存活的狼人阵营狼人身份）"
    return f"{base}（或已失去）"


def target_reason(game: Game, seat: str, skill: str, target: str | None) -> str | None:
    reason = range_reason(SKILLS[skill], seat, target, game.seats, game.phase.index)
    if reason is not None or target is None:
        return reason
    if skill == "吹笛" and mad(game, target):
        return f"{target} 已处于癫狂状态（吹笛只能选择未癫狂的角色）"
    if skill == "曲尽":
        if not mad(game, target):
            return "曲尽只能选择癫狂状态的角色"
        if fake_dead(game, target):
            return f"{target} 已处于假死状态"
    return None


def targets_reason(game: Game, seat: str, skill: str, targets: tuple[str, ...]) -> str | None:
    """Two-target skills (金箭)."""
    if len(targets) != 2 or targets[0] == targets[1]:
        return f"{skill} 需要两名不同的角色"
    for t in targets:
        reason = target_reason(game, seat, skill, t)
        if reason is not None:
            return reason
    return None


def valid_targets(game: Game, seat: str, skill: str) -> tuple[str, ...]:
    return tuple(t for t in game.alive_tuple() if target_reason(game, seat, skill, t) is None)


def lastwords_reason(game: Game, seat: str, text: str | None) -> str | None:
    return game.lastwords.refusal(
        seat, game.seats[seat].alive, text, final=True,
        no_right="没有遗言权利（只有前N名出局的角色可以留下遗言，N为狼人与白狼总数）",
        closed="遗言时限已过")
