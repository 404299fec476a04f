"""Triggers as generators on one bus, with priorities.

A handler is a generator: it may yield a `Prompt` to ask a player mid-resolution (a
hunter's shot in the night, 殉职's badge) and receives the answer, or None when nobody
answered in time — the handler then applies the post's default. `fire` is itself a
generator that the resolution `yield from`s, so a trigger raised inside a handler
resolves before the next handler of the outer event: 即时插入结算 is depth-first
("插入结算处理完成后才按照原本的顺序继续发动"). Handlers run in priority order (lower
first), then in subscription order. A handler that never asks anyone may be a plain
function returning None (or return None when it has nothing to do): most triggers of
most games settle at once, and a generator per handler per event was a measurable
part of every out.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import Any

from .actions import Action, Prompt

Resolution = Generator[Prompt, Action | None, None]


@dataclass(slots=True, init=False)  # __init__ written out: one per out and per night
class Trigger:
    """What happened: its kind ("out", "final_target", "phase_start", "status", ...),
    the seat it concerns and anything else (`data`)."""

    kind: str
    seat: str | None
    data: dict[str, Any]
    depth: int
    stopped: bool

    def __init__(self, kind: str, seat: str | None = None,
                 data: dict[str, Any] | None = None, depth: int = 0,
                 stopped: bool = False) -> None:
        self.kind = kind
        self.seat = seat
        self.data = {} if data is None else data
        self.depth = depth
        self.stopped = stopped


Handler = Callable[[Trigger], Resolution | None]


@dataclass(slots=True, init=False)  # __init__ written out: every game wires its triggers
class Subscription:
    kind: str
    handler: Handler
    priority: int
    name: str
    seq: int
    active: bool

    def __init__(self, kind: str, handler: Handler, priority: int, name: str, seq: int,
                 active: bool = True) -> None:
        self.kind = kind
        self.handler = handler
        self.priority = priority
        self.name = name
        self.seq = seq
        self.active = active


class TriggerLoop(Exception):  # not RuntimeError: see setup.py
    """Triggers nested deeper than the bus allows: almost surely a trigger loop."""


class Bus:
    def __init__(self, max_depth: int = 32) -> None:
        # per kind, the subscriptions in firing order: a tuple replaced (never edited)
        # by on/off, so a fire iterates it as it was without copying it — "a handler
        # added now hears the next one" — and a kind nobody hears costs one dict look-up
        self._subs: dict[str, tuple[Subscription, ...]] = {}
        self._seq = 0
        self._depth = 0
        self._max = max_depth
        self.delivered: list[tuple[str, str, int]] = []  # (kind, handler, depth), a trace
        # whether `delivered` is kept: tests and the director's debugging read it; a
        # simulation, which nobody reads it in, turns it off (sim/runner.py) and saves a
        # tuple and an append per handler per event
        self.trace = True

    def on(self, kind: str, handler: Handler, priority: int = 0,
           name: str = "") -> Subscription:
        sub = Subscription(kind, handler, priority, name or kind, self._seq)
        self._seq += 1
        # firing order is (priority, seq) and the new one has the highest seq: it goes
        # after every subscription of its priority or lower (every game wires its
        # triggers: no sort, whose key was a call per subscription)
        subs = self._subs.get(kind, ())
        i = len(subs)
        while i > 0 and subs[i - 1].priority > priority:
            i -= 1
        self._subs[kind] = (*subs[:i], sub, *subs[i:])
        return sub

    def off(self, sub: Subscription) -> None:
        sub.active = False  # an emission under way skips it too
        subs = self._subs.get(sub.kind, ())
        if sub in subs:
            left = tuple(s for s in subs if s is not sub)
            if left:
                self._subs[sub.kind] = left
            else:
                del self._subs[sub.kind]

    def heard(self, kind: str) -> bool:
        """Whether any handler listens for `kind` now: a caller on a hot path (every
        out) may skip building a trigger nobody hears."""
        return kind in self._subs

    def fire(self, trigger: Trigger) -> Resolution:
        """Run every handler for `trigger.kind`; `yield from` it in a resolution."""
        subs = self._subs.get(trigger.kind)
        if subs is None:
            return
        if self._depth >= self._max:
            raise TriggerLoop(f"触发嵌套超过 {self._max} 层（{trigger.kind}）：技能可能在循环触发")
        depth = trigger.depth = self._depth
        delivered = self.delivered if self.trace else None
        self._depth = depth + 1
        try:
            for sub in subs:
                if trigger.stopped:
                    break
                if not sub.active:
                    continue
                if delivered is not None:
                    delivered.append((trigger.kind, sub.name, depth))
                run = sub.handler(trigger)
                if run is not None:
                    yield from run
        finally:
            self._depth = depth

    @property
    def depth(self) -> int:
        return self._depth


def ask(prompt: Prompt) -> Generator[Prompt, Action | None, Action | None]:
    """Ask a player: `answer = yield from ask(Prompt(...))`; None = no answer in time
    (the caller applies `prompt.default`)."""
    answer = yield prompt
    return answer
