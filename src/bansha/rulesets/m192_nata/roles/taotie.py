"""饕餮[接刀]⑨ — 贪欲[强制]——饕餮获得永久[秩序]，如果[暴食]次数不小于2，技能持有者视为拥有
技能[最后一枪]。每次成为[指定]技能的结算目标时触发此效果：[暴食]技能次数+1，每个相同技能名
只计算一次。
诱食[早夜][指定]——选择范围：任意一名角色，每个角色只能被选择一次。结算效果：若结算目标当夜
使用[指定]技能，你立刻获得反馈：[结算目标使用的技能名]，无论是否指定你都视为触发贪欲（包括
计入技能名），且暴食当晚次数最多增加1。
暴食[深夜][指定][0]——选择范围：第二晚开始，任意一名角色。结算效果：对结算目标造成一次[指杀]。

[接刀] (5L): "所有[群内]狼出局，或所有[群内]狼皆承受永久的[业炎/净化]状态时，[接刀]的角色
获得[杀人]技能并可使用，之后若[群内]狼复活，或状态已清除，则不再接刀" — judged as each
window opens. "每个相同技能名只计算一次": over the whole game (RULINGS 35)."""

from __future__ import annotations

from typing import Final

from bansha.engine import Game
from bansha.engine.abilities import Ability, Resolution, RoleData, Targeting, Use
from bansha.engine.bus import Trigger
from bansha.engine.held import Origin
from bansha.engine.outs import Harm

from ..common import WOLVES, faction, harm, role, st
from ..deal import BY_NAME
from ..outs import KILL
from . import forced
from .lieren import LAST_SHOT
from .pack import KILL_ABILITY

GREED: Final = "贪欲"
FEAST: Final = "暴食"


def lure(game: Game, use: Use) -> Resolution:
    for t in use.final or ():
        st(game).lured[use.actor] = (t, game.phase.n)
    return
    yield


def feast(game: Game, use: Use) -> Resolution:
    for t in use.final or ():
        yield from harm(game, Harm(KILL, t, use.actor, FEAST, game.moment))


ROLE: Final[RoleData] = RoleData("饕餮", "狼人阵营", "狼", 9, ("接刀",), (
    Ability(GREED, forced=True),
    Ability("诱食", ("早夜",), target=Targeting("alive", once_per_target=True), effect=lure),
    Ability(FEAST, ("深夜",), charges=0, target=Targeting("alive", from_night=2), effect=feast),))


def pack_gone(game: Game) -> bool:
    """No [群内] wolf is left out of 出局 and permanent 业炎."""
    state = st(game)
    for s in game.alive_tuple():
        if faction(game, s) != WOLVES:
            continue
        if "群内" not in BY_NAME[role(game, s)].tags and s not in state.pack_joined:
            continue
        if not any(x.until is None for x in game.statuses.of(s)
                   if game.statuses._covers(x.kind, "业炎")):
            return False
    return True


def setup(game: Game, seat: str) -> None:
    state = st(game)
    forced.lasting(game, seat, GREED, ("秩序",))
    counted: set[str] = set()
    lured_gain: dict[int, int] = {}

    def greed_works() -> bool:
        h = game.held.get(seat, GREED)
        return h is not None and not h.off and game.statuses.blocking(seat, "forced") is None

    def gain(name: str, via_lure: bool = False) -> None:
        if name in counted or not greed_works():
            return
        night = game.phase.n
        if via_lure and lured_gain.get(night, 0) >= 1:
            return  # "暴食当晚次数最多增加1"
        counted.add(name)
        if via_lure:
            lured_gain[night] = lured_gain.get(night, 0) + 1
        h = game.held.get(seat, FEAST)
        if h is not None:
            h.add_charges(1)
            forced.acted(game, f"贪欲：{name}，暴食次数+1（{h.charges}）", GREED)
        sync_last_shot()

    def sync_last_shot() -> None:
        """"如果[暴食]次数不小于2，技能持有者视为拥有技能[最后一枪]"."""
        h = game.held.get(seat, FEAST)
        has = game.held.get(seat, LAST_SHOT.name) is not None
        if h is not None and (h.charges or 0) >= 2 and not has:
            game.held.grant(seat, LAST_SHOT, Origin(role="饕餮", via=GREED))
        elif (h is None or (h.charges or 0) < 2) and has and game.seats[seat].alive:
            game.held.remove(seat, LAST_SHOT.name)

    def on_target(t: Trigger) -> Resolution:
        use = t.data["use"]
        if t.seat == seat:
            gain(use.ability)
        lured = state.lured.get(seat)
        if lured is not None and lured == (use.actor, game.phase.n) and game.phase.is_night:
            game.notify(seat, f"诱食：{use.actor} 使用了 {use.ability}", "诱食")  # "立刻"
            gain(use.ability, via_lure=True)
        return
        yield

    def take_knife() -> None:
        has = game.held.get(seat, KILL_ABILITY.name)
        if pack_gone(game) and game.seats[seat].alive:
            if has is None:
                game.held.grant(seat, KILL_ABILITY, Origin(role="饕餮", via="接刀"))
                game.notify(seat, "[接刀]：你获得了杀人", "杀人")
        elif has is not None and has.origin.via == "接刀":
            game.held.remove(seat, KILL_ABILITY.name)
            game.notify(seat, "[群内]狼已恢复，你不再接刀", "杀人")
        sync_last_shot()

    game.bus.on("final_target", on_target, name=GREED)
    for sub in ("开局", "晨曦", "正午", "黄昏", "早夜", "午夜", "深夜", "凌晨"):
        state.window_hooks.setdefault(sub, []).append(take_knife)
