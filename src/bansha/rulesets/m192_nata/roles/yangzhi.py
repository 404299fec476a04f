"""养殖者[群内]⑥ — 有养殖者必有厚皮肉猪。
养殖[开局][强制]——游戏开始时触发此效果：养殖者获知厚皮肉猪的马甲。
精明[黄昏][0]——每有一个获取猪技能的角色出局（包括其他手段获得的猪身份技能），该技能次数增加5次，
游戏日黄昏，养殖者可以消耗对应次数获得如下技能，每个技能只能选择一次，获得的技能使用一次之后就
消失。消耗1次数：通灵[深夜][指定]、守夜[凌晨]；消耗3次数：崩塌狙击[正午][指定][限定]；消耗5
次数：一锤定音[正午][限定]。

精明's pick is the use's `choice` (the skill's name); several picks in one 黄昏 are
several uses ([数值]), each paid in full. "获取猪技能的角色" = a holder of 苟活 at its
out, however it came by it. 守夜 reports every skill used this night, [强制] triggers
included, told when 凌晨 ends: after its count (RULINGS 40)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from bansha.engine import Action, Game
from bansha.engine.abilities import Ability, Effect, Resolution, RoleData, Targeting, Use
from bansha.engine.bus import Trigger
from bansha.engine.held import Origin
from bansha.engine.outs import Harm

from ..common import harm, role, st, tell
from ..flow import AFTER_COUNT
from ..outs import LETHAL
from . import forced, tongling

FARM: Final = "养殖"
SHREWD: Final = "精明"
PIG_SKILL: Final = "苟活"  # 厚皮肉猪's: "获取猪技能的角色"
WATCH: Final = "守夜"
SNIPE: Final = "崩塌狙击"
HAMMER: Final = "一锤定音"
COSTS: Final = {"通灵": 1, WATCH: 1, SNIPE: 3, HAMMER: 5}
PER_PIG: Final = 5
NIGHT_SUBS: Final = ("早夜", "午夜", "深夜", "凌晨")


def _then_gone(effect: Effect) -> Effect:
    """"获得的技能使用一次之后就消失"."""
    def run(game: Game, use: Use) -> Resolution:
        yield from effect(game, use)
        h = game.held.get(use.actor, use.ability)
        if h is not None and h.origin.via == SHREWD:
            game.held.remove(use.actor, use.ability)
            game.trace(f"{use.actor} 的{use.ability}（精明）使用后消失", use.ability)
    return run


def watch(game: Game, use: Use) -> Resolution:
    st(game).watchers.append(use.actor)  # answered when 凌晨's uses are done
    return
    yield


def snipe(game: Game, use: Use) -> Resolution:
    for t in use.final or ():
        yield from harm(game, Harm(LETHAL, t, use.actor, SNIPE, game.moment))


def hammer(game: Game, use: Use) -> Resolution:
    st(game).hammer.add(use.actor)  # "当天养殖者的票权+100票" (day.weight)
    tell(game, use.actor, "一锤定音：今天你的票权+100", HAMMER)
    return
    yield


BOUGHT: Final[dict[str, Ability]] = {
    "通灵": Ability("通灵", ("深夜",), target=Targeting("alive"),
                  effect=_then_gone(tongling.feedback)),
    WATCH: Ability(WATCH, ("凌晨",), effect=_then_gone(watch)),
    SNIPE: Ability(SNIPE, ("正午",), once=True, target=Targeting("alive"),
                   effect=_then_gone(snipe)),
    HAMMER: Ability(HAMMER, ("正午",), once=True, effect=_then_gone(hammer)),
}


def shrewd(game: Game, use: Use) -> Resolution:
    me = use.actor
    pick = use.choice or ""
    h = game.held.get(me, SHREWD)
    if h is None or pick not in BOUGHT:
        return
    if h.charges is not None:
        h.charges -= COSTS[pick] - 1  # the step paid one
    st(game).bought.setdefault(me, set()).add(pick)
    game.held.grant(me, BOUGHT[pick], Origin(role=role(game, me), granted_by=me, via=SHREWD))
    tell(game, me, f"精明：你获得了技能[{pick}]（使用一次之后就消失；精明剩余 {h.charges} 次）",
         SHREWD)
    return
    yield


ROLE: Final[RoleData] = RoleData("养殖者", "狼人阵营", "狼", 6, ("群内",), (
    Ability(FARM, forced=True),
    Ability(SHREWD, ("黄昏",), charges=0, effect=shrewd),))


def pick_problem(game: Game, a: Action) -> str | None:
    """精明: a skill of the list, not chosen before, paid in full with what is left
    after the picks already handed in this 黄昏."""
    pick = a.choice
    if pick not in COSTS:
        return "精明需要选择要获得的技能：" + "、".join(f"{k}（{v}次）" for k, v in COSTS.items())
    queued = [u.choice for u in game.uses.of(a.seat, SHREWD)]
    if pick in st(game).bought.get(a.seat, set()) or pick in queued:
        return f"精明：每个技能只能选择一次（{pick} 已选择过）"
    h = game.held.get(a.seat, SHREWD)
    left = (h.charges or 0) if h is not None else 0
    taken = sum(COSTS.get(q or "", 0) for q in queued)
    if COSTS[pick] + taken > left:
        return f"精明次数不足：{pick} 需要 {COSTS[pick]} 次（剩余 {left} 次" + (
            f"，本阶段已选的技能占用 {taken} 次" if queued else "") + "）"
    return None


def picks(game: Game, seat: str) -> tuple[str, ...]:
    """The skills 精明 can still buy now (offered as its choices)."""
    return tuple(k for k in COSTS if pick_problem(game, Action(seat, SHREWD, choice=k)) is None)


def not_on_election_day(game: Game, seat: str) -> str | None:
    return "崩塌狙击 竞选日不可发动" if game.phase.n == 1 else None


def setup(game: Game, seat: str) -> None:
    state = st(game)
    pigs = [s for s in game.order if role(game, s) == "厚皮肉猪"]
    tell(game, seat, "养殖：厚皮肉猪是 " + ("、".join(pigs) or "（本局没有）"), FARM)

    def on_out(t: Trigger) -> Resolution:
        """"每有一个获取猪技能的角色出局…该技能次数增加5次"."""
        if t.seat is None or game.held.get(t.seat, PIG_SKILL) is None:
            return
        for holder in game.held.holders(SHREWD):
            h = game.held.get(holder, SHREWD)
            if h is not None:
                h.add_charges(PER_PIG)
                tell(game, holder, f"精明：持有猪技能的 {t.seat} 出局，次数+{PER_PIG}"
                     f"（剩余 {h.charges} 次）", SHREWD)
        return
        yield

    game.bus.on("out", on_out, name=SHREWD)

    def collect(sub: str) -> None:
        """The sub-phase's uses in the order they resolved, then the [强制] skills that
        acted in it as triggers (forced.acted)."""
        used = [u.ability for u in game.uses.uses() if u.voided is None and u.window == sub]
        for name in [*used, *forced.tonight(game, sub)]:
            if name not in state.night_skills:
                state.night_skills.append(name)

    def report() -> None:
        """Told when 凌晨 ends ("夜晚阶段，则需要等待当前行动时间段结束之后再通知"), so
        after its count: 追魂 and the count's out triggers are tonight's too."""
        collect("凌晨")
        for who in state.watchers:
            tell(game, who, "守夜：今晚发动的技能：" + ("、".join(state.night_skills) or "无"),
                 WATCH)
        state.watchers = []

    def collector(sub: str) -> Callable[[], None]:
        return lambda: collect(sub)

    for sub in NIGHT_SUBS[:-1]:
        state.close_hooks.setdefault(sub, []).append(collector(sub))
    state.close_hooks.setdefault(AFTER_COUNT, []).append(report)

    def new_night() -> None:
        state.night_skills = []

    def new_day() -> None:
        state.hammer.clear()  # 一锤定音 holds "当天"

    state.window_hooks.setdefault("早夜", []).append(new_night)
    state.window_hooks.setdefault("晨曦", []).append(new_day)
