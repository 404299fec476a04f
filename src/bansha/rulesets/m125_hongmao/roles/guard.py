"""守卫 守护: "游戏日夜晚可守护一个身份牌，不能连续两晚守护同一张身份牌，被守护的身份牌
免疫指杀，毒药，死在夜晚的最后一枪"."""

from __future__ import annotations

from bansha.engine import Game
from bansha.engine.abilities import Ability, Resolution, RoleData, Targeting, Use

from ..state import state


def protect(game: Game, use: Use) -> Resolution:
    if use.final:
        state(game).night.guarded = use.final[0]
    return
    yield


ROLE: RoleData = RoleData("守卫", "村民阵营", abilities=(
    Ability("守护", ("night",), target=Targeting("alive", not_twice_in_a_row=True),
            effect=protect, text="游戏日夜晚可守护一个身份牌，不能连续两晚守护同一张身份牌"),))
