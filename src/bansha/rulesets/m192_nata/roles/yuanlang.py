"""渊狼[群内]⑦ — 深渊[午夜][指定]——选择范围：任意一名角色，每名角色只可选择一次。
结算效果：结算目标当晚获得[不死]状态。"""

from __future__ import annotations

from typing import Final

from bansha.engine import Game
from bansha.engine.abilities import Ability, Resolution, RoleData, Targeting, Use
from bansha.engine.moment import Until

from ..common import give


def abyss(game: Game, use: Use) -> Resolution:
    for t in use.final or ():
        give(game, "不死", t, Until("end", part="night"), use.actor, use.ability)
    return
    yield


ROLE: Final[RoleData] = RoleData("渊狼", "狼人阵营", "狼", 7, ("群内",), (
    Ability("深渊", ("午夜",), target=Targeting("alive", once_per_target=True), effect=abyss),))
