"""魔术师⑥ — 交换[午夜][指定]——选择范围：任意两名角色，每名角色只能被选择一次。
结算效果：若最终结算目标正好为两名角色，则当晚之后所有[指定]技能的结算目标都会被交换，
持续至夜晚结束，若最终结算目标不是两名角色，该技能发动无效，但魔术师之后仍然不可选择
当晚交换的目标进行交换。

"每名角色只能被选择一次" is for the whole game (RULINGS 21: the PS's "之后仍然不可选择"
says a chosen target stays spent even when the swap was void)."""

from __future__ import annotations

from typing import Final

from bansha.engine import Game
from bansha.engine.abilities import Ability, Resolution, RoleData, Targeting, Use
from bansha.engine.moment import Until
from bansha.engine.targets import Redirect

from ..common import st


def swap(game: Game, use: Use) -> Resolution:
    final = use.final or ()
    if len(final) != 2 or final[0] == final[1]:
        game.trace(f"{use.actor} 的交换无效：最终结算目标不是两名角色", use.ability)
        return
    a, b = final
    st(game).targets.register(Redirect(
        "交换", use.actor, lambda ball, u: b if ball == a else a if ball == b else ball,
        game.moment, until=Until("end", part="night"), note=f"{a}⇄{b}"))
    return
    yield


ROLE: Final[RoleData] = RoleData("魔术师", "村民阵营", "强神", 6, (), (
    Ability("交换", ("午夜",), target=Targeting("alive", count=2, once_per_target=True),
            effect=swap),))
