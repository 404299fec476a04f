"""禁言长老③ — 禁言[指定][深夜]——选择范围：任意一名角色，不能连续两晚选择同一名角色。
结算效果：结算目标获得[寡言]状态，持续至下一个夜晚开始。"""

from __future__ import annotations

from typing import Final

from bansha.engine import Game
from bansha.engine.abilities import Ability, Resolution, RoleData, Targeting, Use
from bansha.engine.moment import Until

from ..common import give


def silence(game: Game, use: Use) -> Resolution:
    for t in use.final or ():
        give(game, "寡言", t, Until("start", part="night"), use.actor, use.ability)
    return
    yield


ROLE: Final[RoleData] = RoleData("禁言长老", "村民阵营", "弱神", 3, (), (
    Ability("禁言", ("深夜",), target=Targeting("alive", not_twice_in_a_row=True),
            effect=silence),))
