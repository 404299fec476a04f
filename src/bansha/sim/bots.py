"""Bots: act(view, legal, rng) -> Action | None. A bot sees only its seat's view."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Protocol

from bansha.engine import Action, LegalAction

View = Callable[[], dict[str, Any]]  # lazy: computing a view costs time


class Bot(Protocol):
    def act(self, view: View, legal: list[LegalAction], rng: random.Random) -> Action | None: ...


class RandomBot:
    """Uniform over the legal actions, not acting included where that is legal."""

    name = "random"

    def act(self, view: View, legal: list[LegalAction], rng: random.Random) -> Action | None:
        # Pick a skill first (not acting counts as one option where it is legal), then
        # its target: a skill with many targets must not crowd out "not acting".
        options: list[LegalAction | None] = [
            la for la in legal if la.n_targets == 0 or len(la.targets) >= la.n_targets
        ]
        if all(la.optional for la in legal):
            options.append(None)
        if not options:
            return None
        la = options[rng.randrange(len(options))]
        if la is None:
            return None
        if la.needs_text:
            return Action(la.seat, la.skill, text="……")
        if la.n_targets == 0:
            choice = la.choices[rng.randrange(len(la.choices))] if la.choices else None
            return Action(la.seat, la.skill, choice=choice)
        if la.n_targets == 1:
            return Action(la.seat, la.skill, target=la.targets[rng.randrange(len(la.targets))])
        return Action(la.seat, la.skill, targets=tuple(rng.sample(la.targets, la.n_targets)))


BOTS: dict[str, Callable[[], Bot]] = {"random": RandomBot}

# heuristic.py defines the simulator's bots; registered here for `bansha play --bots`.
from .heuristic import HeuristicBot, UniformBot  # noqa: E402

BOTS.update({"heuristic": HeuristicBot, "uniform": UniformBot})
