"""Inputs a role module takes itself instead of as a Use of a held skill: a reply to
a declaration (审讯's 是/否/无法回答), a setting kept for later (狼外婆's 欺诈天下), the
director's verdict. `applies` says whether this input is one (else the skill's
ordinary path judges it), `problem` why it is refused, `take` applies it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from bansha.engine import Action, Game
from bansha.engine.abilities import Resolution


@dataclass(frozen=True, slots=True)
class Taken:
    applies: Callable[[Game, Action], bool]
    problem: Callable[[Game, Action], str | None]
    take: Callable[[Game, Action], Resolution]


def done() -> Resolution:
    """An input applied with nothing to resolve."""
    return
    yield
