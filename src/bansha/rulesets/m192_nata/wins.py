"""6L 胜负判定 (each faction's 判负 conditions) and 8L's red cards.

"仅一个阵营未判负时自动获胜。同时判负时，之前未判负的阵营中按照优先级获胜：三方＞狼人＞
村民" — the engine's WinChecker with Ruleset.win_priority; 宗教老爷爷阵营 is the 三方
(RULINGS 3). "阵营被判负后，不予公示，且属于该阵营的角色并不会出局": a loss is only a
director trace. Categories go by the [实际身份], factions by the [实际阵营].
"暂时离开游戏的角色在胜负条件判断上算作存活，永久离开游戏的角色在胜负条件判断上算作出局"
(common.counts_alive).
"""

from __future__ import annotations

from typing import Final

from bansha.engine import Game
from bansha.engine.factions import FactionRule

from .common import ELDER, VILLAGE, WOLVES, category, counts_alive, faction, role, st
from .deal import BY_NAME
from .statuses import PACK

# 村民阵营 3: "村民阵营的验人系出局+强神或弱神判负数量减少4人" (RULINGS 12)
GODS_OUT_FOR_RULE_3: Final = 4


def red_lost(game: Game, name: str) -> bool:
    """"同一阵营的角色累计获得两张或以上红牌时，阵营判负"."""
    reds = sum(c.red for seat, c in game.cards.counts.items() if faction(game, seat) == name)
    return reds >= 2


def may_bear_knife(game: Game, seat: str) -> bool:
    """[群内] or [接刀] now, or able to become so (狼弟 潜藏 while it works); a
    permanent 超度 (业炎) takes it away for good."""
    if not counts_alive(game, seat) or faction(game, seat) != WOLVES:
        return False
    blocked = [x for x in game.statuses.of(seat) if game.statuses._blocks(x.kind, PACK)]
    if any(x.until is None for x in blocked):
        return False
    tags = BY_NAME[role(game, seat)].tags
    if "群内" in tags or "接刀" in tags or seat in st(game).pack_joined:
        return True
    h = game.held.get(seat, "潜藏")
    return role(game, seat) == "狼弟" and (h is None or not h.off)


def wolves_lost(game: Game) -> bool:
    """"狼人阵营不存在任何[群内]或[接刀]的角色，且无法产生新的[群内]或[接刀]角色"."""
    if red_lost(game, WOLVES):
        return True
    return not any(may_bear_knife(game, s) for s in game.order)


def village_lost(game: Game) -> bool:
    """1 验人系+强神全部出局; 2 验人系+弱神全部出局; 3 验人系出局 + 强神或弱神 4 人出局.
    朱雀 涅槃重生: "村民阵营的强神和弱神判负所需出局人数各减少1" per rebirth."""
    if red_lost(game, VILLAGE):
        return True
    mine = [s for s in game.order if faction(game, s) == VILLAGE]

    def out_of(cat: str) -> tuple[int, int]:
        group = [s for s in mine if category(game, s) == cat]
        return sum(1 for s in group if not counts_alive(game, s)), len(group)

    seers_out, seers = out_of("验人系")
    if seers_out < seers:
        return False
    cut = st(game).reborn
    strong_out, strong = out_of("强神")
    weak_out, weak = out_of("弱神")
    if strong_out >= strong - cut or weak_out >= weak - cut:
        return True
    return strong_out + weak_out >= GODS_OUT_FOR_RULE_3 - cut


def elder_seat(game: Game) -> str | None:
    return next((s for s in game.order if role(game, s) == "宗教老爷爷"), None)


def elder_lost(game: Game) -> bool:
    """"宗教老爷爷出局"."""
    seat = elder_seat(game)
    return seat is None or not counts_alive(game, seat) or red_lost(game, ELDER)


def elder_won(game: Game) -> bool:
    """"异端或自己除外的非异端角色全部出局" (RULINGS 13: either group, once chosen)."""
    seat = elder_seat(game)
    heretics = st(game).heretics
    if seat is None or not heretics:
        return False
    others = [s for s in game.order if s != seat and s not in heretics]
    return (all(not counts_alive(game, h) for h in heretics)
            or all(not counts_alive(game, o) for o in others))


def win_rules() -> list[FactionRule[Game]]:
    return [FactionRule(ELDER, elder_lost, elder_won), FactionRule(WOLVES, wolves_lost),
            FactionRule(VILLAGE, village_lost)]
