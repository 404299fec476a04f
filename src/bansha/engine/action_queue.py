"""One window's action queue, resolved in priority order.

Like UltiMafia's ``Queue.js``: each ruleset numbers its priorities (lower
resolves first) and the queue resolves actions in that order, stable by the
order they were added. While an action resolves, its handler may edit the
actions that have not resolved yet: swap or redirect their targets (魔术师,
the m192 chain 狼妃→魔术师→磁狼), void them (纵火, 摇落), or insert an action
that resolves at once, before the queue goes on (即时插入结算).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace


@dataclass(frozen=True)
class QueuedAction:
    """An action waiting in (or resolved from) the queue.

    ``notes`` records every rewrite so a director can read why an action hit
    someone other than the chosen target.
    """

    actor: str
    skill: str
    targets: tuple[str, ...]
    priority: int
    voided: bool = False
    reason: str = ""
    seq: int = 0
    notes: tuple[str, ...] = ()


@dataclass(frozen=True)
class TraceEntry:
    """One line of the resolution trace: an action in its final form and what came of it."""

    action: QueuedAction
    outcome: str
    inserted: bool = False

    @property
    def voided(self) -> bool:
        return self.action.voided


Handler = Callable[[QueuedAction, "ActionQueue"], str]
Match = Callable[[QueuedAction], bool]


class QueueError(Exception):  # not RuntimeError: mypyc cannot compile subclasses of it
    """The queue was used out of order (e.g. resolved twice, or a runaway insert loop)."""


class ActionQueue:
    """Actions of one window. ``add`` them, then ``resolve`` once with a handler.

    The handler receives each live action and this queue, and returns an
    outcome text for the trace. Rewrites it makes apply to every action not
    yet resolved, including actions inserted but not yet run.
    """

    def __init__(self, max_insert_depth: int = 32) -> None:
        self._pending: list[QueuedAction] = []
        # One list per running handler: the actions it inserted, run right after it.
        self._inserted: list[list[QueuedAction]] = []
        self._current: QueuedAction | None = None
        self._next_seq = 0
        self._resolving = False
        self._done = False
        self._max_depth = max_insert_depth

    def add(self, actor: str, skill: str, targets: tuple[str, ...], priority: int) -> QueuedAction:
        """Queue an action. During resolution it joins the rest by priority.

        An action added mid-resolution with a priority already passed resolves
        next rather than never: late is better than silently lost.
        """
        if self._done:
            raise QueueError("this window's queue has already resolved")
        action = self._make(actor, skill, targets, priority)
        self._pending.append(action)
        if self._resolving:
            self._pending.sort(key=_order)
        return action

    def insert_now(
        self, actor: str, skill: str, targets: tuple[str, ...], priority: int = 0
    ) -> QueuedAction:
        """Insert an action that resolves as soon as the current handler returns."""
        if not self._inserted:
            raise QueueError("insert_now is only possible while an action resolves")
        action = self._make(actor, skill, targets, priority)
        self._inserted[-1].append(action)
        return action

    @property
    def current(self) -> QueuedAction | None:
        return self._current

    def pending(self) -> list[QueuedAction]:
        """Unresolved actions: inserted ones first (innermost first), then the queue."""
        return [a for lst in reversed(self._inserted) for a in lst] + list(self._pending)

    def swap(self, a: str, b: str, where: Match | None = None) -> list[QueuedAction]:
        """Every later action targeting ``a`` targets ``b`` instead, and vice versa."""
        mapping = {a: b, b: a}
        return self._rewrite(
            lambda act: tuple(mapping.get(t, t) for t in act.targets),
            lambda act: a in act.targets or b in act.targets,
            f"swap {a}↔{b}",
            where,
        )

    def redirect(self, src: str, dst: str, where: Match | None = None) -> list[QueuedAction]:
        """Every later action targeting ``src`` targets ``dst`` instead.

        Redirects compose in the order they are made, so A→B then B→C sends
        an action aimed at A to C, as the m192 transition chain requires.
        """
        return self._rewrite(
            lambda act: tuple(dst if t == src else t for t in act.targets),
            lambda act: src in act.targets,
            f"redirect {src}→{dst}",
            where,
        )

    def void(self, match: Match, reason: str) -> list[QueuedAction]:
        """Void every later action ``match`` selects; the reason stays for the trace."""

        def apply(act: QueuedAction) -> QueuedAction:
            if act.voided or not match(act):
                return act
            return replace(act, voided=True, reason=reason, notes=(*act.notes, reason))

        return self._apply(apply)

    def void_actor(self, actor: str, reason: str) -> list[QueuedAction]:
        return self.void(lambda act: act.actor == actor, reason)

    def void_targeting(self, seat: str, reason: str) -> list[QueuedAction]:
        return self.void(lambda act: seat in act.targets, reason)

    def resolve(self, handler: Handler) -> list[TraceEntry]:
        """Resolve every action once, in order, and return the trace."""
        if self._done or self._resolving:
            raise QueueError("a window's queue resolves exactly once")
        self._resolving = True
        self._pending.sort(key=_order)
        trace: list[TraceEntry] = []
        try:
            while self._pending:
                self._run(self._pending.pop(0), handler, trace, inserted=False)
        finally:
            self._resolving = False
            self._done = True
            self._current = None
        return trace

    def _run(
        self, action: QueuedAction, handler: Handler, trace: list[TraceEntry], inserted: bool
    ) -> None:
        if action.voided:
            trace.append(TraceEntry(action, f"voided: {action.reason}", inserted))
            return
        if len(self._inserted) >= self._max_depth:
            raise QueueError(
                f"inserted actions nest deeper than {self._max_depth} levels at "
                f"{action.skill} by {action.actor}; a trigger probably re-inserts itself"
            )
        self._inserted.append([])
        self._current = action
        trace.append(TraceEntry(action, handler(action, self), inserted))
        # Drain in place: rewrites made by nested handlers must still reach these.
        mine = self._inserted[-1]
        while mine:
            self._run(mine.pop(0), handler, trace, inserted=True)
        self._inserted.pop()

    def _make(
        self, actor: str, skill: str, targets: tuple[str, ...], priority: int
    ) -> QueuedAction:
        action = QueuedAction(actor, skill, tuple(targets), priority, seq=self._next_seq)
        self._next_seq += 1
        return action

    def _rewrite(
        self,
        new_targets: Callable[[QueuedAction], tuple[str, ...]],
        hits: Match,
        what: str,
        where: Match | None,
    ) -> list[QueuedAction]:
        by = f" by {self._current.skill}({self._current.actor})" if self._current else ""

        def apply(act: QueuedAction) -> QueuedAction:
            if not hits(act) or (where is not None and not where(act)):
                return act
            return replace(act, targets=new_targets(act), notes=(*act.notes, what + by))

        return self._apply(apply)

    def _apply(self, change: Callable[[QueuedAction], QueuedAction]) -> list[QueuedAction]:
        changed: list[QueuedAction] = []
        for lst in [*self._inserted, self._pending]:
            for i, act in enumerate(lst):
                new = change(act)
                if new is not act:
                    lst[i] = new
                    changed.append(new)
        return changed


def _order(action: QueuedAction) -> tuple[int, int]:
    return (action.priority, action.seq)
