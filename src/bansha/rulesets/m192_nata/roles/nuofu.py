"""懦夫① — 怯懦[强制]——第二晚开始，懦夫成为指定技能的结算目标时触发此效果：懦夫受到
[致死伤害]。 (RULINGS 18: any [指定] skill, the 懦夫's own included, once per use.)"""

from __future__ import annotations

from typing import Final

from bansha.engine import Game, Phase
from bansha.engine.abilities import Ability, Resolution, RoleData
from bansha.engine.bus import Trigger
from bansha.engine.outs import Harm
from bansha.engine.statuses import FORCED

from ..common import harm
from ..outs import LETHAL
from . import forced

COWARD: Final[Ability] = Ability("怯懦", forced=True)
ROLE: Final[RoleData] = RoleData("懦夫", "村民阵营", "弱神", 1, (), (COWARD,))


def setup(game: Game, seat: str) -> None:
    def on_target(t: Trigger) -> Resolution:
        if t.seat != seat or not game.seats[seat].alive:
            return
        h = game.held.get(seat, "怯懦")
        if h is None or h.off or game.statuses.blocking(seat, FORCED) is not None:
            return  # lost, or [遗忘]: "失去所有[强制]技能"
        if game.phase.index < Phase("night", 2).index:
            return  # "第二晚开始" (RULINGS 18: from night 2 on, the days after it too)
        use = t.data["use"]
        forced.acted(game, f"{seat} 成为 {use.ability} 的结算目标：怯懦", "怯懦")
        yield from harm(game, Harm(LETHAL, seat, use.actor, "怯懦", game.moment))

    game.bus.on("final_target", on_target, name="怯懦")
