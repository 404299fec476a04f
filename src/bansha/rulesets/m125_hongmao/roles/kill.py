"""杀人【团队】, shared by 狼人, 蚀时狼妃 and 黑狼王: "游戏日夜晚，可以指杀一名角色".
The step (4) effect keeps the final target (after 交换) for 指杀结算 (7)."""

from __future__ import annotations

from bansha.engine import Game
from bansha.engine.abilities import Ability, Resolution, Targeting, Use

from ..state import state


def kill(game: Game, use: Use) -> Resolution:
    n = state(game).night
    n.kill = use.final[0] if use.final else None
    n.killer = use.actor
    return
    yield


KILL = Ability("杀人", ("night",), team=True, target=Targeting("alive"), effect=kill,
               text="游戏日夜晚，可以指杀一名角色")
