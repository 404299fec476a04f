"""太阳④ — 日[强制]——太阳出局时将会触发此效果：公示[日不落]，下一个白天额外进行一轮
[正午]阶段。PS：由于是额外进行一轮[正午]阶段，在第一次[正午]阶段最高票的角色还尚未出局，
仍然可以正常发言投票。

Each 正午 has its own vote; both are counted at 黄昏1 in order (RULINGS 22)."""

from __future__ import annotations

from typing import Final

from bansha.engine import Game
from bansha.engine.abilities import Ability, Resolution, RoleData
from bansha.engine.bus import Trigger
from bansha.engine.statuses import FORCED

from ..common import st
from . import forced

SUN: Final[Ability] = Ability("日", forced=True)
ROLE: Final[RoleData] = RoleData("太阳", "村民阵营", "弱神", 4, (), (SUN,))


def setup(game: Game, seat: str) -> None:
    def on_out(t: Trigger) -> Resolution:
        if t.seat != seat:
            return
        h = game.held.get(seat, "日")
        if h is None or h.off or game.statuses.blocking(seat, FORCED) is not None:
            return
        forced.acted(game, f"{seat} 出局：日", "日")
        game.announce("日不落", later=game.phase.is_night)
        st(game).extra_noons += 1
        return
        yield

    game.bus.on("out", on_out, name="日")
