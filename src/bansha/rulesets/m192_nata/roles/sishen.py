"""死神[群内]⑧ — 追魂[凌晨][强制]——若狼人阵营角色当晚结算的伤害未造成角色出局时触发此效果：
死神对该角色施加[流血]状态。
收割[深夜][指定][2]——选择范围：1名持有流血状态的角色。结算效果：对结算目标赋予[流血]状态。
PS：因为会知晓选择范围的原因，死神每次可发动收割时，都会得知当前哪些角色流血。

追魂 runs after 凌晨's count (it must know the harm "未造成角色出局"); its 流血 on a
bleeding seat is 致死伤害, counted at once in the same 凌晨 (RULINGS 27)."""

from __future__ import annotations

from typing import Final

from bansha.engine import Game
from bansha.engine.abilities import Ability, Resolution, RoleData, Targeting, Use
from bansha.engine.bus import Trigger
from bansha.engine.statuses import FORCED

from ..common import WOLVES, bleed_or_give, faction, st
from . import forced


def harvest(game: Game, use: Use) -> Resolution:
    for t in use.final or ():
        yield from bleed_or_give(game, "流血", t, None, use.actor, use.ability)


ROLE: Final[RoleData] = RoleData("死神", "狼人阵营", "狼", 8, ("群内",), (
    Ability("追魂", ("凌晨",), forced=True),
    Ability("收割", ("深夜",), charges=2, target=Targeting("bleeding"), effect=harvest),))


def setup(game: Game, seat: str) -> None:
    def chase(t: Trigger) -> Resolution:
        h = game.held.get(seat, "追魂")
        if (h is None or h.off or not game.seats[seat].alive
                or game.statuses.blocking(seat, FORCED) is not None):
            return
        for harm, out in list(st(game).night_harms):
            src = harm.source
            if out or src is None or faction(game, src) != WOLVES:
                continue
            if not game.seats[harm.target].alive:
                continue
            forced.acted(game, f"追魂：{harm.target} 承受的{harm.kind}未造成出局", "追魂")
            yield from bleed_or_give(game, "流血", harm.target, None, seat, "追魂")

    def tell_bleeding() -> None:
        h = game.held.get(seat, "收割")
        if h is None or not game.seats[seat].alive or (h.charges or 0) <= 0:
            return
        bleeding = [s for s in game.alive_tuple() if game.statuses.has(s, "流血")]
        game.notify(seat, "当前流血的角色：" + ("、".join(bleeding) or "无"), "收割")

    game.bus.on("night_settled", chase, name="追魂")
    st(game).window_hooks.setdefault("深夜", []).append(tell_bleeding)
