"""Triggers as generators on one bus, with priorities.

A handler is a generator: it may yield a `Prompt` to ask a player mid-resolution (a
hunter's shot in the night, 殉职's badge) and receives the answer, or None when nobody
answered in time — the handler then applies the post's default. `fire` is itself a
generator that the resolution `yield from`s, so a trigger raised inside a handler
resolves before the next handler of the outer event: 即时插入结算 is depth-first
("插入结算处理完成后才按照原本的顺序继续发动"). Handlers run in priority order (lower
first), then in subscription order.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from dataclasses import dataclass, field
from typing import Any

from .actions import Action, Prompt

Resolution = Generator[Prompt, Action | None, None]


@dataclass(slots=True)
class Trigger:
    """What happened: its kind ("out", "final_target", "phase_start", "status", ...),
    the seat it concerns and anything else (`data`)."""

    kind: str
    seat: str | None = None
    data: dict[str, Any] = field(default_factory=dict)
    depth: int = 0
    stopped: bool = False


Handler = Callable[[Trigger], Resolution]


@dataclass(slots=True)
class Subscription:
    kind: str
    handler: Handler
    priority: int
    name: str
    seq: int
    active: bool = True


class TriggerLoop(Exception):  # not RuntimeError: see setup.py
    """Triggers nested deeper than the bus allows: almost surely a trigger loop."""


class Bus:
    def __init__(self, max_depth: int = 32) -> None:
        self._subs: dict[str, list[Subscription]] = {}
        self._seq = 0
        self._depth = 0
        self._max = max_depth
        self.delivered: list[tuple[str, str, int]] = []  # (kind, handler, depth), a trace

    def on(self, kind: str, handler: Handler, priority: int = 0,
           name: str = "") -> Subscription:
        sub = Subscription(kind, handler, priority, name or kind, self._seq)
        self._seq += 1
        subs = self._subs.setdefault(kind, [])
        subs.append(sub)
        subs.sort(key=lambda s: (s.priority, s.seq))
        return sub

    def off(self, sub: Subscription) -> None:
        sub.active = False  # an emission under way skips it too
        subs = self._subs.get(sub.kind, [])
        if sub in subs:
            subs.remove(sub)

    def heard(self, kind: str) -> bool:
        """Whether any handler listens for `kind` now: a caller on a hot path (every
        out) may skip building a trigger nobody hears."""
        return bool(self._subs.get(kind))

    def fire(self, trigger: Trigger) -> Resolution:
        """Run every handler for `trigger.kind`; `yield from` it in a resolution."""
        if self._depth >= self._max:
            raise TriggerLoop(f"触发嵌套超过 {self._max} 层（{trigger.kind}）：技能可能在循环触发")
        trigger.depth = self._depth
        subs = list(self._subs.get(trigger.kind, ()))  # a handler added now hears the next one
        self._depth += 1
        try:
            for sub in subs:
                if trigger.stopped:
                    break
                if not sub.active:
                    continue
                self.delivered.append((trigger.kind, sub.name, trigger.depth))
                yield from sub.handler(trigger)
        finally:
            self._depth -= 1

    @property
    def depth(self) -> int:
        return self._depth


def ask(prompt: Prompt) -> Generator[Prompt, Action | None, Action | None]:
    """Ask a player: `answer = yield from ask(Prompt(...))`; None = no answer in time
    (the caller applies `prompt.default`)."""
    answer = yield prompt
    return answer
