"""厚皮肉猪⑤ — 苟活[强制]——厚皮肉猪获得仅针对非村民阵营的[不死]状态，同时获得[秩序]状态。
厚皮肉猪出局后触发此效果：厚皮猪电梯楼上下2个最近的存活村民阵营角色永久获得[净化]状态。
当场上人数变为开局人数的一半及以下时触发此效果：本技能失效。

"上下2个最近的": the nearest alive 村民阵营 character above and the nearest below in the
电梯楼 (the ring, first and last adjacent), two in all (RULINGS 25)."""

from __future__ import annotations

from typing import Final

from bansha.engine import Game
from bansha.engine.abilities import Ability, Resolution, RoleData
from bansha.engine.bus import Trigger

from ..common import VILLAGE, faction, give
from ..common import ring as ring_of
from ..statuses import PIG_UNDYING
from . import forced

SKILL: Final = "苟活"
ROLE: Final = RoleData("厚皮肉猪", "村民阵营", "弱神", 5, (), (Ability(SKILL, forced=True),))


def neighbours(game: Game, seat: str) -> list[str]:
    ring = ring_of(game, seat)  # "离开游戏的角色在电梯楼中消失"
    i = ring.index(seat)
    out: list[str] = []
    for step in (-1, 1):
        for k in range(1, len(ring)):
            s = ring[(i + step * k) % len(ring)]
            if s != seat and game.seats[s].alive and faction(game, s) == VILLAGE:
                if s not in out:
                    out.append(s)
                break
    return out


def setup(game: Game, seat: str) -> None:
    forced.lasting(game, seat, SKILL, (PIG_UNDYING, "秩序"))
    forced.at_half(game, seat, SKILL)

    def on_out(t: Trigger) -> Resolution:
        h = game.held.get(seat, SKILL)
        if t.seat != seat or h is None or h.off:
            return
        near = neighbours(game, seat)
        forced.acted(game, f"{seat} 出局：苟活，{'、'.join(near) or '无人'} 获得[净化]", SKILL)
        for n in near:
            give(game, "净化", n, None, seat, SKILL)
        return
        yield

    game.bus.on("out", on_out, priority=-1, name=SKILL)
