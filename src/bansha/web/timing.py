"""Where a request's time goes, per request, in its `Server-Timing` header.

A submission crosses the event loop, a worker thread, the game's lock, the engine,
the writer thread's commit and the event loop again; under load any of these can
be the queue. Each crossing is timed here and sent back as `Server-Timing` metrics
(milliseconds), next to the whole request's `app`, so a load test can tell which
part its slow requests spent their time in (bench_serve.py prints the breakdown):

    queue    from the request's body being read to its worker thread starting (0 for
             the fast path's submissions, judged on the event loop: live.submit_soon)
    lock     waiting for the game's lock or turn (another round or an advance holds it)
    engine   the engine judging the input (Game.submit / Game.advance)
    commit   storing it: the writer thread's wait and transaction, and waking up after
    dbwait   of which: waiting for the writer thread to take it (store/writer.py)
    dbtx     of which: the transaction it shared (its statements and the commit)
    batch    how many inputs shared that transaction (a count, not ms)
    after    what follows the commit under the lock (the post's countdown, the
             streams' wake-up)
    back     from the worker thread's end (or the answer being set on the loop) to
             the answer starting on the event loop
    gc       the garbage collector's pauses while the request ran (any thread)

A Timing costs a few perf_counter calls; a request without one (every other route)
pays nothing."""

from __future__ import annotations

import gc
import time
from typing import Any

_gc_total = 0.0  # seconds of GC pause since start, every generation, every thread
_gc_started = 0.0


def _on_gc(phase: str, _info: dict[str, Any]) -> None:
    global _gc_total, _gc_started
    if phase == "start":
        _gc_started = time.perf_counter()
    else:
        _gc_total += time.perf_counter() - _gc_started


gc.callbacks.append(_on_gc)


def gc_seconds() -> float:
    return _gc_total


class Timing:
    """Marks taken along one request; `header()` renders them as Server-Timing."""

    __slots__ = ("gc0", "marks", "t0")

    def __init__(self) -> None:
        self.t0 = time.perf_counter()
        self.gc0 = _gc_total
        self.marks: dict[str, float] = {}

    def add(self, name: str, seconds: float) -> None:
        self.marks[name] = self.marks.get(name, 0.0) + seconds

    def since(self, name: str, start: float) -> float:
        """Add the time from `start` to now under `name`; return now."""
        now = time.perf_counter()
        self.add(name, now - start)
        return now

    def header(self) -> bytes:
        self.marks["gc"] = _gc_total - self.gc0
        return ", ".join(f"{k};dur={v * 1000:.2f}" for k, v in self.marks.items()).encode()
