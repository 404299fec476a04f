"""预言家 预言: "查验一位角色的一张身份牌是不是狼人牌（只检验是不是狼，不检验阵营…）。
查验结果无论如何都反馈给操控该身份牌的玩家"."""

from __future__ import annotations

from bansha.engine import Game
from bansha.engine.abilities import Ability, Resolution, RoleData, Targeting, Use

from ..common import controller, is_wolf_card


def foresee(game: Game, use: Use) -> Resolution:
    if use.final:
        card = game.card(use.final[0])
        verdict = "狼人牌" if is_wolf_card(card) else "非狼人牌（好人）"
        game.notify(controller(game, use.actor), f"预言：{card.ref} 是{verdict}", skill="预言")
    return
    yield


ROLE: RoleData = RoleData("预言家", "村民阵营", abilities=(
    Ability("预言", ("night",), target=Targeting("alive"), effect=foresee,
            text="游戏日夜晚，预言家可以查验一位角色的一张身份牌是不是狼人牌"),))
