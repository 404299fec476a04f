"""Bots: act(view, legal, rng) -> Action | None. A bot sees only its seat's view."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol, TypeVar

from bansha.engine import Action, LegalAction

View = Callable[[], dict[str, Any]]  # lazy: computing a view costs time
T = TypeVar("T")


class Bot(Protocol):
    def act(self, view: View, legal: list[LegalAction], rng: random.Random) -> Action | None: ...


def _pick(seq: Sequence[T], rng: random.Random) -> T:
    # one C call (random()) instead of randrange's pure-Python chain: bots pick
    # ~100 times a game and randrange was a tenth of the simulator's calls
    return seq[int(rng.random() * len(seq))]


class RandomBot:
    """Uniform over the legal actions, not acting included where that is legal."""

    name = "random"

    def act(self, view: View, legal: list[LegalAction], rng: random.Random) -> Action | None:
        # Pick a skill first (not acting counts as one option where it is legal), then
        # its target: a skill with many targets must not crowd out "not acting".
        options: list[LegalAction | None] = []
        optional = True
        for la in legal:
            if la.n_targets == 0 or len(la.targets) >= la.n_targets:
                options.append(la)
            optional = optional and la.optional
        if optional:
            options.append(None)
        if not options:
            return None
        pick = options[int(rng.random() * len(options))]  # _pick, inlined (each act)
        if pick is None:
            return None
        if pick.needs_text:  # a declaration (m192 审讯) may also name its one target
            target = _pick(pick.targets, rng) if pick.n_targets == 1 and pick.targets else None
            return Action(pick.seat, pick.skill, target=target, text="……")
        if pick.n_targets == 0:
            choice = _pick(pick.choices, rng) if pick.choices else None
            return Action(pick.seat, pick.skill, choice=choice)
        if pick.n_targets == 1:
            ts = pick.targets  # _pick, inlined
            return Action(pick.seat, pick.skill, target=ts[int(rng.random() * len(ts))])
        return Action(pick.seat, pick.skill,
                      targets=tuple(rng.sample(pick.targets, pick.n_targets)))


BOTS: dict[str, Callable[[], Bot]] = {"random": RandomBot}

# heuristic.py defines the simulator's bots; registered here for `bansha play --bots`.
from .heuristic import HeuristicBot, UniformBot  # noqa: E402

BOTS.update({"heuristic": HeuristicBot, "uniform": UniformBot})

# rulesets' own heuristic policies register themselves in heuristic.POLICIES
from . import m192  # noqa: E402,F401
