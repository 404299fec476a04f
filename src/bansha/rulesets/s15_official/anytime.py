"""[S15] skills that take effect the moment they are used, outside the night order
(the order table's INSTANT windows): 刺客【行刺】 ("该角色立即出局"), 死士【死节】
("任意时间主动出局"), 忏悔者【忏悔】 ("任意时刻"), 狼使【出使】 ("游戏日白天或夜晚"),
each run by its effect in its role's module, and last words (遗言). Each use is one
step of its own: the win check follows it."""

from __future__ import annotations

from bansha.engine import Action, Game, Phase
from bansha.engine.ruleset import Resolution

from . import wins
from .identity import pack
from .outs import leave_pack
from .roles import SKILL_OF
from .skill import use_of


def resolve(game: Game, a: Action) -> Resolution:
    if a.skill == "遗言":
        store_lastwords(game, a.seat, a.text or "")
        return
    held = game.held.get(a.seat, a.skill)
    assert held is not None  # check_submit refused a skill not held
    held.spend(game.moment, a.all_targets())
    effect = SKILL_OF[a.skill].ability.effect
    if effect is not None:
        yield from effect(game, use_of(a))
    wins.check(game)


# ---- last words -----------------------------------------------------------------
def out_is_public(game: Game, seat: str) -> bool:
    """An out by day is public at once; an out at night from the next day on."""
    s = game.seats[seat]
    if s.alive or s.out_at is None:
        return False
    when = Phase.parse(s.out_at)
    return not when.is_night or game.phase.index > when.index


def store_lastwords(game: Game, seat: str, text: str) -> None:
    game.lastwords.store(seat, text)
    game.trace(f"{seat} 提交遗言", skill="遗言")
    publish_lastwords(game, closing=False)


def past_deadline(game: Game, seat: str, day_over: bool) -> bool:
    """RULINGS R-23: the right of an out by day lasts until the next day starts; an out
    at night is told at step 17 "判定濒死状态的角色出局，并通知准备遗言", and the right lasts
    until the discussion of the next day ends (its count, 20.计票确定出局者)."""
    out_at = game.seats[seat].out_at
    if out_at is None:
        return False
    when, now = Phase.parse(out_at), game.phase.index
    if not when.is_night:
        return now > when.index
    return (day_over and now > when.index) or now > when.index + 1


def publish_lastwords(game: Game, closing: bool, day_over: bool = False) -> None:
    """Publish the last words of public outs, in the order of going out; with `closing`
    (a day starts, or with `day_over` its discussion ends) a right whose deadline has
    passed with no words is given up."""
    lw = game.lastwords
    for n in lw.waiting():  # rights are given in the order of going out
        if not out_is_public(game, n):
            continue
        if n in lw.texts:
            lw.close(n)
            game.announce(f"{n} 的遗言：{lw.texts[n]}")
        elif closing and past_deadline(game, n, day_over):
            lw.close(n)
            game.trace(f"{n} 未在时限内提交遗言，视为放弃", skill="遗言", name=n)
        if n in lw.closed and n in pack(game):
            leave_pack(game, n)  # 11X: the wolf leaves the pack once his last words end
