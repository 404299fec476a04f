"""祝器 (1; the setup line calls it 神器): 道标<限定> and 神器.

Night steps (6) 道标 and (8) 神器 (schedule.py); 神器's protection is the second of
step (9)'s (protections in ruleset.py)."""

from __future__ import annotations

from bansha.engine import Game, RoleSpec, SkillSpec

from ..legality import first_valid, target_reason, use_reason
from ..state import M47State
from .factions import VILLAGE

SKILLS: tuple[SkillSpec, ...] = (
    SkillSpec("道标", once=True, target="alive",
              text="游戏日夜晚，选择一名玩家。若其身份为村民，反馈<村民>；否则，无反馈"),
    SkillSpec("神器", target="alive", not_twice_in_a_row=True,
              text="游戏日夜晚，保护一名玩家，该名玩家当晚将会免疫一次狼人的指杀。"
                   "不能连续两天夜晚对同一名玩家使用神器。"),
)
ROLE: RoleSpec = RoleSpec("祝器", VILLAGE, 1, ("道标", "神器"), aliases=("神器",),
                note="设置行写作“1神器”，角色一节写作祝器")

SPENT: dict[str, str] = {"道标": "道标已用完（限定；裁定24：对任何目标使用都算用掉）"}


def _spend(game: Game, seat: str, target: str, skill: str = "道标") -> None:
    held = game.held.get(seat, skill)
    assert held is not None  # found as its holder
    held.spend(game.moment, (target,))


def beacon(game: Game, st: M47State) -> None:
    """（6）祝器：选择是否发动<道标>."""
    zq = game.held.first("道标")
    a = first_valid(game, zq, "道标")
    if a is None or a.target is None or zq is None:
        return
    _spend(game, zq, a.target)
    st.night.beacon = a.target
    st.night.beacon_by = zq
    if game.seats[a.target].role == "村民":
        game.notify(zq, f"道标：{a.target}——村民", skill="道标")
    else:
        game.trace(f"道标：{a.target} 不是村民，无反馈", skill="道标")


def shield(game: Game, st: M47State) -> None:
    """（8）祝器：选择发动<神器>的目标."""
    zq = game.held.first("神器")
    if zq is None:
        return
    a = game.take(zq, "神器")
    if a is None:
        return
    if st.night.backlash:
        # "当祝器因反噬而出局时，仍可发动神器技能，但该技能无效"
        reason = target_reason(game, zq, "神器", a.target)
        if reason is not None:
            game.reject(a, reason)
            return
        _spend(game, zq, a.target or "", "神器")
        game.trace(f"神器：祝器因反噬出局，保护 {a.target} 无效", skill="神器")
        return
    reason = use_reason(game, zq, "神器", a.target)
    if reason is not None:
        game.reject(a, reason)
        return
    _spend(game, zq, a.target or "", "神器")
    st.night.shield = a.target
    game.trace(f"神器：保护 {a.target}", skill="神器")
