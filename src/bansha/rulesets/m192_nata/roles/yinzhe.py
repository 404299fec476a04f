"""隐者④ — 隐身衣[强制]——常驻[隐身][迷魂]状态，当场上人数变为开局人数的一半及以下时触发
此效果：本技能失效。
脱下隐身衣[早夜][指定]——选择范围：[隐身衣]尚有效才能发动，选择任意一名角色，发动此技能
时[隐身衣]失效。结算效果：结算目标获得[隐身]状态，持续至下一个[黄昏]阶段结束。

"发动此技能时": the cloak goes when the use resolves (RULINGS 24)."""

from __future__ import annotations

from typing import Final

from bansha.engine import Game
from bansha.engine.abilities import Ability, Resolution, RoleData, Targeting, Use
from bansha.engine.moment import Until

from ..common import give
from . import forced

CLOAK: Final = "隐身衣"


def take_off(game: Game, use: Use) -> Resolution:
    forced.end(game, use.actor, CLOAK, "脱下隐身衣")
    for t in use.final or ():
        give(game, "隐身", t, Until("end", sub="黄昏"), use.actor, use.ability)
    return
    yield


ROLE: Final[RoleData] = RoleData("隐者", "村民阵营", "弱神", 4, (), (
    Ability(CLOAK, forced=True),
    Ability("脱下隐身衣", ("早夜",), target=Targeting("alive"), effect=take_off),))


def setup(game: Game, seat: str) -> None:
    forced.lasting(game, seat, CLOAK, ("隐身", "迷魂"))
    forced.at_half(game, seat, CLOAK)


def may_take_off(game: Game, seat: str) -> str | None:
    h = game.held.get(seat, CLOAK)
    return None if h is not None and not h.off else "[隐身衣]已失效，不能发动脱下隐身衣"
