"""纵火犯⑤ — 纵火[午夜][指定][限定]——选择范围：任意一名角色。结算效果：结算目标获得[业炎]
状态，若当晚[杀人]的结算目标正好是纵火的结算目标，则[杀人]无效，纵火目标电梯楼下方的第一
名可以杀人的狼人阵营角色受到[致死伤害]。

纵火 (午夜) resolves before 杀人 (深夜2): the check is made when 杀人 is routed to its
final target (RULINGS 26); "可以杀人" = holds 杀人 and no [缴械]/[超度]."""

from __future__ import annotations

from typing import Final

from bansha.engine import Game
from bansha.engine.abilities import Ability, Resolution, RoleData, Targeting, Use
from bansha.engine.bus import Trigger
from bansha.engine.outs import Harm
from bansha.engine.statuses import KILL

from ..common import WOLVES, faction, give, harm, st
from ..common import ring as ring_of
from ..outs import LETHAL

SKILL: Final = "纵火"


def arson(game: Game, use: Use) -> Resolution:
    for t in use.final or ():
        give(game, "业炎", t, None, use.actor, use.ability)
        st(game).arson_targets.append((t, game.phase.n))
    return
    yield


ROLE: Final[RoleData] = RoleData("纵火犯", "村民阵营", "弱神", 5, (), (
    Ability(SKILL, ("午夜",), once=True, target=Targeting("alive"), effect=arson),))


def can_kill(game: Game, seat: str) -> bool:
    return (game.seats[seat].alive and faction(game, seat) == WOLVES
            and game.held.get(seat, "杀人") is not None
            and game.statuses.blocking(seat, KILL) is None)


def below(game: Game, seat: str) -> str | None:
    ring = ring_of(game, seat)  # "离开游戏的角色在电梯楼中消失"
    i = ring.index(seat)
    for k in range(1, len(ring)):
        s = ring[(i + k) % len(ring)]
        if can_kill(game, s):
            return s
    return None


def setup(game: Game, seat: str) -> None:
    def on_kill(t: Trigger) -> Resolution:
        use = t.data["use"]
        state = st(game)
        if use.ability != "杀人" or (t.seat, game.phase.n) not in state.arson_targets:
            return
        if use.voided is not None:
            return
        use.voided = "纵火"
        use.final = ()
        game.trace(f"杀人的结算目标正好是纵火的结算目标 {t.seat}：杀人无效", SKILL)
        wolf = below(game, t.seat or "")
        if wolf is not None:
            yield from harm(game, Harm(LETHAL, wolf, seat, SKILL, game.moment))

    game.bus.on("final_target", on_kill, priority=-10, name=SKILL)
