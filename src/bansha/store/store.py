"""Store: every read and write the platform makes, each in its own transaction.

An input is appended together with its command's answer and the game's new
revision in one transaction, so once append_input returns the input is on disk
and a retry with the same command_id finds its first answer."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, bindparam, func, insert, select, update
from sqlalchemy.exc import IntegrityError

from . import pgwrite
from . import tables as t
from .db import migrate, open_engine
from .writer import GroupWriter, JobTimes, Work


def _now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


@dataclass(frozen=True)
class GameRow:
    id: str
    ruleset: str
    title: str
    players: list[Any]
    options: dict[str, Any]
    seed: int
    revision: int
    window_revision: int
    created_by: str
    created_at: dt.datetime
    deadline_at: dt.datetime | None = None
    deadline_window: int | None = None
    paused_left: float | None = None


@dataclass(frozen=True)
class InputRow:
    seq: int
    revision: int
    op: str  # submit | advance
    action: dict[str, Any] | None
    actor: str
    proxy: bool
    note: str | None
    command_id: str | None
    created_at: dt.datetime
    undone_at: int | None


@dataclass(frozen=True)
class TokenRow:
    token: str
    game_id: str
    seat: str
    kind: str  # seat | mentor
    revoked: bool


@dataclass(frozen=True)
class MessageRow:
    id: int
    channel: str  # a group's name, or the diary's author
    author: str
    at: str
    text: str


@dataclass(frozen=True)
class CommandRow:
    command_id: str
    answer: dict[str, Any]
    actor: str
    created_at: dt.datetime


class Store:
    def __init__(self, url: str | None = None) -> None:
        self.engine = open_engine(url)
        self.dialect = self.engine.dialect.name
        migrate(self.engine)
        self.writer = GroupWriter(self.engine)  # inputs and their answers (writer.py)

    def close(self) -> None:
        self.writer.close()
        self.engine.dispose()

    # ----------------------------------------------------------- settings
    def setting(self, key: str) -> str | None:
        with self.engine.connect() as c:
            v = c.execute(select(t.settings.c.value).where(t.settings.c.key == key)).scalar()
        return None if v is None else str(v)

    def setting_default(self, key: str, value: str) -> str:
        """The stored value of `key`, storing `value` first when there is none."""
        try:
            with self.engine.begin() as c:
                c.execute(insert(t.settings).values(key=key, value=value))
        except IntegrityError:
            pass
        v = self.setting(key)
        assert v is not None
        return v

    # ---------------------------------------------------------- directors
    def add_director(self, name: str, password_hash: str) -> bool:
        try:
            with self.engine.begin() as c:
                c.execute(insert(t.directors).values(name=name, password_hash=password_hash,
                                                     created_at=_now()))
        except IntegrityError:
            return False
        return True

    def set_director_password(self, name: str, password_hash: str) -> None:
        with self.engine.begin() as c:
            c.execute(update(t.directors).where(t.directors.c.name == name)
                      .values(password_hash=password_hash))

    def directors(self) -> dict[str, str]:
        """name -> argon2 hash."""
        with self.engine.connect() as c:
            rows = c.execute(select(t.directors.c.name, t.directors.c.password_hash)).all()
        return {r.name: r.password_hash for r in rows}

    def add_session(self, token_hash: str, director: str) -> None:
        with self.engine.begin() as c:
            c.execute(insert(t.director_sessions).values(token_hash=token_hash,
                                                         director=director, created_at=_now()))

    def session_director(self, token_hash: str) -> str | None:
        with self.engine.connect() as c:
            v = c.execute(select(t.director_sessions.c.director)
                          .where(t.director_sessions.c.token_hash == token_hash)).scalar()
        return None if v is None else str(v)

    # -------------------------------------------------------------- games
    def create_game(self, game_id: str, ruleset: str, title: str, players: list[Any],
                    options: dict[str, Any], seed: int, created_by: str,
                    seat_tokens: dict[str, str]) -> None:
        now = _now()
        with self.engine.begin() as c:
            c.execute(insert(t.games).values(
                id=game_id, ruleset=ruleset, title=title, players=players, options=options,
                seed=seed, revision=0, window_revision=0, created_by=created_by,
                created_at=now))
            for seat, token in seat_tokens.items():
                c.execute(insert(t.tokens).values(token=token, game_id=game_id, seat=seat,
                                                  kind="seat", created_at=now))
            c.execute(insert(t.audit).values(game_id=game_id, revision=0, director=created_by,
                                             what="创建游戏", created_at=now))

    def game(self, game_id: str) -> GameRow | None:
        with self.engine.connect() as c:
            r = c.execute(select(t.games).where(t.games.c.id == game_id)).first()
        return None if r is None else _game_row(r)

    def games(self) -> list[GameRow]:
        with self.engine.connect() as c:
            rows = c.execute(select(t.games).order_by(t.games.c.created_at)).all()
        return [_game_row(r) for r in rows]

    def inputs(self, game_id: str, include_undone: bool = False) -> list[InputRow]:
        q = select(t.inputs).where(t.inputs.c.game_id == game_id)
        if not include_undone:
            q = q.where(t.inputs.c.undone_at.is_(None))
        with self.engine.connect() as c:
            rows = c.execute(q.order_by(t.inputs.c.seq)).all()
        return [InputRow(r.seq, r.revision, r.op, r.action, r.actor, bool(r.proxy), r.note,
                         r.command_id, r.created_at, r.undone_at) for r in rows]

    def append_input(self, game_id: str, seq: int, revision: int, op: str,
                     action: dict[str, Any] | None, actor: str, *, proxy: bool = False,
                     note: str | None = None, command_id: str | None = None,
                     answer: dict[str, Any] | None = None, new_window: bool = False) -> None:
        """Append one input (and its command's answer) in one short transaction, shared
        with the other inputs waiting at that moment (writer.py); returns once committed.
        See input_work."""
        self.write_together([self.input_work(
            game_id, seq, revision, op, action, actor, proxy=proxy, note=note,
            command_id=command_id, answer=answer, new_window=new_window)])

    def write_together(self, works: list[Work]) -> None:
        """Run the works (input_work, command_work, deadline_work) in one transaction:
        all of them are stored or none. Returns once committed.

        The inputs and answers go in as one multi-row INSERT each and one UPDATE of
        each game's revision (from the first input's old revision to the last one's),
        then the other works in order: on PostgreSQL every statement is a round trip
        to its server process, and a game's inputs judged in one turn were three round
        trips each."""
        try:
            self.writer.run(_Together(works))
        except Exception as e:
            if getattr(e, "sqlstate", None) == pgwrite.STALE:  # pgwrite's own check
                raise StaleRevision(str(e)) from e
            raise

    def write_soon(self, works: list[Work],
                   done: Callable[[BaseException | None, JobTimes], None]) -> None:
        """write_together without waiting: `done(error, times)` is called on the writer
        thread once the works are committed (error None) or not stored at all."""
        def finished(job: Any) -> None:
            e = job.error
            if e is not None and getattr(e, "sqlstate", None) == pgwrite.STALE:
                stale = StaleRevision(str(e))
                stale.__cause__ = e
                e = stale
            done(e, JobTimes(job.began - job.queued, job.ended - job.began, job.batch))

        self.writer.run_soon(_Together(works), finished)

    def input_work(self, game_id: str, seq: int, revision: int, op: str,
                   action: dict[str, Any] | None, actor: str, *, proxy: bool = False,
                   note: str | None = None, command_id: str | None = None,
                   answer: dict[str, Any] | None = None, new_window: bool = False
                   ) -> InputWrite:
        """The writes of one input and its command's answer.

        The caller (the live game, under its lock) knows the log's next `seq` and the
        game's new `revision`, so this is one INSERT, one UPDATE and one INSERT with no
        reads. `op` "refused" is an input the engine refused: it stays in the log (the
        engine's own log holds it, so replay gives the same game) and moves no revision.
        The UPDATE names the revision it expects to replace: if another writer moved it,
        nothing is stored and StaleRevision is raised."""
        return InputWrite({
            "game_id": game_id, "seq": seq, "revision": revision, "op": op,
            "action": action, "actor": actor, "proxy": proxy, "note": note,
            "command_id": command_id, "created_at": _now(), "undone_at": None},
            new_window, None if command_id is None else (answer or {}))

    def next_seq(self, game_id: str) -> int:
        """The seq the game's next input gets (undone inputs keep theirs)."""
        with self.engine.connect() as c:
            return int(c.execute(select(func.coalesce(func.max(t.inputs.c.seq), 0))
                                 .where(t.inputs.c.game_id == game_id)).scalar_one()) + 1

    def record_command(self, game_id: str, command_id: str, answer: dict[str, Any],
                       actor: str) -> None:
        """Remember a refused command's answer (a retry gets the same refusal)."""
        self.write_together([self.command_work(game_id, command_id, answer, actor)])

    def command_work(self, game_id: str, command_id: str, answer: dict[str, Any],
                     actor: str) -> CommandWrite:
        return CommandWrite({"game_id": game_id, "command_id": command_id, "answer": answer,
                             "actor": actor, "created_at": _now()})

    def check_work(self, game_id: str, revision: int) -> RevisionCheck:
        """A check that the stored revision of the game is `revision` (RevisionCheck)."""
        return RevisionCheck(game_id, revision)

    def command(self, game_id: str, command_id: str) -> CommandRow | None:
        with self.engine.connect() as c:
            r = c.execute(select(t.commands).where(
                t.commands.c.game_id == game_id, t.commands.c.command_id == command_id)).first()
        return None if r is None else CommandRow(r.command_id, dict(r.answer), r.actor,
                                                 r.created_at)

    def commands(self, game_id: str) -> dict[str, CommandRow]:
        """Every answered command of a game, by command_id (loaded once at start)."""
        with self.engine.connect() as c:
            rows = c.execute(select(t.commands).where(t.commands.c.game_id == game_id)).all()
        return {r.command_id: CommandRow(r.command_id, dict(r.answer), r.actor, r.created_at)
                for r in rows}

    def refusals(self, game_id: str, limit: int = 50) -> list[CommandRow]:
        """The latest refused commands, newest first (for the director's console)."""
        with self.engine.connect() as c:
            rows = c.execute(select(t.commands).where(t.commands.c.game_id == game_id)
                             .order_by(t.commands.c.created_at.desc()).limit(limit * 4)).all()
        out = [CommandRow(r.command_id, dict(r.answer), r.actor, r.created_at) for r in rows
               if not r.answer.get("accepted")]
        return out[:limit]

    def undo(self, game_id: str, from_seq: int, director: str, what: str) -> int:
        """Take back every live input from `from_seq` on (kept, marked undone); the
        revision moves on and a new window opens. Returns the new revision."""
        with self.engine.begin() as c:
            g = c.execute(select(t.games.c.revision).where(t.games.c.id == game_id)
                          .with_for_update()).one()
            rev = int(g.revision) + 1
            c.execute(update(t.inputs).where(t.inputs.c.game_id == game_id,
                                             t.inputs.c.seq >= from_seq,
                                             t.inputs.c.undone_at.is_(None))
                      .values(undone_at=rev))
            c.execute(update(t.games).where(t.games.c.id == game_id)
                      .values(revision=rev, window_revision=rev))
            c.execute(insert(t.audit).values(game_id=game_id, revision=rev, director=director,
                                             what=what, created_at=_now()))
        return rev

    # ------------------------------------------------------------- tokens
    def token(self, token: str) -> TokenRow | None:
        with self.engine.connect() as c:
            r = c.execute(select(t.tokens).where(t.tokens.c.token == token)).first()
        if r is None:
            return None
        return TokenRow(r.token, r.game_id, r.seat, r.kind, r.revoked_at is not None)

    def tokens(self, game_id: str, include_revoked: bool = False) -> list[TokenRow]:
        q = select(t.tokens).where(t.tokens.c.game_id == game_id)
        if not include_revoked:
            q = q.where(t.tokens.c.revoked_at.is_(None))
        with self.engine.connect() as c:
            rows = c.execute(q.order_by(t.tokens.c.created_at)).all()
        return [TokenRow(r.token, r.game_id, r.seat, r.kind, r.revoked_at is not None)
                for r in rows]

    def replace_seat_token(self, game_id: str, seat: str, new_token: str,
                           director: str) -> None:
        """替补: the seat's old token stops working, the new one starts, in one step."""
        now = _now()
        with self.engine.begin() as c:
            g = c.execute(select(t.games.c.revision).where(t.games.c.id == game_id)).one()
            c.execute(update(t.tokens).where(t.tokens.c.game_id == game_id,
                                             t.tokens.c.seat == seat, t.tokens.c.kind == "seat",
                                             t.tokens.c.revoked_at.is_(None))
                      .values(revoked_at=now))
            c.execute(insert(t.tokens).values(token=new_token, game_id=game_id, seat=seat,
                                              kind="seat", created_at=now))
            c.execute(insert(t.audit).values(game_id=game_id, revision=int(g.revision),
                                             director=director, what=f"替补：{seat} 换了新链接",
                                             created_at=now))

    def add_token(self, game_id: str, seat: str, token: str, kind: str) -> None:
        with self.engine.begin() as c:
            c.execute(insert(t.tokens).values(token=token, game_id=game_id, seat=seat,
                                              kind=kind, created_at=_now()))

    # ------------------------------------------------------ chats, diaries
    def add_message(self, game_id: str, kind: str, channel: str, author: str, at: str,
                    text: str) -> None:
        with self.engine.begin() as c:
            c.execute(insert(t.messages).values(game_id=game_id, kind=kind, channel=channel,
                                                author=author, at=at, text=text,
                                                created_at=_now()))

    def messages(self, game_id: str, kind: str) -> list[MessageRow]:
        with self.engine.connect() as c:
            rows = c.execute(select(t.messages).where(t.messages.c.game_id == game_id,
                                                      t.messages.c.kind == kind)
                             .order_by(t.messages.c.id)).all()
        return [MessageRow(r.id, r.channel, r.author, r.at, r.text) for r in rows]

    # ----------------------------------------------------------- deadlines
    def set_deadline(self, game_id: str, at: dt.datetime | None, window: int | None,
                     paused_left: float | None, director: str, what: str) -> None:
        self.write_together([self.deadline_work(game_id, at, window, paused_left, director,
                                                what)])

    def deadline_work(self, game_id: str, at: dt.datetime | None, window: int | None,
                      paused_left: float | None, director: str, what: str) -> DeadlineWrite:
        """The writes of a window's deadline and its audit line. Through the writer
        thread (writer.py), and with the input that opened the window when there is
        one: a transaction of its own on SQLite waited for the writer's in SQLite's
        busy handler (hundreds of ms under load) while the game's lock was held."""
        return DeadlineWrite(game_id, at, window, paused_left, director, what, _now())

    # -------------------------------------------------------------- audit
    def add_audit(self, game_id: str, revision: int, director: str, what: str) -> None:
        with self.engine.begin() as c:
            c.execute(insert(t.audit).values(game_id=game_id, revision=revision,
                                             director=director, what=what, created_at=_now()))

    def audit(self, game_id: str) -> list[tuple[int, str, str, dt.datetime]]:
        with self.engine.connect() as c:
            rows = c.execute(select(t.audit).where(t.audit.c.game_id == game_id)
                             .order_by(t.audit.c.id)).all()
        return [(r.revision, r.director, r.what, r.created_at) for r in rows]


class StaleRevision(RuntimeError):
    """The stored revision is not the one the live game expected (another writer)."""


# built once: executing a prebuilt statement with a parameter dict skips most of
# SQLAlchemy's per-call statement construction (a third of a submission's CPU before)
_INSERT_INPUT = insert(t.inputs)
_INSERT_COMMAND = insert(t.commands)
_BUMP = (update(t.games).where(t.games.c.id == bindparam("gid"),
                               t.games.c.revision == bindparam("old"))
         .values(revision=bindparam("new")))
_BUMP_TO = (update(t.games).where(t.games.c.id == bindparam("gid"),
                                  t.games.c.revision == bindparam("old"))
            .values(revision=bindparam("new"), window_revision=bindparam("win")))
_BUMP_WINDOW = (update(t.games).where(t.games.c.id == bindparam("gid"),
                                      t.games.c.revision == bindparam("old"))
                .values(revision=bindparam("new"), window_revision=bindparam("new")))


@dataclass
class InputWrite:
    """One input's rows (Store.input_work); alone, or many in one statement
    (Store.write_together)."""

    row: dict[str, Any]
    new_window: bool
    command: dict[str, Any] | None  # its command's answer, when it has a command_id

    def __call__(self, c: Connection) -> None:
        _write(c, [self])


@dataclass
class CommandWrite:
    """A command's answer without an input (a refusal before the engine)."""

    row: dict[str, Any]

    def __call__(self, c: Connection) -> None:
        c.execute(_INSERT_COMMAND, self.row)


@dataclass
class DeadlineWrite:
    """A window's deadline and its audit line (Store.deadline_work); the audit line
    names the game's revision as this transaction leaves it."""

    game_id: str
    at: dt.datetime | None
    window: int | None
    paused_left: float | None
    director: str
    what: str
    created_at: dt.datetime

    def __call__(self, c: Connection) -> None:
        g = c.execute(select(t.games.c.revision).where(t.games.c.id == self.game_id)).one()
        c.execute(update(t.games).where(t.games.c.id == self.game_id).values(
            deadline_at=self.at, deadline_window=self.window, paused_left=self.paused_left))
        c.execute(insert(t.audit).values(game_id=self.game_id, revision=int(g.revision),
                                         director=self.director, what=self.what,
                                         created_at=self.created_at))


@dataclass
class RevisionCheck:
    """No write: the transaction fails with StaleRevision unless the game's stored
    revision is `revision` (checked before the transaction's own writes). A turn judged
    while the previous one's transaction was still in flight names the revision that
    one leaves, so it can never be stored without it (web/live.py)."""

    game_id: str
    revision: int

    def __call__(self, c: Connection) -> None:
        got = c.execute(select(t.games.c.revision).where(t.games.c.id == self.game_id)
                        ).scalar_one_or_none()
        if got != self.revision:
            raise StaleRevision(f"游戏 {self.game_id} 的 revision 不是 {self.revision}")


class _Together:
    """The works of one Store.write_together, as one job of the writer thread: run
    through SQLAlchemy (`__call__`), or, on PostgreSQL, as statements of the writer's
    one query string (`script`, pgwrite.py) when every work is one of the kinds it
    knows."""

    __slots__ = ("works",)

    def __init__(self, works: list[Work]) -> None:
        self.works = works

    def __call__(self, c: Connection) -> None:
        _write(c, self.works)

    @property
    def scripted(self) -> bool:
        return all(isinstance(w, InputWrite | CommandWrite | DeadlineWrite | RevisionCheck)
                   for w in self.works)

    def script(self, cur: Any) -> list[str]:
        return pgwrite.script(cur, self.works)


def _write(c: Connection, works: list[Work]) -> None:
    """Store.write_together's statements."""
    for w in works:
        if isinstance(w, RevisionCheck):
            w(c)
    inputs = [w for w in works if isinstance(w, InputWrite)]
    if inputs:
        c.execute(_INSERT_INPUT, [w.row for w in inputs])
        for gid, (old, new, win) in _bumps(inputs).items():
            if win is None:
                done = c.execute(_BUMP, {"gid": gid, "old": old, "new": new})
            else:
                done = c.execute(_BUMP_TO, {"gid": gid, "old": old, "new": new, "win": win})
            if done.rowcount != 1:
                raise StaleRevision(f"游戏 {gid} 的 revision 已不是 {old}")
    rows = _command_rows(works)
    if rows:
        c.execute(_INSERT_COMMAND, rows)
    for other in works:
        if not isinstance(other, InputWrite | CommandWrite | RevisionCheck):
            other(c)


def _bumps(inputs: list[InputWrite]) -> dict[str, tuple[int, int, int | None]]:
    """Each game's revision move: from the first input's old revision to the last
    one's, and the window's, when one opened (refused inputs move nothing)."""
    bumps: dict[str, tuple[int, int, int | None]] = {}  # game: old, new, window
    for w in inputs:
        if w.row["op"] == "refused":
            continue
        rev = int(w.row["revision"])
        old, _, win = bumps.get(w.row["game_id"], (rev - 1, rev, None))
        bumps[w.row["game_id"]] = (old, rev, rev if w.new_window else win)
    return bumps


def _command_rows(works: list[Work]) -> list[dict[str, Any]]:
    """The commands' answers to store: the inputs' and those without an input."""
    rows = [{"game_id": w.row["game_id"], "command_id": w.row["command_id"],
             "answer": w.command, "actor": w.row["actor"], "created_at": w.row["created_at"]}
            for w in works if isinstance(w, InputWrite) and w.command is not None]
    rows += [w.row for w in works if isinstance(w, CommandWrite)]
    return rows


def _game_row(r: Any) -> GameRow:
    return GameRow(r.id, r.ruleset, r.title, list(r.players), dict(r.options), int(r.seed),
                   int(r.revision), int(r.window_revision), r.created_by, r.created_at,
                   _utc(r.deadline_at), r.deadline_window, r.paused_left)


def _utc(t: dt.datetime | None) -> dt.datetime | None:
    # SQLite hands timestamps back without their zone; they were written in UTC
    if t is None or t.tzinfo is not None:
        return t
    return t.replace(tzinfo=dt.UTC)
