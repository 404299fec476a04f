"""Play a whole game with bots, through the engine's public API only."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Protocol

from bansha.engine import Game
from bansha.engine.phase import chinese_label

from .bots import Bot, View

MAX_STEPS = 5000
# A bot with `multi_action = True` is asked again after each accepted action
# (a wolf may both kill and summon in one night); this caps the asking.
MAX_ACTIONS_PER_WINDOW = 4


class NoEnd(Exception):  # not RuntimeError: mypyc cannot compile subclasses of it
    """The game did not end within MAX_STEPS inputs (a bug: random play must end)."""


class Talk(Protocol):
    """A public talk channel (sim/talk): bots post claims at each day's start."""

    def day(self, at: str, alive: list[str], view_of: Callable[[str], View]) -> None: ...


def _lazy_view(game: Game, seat: str) -> View:
    return lambda: game.view(seat)


def _view(views: dict[str, View], game: Game, seat: str) -> View:
    got = views.get(seat)
    if got is None:  # a seat the bots' mapping does not list (bots[seat] raises anyway)
        got = views[seat] = _lazy_view(game, seat)
    return got


def play(game: Game, bots: Mapping[str, Bot], rng: random.Random,
         max_days: int | None = None, talk: Talk | None = None) -> Game:
    """Play until the game ends. With `max_days` (the simulator's cap) stop once day
    max_days + 1 is reached and return the game unfinished: the rules may allow a game
    no one can finish (no rule ends it), and a batch of random games must still end.
    The caller reports such a game as capped; nothing in the game itself changes.
    `talk` (talk bots' shared board) runs each day's talk rounds before the vote."""
    steps = 0
    talked = ""  # the day whose talk rounds have run
    # each seat's lazy view and whether its bot acts more than once a window, made once
    # a game: a closure per seat per step (and a getattr) is most of what the driver
    # itself costs a random game; a view is still computed only when a bot calls it
    views: dict[str, View] = {}
    multi: dict[str, bool] = {}
    for seat, bot in bots.items():
        views[seat] = _lazy_view(game, seat)
        multi[seat] = bool(getattr(bot, "multi_action", False))
    while not game.finished:
        if max_days is not None and game.phase.n > max_days:
            return game
        steps += 1
        if steps > MAX_STEPS:
            raise NoEnd(f"{MAX_STEPS} 步后游戏仍未结束（停在{chinese_label(game.phase.label)}）")
        if talk is not None and game.phase.kind == "day" and game.phase.label != talked:
            # forum players talk before they vote: one talk per day, at its opening
            talked = game.phase.label
            talk.day(talked, game.alive_seats(), lambda s: _lazy_view(game, s))
        p = game.prompt
        if p is not None:
            a = bots[p.seat].act(_view(views, game, p.seat), list(p.options), rng)
            if a is not None and game.submit(a) and game.prompt is not p:
                continue
            if game.prompt is p:
                game.advance()
            continue
        for seat, acts in game.pending().items():
            bot = bots[seat]
            # _view, inlined: asked for every seat that may act at every step
            view = views.get(seat) or _view(views, game, seat)
            a = bot.act(view, acts, rng)
            if a is None:
                continue
            accepted = game.submit(a)
            if multi[seat]:
                used = {a.skill}
                for _ in range(MAX_ACTIONS_PER_WINDOW - 1):
                    if not accepted or game.prompt is not None or game.finished:
                        break
                    # offer only skills not used yet in this window
                    more = [la for la in game.legal(seat) if la.skill not in used]
                    a = bot.act(view, more, rng) if more else None
                    if a is None:
                        break
                    used.add(a.skill)
                    accepted = game.submit(a)
        game.advance()
    return game
