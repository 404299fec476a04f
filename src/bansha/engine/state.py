"""Typed ruleset state: each ruleset keeps one object of its own class in
`game.state` (made by `Ruleset.new_state()`), instead of the free-form `game.data`
dict (kept for M47 and S15 until they move). `state_of(game, MyState)` returns it
typed, or says clearly that the game holds something else."""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from .game import Game

T = TypeVar("T")


class StateError(Exception):
    """The game's ruleset state is not of the class asked for."""


def state_of(game: Game, cls: type[T]) -> T:
    s = game.state
    if not isinstance(s, cls):
        have = "nothing" if s is None else type(s).__name__
        raise StateError(f"{game.ruleset.id}: game.state holds {have}, not {cls.__name__}")
    return s
