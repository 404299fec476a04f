"""凭依灵⑧ — 灵魂凭依[深夜][指定]——选择范围：任意一名角色，并决定是否链接[虚情情侣]。
结算效果：反馈结算目标的[表面身份]，反馈格式为[选择目标是XX身份]，有多次结算效果，则按顺序
多次反馈。然后结算目标得知[发动者是凭依灵]，若决定要链接[虚情情侣]，则发动者和结算目标
获得[虚情情侣]状态，持续至下一个夜晚开始。
PS：要进行验人的时候就需要决定，不能先看查验结果，后决定是否连情侣。

The decision is the use's `choice` (链接 / 不链接; none = 不链接), made with the use: the
feedback comes only when 深夜 ends (RULINGS 31)."""

from __future__ import annotations

from typing import Final

from bansha.engine import Game
from bansha.engine.abilities import Ability, Resolution, RoleData, Targeting, Use
from bansha.engine.moment import Until

from ..common import give, surface_role, tell

SKILL: Final = "灵魂凭依"
LINK: Final = "链接"
CHOICES: Final = (LINK, "不链接")


def possess(game: Game, use: Use) -> Resolution:
    me = game.owner(use.actor)
    for chosen, t in zip(use.chosen, use.final or (), strict=False):
        tell(game, me, f"{chosen}是{surface_role(game, t)}", SKILL)
        tell(game, t, f"{me}是凭依灵", SKILL)
        if use.choice == LINK:
            for s in (me, t):
                give(game, "虚情情侣", s, Until("start", part="night"), me, SKILL)
    return
    yield


ROLE: Final[RoleData] = RoleData("凭依灵", "村民阵营", "验人系", 8, (), (
    Ability(SKILL, ("深夜",), target=Targeting("alive"), effect=possess),))
