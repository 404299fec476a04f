"""朱雀⑨ — 涅槃重生[强制]——朱雀出局时触发效果：免于此次出局并清除自己所有负面状态，然后
自己的[业炎][天火]次数+1，村民阵营的强神和弱神判负所需出局人数各减少1。
业炎[午夜][0][指定]——选择目标：任意一名角色。结算效果：结算目标永久获得[业炎]状态。
天火[深夜][指定][1]——选择范围：第二晚开始，任意1名角色。结算效果：若结算目标实际阵营为
[非村民阵营]，对其造成[致死伤害]，否则无效果。

涅槃重生 has no count: it saves every time while it works ([遗忘]/[业炎] switch it off);
红牌罚下 is not saved ("不能发动任何技能") (RULINGS 29)."""

from __future__ import annotations

from typing import Final

from bansha.engine import Game
from bansha.engine.abilities import Ability, Resolution, RoleData, Targeting, Use
from bansha.engine.outs import Harm, Veto, VetoRun
from bansha.engine.statuses import FORCED

from ..common import VILLAGE, faction, give, harm, st, tell
from ..outs import LETHAL, RED
from . import forced

REBIRTH: Final = "涅槃重生"


def karma(game: Game, use: Use) -> Resolution:
    for t in use.final or ():
        give(game, "业炎", t, None, use.actor, use.ability)
    return
    yield


def sky_fire(game: Game, use: Use) -> Resolution:
    for t in use.final or ():
        if faction(game, t) != VILLAGE:
            yield from harm(game, Harm(LETHAL, t, use.actor, use.ability, game.moment))
        else:
            game.trace(f"天火：{t} 是村民阵营，无效果", use.ability)


ROLE: Final[RoleData] = RoleData("朱雀", "村民阵营", "强神", 9, (), (
    Ability(REBIRTH, forced=True),
    Ability("业炎", ("午夜",), charges=0, target=Targeting("alive"), effect=karma),
    Ability("天火", ("深夜",), charges=1, target=Targeting("alive", from_night=2),
            effect=sky_fire),))


def setup(game: Game, seat: str) -> None:
    def veto(h: Harm) -> VetoRun:
        held = game.held.get(seat, REBIRTH)
        if (h.target != seat or h.kind == RED or held is None or held.off
                or game.statuses.blocking(seat, FORCED) is not None):
            return False
        gone = game.statuses.clear(seat, negative=True)
        for name in ("业炎", "天火"):
            s = game.held.get(seat, name)
            if s is not None:
                s.add_charges(1)
        st(game).reborn += 1
        forced.acted(game, f"{seat} 涅槃重生：免于出局（{h.kind}），清除负面状态"
                   + ("（" + "、".join(s.name for s in gone) + "）" if gone else ""), REBIRTH)
        tell(game, seat, "涅槃重生：你免于此次出局，清除所有负面状态，业炎、天火次数+1", REBIRTH)
        return True
        yield

    outs = st(game).outs
    assert outs is not None
    outs.vetoes = [*outs.vetoes, Veto(REBIRTH, veto)]
