"""狼兄[群内]⑥ and 狼弟⑧ — "与狼弟互知不共群，有狼兄必有狼弟" (and back).

狼兄 暴怒[深夜][指定][限定]——选择范围：狼弟出局后，可选任意一名角色。结算效果：对结算目标
造成[穿透]。
狼弟 潜藏[开局][黄昏][强制]——游戏开局，狼弟可以设置自己的全部表面伪装。黄昏结束后，狼兄
处于出局状态时触发此效果：狼弟获得[群内]标签，然后本技能失效。
狼弟 继承[早夜][指定][强制][限定]——有[群内]标签时触发效果：选择范围：任意一名角色。结算
效果：对结算目标造成[致死伤害]。

"互知": each is told the other's seat at the start. 继承 is [强制]: not chosen by the end
of the first 早夜 with [群内], a target is drawn at random (RULINGS 32)."""

from __future__ import annotations

from typing import Final

from bansha.engine import Game
from bansha.engine.abilities import Ability, Resolution, RoleData, Targeting, Use
from bansha.engine.held import Origin
from bansha.engine.outs import Harm

from ..common import harm, role, st
from ..outs import LETHAL, PIERCE
from . import disguise, forced
from .pack import KILL_ABILITY


def fury(game: Game, use: Use) -> Resolution:
    for t in use.final or ():
        yield from harm(game, Harm(PIERCE, t, use.actor, use.ability, game.moment))


def hide(game: Game, use: Use) -> Resolution:
    disguise.apply(game, use.actor, use.choice, "潜藏")
    return
    yield


def inherit(game: Game, use: Use) -> Resolution:
    for t in use.final or ():
        yield from harm(game, Harm(LETHAL, t, use.actor, use.ability, game.moment))


ELDER: Final[RoleData] = RoleData("狼兄", "狼人阵营", "狼", 6, ("群内",), (
    Ability("暴怒", ("深夜",), once=True, target=Targeting("alive"), effect=fury),))
YOUNGER: Final[RoleData] = RoleData("狼弟", "狼人阵营", "狼", 8, (), (
    Ability("潜藏", ("开局", "黄昏"), forced=True, effect=hide),
    Ability("继承", ("早夜",), forced=True, once=True, target=Targeting("alive"),
            effect=inherit),))


def brother(game: Game, seat: str, name: str) -> str | None:
    return next((s for s in game.order if s != seat and role(game, s) == name), None)


def setup_elder(game: Game, seat: str) -> None:
    other = brother(game, seat, "狼弟")
    if other is not None:
        game.notify(seat, f"狼弟是 {other}（互知不共群）", "暴怒")


def setup_younger(game: Game, seat: str) -> None:
    other = brother(game, seat, "狼兄")
    if other is not None:
        game.notify(seat, f"狼兄是 {other}（互知不共群）", "潜藏")
    state = st(game)

    def after_dusk() -> None:
        """"黄昏结束后，狼兄处于出局状态时触发此效果"."""
        h = game.held.get(seat, "潜藏")
        if h is None or h.off or not game.seats[seat].alive or other is None:
            return
        if game.seats[other].alive:
            return
        state.pack_joined.add(seat)
        if game.held.get(seat, KILL_ABILITY.name) is None:
            game.held.grant(seat, KILL_ABILITY, Origin(role="狼弟", via="潜藏"))
        game.notify(seat, "狼兄已出局：你获得[群内]标签，加入狼群", "潜藏")
        forced.end(game, seat, "潜藏", "获得[群内]标签")

    def inherit_default() -> Resolution:
        h = game.held.get(seat, "继承")
        if (h is None or seat not in state.pack_joined or not game.seats[seat].alive
                or (h.charges or 0) <= 0):
            return
        pool = [s for s in game.alive_tuple() if s != seat]
        target = game.rng.choice(pool)
        forced.acted(game, f"{seat} 未选择继承的目标（强制），随机：{target}", "继承")
        h.spend(game.moment, (target,))
        yield from harm(game, Harm(LETHAL, target, seat, "继承", game.moment))

    state.close_hooks.setdefault("黄昏", []).append(after_dusk)
    state.close_gens.setdefault("早夜", []).append(inherit_default)


def may_fury(game: Game, seat: str) -> str | None:
    other = brother(game, seat, "狼弟")
    if other is not None and game.seats[other].alive:
        return "暴怒 只能在狼弟出局后发动"
    return None


def may_inherit(game: Game, seat: str) -> str | None:
    return None if seat in st(game).pack_joined else "继承 只有获得[群内]标签后才能发动"


def hide_offers(game: Game, seat: str) -> tuple[str, ...]:
    """潜藏 at 开局: every full disguise ("可以设置自己的全部表面伪装"; optional)."""
    return disguise.settings() if game.sub == "开局" else ()


def may_hide(game: Game, seat: str) -> str | None:
    return "潜藏 在黄昏结束后自动结算，无需发动" if game.sub == "黄昏" else None
