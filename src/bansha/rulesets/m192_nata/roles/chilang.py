"""赤狼[群内]⑧ — 该身份出现时，[群内]狼人数量必定大于总狼人数量1/2 (deal.py).
业炎[午夜][0][指定]——选择目标：任意一名角色，每有一只[群内]狼死亡，该技能次数+1。
结算效果：结算目标永久获得[业炎]状态。"""

from __future__ import annotations

from typing import Final

from bansha.engine import Game
from bansha.engine.abilities import Ability, Resolution, RoleData, Targeting, Use
from bansha.engine.bus import Trigger

from ..common import give


def karma(game: Game, use: Use) -> Resolution:
    for t in use.final or ():
        give(game, "业炎", t, None, use.actor, use.ability)
    return
    yield


KARMA: Final = Ability("业炎", ("午夜",), charges=0, target=Targeting("alive"), effect=karma)
ROLE: Final[RoleData] = RoleData("赤狼", "狼人阵营", "狼", 8, ("群内",), (KARMA,))


def setup(game: Game, seat: str) -> None:
    def pack_death(t: Trigger) -> Resolution:
        """"每有一只[群内]狼死亡，该技能次数+1" (the 赤狼 itself included)."""
        if t.data.get("pack"):
            h = game.held.get(seat, "业炎")
            if h is not None and h.origin.role == "赤狼":
                h.add_charges(1)
                game.trace(f"{seat} 的业炎次数+1（{t.seat} 出局）", "业炎")
        return
        yield

    game.bus.on("out", pack_death, name="赤狼业炎")
