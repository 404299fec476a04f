"""狼牧（狼人）【救赎】【卫道】: 卫道 at 夜晚2, 救赎 at 夜晚7 (counted next day: day.py)."""

from __future__ import annotations

from bansha.engine import Game
from bansha.engine.abilities import Use
from bansha.engine.ruleset import Resolution

from ..names import WOLVES
from ..skill import Role, Skill, role, skill, target
from ..state import st
from ..statuses import TONIGHT, WARDED


def _redeem(game: Game, use: Use) -> Resolution:
    t = target(use)
    st(game).redeemed.append((t, game.phase.n + 1))
    game.trace(f"救赎：{t} 若次日票数最高，则免于出局", skill="救赎")
    return
    yield


def _ward(game: Game, use: Use) -> Resolution:
    t = target(use)
    game.statuses.add(WARDED, t, game.moment, TONIGHT, use.actor, "卫道")
    game.trace(f"卫道：{t} 当晚免疫预言", skill="卫道")
    return
    yield


REDEMPTION: Skill = skill("救赎", "游戏日夜晚，可选择一名角色，该角色若次日票数最高，则免于出局。"
                           "每名角色只能成为该技能使用对象一次。",
                   once_per_target=True, effect=_redeem)
WARD: Skill = skill("卫道", "游戏日夜晚，可选择一名角色，使之免疫【预言】。"
                     "每名角色只能成为该技能使用对象一次。",
             once_per_target=True, effect=_ward)

ROLE: Role = role("狼牧", WOLVES, "狼人", (REDEMPTION, WARD), note="狼人")
