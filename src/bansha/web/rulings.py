"""The rulings only a person can make, entered as the director's own inputs.

A director's input names no player: it is `Action("导演", skill, ...)`, judged by the
engine like any other input, stored in the log and replayed. Which ones the open
window offers comes from the game, so the console shows a form for each one the
ruleset has, and none for a ruleset without:

- 加速, the engine's own director input (engine/speedup.py), offered on a day where
  the post has 加速 (its forum rules' `speed_requests`) and it is not entered yet;
- whatever the ruleset lists through its `director_inputs(game)` hook: a ruleset
  whose post leaves a judgement to the director (m192's 审讯 correctness, 寡言
  breaches) returns one LegalAction per judgement open now, with seat "导演", its
  targets, its choices (e.g. 正确/错误) and whether it takes a text. The hook is
  read duck-typed, so a ruleset written after the platform is picked up with no
  platform change.

Cards with a reason are entered on their own form (`判罚`, cards.py of the engine).
"""

from __future__ import annotations

import logging
from typing import Any

from bansha.engine import Game, LegalAction

log = logging.getLogger("bansha.web")

DIRECTOR_SEAT = "导演"
SPEEDUP = "加速"
HOOK = "director_inputs"


def director_inputs(game: Game) -> list[LegalAction]:
    """The director's inputs the open window offers, the ruleset's first."""
    if game.finished:
        return []
    out: list[LegalAction] = []
    hook = getattr(game.ruleset, HOOK, None)
    if callable(hook):
        try:
            offered: Any = hook(game)
            out += [la for la in offered if isinstance(la, LegalAction)]
        except Exception:  # a ruleset's bug must not take the console down
            log.exception("%s.%s raised", game.ruleset.id, HOOK)
    view = game.public_view()
    day = str(view.get("at", game.outcome().at)).startswith("day")
    if (getattr(game.ruleset.forum_rules, "speed_requests", False) and day
            and game.prompt is None and not view.get("accelerated")
            and not any(la.skill == SPEEDUP for la in out)):
        out.append(LegalAction(DIRECTOR_SEAT, SPEEDUP, (), n_targets=0))
    return out


def offered(game: Game, skill: str) -> LegalAction | None:
    return next((la for la in director_inputs(game) if la.skill == skill), None)
