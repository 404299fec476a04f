"""[S15] taking a window's submitted uses of one skill as its step comes up: the
ones that can no longer take effect are refused; each use is spent as it is taken;
a use by a character 摇落 shook that night is spent and void."""

from __future__ import annotations

from bansha.engine import Action, Game

from .legality import skill_reason, target_reason
from .statuses import SHAKEN


def take(game: Game, skill: str) -> list[Action]:
    """This step's submitted actions for `skill` (in submission order); refuse the
    ones that can no longer take effect."""
    taken: list[Action] = []
    for u in game.uses.take_every(lambda u: u.ability == skill and not u.key.endswith("/移交")):
        a = u.input()
        reason = skill_reason(game, a.seat, skill) or target_reason(game, a.seat, skill, a.target)
        if reason is not None:
            game.reject(a, reason)
            continue
        taken.append(a)
    return taken


def take_spent(game: Game, skill: str, shakeable: bool) -> list[Action]:
    """The actions for a targeted skill that still take effect, each spent as it is
    taken. With `shakeable`, a use by a seat 摇落 shook is spent and void."""
    used: list[Action] = []
    for a in take(game, skill):
        assert a.target is not None  # target_reason refused untargeted ones
        if shakeable and shaken(game, a):
            continue
        spend(game, a)
        used.append(a)
    return used


def spend(game: Game, a: Action) -> None:
    held = game.held.get(a.seat, a.skill)
    if held is not None:
        held.spend(game.moment, a.all_targets())


def shaken(game: Game, a: Action) -> bool:
    """摇落: "该若角色为普通身份，则当晚发动的技能无效" — used (spent) but void."""
    if not game.statuses.has(a.seat, SHAKEN):
        return False
    spend(game, a)
    game.trace(f"摇落：{a.seat} 当晚发动的{a.skill}无效", skill="摇落", name=a.seat)
    return True


def shaken_tonight(game: Game, seat: str) -> bool:
    return game.phase.is_night and game.statuses.has(seat, SHAKEN)
