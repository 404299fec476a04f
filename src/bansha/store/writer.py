"""Group commit: the inputs of every game go to storage through one writer thread, and
the inputs waiting at the same moment share one transaction (one commit, one fsync).

Before, each input committed in its own transaction from its request's thread. On
SQLite only one transaction writes at a time: the others waited in SQLite's busy
handler, which sleeps in steps of milliseconds to tens of milliseconds, and every
commit paid its own fsync; on PostgreSQL every commit paid a pool checkout (with
its pre-ping round trip) and its own WAL flush. With one writer there is no lock to
wait for, and under load a commit carries many inputs.

Nothing is answered earlier: `run` returns only when the transaction holding its
work has committed (or raises its error); `submit` queues a job and returns its
Pending at once, for a caller that waits for the commit without a thread of its own
(the platform's event loop) and meanwhile lets the next inputs of the same game be
judged (jobs commit in the order they are queued). When a batch fails, each of its
jobs is run again alone, in order, so one bad job fails only itself, and its
`on_error` runs before the next job does (the platform then refuses that game's
later jobs through their `guard`)."""

from __future__ import annotations

import logging
import queue
import threading
from collections.abc import Callable

from sqlalchemy import Connection, Engine

log = logging.getLogger("bansha.store")

Work = Callable[[Connection], None]
MAX_BATCH = 256


class Pending:
    """One piece of work handed to the writer: `wait()` (from a thread) or
    `add_done(callback)` (the callback runs in the writer's thread, once, with the
    work's error or None) tells when its transaction has committed or failed.

    `guard` runs first inside the transaction (it may raise to refuse the work: a
    game whose earlier input failed refuses the inputs queued after it); `on_error`
    runs in the writer's thread as soon as the work has failed for good, before any
    later work runs."""

    def __init__(self, work: Work, guard: Callable[[], None] | None = None,
                 on_error: Callable[[BaseException], None] | None = None) -> None:
        self.work = work
        self.guard = guard
        self.on_error = on_error
        self.error: BaseException | None = None
        self.done = threading.Event()
        self._callbacks: list[Callable[[BaseException | None], None]] = []
        self._lock = threading.Lock()

    def wait(self) -> BaseException | None:
        self.done.wait()
        return self.error

    def add_done(self, callback: Callable[[BaseException | None], None]) -> None:
        with self._lock:
            if not self.done.is_set():
                self._callbacks.append(callback)
                return
        callback(self.error)

    def _run(self, conn: Connection) -> None:
        if self.guard is not None:
            self.guard()
        self.work(conn)

    def _fail(self, error: BaseException) -> None:
        self.error = error
        if self.on_error is not None:
            try:
                self.on_error(error)
            except Exception:
                log.exception("a writer job's on_error raised")

    def _finish(self) -> None:
        with self._lock:
            self.done.set()
            callbacks, self._callbacks = self._callbacks, []
        for cb in callbacks:
            try:
                cb(self.error)
            except Exception:
                log.exception("a writer job's callback raised")


class GroupWriter:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._queue: queue.SimpleQueue[Pending | None] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._start = threading.Lock()
        self._conn: Connection | None = None

    def run(self, work: Work) -> None:
        """Run `work` in a committed transaction; return once it is committed."""
        error = self.submit(Pending(work)).wait()
        if error is not None:
            raise error

    def submit(self, job: Pending) -> Pending:
        """Queue `job` and return at once: jobs commit in the order they are queued."""
        if self._thread is None:
            with self._start:
                if self._thread is None:
                    t = threading.Thread(target=self._loop, name="bansha-writer", daemon=True)
                    t.start()
                    self._thread = t
        self._queue.put(job)
        return job

    def close(self) -> None:
        if self._thread is not None:
            self._queue.put(None)
            self._thread.join(10)
            self._thread = None

    # ------------------------------------------------------------- the thread
    def _loop(self) -> None:
        while True:
            first = self._queue.get()
            if first is None:
                break
            batch = [first]
            stop = False
            while len(batch) < MAX_BATCH:
                try:
                    nxt = self._queue.get_nowait()
                except queue.Empty:
                    break
                if nxt is None:
                    stop = True
                    break
                batch.append(nxt)
            self._commit(batch)
            if stop:
                break
        if self._conn is not None:
            self._conn.close()
            self._conn = None

    def _connection(self) -> Connection:
        if self._conn is None or self._conn.closed or self._conn.invalidated:
            if self._conn is not None:
                self._conn.close()
            self._conn = self.engine.connect()
        return self._conn

    def _commit(self, batch: list[Pending]) -> None:
        try:
            self._transaction(batch)
        except Exception as e:
            if len(batch) == 1:
                batch[0]._fail(e)
            else:  # one at a time, in order: only the jobs that fail by themselves fail
                for job in batch:
                    try:
                        self._transaction([job])
                    except Exception as e1:
                        job._fail(e1)
        for job in batch:
            job._finish()

    def _transaction(self, batch: list[Pending]) -> None:
        try:
            conn = self._connection()
            with conn.begin():
                for job in batch:
                    job._run(conn)
        except Exception:
            self._drop_broken()
            raise

    def _drop_broken(self) -> None:
        c = self._conn
        if c is not None and (c.invalidated or c.closed):
            try:
                c.close()
            except Exception:
                log.exception("closing a broken writer connection")
            self._conn = None

