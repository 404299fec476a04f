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
        choices: list[Action | None] = []
        must = [la for la in legal if not la.optional]
        for la in legal:
            if la.needs_text:
                choices.append(Action(la.seat, la.skill, text="……"))
            elif la.n_targets == 0:
                choice = rng.choice(la.choices) if la.choices else None
                choices.append(Action(la.seat, la.skill, choice=choice))
            elif la.n_targets == 1:
                choices.extend(Action(la.seat, la.skill, target=t) for t in la.targets)
            elif len(la.targets) >= la.n_targets:
                choices.append(
                    Action(la.seat, la.skill, targets=tuple(rng.sample(la.targets, la.n_targets)))
                )
        if not must:
            choices.append(None)
        if not choices:
            return None
        # pick a skill first, then a target, so that a skill with many targets does
        # not crowd out "not acting"
        by_skill: dict[str | None, list[Action | None]] = {}
        for c in choices:
            by_skill.setdefault(c.skill if c else None, []).append(c)
        options = by_skill[rng.choice(list(by_skill))]
        return rng.choice(options)


BOTS: dict[str, Callable[[], Bot]] = {"random": RandomBot}
