"""通灵师⑦ — 通灵[深夜][指定]——选择范围：任意一名角色。结算效果：反馈结算目标的[表面
身份]，反馈格式为[选择目标是XX身份]，有多次结算效果，则按顺序多次反馈。"""

from __future__ import annotations

from typing import Final

from bansha.engine import Game
from bansha.engine.abilities import Ability, Resolution, RoleData, Targeting, Use

from ..common import surface_role, tell


def feedback(game: Game, use: Use) -> Resolution:
    """The chosen target's name, the final target's [表面身份]; one line per final."""
    for chosen, t in zip(use.chosen, use.final or (), strict=False):
        tell(game, game.owner(use.actor), f"{chosen}是{surface_role(game, t)}", use.ability)
    return
    yield


CHECK: Final[Ability] = Ability("通灵", ("深夜",), target=Targeting("alive"), effect=feedback)
ROLE: Final[RoleData] = RoleData("通灵师", "村民阵营", "验人系", 7, (), (CHECK,))
