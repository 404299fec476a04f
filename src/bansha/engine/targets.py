"""The target pipeline: from 选择目标 to 结算目标, then the effect.

m192: "从[选择目标]过度到[结算目标]按照下列顺序过度：[选择目标]——蚀时狼妃[时间逆流]——
魔术师[交换]——魔偶师[人偶操控]——剑士[防反]——镜[反射]——磁狼[磁吸]" and "过度方式类似于
踢球制…先检测B有没有狼妃技能，如果有则将结算目标的球踢回给A，然后再检测球当前所在的A
有没有魔术技能（不会再次检测狼妃）". So each target is a ball: the ruleset's stages,
in their declared order and each once, may move it (a stage may kick it back to the
actor). Redirects are registered by effects and apply to the uses that resolve
later, in the windows they name (魔术师 交换 in 午夜 "当晚之后所有[指定]技能的结算目标
都会被交换，持续至夜晚结束" reaches the 深夜 杀人). Then targets voided by a status
(隐身 "以该角色进行[最终结算目标]的效果，不进行结算") drop out, every final target fires
"final_target" on the bus (懦夫 怯懦, 饕餮 贪欲), and the effect runs.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .abilities import Effect, Resolution, Use
from .bus import Bus, Trigger
from .moment import Edge, Moment, Until

Move = Callable[[str, Use], str]  # where the ball is -> where it goes


@dataclass(frozen=True, slots=True)
class Redirect:
    stage: str
    owner: str  # who registered it (for the trace)
    move: Move
    since: Moment
    windows: tuple[str, ...] = ()  # sub-phases it applies in; () = every one
    until: Until | None = None  # when it stops (持续至夜晚结束); None = never
    note: str = ""

    def active(self, at: Moment) -> bool:
        if at.key < self.since.key:
            return False
        return not self.windows or at.sub in self.windows or at.part in self.windows


class TargetPipeline:
    def __init__(self, stages: tuple[str, ...], bus: Bus | None = None,
                 voids: Callable[[str, Use], str | None] | None = None,
                 holder_stages: dict[str, Move] | None = None) -> None:
        """`stages` the ruleset's redirect order; `holder_stages` stages that depend
        on who holds the ball (狼妃 时间逆流 kicks back a ball landing on its holder),
        checked in their place in `stages`; `voids(target, use)` a reason a final
        target does not resolve (隐身), or None."""
        self.stages = stages
        self.bus = bus
        self.voids = voids
        self.holder_stages = dict(holder_stages or {})
        self._redirects: list[Redirect] = []
        unknown = [s for s in self.holder_stages if s not in stages]
        if unknown:
            raise ValueError(f"redirect stage not in the declared order: {', '.join(unknown)}")

    def register(self, r: Redirect) -> None:
        if r.stage not in self.stages:
            raise ValueError(f"redirect stage {r.stage!r} not in {self.stages}")
        self._redirects.append(r)

    def redirects(self) -> list[Redirect]:
        return list(self._redirects)

    def expire(self, edge: Edge, at: Moment) -> list[Redirect]:
        gone = [r for r in self._redirects
                if r.until is not None and r.until.reached(r.since, edge, at)]
        self._redirects = [r for r in self._redirects if r not in gone]
        return gone

    def route(self, use: Use, at: Moment) -> tuple[str, ...]:
        """Each chosen target through every stage once, in order; then voids."""
        final: list[str] = []
        for target in use.chosen:
            ball = target
            for stage in self.stages:
                hs = self.holder_stages.get(stage)
                if hs is not None:
                    ball = self._moved(use, stage, ball, hs(ball, use))
                for r in self._redirects:
                    if r.stage == stage and r.active(at):
                        ball = self._moved(use, stage, ball, r.move(ball, use))
            final.append(ball)
        kept: list[str] = []
        for t in final:
            why = self.voids(t, use) if self.voids is not None else None
            if why is None:
                kept.append(t)
            else:
                use.notes.append(f"{t} 不进行结算（{why}）")
        use.final = tuple(kept)
        return use.final

    @staticmethod
    def _moved(use: Use, stage: str, ball: str, new: str) -> str:
        if new != ball:
            use.notes.append(f"{stage}：{ball} → {new}")
        return new

    def resolve(self, ctx: object, use: Use, at: Moment, effect: Effect) -> Resolution:
        """Route, fire "final_target" for each final target (data: use, actor and
        the ctx the effect gets), then the effect."""
        self.route(use, at)
        if self.bus is not None:
            for t in use.final or ():
                yield from self.bus.fire(Trigger("final_target", t, {
                    "use": use, "actor": use.actor, "ctx": ctx}))
        yield from effect(ctx, use)
