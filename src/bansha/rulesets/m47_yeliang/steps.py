"""[M47] the night's shared step: （9）指杀结算 (every 指杀 of (1)–(2), through the
out pipeline with the protections in the post's order)."""

from __future__ import annotations

from bansha.engine import Game
from bansha.engine.ruleset import Resolution

from .state import M47State, StepRun


def kills(game: Game, st: M47State) -> StepRun | None:
    return _kills(game, st) if st.night.kills else None


def _kills(game: Game, st: M47State) -> Resolution:
    for target, by in st.night.kills:
        if not game.alive(target):
            game.trace(f"{by}：{target} 已出局，指杀无效", skill=by, name=target)
            continue
        verdict = yield from st.hit(target, "指杀")
        blocked = verdict.stopped_by
        if blocked is not None:
            game.trace(f"{target} 未因指杀出局：{blocked}", skill=blocked, name=target)
