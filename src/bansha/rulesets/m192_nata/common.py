"""Small helpers every role module uses: the typed state, the seats' roles and
categories, the harm entry points (day: at once; night: the ledger), news."""

from __future__ import annotations

from typing import Final

from bansha.engine import Game
from bansha.engine.abilities import Resolution
from bansha.engine.moment import Until
from bansha.engine.outs import Harm
from bansha.engine.state import state_of
from bansha.engine.statuses import Added, Escalated, Refused, Result

from .deal import BY_NAME
from .state import NataState

WOLVES: Final = "狼人阵营"
VILLAGE: Final = "村民阵营"
ELDER: Final = "宗教老爷爷阵营"


def st(game: Game) -> NataState:
    # asked thousands of times a game (legality, every seat, every step): the exact
    # class is the common case, state_of's checked path the rest
    s = game.shape.state  # not the `state` property: one attribute read fewer
    if type(s) is NataState:
        return s
    return state_of(game, NataState)


def role(game: Game, seat: str) -> str:
    """The seat's [实际身份] (never changed by anything)."""
    return game.seats[seat].role


def category(game: Game, seat: str) -> str:
    """The pool the seat's actual identity is from: 狼, 验人系, 强神, 弱神, 独立."""
    return BY_NAME[role(game, seat)].pool


def faction(game: Game, seat: str) -> str:
    """[实际阵营] (it may change; the role's own faction at the deal)."""
    return game.seats[seat].faction


def tell(game: Game, to: str, text: str, skill: str | None = None) -> None:
    """Private news: at once by day; by night when the running sub-phase ends
    ("夜晚阶段，则需要等待当前行动时间段结束之后再通知")."""
    if game.phase.is_night and game.sub:
        game.news.hold((to,), text, game.moment, skill)
    else:
        game.notify(to, text, skill)


def harm(game: Game, h: Harm) -> Resolution:
    """A damage: by night it waits for 凌晨's 电梯楼顺序统计出局名单; by day it goes
    through the 出局结算流程 at once."""
    if h.at is None:
        h.at = game.moment
    state = st(game)
    if h.target in state.left:  # "也不受其他技能影响"
        game.trace(f"{h.target} 已离开游戏，不受{h.skill or h.kind}影响", h.skill)
        return
    if game.phase.is_night:
        game.trace(f"{h.target} 承受{h.kind}（{h.skill or '未知来源'}），待凌晨统计", h.skill)
        state.pending.append(h)
        return
    assert state.outs is not None
    yield from state.outs.hit(h)


def alive_in_ring(game: Game) -> list[str]:
    return [s for s in game.alive_tuple() if s not in st(game).left]


def present(game: Game, seat: str) -> bool:
    """Not 离开游戏: "离开游戏的角色在电梯楼中消失，所有技能失效，不能发言投票和被投票，
    也不受其他技能影响"."""
    return seat not in st(game).left


def in_play(game: Game, seat: str) -> bool:
    """Alive and not left the game: what skills may act on and be used by."""
    return game.seats[seat].alive and seat not in st(game).left


def counts_alive(game: Game, seat: str) -> bool:
    """Alive for the win lines: "暂时离开游戏的角色在胜负条件判断上算作存活，永久离开游戏的
    角色在胜负条件判断上算作出局"."""
    return game.seats[seat].alive and st(game).left.get(seat) != "永久"


def ring(game: Game, keep: str | None = None) -> list[str]:
    """The 电梯楼 (冲撞 may have moved seats) without those who left the game
    ("离开游戏的角色在电梯楼中消失"); `keep` stays in it (the seat one counts from)."""
    state = st(game)
    order = state.ring or list(game.order)
    if not state.left:
        return order
    return [s for s in order if s not in state.left or s == keep]


def pack_members(game: Game) -> list[str]:
    """The [群内] wolves now: alive, of 狼人阵营, with the tag (狼弟 after 潜藏) and no
    [超度] ("会丢失且无法获得[群内]或[接刀]标签，直到状态消除才还原")."""
    from .statuses import PACK
    out = []
    state = st(game)
    for s in game.alive_tuple():
        if faction(game, s) != WOLVES or game.statuses.blocking(s, PACK) is not None:
            continue
        if s in state.left:  # "所有技能失效"
            continue
        if "群内" in BY_NAME[role(game, s)].tags or s in st(game).pack_joined:
            out.append(s)
    return out


def give(game: Game, name: str, holder: str, until: Until | None, source: str | None,
         skill: str | None, forced: bool = False) -> Result:
    """A status given: the holder is told as 3L says (negative ones with their end
    time, 流血 never, 遗忘 only to a holder of a [强制] skill, 超度 only to one who
    带刀; non-negative ones not), a second 流血 becomes 致死伤害 (the caller deals it)."""
    if holder in st(game).left:  # "也不受其他技能影响"
        r: Result = Refused(name, holder, "离开游戏")
        game.trace(f"{holder} 已离开游戏，不获得[{name}]", skill)
        return r
    r = game.statuses.add(name, holder, game.moment, until, source, skill, forced=forced)
    if isinstance(r, Added):
        kind = r.status.kind
        if game.statuses._covers(kind, "遗忘"):  # "持续生效的效果也会一并失去"
            for h in game.held.of(holder):
                if h.ability.forced:
                    game.statuses.end_skill(holder, h.name)
        if kind.visible and _told(game, holder, kind.name):
            end = until.text() if until is not None else "永久"
            tell(game, holder, f"你获得了[{name}]状态（{end}）", skill)
        game.trace(f"{holder} 获得[{kind.name}]（{skill or '—'}）", skill)
    elif isinstance(r, Refused):
        game.trace(r.reason, skill)
    return r


def _told(game: Game, holder: str, name: str) -> bool:
    if name == "遗忘":
        return any(h.ability.forced for h in game.held.of(holder))
    if name == "超度":
        return game.held.get(holder, "杀人") is not None
    return True


def bleed_or_give(game: Game, name: str, holder: str, until: Until | None,
                  source: str | None, skill: str) -> Resolution:
    """give(), dealing the 致死伤害 a second 流血 turns into."""
    r = give(game, name, holder, until, source, skill)
    if isinstance(r, Escalated):
        yield from harm(game, Harm(r.damage, holder, source, skill, game.moment))


def surface_role(game: Game, seat: str) -> str:
    """[表面身份]: the last disguise, or the actual identity."""
    return game.seats[seat].cards[0].appears("role", "check")
