"""阴阳使者⑥ — 复活[1][凌晨][指定]——选择范围：任意一名上一个白天宣布出局的角色。
结算效果：目标在下一个[晨曦]阶段开始时复活，所有状态按出局时为准。

The revival is announced (RULINGS 28: the thread must know the character is back)."""

from __future__ import annotations

from typing import Final

from bansha.engine import Game
from bansha.engine.abilities import Ability, Resolution, RoleData, Targeting, Use

from ..common import st


def revive(game: Game, use: Use) -> Resolution:
    for t in use.final or ():
        st(game).dawn_revivals.append(t)
        game.trace(f"{t} 将在下一个晨曦开始时复活", use.ability)
    return
    yield


def setup(game: Game, seat: str) -> None:
    hooks = st(game).window_hooks.setdefault("晨曦", [])
    if not any(getattr(h, "__name__", "") == "_dawn" for h in hooks):
        def _dawn() -> None:
            at_dawn(game)
        hooks.append(_dawn)


ROLE: Final[RoleData] = RoleData("阴阳使者", "村民阵营", "强神", 6, (), (
    Ability("复活", ("凌晨",), charges=1, target=Targeting("out_yesterday"), effect=revive),))


def at_dawn(game: Game) -> None:
    """Called when 晨曦 opens: the revivals due."""
    state = st(game)
    outs = state.outs
    assert outs is not None
    due, state.dawn_revivals = state.dawn_revivals, []
    for seat in due:
        if game.seats[seat].alive:
            continue
        rec = outs.revive(seat)
        game.set_alive(seat, True)
        game.seats[seat].out_cause = None
        game.statuses.restore(seat, rec.statuses if rec is not None else ())
        game.announce(f"{seat} 复活，重新回到游戏")
        game.notify(seat, "你已复活，重新回到游戏（所有状态按出局时为准）", "复活")
