"""Skills used after their holder's out, "出局后的下一个可发动技能的时点" (猎人 最后一枪,
梼杌 残暴, 天命人 薪火相传, 赤狐神女 灵狐灿世 "也可以在出局后的下一个可发动时点发动").

At the out a right opens for each such skill the seat holds (its own exclusions
checked by the role: 猎人 "若不是因为连带出局或村民阵营的夜晚技能出局"); it is bound to
the first window of one of the skill's sub-phases that opens after the out — or to the
window running when the out happened, if that window's uses are still to come (a 黄昏
exile is counted before 黄昏's skills) — and ends when that window closes (RULINGS 19)."""

from __future__ import annotations

from bansha.engine import Game
from bansha.engine.outs import Harm

from .common import VILLAGE, faction, st


def opened(game: Game, seat: str, h: Harm) -> None:
    state = st(game)
    for held in game.held.of(seat):
        a = held.ability
        if not a.after_out or held.off:
            continue
        if a.name == "最后一枪" and (h.chained or (
                game.phase.is_night and h.source is not None
                and faction(game, h.source) == VILLAGE)):
            game.trace(f"{seat} 的最后一枪不能发动（连带出局或村民阵营的夜晚技能出局）", a.name)
            continue
        # out while the vote of 黄昏 is counted: this 黄昏's window is still to come
        bind = game.moment if (game.sub in a.windows and not state.window_ran) else None
        state.rights.setdefault(seat, {})[a.name] = bind
        game.trace(f"{seat} 出局：{a.name} 可在下一个可发动时点发动", a.name)


def bind(game: Game) -> None:
    """A window opens: open rights with no window yet take this one, if it fits."""
    for seat, rs in st(game).rights.items():
        for skill, at in rs.items():
            h = game.held.get(seat, skill)
            if at is None and h is not None and game.sub in h.ability.windows:
                rs[skill] = game.moment
                game.notify(seat, f"你可以发动{skill}（本阶段内）", skill)


def close(game: Game) -> None:
    """A window closed: the rights bound to it are gone, used or not."""
    here = game.moment
    for rs in st(game).rights.values():
        for skill in [k for k, at in rs.items() if at is not None and at == here]:
            del rs[skill]


def may(game: Game, seat: str, skill: str) -> bool:
    at = st(game).rights.get(seat, {}).get(skill, None)
    return at is not None and at == game.moment
