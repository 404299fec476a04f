"""猎人③ — 最后一枪[晨曦][黄昏][指定]——选择范围：若不是因为连带出局或村民阵营的夜晚
技能出局，则出局后下一个可发动技能的时点，选择任意1名角色。结算效果：结算目标承受
[致死伤害]。

The right opens at the out (rights.py) and is good for the first 晨曦 or 黄昏 window
that opens after it, only that one (RULINGS 19)."""

from __future__ import annotations

from typing import Final

from bansha.engine import Game
from bansha.engine.abilities import Ability, Resolution, RoleData, Targeting, Use
from bansha.engine.outs import Harm

from ..common import harm
from ..outs import LETHAL


def shoot(game: Game, use: Use) -> Resolution:
    for t in use.final or ():
        yield from harm(game, Harm(LETHAL, t, use.actor, use.ability, game.moment))


LAST_SHOT: Final[Ability] = Ability("最后一枪", ("晨曦", "黄昏"), target=Targeting("alive"),
                                    effect=shoot, after_out=True)
ROLE: Final[RoleData] = RoleData("猎人", "村民阵营", "弱神", 3, (), (LAST_SHOT,))
