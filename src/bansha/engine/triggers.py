"""An event bus for triggers (on out, on targeted, on vote result, ...).

Handlers run in priority order (lower first, then subscription order, as in
lykos' ``events.py``). A handler may emit further events; those resolve at
once, depth-first, before the outer emission reaches its next handler — the
forum's 即时插入结算. A depth guard turns a trigger loop into a clear error
instead of a stack overflow.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

P = TypeVar("P")


# The Generic classes here are plain classes, not dataclasses: a compiled (mypyc)
# build cannot create a Generic dataclass (see setup.py). Treat them as read-only.
class Event(Generic[P]):
    def __init__(self, kind: str, payload: P, depth: int) -> None:
        self.kind = kind
        self.payload = payload
        self.depth = depth

    def __repr__(self) -> str:
        return f"Event(kind={self.kind!r}, payload={self.payload!r}, depth={self.depth!r})"


class Delivery(Generic[P]):
    """One handler call, for the resolution trace."""

    def __init__(self, event: Event[P], handler: str) -> None:
        self.event = event
        self.handler = handler

    def __repr__(self) -> str:
        return f"Delivery(event={self.event!r}, handler={self.handler!r})"


class TriggerDepthError(Exception):  # not RuntimeError: mypyc cannot compile subclasses of it
    """Emissions nested deeper than the bus allows: almost surely a trigger loop."""


# Handlers' return values are ignored; ``object`` lets one-line lambdas subscribe.
Handler = Callable[[Event[P], "EventBus[P]"], object]


class Subscription(Generic[P]):
    def __init__(
        self, kind: str, handler: Handler[P], priority: int, name: str, seq: int,
        active: bool = True,
    ) -> None:
        self.kind = kind
        self.handler = handler
        self.priority = priority
        self.name = name
        self.seq = seq
        self.active = active

    def __repr__(self) -> str:
        return (f"Subscription(kind={self.kind!r}, handler={self.handler!r}, "
                f"priority={self.priority!r}, name={self.name!r}, seq={self.seq!r}, "
                f"active={self.active!r})")


class EventBus(Generic[P]):
    def __init__(self, max_depth: int = 16) -> None:
        self._subs: dict[str, list[Subscription[P]]] = {}
        self._max_depth = max_depth
        self._chain: list[str] = []
        self._trace: list[Delivery[P]] = []
        self._stopped: list[bool] = []
        self._seq = 0

    def subscribe(
        self, kind: str, handler: Handler[P], priority: int = 0, name: str | None = None
    ) -> Subscription[P]:
        label = name or getattr(handler, "__qualname__", None) or repr(handler)
        sub = Subscription(kind, handler, priority, label, self._seq)
        self._seq += 1
        subs = self._subs.setdefault(kind, [])
        subs.append(sub)
        subs.sort(key=lambda s: (s.priority, s.seq))
        return sub

    def unsubscribe(self, sub: Subscription[P]) -> None:
        # Deactivate too, so an emission already under way skips it.
        sub.active = False
        subs = self._subs.get(sub.kind, [])
        if sub in subs:
            subs.remove(sub)

    def subscribers(self, kind: str) -> list[Subscription[P]]:
        return list(self._subs.get(kind, []))

    @property
    def depth(self) -> int:
        """How many emissions are under way (0 outside any handler)."""
        return len(self._chain)

    def stop(self) -> None:
        """Called by a handler: no later handler sees the current event."""
        if not self._stopped:
            raise RuntimeError("stop() is only meaningful inside a handler")
        self._stopped[-1] = True

    def emit(self, kind: str, payload: P) -> list[Delivery[P]]:
        """Deliver an event; return every handler call it caused, nested ones included."""
        if len(self._chain) >= self._max_depth:
            chain = " → ".join([*self._chain, kind])
            raise TriggerDepthError(
                f"trigger depth exceeds {self._max_depth}: {chain}; "
                "a trigger probably re-raises its own event"
            )
        if not self._chain:
            self._trace = []
        start = len(self._trace)
        event = Event(kind, payload, len(self._chain))
        # Snapshot: a handler subscribing now should hear the next event, not this one.
        subs = list(self._subs.get(kind, []))
        self._chain.append(kind)
        self._stopped.append(False)
        try:
            for sub in subs:
                if self._stopped[-1]:
                    break
                if not sub.active:
                    continue
                self._trace.append(Delivery(event, sub.name))
                sub.handler(event, self)
        finally:
            self._chain.pop()
            self._stopped.pop()
        return self._trace[start:]
