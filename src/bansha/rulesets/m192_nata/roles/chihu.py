"""赤狐神女⑩ — 神女秘法[凌晨][0]——该技能每个奇数日夜晚次数+1，发动此技能后获得反馈：当晚将要
出局与赤狐神女阵营相同的角色。
煏祸相依（福祸相依）[凌晨][指定]——选择范围：除自己外任意一名在[神女秘法]反馈名单的角色。结算
效果：结算目标永久获得[业炎]状态，并获得[不死]状态持续至夜晚结束，然后若成功赋予上述状态，
则[灵狐灿世]次数+1。
灵狐灿世[晨曦][黄昏][指定][1]——选择范围：竞选日不可发动，任意一名角色，该技能也可以在出局后的
下一个可发动时点发动。发动效果：发动者失去所有技能。结算效果：结算目标承受[致死伤害]，若结算
目标的[实际阵营]是[狼人阵营]或结算目标未出局，则该技能尚未结算的效果不再进行结算。
PS：若一次性发动多次灵狐灿世时，需要安排一个击杀顺序，若前面的被击杀角色有狼人阵营的或者因为
一些原因没有造成击杀，则后续的击杀无效化。

神女秘法 answers at once within 凌晨 (福祸相依, later in the same step, chooses from its
list); "将要出局" = the night's harms no status would stop now (RULINGS 37). Several
灵狐灿世 of one window are one 发动 in their given order."""

from __future__ import annotations

from typing import Final

from bansha.engine import Game
from bansha.engine.abilities import Ability, Resolution, RoleData, Targeting, Use
from bansha.engine.moment import Until
from bansha.engine.outs import Harm
from bansha.engine.statuses import Added

from ..common import WOLVES, faction, give, harm, st, tell
from ..outs import LETHAL, stops

ORACLE: Final = "神女秘法"
TWIST: Final = "福祸相依"  # the order list's spelling
TWIST_AS_WRITTEN: Final = "煏祸相依"  # the role text's: one skill (RULINGS 5)
BURST: Final = "灵狐灿世"


def will_go_out(game: Game, seat: str) -> list[str]:
    """Seats of the actor's faction the night's harms would take out (statuses now)."""
    mine = faction(game, seat)
    out: list[str] = []
    for h in st(game).pending:
        t = h.target
        if t in out or not game.seats[t].alive or faction(game, t) != mine:
            continue
        if any(stops(s.name, h.kind) for s in game.statuses.of(t)):
            continue
        out.append(t)
    return out


def oracle(game: Game, use: Use) -> Resolution:
    names = will_go_out(game, use.actor)
    st(game).oracle[use.actor] = names
    game.notify(use.actor, "神女秘法：当晚将要出局的同阵营角色：" + ("、".join(names) or "无"),
                ORACLE)
    return
    yield


def twist(game: Game, use: Use) -> Resolution:
    me = use.actor
    for t in use.final or ():
        a = give(game, "业炎", t, None, me, TWIST)
        b = give(game, "不死", t, Until("end", part="night"), me, TWIST)
        if isinstance(a, Added) and isinstance(b, Added):
            h = game.held.get(me, BURST)
            if h is not None:
                h.add_charges(1)
                tell(game, me, f"福祸相依：灵狐灿世次数+1（{h.charges}）", TWIST)
    return
    yield


def _one(game: Game, use: Use, go_on: list[bool]) -> Resolution:
    """结算效果 of one 灵狐灿世: False in go_on stops the rest."""
    final = use.final or ()
    if not final:
        go_on[0] = False
        return
    t = final[0]
    yield from harm(game, Harm(LETHAL, t, use.actor, BURST, game.moment))
    if faction(game, t) == WOLVES or game.seats[t].alive:
        go_on[0] = False
        game.trace(f"灵狐灿世：{t} " + ("是狼人阵营" if faction(game, t) == WOLVES else "未出局")
                   + "，后续的击杀无效化", BURST)


def burst(game: Game, use: Use) -> Resolution:
    me = use.actor
    run = game.window
    others = run.void(lambda u: u.actor == me and u.ability == BURST, "同一次发动") if run else []
    h = game.held.get(me, BURST)
    for u in others:
        if h is not None:
            h.spend(game.moment, u.chosen)
    lost = game.held.remove_all(me)  # 发动效果: "发动者失去所有技能"
    game.trace(f"{me} 失去所有技能：{'、'.join(x.name for x in lost)}", BURST)
    go_on = [True]
    yield from _one(game, use, go_on)
    pipeline = st(game).targets
    for u in others:
        if not go_on[0]:
            break
        u.voided = None
        yield from pipeline.resolve(game, u, game.moment,
                                    lambda g, uu: _one(g, uu, go_on))


ROLE: Final[RoleData] = RoleData("赤狐神女", "村民阵营", "强神", 10, (), (
    Ability(ORACLE, ("凌晨",), charges=0, effect=oracle),
    Ability(TWIST, ("凌晨",), target=Targeting("oracle"), effect=twist),
    Ability(TWIST_AS_WRITTEN, ("凌晨",), target=Targeting("oracle"), effect=twist),
    Ability(BURST, ("晨曦", "黄昏"), charges=1, target=Targeting("alive"), after_out=True,
            effect=burst),))


def setup(game: Game, seat: str) -> None:
    def odd_night() -> None:
        """"该技能每个奇数日夜晚次数+1"."""
        h = game.held.get(seat, ORACLE)
        if h is not None and game.phase.n % 2 == 1:
            h.add_charges(1)

    st(game).window_hooks.setdefault("早夜", []).append(odd_night)


def one_twist(game: Game, seat: str) -> str | None:
    """The two spellings are one skill: one use a night."""
    if any(game.uses.of(seat, n) for n in (TWIST, TWIST_AS_WRITTEN)):
        return "福祸相依（煏祸相依）本阶段已提交"
    return None


def not_on_election_day(game: Game, seat: str) -> str | None:
    return "灵狐灿世 竞选日不可发动" if game.phase.n == 1 else None
