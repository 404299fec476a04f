"""Group commit: the inputs of every game go to storage through one writer thread, and
the inputs waiting at the same moment share one transaction (one commit, one fsync).

Before, each input committed in its own transaction from its request's thread. On
SQLite only one transaction writes at a time: the others waited in SQLite's busy
handler, which sleeps in steps of milliseconds to tens of milliseconds, and every
commit paid its own fsync; on PostgreSQL every commit paid a pool checkout (with
its pre-ping round trip) and its own WAL flush. With one writer there is no lock to
wait for, and under load a commit carries many inputs.

Nothing is answered earlier: `run` returns only when the transaction holding its
work has committed (or raises its error). When a batch fails, each of its jobs is
run again alone, so one bad job fails only itself.

On PostgreSQL a batch whose jobs can be written as SQL text (Store's input, answer
and deadline writes: `script`) goes as one query string on a psycopg connection of
its own, BEGIN to COMMIT in one round trip (pgwrite.py says why)."""

from __future__ import annotations

import logging
import queue
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import Connection, Engine

log = logging.getLogger("bansha.store")
IDLE = 0  # psycopg.pq.TransactionStatus.IDLE (psycopg is imported only on PostgreSQL)

Work = Callable[[Connection], None]
MAX_BATCH = 256


@dataclass
class _Job:
    work: Work
    done: threading.Event = field(default_factory=threading.Event)
    error: BaseException | None = None
    queued: float = field(default_factory=time.perf_counter)
    began: float = 0.0  # its transaction's start
    batch: int = 0  # how many jobs shared that transaction
    # run_soon: called on the writer thread once the job is committed or has failed
    callback: Callable[[_Job], None] | None = None
    ended: float = 0.0  # when the writer finished with it


@dataclass
class JobTimes:
    """Where the last job run by this thread spent its time (the platform reports it
    per request: bansha/web/timing.py): waiting for the writer thread, and in the
    transaction it shared with `batch` jobs (statements, commit)."""
    wait: float = 0.0
    transaction: float = 0.0
    batch: int = 0


class GroupWriter:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._queue: queue.SimpleQueue[_Job | None] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._start = threading.Lock()
        self._conn: Connection | None = None
        self._scripted = engine.dialect.name == "postgresql"
        self._raw: Any = None  # SQLAlchemy's pooled DBAPI connection (psycopg 3)
        self._local = threading.local()

    def run(self, work: Work) -> None:
        """Run `work` in a committed transaction; return once it is committed."""
        job = _Job(work)
        self._put(job)
        job.done.wait()
        now = time.perf_counter()
        self.times.wait = job.began - job.queued
        self.times.transaction = now - job.began
        self.times.batch = job.batch
        if job.error is not None:
            raise job.error

    def run_soon(self, work: Work, callback: Callable[[_Job], None]) -> None:
        """Queue `work` and return at once: `callback(job)` is called on the writer
        thread once its transaction has committed (`job.error` None) or failed. For a
        caller that must not block (the event loop: web/live.py), which gets the answer
        back with one hand-off instead of a thread of its own waiting in `run`."""
        self._put(_Job(work, callback=callback))

    def _put(self, job: _Job) -> None:
        if self._thread is None:
            with self._start:
                if self._thread is None:
                    t = threading.Thread(target=self._loop, name="bansha-writer", daemon=True)
                    t.start()
                    self._thread = t
        self._queue.put(job)

    @property
    def times(self) -> JobTimes:
        """The last job's times, of the calling thread."""
        t: JobTimes | None = getattr(self._local, "times", None)
        if t is None:
            t = self._local.times = JobTimes()
        return t

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
        if self._raw is not None:
            self._raw.invalidate()  # its autocommit setting is not the pool's
            self._raw = None

    def _connection(self) -> Connection:
        if self._conn is None or self._conn.closed or self._conn.invalidated:
            if self._conn is not None:
                self._conn.close()
            self._conn = self.engine.connect()
        return self._conn

    def _commit(self, batch: list[_Job]) -> None:
        try:
            self._transaction(batch)
        except Exception as e:
            if len(batch) == 1:
                batch[0].error = e
            else:  # one at a time: only the jobs that fail by themselves fail
                for job in batch:
                    try:
                        self._transaction([job])
                    except Exception as e1:
                        job.error = e1
        now = time.perf_counter()
        for job in batch:
            job.ended = now
            job.done.set()
            if job.callback is not None:
                try:
                    job.callback(job)
                except Exception:
                    log.exception("a writer job's callback raised")

    def _transaction(self, batch: list[_Job]) -> None:
        began = time.perf_counter()
        for job in batch:
            job.began, job.batch = began, len(batch)
        if self._scripted and all(getattr(job.work, "scripted", False) for job in batch):
            self._script(batch)
            return
        try:
            conn = self._connection()
            with conn.begin():
                for job in batch:
                    job.work(conn)
        except Exception:
            self._drop_broken()
            raise

    def _script(self, batch: list[_Job]) -> None:
        """The batch's transaction, BEGIN to COMMIT, sent as one query string; returns
        once COMMIT's result has come back, raises the first error (nothing committed)."""
        raw = self._raw
        if raw is None or raw.driver_connection.closed:
            if raw is not None:
                raw.invalidate()
            raw = self._raw = self.engine.raw_connection()
            # BEGIN and COMMIT are the string's own: no transaction of psycopg's
            raw.driver_connection.autocommit = True  # type: ignore[union-attr]
        pg: Any = raw.driver_connection
        from psycopg import ClientCursor

        cur = ClientCursor(pg)
        try:
            parts = ["BEGIN"]
            for job in batch:
                parts += job.work.script(cur)  # type: ignore[attr-defined]
            parts.append("COMMIT")
            cur.execute("; ".join(parts))
        except Exception:
            try:
                if not pg.closed and pg.info.transaction_status != IDLE:
                    pg.execute("ROLLBACK")  # the failed transaction
            except Exception:
                log.exception("rolling back the writer's transaction")
            if pg.closed or pg.broken:
                raw.invalidate()
                self._raw = None
            raise
        finally:
            cur.close()

    def _drop_broken(self) -> None:
        c = self._conn
        if c is not None and (c.invalidated or c.closed):
            try:
                c.close()
            except Exception:
                log.exception("closing a broken writer connection")
            self._conn = None

