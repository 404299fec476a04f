"""Resolving an open part (a day or a night) by the ruleset's schedule.

For each sub-phase the calendar declares, in order: statuses, redirects and
temporary skills that end as it starts go; its uses run in the schedule's order
(`order_uses`) through a `WindowRun` — each use that its actor still holds goes
through the target pipeline (redirect stages, voids, "final_target" triggers) to its
ability's effect; then what ends with the sub-phase ends and its held news is
delivered (m192 "夜晚阶段，则需要等待当前行动时间段结束之后再通知"). Each status
that ends fires "status_end" on the bus. The effect
reaches the running window as `game.window` (to insert a use or void later ones).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .abilities import Resolution, Use
from .bus import Trigger
from .moment import Edge, Moment, Part
from .schedule import order_uses
from .targets import TargetPipeline
from .window import WindowRun

if TYPE_CHECKING:
    from .game import Game


def cross(game: Game, pipeline: TargetPipeline, e: Edge, at: Moment) -> Resolution:
    """Cross a boundary; each status that ends fires "status_end" (the ruleset says
    whether and how the holder is told)."""
    pipeline.expire(e, at)
    game.held.expire(at, e)
    for s in game.statuses.cross(e, at):
        yield from game.bus.fire(Trigger("status_end", s.holder, {"status": s, "game": game}))


_cross = cross  # the name resolve_part used


def run_uses(game: Game, pipeline: TargetPipeline, uses: list[Use], sub: str,
             ctx: object | None = None) -> Resolution:
    """One sub-phase's `uses` in the schedule's order through a WindowRun (exposed as
    `game.window` meanwhile): for a ruleset that opens each sub-phase as a window of its
    own and resolves it when that window closes."""
    part: Part = game.phase.kind
    at = game.moment
    order = order_uses(game.ruleset.schedule, part, sub, [(u.ability, u.seq) for u in uses])
    run = WindowRun([uses[i] for i in order])
    game.window = run

    def step(use: Use, at: Moment = at) -> Resolution:
        h = game.held.get(use.actor, use.ability)
        owner = game.owner(use.actor)
        if h is None or h.is_off() or (not game.seats[owner].alive and not h.ability.after_out):
            use.voided = "技能已不可用"
            game.trace(f"{use.actor} 的 {use.ability} 未结算：技能已不可用", use.ability)
            return
        h.spend(at, use.chosen)
        effect = h.ability.effect
        if effect is None:
            return
        yield from pipeline.resolve(game if ctx is None else ctx, use, at, effect)
        for note in use.notes:
            game.trace(f"{use.actor} 的 {use.ability}：{note}", use.ability)

    try:
        yield from run.run(step)
    finally:
        game.window = None


def resolve_part(game: Game, pipeline: TargetPipeline, ctx: object | None = None) -> Resolution:
    subs = game.calendar.subs(game.phase.kind) or ("",)
    pending = game.uses.uses()
    for sub in subs:
        game.sub = sub
        at = game.moment
        if sub:
            yield from cross(game, pipeline, "start", at)
        yield from run_uses(game, pipeline, [u for u in pending if u.window == sub], sub, ctx)
        if sub:
            yield from cross(game, pipeline, "end", at)
            game.release_news(at)
    game.window = None
    game.sub = ""
    whole = game.moment
    yield from cross(game, pipeline, "end", whole)
    game.release_news(whole)
