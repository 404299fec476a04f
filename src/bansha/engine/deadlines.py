"""A post's 行动时限 / 关门 rules as data: how long each window stays open.

A ruleset declares `Ruleset.deadlines` (a `Deadlines`); `window_deadline(game)`
answers the rule for the window open now (a phase, one of a ruleset's sub-phase
windows, or a prompt that waits for one seat mid-resolution). The platform starts
that countdown when the window opens and, when it runs out, closes the window: every
seat that did not act gets the post's default (the engine's, as `advance` applies it;
a prompt's own `Prompt.default`). A window the data names nowhere opens untimed.

The engine itself never reads a clock: this is data for whoever runs the game."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .game import Game

ANY_PROMPT = ("*",)  # `prompt=ANY_PROMPT`: every prompt of that phase / sub-phase


@dataclass(frozen=True)
class Timed:
    """One timed window. `prompt` () = the phase (or sub-phase) window itself; a
    tuple of skills = a resolution prompt that offers one of them; ANY_PROMPT = any
    prompt there. `phase` "day"/"night" and `sub` a sub-phase name narrow it ("" =
    any); `from_n` leaves out the phases before it (S15's 第零晚 has no minutes)."""

    minutes: float
    default: str  # what expiry means, in the post's words ("视为放弃技能行使")
    rule: str  # the post's sentence the minutes come from
    phase: str = ""
    sub: str = ""
    prompt: tuple[str, ...] = ()
    from_n: int = 0

    def fits(self, kind: str, n: int, sub: str) -> bool:
        return ((not self.phase or self.phase == kind) and (not self.sub or self.sub == sub)
                and n >= self.from_n)


@dataclass(frozen=True)
class Deadlines:
    """Every timed window of a post, first match wins. Empty: no countdowns."""

    timed: tuple[Timed, ...] = ()

    def find(self, kind: str, n: int, sub: str = "",
             prompt_skills: tuple[str, ...] | None = None) -> Timed | None:
        """The rule for a window: a prompt (offering `prompt_skills`) is matched by
        its skills first, then by an ANY_PROMPT entry; a window without a prompt by
        the entries with prompt ()."""
        here = [t for t in self.timed if t.fits(kind, n, sub)]
        if prompt_skills is None:
            return next((t for t in here if not t.prompt), None)
        named = [t for t in here if set(t.prompt) & set(prompt_skills)]
        if named:
            return max(named, key=lambda t: t.minutes)  # the longest of the skills offered
        return next((t for t in here if t.prompt == ANY_PROMPT), None)


def window_deadline(game: Game) -> Timed | None:
    """The post's rule for the window open now in `game`, or None (untimed)."""
    if game.finished:
        return None
    p = game.prompt
    return game.ruleset.deadlines.find(game.phase.kind, game.phase.n, game.sub,
                                       None if p is None else p.skills())
