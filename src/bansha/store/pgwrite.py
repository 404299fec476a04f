"""The writer's statements on PostgreSQL, sent as one string (psycopg 3).

Through SQLAlchemy a batch was a round trip per statement: BEGIN, the inputs'
INSERT, each game's UPDATE, the answers' INSERT, COMMIT, and a deadline's SELECT,
UPDATE and INSERT. Each round trip is the writer thread waiting for PostgreSQL's
process and then for the GIL, which the request threads and the event loop hold:
under bench_serve's load the backend spent more of each transaction waiting for the
next statement (pg_stat_activity: "idle in transaction", ClientRead) than in its
WAL flush, and the writer's transactions took 80-140 ms at p99 while no statement
took more than 15 ms on the server (log_min_duration_statement). Here the whole
transaction, BEGIN to COMMIT, is one query string of the simple protocol with its
values bound by psycopg's ClientCursor: one send, one wait (psycopg's pipeline mode
was tried first: it still talks to the socket, and gives the GIL up, at every
statement queued).

Nothing is answered earlier: the writer returns when COMMIT's result has come back.
A statement that fails makes PostgreSQL skip the rest of the string, COMMIT
included, and the writer rolls the transaction back. The check that a game's stored
revision is the one the live game expected cannot read a row count before COMMIT,
so the statement checks itself: it divides by the number of rows it updated, and a
stale revision fails it with division_by_zero (STALE), which Store turns into
StaleRevision."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from psycopg.types.json import Json

if TYPE_CHECKING:
    from .writer import Work

STALE = "22012"  # division_by_zero: see the module's doc

INSERT_INPUT = ("INSERT INTO inputs (game_id, seq, revision, op, action, actor, proxy, "
                "note, command_id, created_at, undone_at) VALUES ")
INPUT_ROW = "(%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s)"
INSERT_COMMAND = ("INSERT INTO commands (game_id, command_id, answer, actor, created_at) "
                  "VALUES ")
COMMAND_ROW = "(%s, %s, %s, %s, %s)"
BUMP = ("WITH bumped AS (UPDATE games SET revision = %s WHERE id = %s AND revision = %s "
        "RETURNING 1) SELECT 1 / count(*) FROM bumped")
BUMP_TO = ("WITH bumped AS (UPDATE games SET revision = %s, window_revision = %s "
           "WHERE id = %s AND revision = %s RETURNING 1) SELECT 1 / count(*) FROM bumped")
CHECK = "SELECT 1 / count(*) FROM games WHERE id = %s AND revision = %s"
DEADLINE = ("UPDATE games SET deadline_at = %s, deadline_window = %s, paused_left = %s "
            "WHERE id = %s")
# the audit line names the revision this transaction leaves the game at
DEADLINE_AUDIT = ("INSERT INTO audit (game_id, revision, director, what, created_at) "
                  "SELECT id, revision, %s, %s, %s FROM games WHERE id = %s")


def script(cur: Any, works: list[Work]) -> list[str]:
    """The statements of Store._write's works, in its order, with their values bound
    (`cur` is a psycopg ClientCursor: its quoting is libpq's)."""
    from .store import DeadlineWrite, InputWrite, RevisionCheck, _bumps, _command_rows

    # a check first: it reads the revision before this transaction's own UPDATE
    out: list[str] = [cur.mogrify(CHECK, (w.game_id, w.revision)) for w in works
                      if isinstance(w, RevisionCheck)]
    inputs = [w for w in works if isinstance(w, InputWrite)]
    if inputs:
        out.append(INSERT_INPUT + ", ".join(cur.mogrify(INPUT_ROW, (
            r["game_id"], r["seq"], r["revision"], r["op"], Json(r["action"]), r["actor"],
            r["proxy"], r["note"], r["command_id"], r["created_at"], r["undone_at"]))
            for r in (w.row for w in inputs)))
        for gid, (old, new, win) in _bumps(inputs).items():
            if win is None:
                out.append(cur.mogrify(BUMP, (new, gid, old)))
            else:
                out.append(cur.mogrify(BUMP_TO, (new, win, gid, old)))
    rows = _command_rows(works)
    if rows:
        out.append(INSERT_COMMAND + ", ".join(cur.mogrify(COMMAND_ROW, (
            r["game_id"], r["command_id"], Json(r["answer"]), r["actor"], r["created_at"]))
            for r in rows))
    for w in works:
        if isinstance(w, DeadlineWrite):
            out.append(cur.mogrify(DEADLINE, (w.at, w.window, w.paused_left, w.game_id)))
            out.append(cur.mogrify(DEADLINE_AUDIT, (w.director, w.what, w.created_at,
                                                    w.game_id)))
    return out
