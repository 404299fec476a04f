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

Each offered LegalAction is drawn as a form from its data alone (macros.legal_form):
a seat target (`targets`, `n_targets`), a verdict (`choices`: 正确/错误, 是/否, ...),
a reason (`needs_text`), or any mix of them. Before the engine judges a ruling,
`ruling_problem` checks it fits one of the offered forms and says what does not (the
API's callers are not held to the form's select boxes).

Cards with a reason are entered on their own form (`判罚`, cards.py of the engine).
"""

from __future__ import annotations

import logging
from typing import Any

from bansha.engine import Action, Game, LegalAction

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


def ruling_problem(game: Game, action: Action) -> str | None:
    """Why `action` fits none of the director's inputs open now (None: it fits one;
    the engine judges it next)."""
    forms = director_inputs(game)
    same = [la for la in forms if la.skill == action.skill]
    if not same:
        now = "、".join(dict.fromkeys(la.skill for la in forms))
        return f"本窗口没有导演裁定“{action.skill}”" + (f"（现在可裁定：{now}）" if now else "")
    problems = [_misfit(la, action) for la in same]
    return None if None in problems else problems[0]


def _misfit(la: LegalAction, a: Action) -> str | None:
    chosen = a.all_targets()
    if la.n_targets == 0 and chosen:
        return f"{la.skill} 不需要目标"
    if la.n_targets > 0 and la.targets:
        if len(chosen) != la.n_targets:
            return f"{la.skill} 需要选择 {la.n_targets} 个目标"
        bad = [t for t in chosen if t not in la.targets]
        if bad:
            return f"{bad[0]} 不是 {la.skill} 可选的目标（可选：{'、'.join(la.targets)}）"
    if la.choices and a.choice not in la.choices:
        return f"{la.skill} 需要裁定为 {'、'.join(la.choices)} 之一"
    if la.needs_text and not (a.text or "").strip():
        return f"{la.skill} 需要写明理由"
    return None
