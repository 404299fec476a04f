"""梼杌[群内]⑨ — 恐虐[午夜][指定]——选择目标：第二晚开始，任意一名角色。结算效果：结算目标
永久获得[业炎]状态，若成功获得此状态，发动者和结算目标互相得知对方马甲和[实际身份]。
残暴[强制][晨曦][黄昏][指定]——出局后的下一个可发动技能的时点触发此效果：选择范围：任意一名
有[业炎]的角色。结算效果：结算目标承受[致死伤害]，然后所有因为[恐虐]得知过发动者的角色丢失
[业炎]状态。

残暴 is [强制]: not chosen when its window closes, a holder of 业炎 is drawn (RULINGS 36)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from bansha.engine import Game
from bansha.engine.abilities import Ability, Resolution, RoleData, Targeting, Use
from bansha.engine.outs import Harm
from bansha.engine.statuses import Added

from .. import rights
from ..common import give, harm, role, st, tell
from ..outs import LETHAL

CRUEL: Final = "残暴"


def terror(game: Game, use: Use) -> Resolution:
    me = use.actor
    for t in use.final or ():
        r = give(game, "业炎", t, None, me, use.ability)
        if isinstance(r, Added):
            st(game).knew_taowu.setdefault(me, set()).add(t)
            tell(game, me, f"恐虐：{t} 的实际身份是{role(game, t)}", use.ability)
            tell(game, t, f"恐虐：{me} 的实际身份是{role(game, me)}", use.ability)
    return
    yield


def cruelty(game: Game, use: Use) -> Resolution:
    me = use.actor
    for t in use.final or ():
        yield from harm(game, Harm(LETHAL, t, me, CRUEL, game.moment))
    for s in sorted(st(game).knew_taowu.get(me, set()), key=game.order.index):
        for k in ("业炎",):
            gone = game.statuses.remove(s, k)
            if gone:
                tell(game, s, "你的[业炎]状态已消失", CRUEL)


ROLE: Final[RoleData] = RoleData("梼杌", "狼人阵营", "狼", 9, ("群内",), (
    Ability("恐虐", ("午夜",), target=Targeting("alive", from_night=2), effect=terror),
    Ability(CRUEL, ("晨曦", "黄昏"), forced=True, after_out=True,
            target=Targeting("karma"), effect=cruelty),))


def setup(game: Game, seat: str) -> None:
    def default(sub: str) -> Resolution:
        h = game.held.get(seat, CRUEL)
        if h is None or not rights.may(game, seat, CRUEL) or h.last_moment() == game.moment:
            return
        pool = [s for s in game.alive_tuple() if game.statuses.has(s, "业炎")]
        if not pool:
            return
        t = game.rng.choice(pool)
        game.trace(f"{seat} 未选择残暴的目标（强制），随机：{t}", CRUEL)
        h.spend(game.moment, (t,))
        yield from cruelty(game, Use(seat, CRUEL, (t,), final=(t,), window=sub))

    def at(sub: str) -> Callable[[], Resolution]:
        return lambda: default(sub)

    for sub in ("晨曦", "黄昏"):
        st(game).close_gens.setdefault(sub, []).append(at(sub))
