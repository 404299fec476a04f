"""白狼（白狼）【归群】【撕咬】: 归群 on 第零日夜晚; 撕咬 at 夜晚5, "每两晚（1~2、3~4等）"."""

from __future__ import annotations

from bansha.engine import Game
from bansha.engine.abilities import Use
from bansha.engine.ruleset import Resolution

from ..dying import hurt
from ..identity import pack
from ..legality import skill_reason
from ..names import LOVERS_SIDE, PACK, WHITE, WOLF_ROLES, WOLVES
from ..skill import Role, Skill, role, skill, target
from ..state import notes, tonight


def rejoin(game: Game) -> Resolution:
    """归群: the 白狼 learns every 狼人; he may join them (faction → 〖狼人阵营〗)."""
    wolves = [n for n in game.order if game.seats[n].role in WOLF_ROLES]
    listing = "、".join(f"{n}（{game.seats[n].role}）" for n in wolves) or "无"
    for w in [n for n in game.alive_tuple() if game.held.has(n, "归群")]:
        game.notify(w, f"归群：狼人为 {listing}", skill="归群")
        a = game.take(w, "归群")
        if a is None:
            continue
        reason = skill_reason(game, w, "归群")
        if reason is None and game.seats[w].faction == LOVERS_SIDE:
            reason = "你已因私奔属于〖情侣阵营〗，不能归群"
        if reason is not None:
            game.reject(a, reason)
            continue
        held = game.held.get(w, "归群")
        assert held is not None  # found as its holder
        held.spend(game.moment, ())
        game.seats[w].faction = WOLVES
        game.groups[PACK] = [*pack(game), w]
        members = [n for n in pack(game) if n != w]
        game.notify(w, "归群：你与狼人互知共群，阵营改变为〖狼人阵营〗", skill="归群")
        if members:
            game.notify(members, f"归群：白狼 {w} 与你们互知共群", skill="归群")
        game.trace(f"归群：白狼 {w} 加入狼人阵营", skill="归群")
    return
    yield


def _pair(n: int) -> int:
    """The pair of nights a night belongs to: 1~2 → 1, 3~4 → 2."""
    return (n + 1) // 2


def _bite(game: Game, use: Use) -> Resolution:
    notes(game, use.actor).bite_pair = _pair(game.phase.n)
    night = tonight(game)
    assert night is not None
    night.bite_targets.append(target(use))
    hurt(game, use)
    return
    yield


def _bitten_this_pair(game: Game, seat: str) -> str | None:
    if notes(game, seat).bite_pair == _pair(game.phase.n):
        return "撕咬每两晚（1~2、3~4等）只能发动一次（裁定R-14）"
    return None


REJOIN: Skill = skill("归群", "第零日夜晚，白狼得知所有狼人的角色，并可选择与所有狼人互知共群，"
                       "阵营改变为〖狼人阵营〗。",
               target="none", opening=True, step=rejoin)
BITE: Skill = skill("撕咬", "每两晚（1~2、3~4等）白狼可选择一名角色，使之进入濒死状态。",
             effect=_bite, check=_bitten_this_pair)

ROLE: Role = role("白狼", WHITE, "白狼", (REJOIN, BITE), note="白狼")
