"""魔术师 交换: "游戏日夜晚可选任意2个身份牌，每个身份牌只能被选择一次。被交换的角色，
受到的所有夜晚技能（包括死在夜晚的开枪）都会被交换目标". Step (1): every later night
skill that night (and a night shot) is routed through the 交换 stage."""

from __future__ import annotations

from bansha.engine import Game
from bansha.engine.abilities import Ability, Resolution, RoleData, Targeting, Use
from bansha.engine.moment import Until
from bansha.engine.targets import Redirect

from ..state import state


def swap(game: Game, use: Use) -> Resolution:
    final = use.final or ()
    if len(final) == 2:
        a, b = final

        def move(ball: str, u: Use) -> str:
            return b if ball == a else a if ball == b else ball

        state(game).pipeline.register(Redirect(
            "交换", use.actor, move, game.moment, until=Until("end", part="night")))
        game.trace(f"交换：{a} ⇄ {b}（至夜晚结束）", skill="交换")
    return
    yield


ROLE: RoleData = RoleData("魔术师", "村民阵营", abilities=(
    Ability("交换", ("night",), target=Targeting("alive", count=2, once_per_target=True),
            effect=swap, text="游戏日夜晚可选任意2个身份牌，每个身份牌只能被选择一次"),))
