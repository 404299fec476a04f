"""The live games: each one is Game.replay of its stored input log, kept in memory.

Every input goes through here. Under the game's lock: a retried command_id gets
its first answer; an input made against a closed window is refused; the engine
judges it; an accepted input is committed to storage before it is answered; a
refused one leaves the game as it was (rebuilt from the log the refused input
never entered), so nothing but its answer remains of it.

Only the engine's public API is used (Game.new/replay/submit/advance/pending/
legal/view/public_view/director_view/outcome, GameLog.from_dict, and
engine.deadlines.window_deadline for the post's countdowns)."""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
import secrets
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from bansha.engine import Action, Game, GameLog, Phase, SetupError, get_ruleset
from bansha.engine.deadlines import window_deadline
from bansha.store import CommandRow, GameRow, InputRow, Store
from bansha.store.writer import JobTimes

from .timing import Timing

log = logging.getLogger("bansha.web")

DIRECTOR_PREFIX = "导演:"
RULE_CLOCK = "规则时限"  # the audit's name for a countdown the post's rule set


def new_token() -> str:
    """An unguessable link secret (256 bits)."""
    return secrets.token_urlsafe(32)


_TURN = -1  # GameLock's owner while a judging turn of the event loop holds it


class GameLock:
    """The game's lock. For threads it is a reentrant lock like threading.RLock (every
    reader and every thread's turn takes it with `with`). A judging turn started on
    the event loop also holds it, from judging to the end of its commit, without
    blocking the loop: `take_turn` (never waits) and `end_turn`, which the commit's
    answer runs later; no thread owns it meanwhile, so the loop's own non-blocking
    attempts (fastpath's legal, the event streams) fail and read no uncommitted
    state.

    It is first come, first served: a free lock is taken only if nobody waits for it,
    and the waiters take it in the order they came. A plain threading.Lock lets a
    thread that arrives as it is released take it ahead of one that has been blocked
    on it (the woken thread still has to be scheduled), so a page or an advance
    waiting behind a judging turn could lose to the turn thread started right after
    it, again and again."""

    __slots__ = ("_cond", "_count", "_owner", "_queue")

    def __init__(self) -> None:
        self._cond = threading.Condition(threading.Lock())
        self._owner: int | None = None
        self._count = 0
        self._queue: deque[object] = deque()  # one ticket per thread blocked in acquire

    @property
    def waiters(self) -> int:
        """Threads blocked in acquire: the loop's turns give way to them."""
        return len(self._queue)

    def acquire(self, blocking: bool = True, timeout: float = -1) -> bool:
        me = threading.get_ident()
        if self._owner == me:  # only this thread ever sets the owner to itself
            self._count += 1
            return True
        with self._cond:
            if self._owner is None and not self._queue:
                self._owner, self._count = me, 1
                return True
            if not blocking:
                return False
            ticket = object()
            self._queue.append(ticket)
            try:
                got = self._cond.wait_for(
                    lambda: self._owner is None and self._queue[0] is ticket,
                    None if timeout < 0 else timeout)
                if got:
                    self._owner, self._count = me, 1
                return got
            finally:
                self._queue.remove(ticket)
                if self._owner is None:  # given up on timeout: the next may go
                    self._cond.notify_all()

    def _free(self) -> None:
        with self._cond:
            self._owner, self._count = None, 0
            if self._queue:
                self._cond.notify_all()

    def release(self) -> None:
        if self._owner != threading.get_ident():
            raise RuntimeError("GameLock released by a thread that does not hold it")
        self._count -= 1
        if self._count == 0:
            self._free()

    def __enter__(self) -> bool:
        return self.acquire()

    def __exit__(self, *exc: object) -> None:
        self.release()

    def take_turn(self) -> bool:
        """Take the lock for a turn of the event loop, if it is free now and nobody
        waits for it."""
        with self._cond:
            if self._owner is not None or self._queue:
                return False
            self._owner, self._count = _TURN, 1
            return True

    def end_turn(self) -> None:
        assert self._owner == _TURN
        self._free()

    def held(self) -> bool:
        return self._owner is not None


@dataclass
class LiveGame:
    row: GameRow
    game: Game
    inputs: list[InputRow]  # the live log (undone inputs left out), equal to game.log
    revision: int
    window_revision: int
    next_seq: int = 1  # the seq the next stored input gets (undone ones keep theirs)
    # every answered command_id: all of them go through this process, so the retry
    # check needs no query (loaded from storage at start)
    commands: dict[str, CommandRow] = field(default_factory=dict)
    lock: GameLock = field(default_factory=GameLock)
    # submissions waiting to be judged, by one thread at a time (LiveGames.submit)
    waiting: list[_Request] = field(default_factory=list)
    waiting_lock: threading.Lock = field(default_factory=threading.Lock)
    judging: bool = False  # a thread has the turn to judge them (under waiting_lock)
    # the event loop holds the lock for its turn (LiveGames._loop_turn), and the rounds
    # of it whose transactions are in flight, oldest first (only the loop touches these)
    loop_turn: bool = False
    inflight: list[_Staged] = field(default_factory=list)
    broken: bool = False  # a round in flight failed: the ones after it fail too
    chatter: int = 0  # group-chat, diary and deadline changes since start: they stream too
    deadline_at: dt.datetime | None = None  # see deadlines.py
    deadline_window: int | None = None
    paused_left: float | None = None

    # bumped whenever the live game is rebuilt (an undo, a rebuild after an error):
    # within one epoch every view's event list only grows, so an event stream can
    # send what it has not sent by count (views.stream_doc)
    epoch: int = 0
    # the encoded `legal` answers of the state named by legal_state(), by seat: between
    # two inputs every player polls the same state over and over (fastpath.py)
    legal_cache: tuple[Any, dict[str, bytes]] = (None, {})

    @property
    def id(self) -> str:
        return self.row.id

    def legal_state(self) -> tuple[int, int, int]:
        """What names the state `legal` answers are read from: the game object, its
        epoch and the revision. All three change together with every accepted input or
        rebuild, and live.revision moves only once the input is stored, so an answer
        cached under one name is of a stored state (a refusal changes no one's legal)."""
        return id(self.game), self.epoch, self.revision

    def rebuild(self, game: Game) -> None:
        self.game = game
        self.epoch += 1

    # Refused inputs stay in the live game (and the stored log) as the engine keeps
    # them, but a refusal changes nothing anyone sees (api.md): its answer and the
    # console's refusals list say it, so the engine's `rejected` event is left out of
    # every view the platform serves. Only a refused input makes one.
    def view(self, seat: str) -> dict[str, Any]:
        return without_refusals(self.game.view(seat))

    def director_view(self) -> dict[str, Any]:
        return without_refusals(self.game.director_view())

    def window_key(self) -> tuple[Any, ...]:
        """What identifies the open window: the phase, and a mid-resolution prompt."""
        g = self.game
        p = g.prompt
        return (g.outcome().at, g.finished, None if p is None else (p.seat, p.skills()))

    def acted(self) -> dict[str, list[str]]:
        """Who has had an input accepted in the open window, and which skills."""
        out: dict[str, list[str]] = {}
        for r in self.inputs:
            if r.revision > self.window_revision and r.op == "submit" and r.action:  # not refused
                out.setdefault(str(r.action["seat"]), []).append(str(r.action["skill"]))
        return out


@dataclass
class _Request:
    """A submission waiting for its game, judged by whichever thread holds the game's
    lock next (its own, or another submission's)."""

    action: Action
    actor: str
    command_id: str | None
    revision: int | None
    phase: str | None
    proxy: bool
    note: str | None
    timing: Timing | None
    queued: float = field(default_factory=time.perf_counter)
    answer: dict[str, Any] | None = None
    error: BaseException | None = None
    wrote_input: bool = False
    done: bool = False
    turn: bool = False  # handed the turn to judge the waiting submissions
    event: threading.Event = field(default_factory=threading.Event)
    # a submission of the event loop (LiveGames.submit_soon): answered through this
    # future, set on the loop; no thread of its own waits for it
    future: asyncio.Future[dict[str, Any]] | None = None
    loop: asyncio.AbstractEventLoop | None = None
    answered: float = 0.0  # when the future was set (the timing's `back` starts)

    def finish(self, on_loop: bool = False) -> None:
        """Answer it (on_loop: the caller is its loop's thread)."""
        self.done = True
        self.event.set()
        if self.loop is not None:
            if on_loop:
                self._resolve()
            else:
                self.loop.call_soon_threadsafe(self._resolve)

    def _resolve(self) -> None:
        f = self.future
        if f is None or f.done():  # cancelled: its client went away
            return
        self.answered = time.perf_counter()
        if self.error is not None:
            f.set_exception(self.error)
        else:
            assert self.answer is not None
            f.set_result(self.answer)


class _Staged:
    """What one round of judging under the game's lock writes: the inputs and answers
    to store in one transaction, and the revision, window and seq they move the game
    to, made the live game's only once stored."""

    def __init__(self, live: LiveGame, store: Store) -> None:
        self.live, self.store = live, store
        # the rounds still in flight (judged, not yet stored): this one follows them
        self.before: list[_Staged] = list(live.inflight)
        self.revision: int = live.revision
        self.window_revision: int = live.window_revision
        self.next_seq: int = live.next_seq
        if self.before:
            last = self.before[-1]
            self.revision = last.revision
            self.window_revision = last.window_revision
            self.next_seq = last.next_seq
        self.base_revision = self.revision
        self.opened = False  # an input opened a window (the post's countdown starts)
        self.works: list[Any] = []
        self.inputs: list[InputRow] = []
        self.commands: dict[str, CommandRow] = {}
        self.requests: list[_Request] = []

    def log(self) -> list[InputRow]:
        """The live game's log as judged so far: stored, in flight, this round's."""
        return [*self.live.inputs, *(r for b in self.before for r in b.inputs), *self.inputs]

    def command(self, command_id: str | None, answer: dict[str, Any],
                actor: str) -> dict[str, Any]:
        """A refusal before the engine: only its answer is stored."""
        if command_id is not None:
            self.works.append(self.store.command_work(self.live.id, command_id, answer, actor))
            self.commands[command_id] = CommandRow(command_id, answer, actor, _now())
        return answer

    def input(self, op: str, action: dict[str, Any] | None, actor: str, proxy: bool,
              note: str | None, command_id: str | None, new_window: bool,
              extra: dict[str, Any] | None = None,
              answer: dict[str, Any] | None = None) -> dict[str, Any]:
        """An input the engine judged (op "refused" when it refused it)."""
        rev = self.revision if op == "refused" else self.revision + 1
        if answer is None:
            answer = {"accepted": True, "revision": rev, **(extra or {})}
        seq = self.next_seq
        self.works.append(self.store.input_work(
            self.live.id, seq, rev, op, action, actor, proxy=proxy, note=note,
            command_id=command_id, answer=answer, new_window=new_window))
        now = _now()
        self.inputs.append(InputRow(seq, rev, op, action, actor, proxy, note, command_id,
                                    now, None))
        if command_id is not None:
            self.commands[command_id] = CommandRow(command_id, answer, actor, now)
        if self.requests:
            self.requests[-1].wrote_input = True
        self.next_seq = seq + 1
        self.revision = rev
        if new_window:
            self.window_revision = rev
            self.opened = True
        return answer


def replay(row: GameRow, inputs: list[InputRow]) -> Game:
    """The game of a stored log. A "refused" input is submitted again: the engine
    refuses it again (a refusal changes nothing but its `rejected` event), and its
    own log held it too, so the replay equals the live game."""
    doc = {"ruleset": row.ruleset, "players": row.players, "seed": row.seed,
           "options": row.options,
           "inputs": [{"op": "advance"} if r.op == "advance"
                      else {"op": "submit", **(r.action or {})} for r in inputs]}
    return Game.replay(GameLog.from_dict(doc))


def without_refusals(view: dict[str, Any]) -> dict[str, Any]:
    return {**view, "events": [e for e in view["events"] if e.kind != "rejected"]}


def refused(reason: str) -> dict[str, Any]:
    return {"accepted": False, "reason": reason}


class CreateError(ValueError):
    """A game cannot be created; `field` names the body field at fault."""

    def __init__(self, field_name: str, message: str) -> None:
        super().__init__(message)
        self.field = field_name


class LiveGames:
    def __init__(self, store: Store) -> None:
        self.store = store
        self.games: dict[str, LiveGame] = {}
        # told the id of a game that changed (the event streams wait on it: notify.py)
        self.on_change: Callable[[str], None] = lambda _game_id: None
        self._create_lock = threading.Lock()
        for row in store.games():
            inputs = store.inputs(row.id)
            self.games[row.id] = LiveGame(row, replay(row, inputs), inputs, row.revision,
                                          row.window_revision, store.next_seq(row.id),
                                          store.commands(row.id),
                                          deadline_at=row.deadline_at,
                                          deadline_window=row.deadline_window,
                                          paused_left=row.paused_left)

    def get(self, game_id: str) -> LiveGame | None:
        return self.games.get(game_id)

    # ------------------------------------------------------------- create
    def create(self, director: str, ruleset: str, players: list[str],
               options: dict[str, Any] | None = None, seed: int | None = None,
               roles: list[Any] | None = None) -> tuple[LiveGame, dict[str, str]]:
        try:
            rs = get_ruleset(ruleset)
        except KeyError as e:
            raise CreateError("ruleset", str(e.args[0])) from None
        setup: list[Any] = list(players)
        if roles is not None:
            setup = _fixed_deal(players, roles)
        if seed is None:
            seed = secrets.randbelow(2**31)
        try:
            game = Game.new(rs, setup, seed=seed, options=options or {})
        except SetupError as e:
            msg = str(e)
            where = ("options" if "选项" in msg or "option" in msg
                     else "roles" if roles is not None and "身份" in msg else "players")
            raise CreateError(where, msg) from None
        log_doc = game.log.as_dict()
        names = list(game.public_view()["seats"])
        tokens = {n: new_token() for n in names}
        with self._create_lock:
            game_id = secrets.token_hex(4)
            while game_id in self.games:
                game_id = secrets.token_hex(4)
            self.store.create_game(game_id, rs.id, game.ruleset.game_title, log_doc["players"],
                                   log_doc["options"], seed, director, tokens)
            row = self.store.game(game_id)
            assert row is not None
            live = LiveGame(row, game, [], 0, 0)
            self.games[game_id] = live
        return live, tokens

    # ------------------------------------------------------------- inputs
    #
    # A submission joins its game's queue (`LiveGame.waiting`). One thread at a time
    # per game is its judge: it takes the game's lock, judges every submission waiting
    # at that moment in arrival order, stores them all in one transaction, answers
    # them, and passes the turn to the first one that arrived meanwhile (or ends it).
    # Nothing is answered or seen before it is stored (readers take the same lock).
    # Before, each submission held the lock over its own commit, so a game's inputs
    # were committed one after another and its players queued for the lock behind each
    # other's commits (bench_serve: the "lock" part, p99 0.2 s on SQLite, 0.5 s on
    # PostgreSQL). A waiting submission waits for its own answer only, never for a
    # later round's commit.
    def submit(self, live: LiveGame, action: Action, actor: str, command_id: str,
               revision: int | None = None, phase: str | None = None,
               proxy: bool = False, note: str | None = None,
               timing: Timing | None = None) -> dict[str, Any]:
        req = _Request(action, actor, command_id, revision, phase, proxy, note, timing)
        with live.waiting_lock:
            live.waiting.append(req)
            judge = not live.judging
            live.judging = True
        if not judge:
            req.event.wait()  # answered, or handed the turn
            judge = req.turn
        if judge:
            self._judge_turn(live)
        if req.error is not None:
            raise req.error
        assert req.answer is not None
        return req.answer

    def _judge_turn(self, live: LiveGame) -> None:
        """One round of judging the game's waiting submissions, then the turn passes on."""
        st: _Staged | None = None
        try:
            with live.lock:
                # read the game's revision and next seq under the lock: an advance may
                # have stored its own inputs since this turn began
                st = _Staged(live, self.store)
                self._judge_waiting(live, st)
                self._store(live, st)
        finally:
            for r in st.requests if st is not None else []:  # only if something raised
                if not r.done:
                    r.error = r.error or RuntimeError("导演程序内部错误，输入没有生效")
                    r.finish()
            self._pass_turn(live)

    # The same turns for a submission made on the event loop (fastpath.py): no thread
    # of its own. The turn is judged on the loop when the game's lock is free (the
    # engine takes a tenth of a millisecond), its transaction goes to the writer
    # thread without waiting, and the writer's answer comes back to the loop, which
    # makes it the live game's, answers the turn's submissions and ends the turn. The
    # lock is held all that time (GameLock.take_turn), so every reader still waits
    # for the commit. A submission made this way crosses two threads (the writer's
    # and back) instead of four (its own worker thread, the writer's, back to its
    # thread, back to the loop), each a wait for the GIL on a busy machine
    # (bench_serve: `queue`, `back` and part of `commit`). When a thread holds the
    # lock (an advance, a page being read), a thread started for it waits for it and
    # judges the turn as a thread's submission would.
    def submit_soon(self, live: LiveGame, action: Action, actor: str, command_id: str,
                    revision: int | None = None, phase: str | None = None,
                    proxy: bool = False, note: str | None = None,
                    timing: Timing | None = None) -> _Request:
        """submit, for the event loop's thread: the answer is `.future`'s (set only
        once the input is stored; its error is the exception submit would raise)."""
        loop = asyncio.get_running_loop()
        req = _Request(action, actor, command_id, revision, phase, proxy, note, timing,
                       future=loop.create_future(), loop=loop)
        with live.waiting_lock:
            live.waiting.append(req)
            start = not live.judging
            live.judging = True
        if start:
            self._loop_turn(live, loop)
        elif self._may_pipeline(live):
            self._loop_round(live, loop)
        return req

    def _loop_turn(self, live: LiveGame, loop: asyncio.AbstractEventLoop) -> None:
        """A turn judged on the event loop `loop` (its thread runs this)."""
        if live.lock.waiters or not live.lock.take_turn():
            # a thread of its own waits for the lock (rare: an advance or a page holds
            # it); a daemon, as the writer is: one blocked at exit does not hold it up
            threading.Thread(target=self._judge_turn, args=(live,), name="bansha-turn",
                             daemon=True).start()
            return
        live.loop_turn = True
        self._loop_round(live, loop)

    # Pipelining: while a round's transaction is in flight, the submissions that arrive
    # are judged at once on the game as that round left it, and their transaction
    # queued behind it (the writer runs them in order), instead of waiting for its
    # commit to come back first. The lock stays held until no round is in flight, so
    # readers still see stored states only; each round is answered after its own
    # commit, in order. A round is judged behind one in flight only if that one moves
    # the revision, and its transaction first checks that the stored revision is the
    # one it leaves (RevisionCheck): it can never be stored without it. If a round
    # fails, every round after it fails too (their judgement rested on it), and once
    # none is in flight the game is rebuilt from the stored log. No round is judged
    # behind others while a thread waits for the lock (an advance, a page), so they
    # are not starved.
    MAX_INFLIGHT = 4

    def _may_pipeline(self, live: LiveGame) -> bool:
        if not live.loop_turn or not live.inflight or live.broken:
            return False
        if len(live.inflight) >= self.MAX_INFLIGHT or live.lock.waiters:
            return False
        last = live.inflight[-1]
        return last.revision > last.base_revision

    def _loop_round(self, live: LiveGame, loop: asyncio.AbstractEventLoop) -> None:
        """Judge what waits, under the turn's lock, and hand its transaction to the
        writer; the writer's answer (_committed) answers it."""
        st: _Staged | None = None
        sent = False
        try:
            st = _Staged(live, self.store)
            self._judge_waiting(live, st)
            if st.before and st.requests:
                # after a round in flight, even a round of refusals and retries waits
                # for that one's commit (and fails with it)
                st.works.insert(0, self.store.check_work(live.id, st.base_revision))
            if st.works:
                deadline = self._countdown(live, st)
                t = time.perf_counter()
                staged = st

                def done(e: BaseException | None, times: JobTimes) -> None:  # writer thread
                    loop.call_soon_threadsafe(self._committed, live, staged, deadline, t, e,
                                              times)

                live.inflight.append(st)
                try:
                    self.store.write_soon(st.works, done)
                except Exception as e:
                    live.inflight.pop()
                    self._round_failed(live, st, e)
                else:
                    sent = True  # the commit's answer (_committed) answers the round
            else:  # nothing to store: retries of stored commands, or nothing
                for r in st.requests:
                    r.finish(on_loop=True)
        except Exception:  # its submissions get the error (below); the loop goes on
            log.exception("judging a round on the event loop")
        finally:
            if st is not None and not sent:
                if any(not r.done for r in st.requests):  # something above raised
                    if st.inputs:  # judged but not stored: back to the rounds before it
                        live.rebuild(replay(live.row, st.log()[:-len(st.inputs)]))
                    for r in st.requests:
                        if not r.done:
                            r.error = r.error or RuntimeError("导演程序内部错误，输入没有生效")
                            r.finish(on_loop=True)
                if not live.inflight:
                    self._end_loop_turn(live, loop, now=False)

    def _committed(self, live: LiveGame, st: _Staged, deadline: dt.datetime | None,
                   t: float, e: BaseException | None, times: JobTimes) -> None:
        """The writer's answer to a round of the loop, on the loop."""
        loop = asyncio.get_running_loop()
        try:
            assert live.inflight and live.inflight[0] is st
            live.inflight.pop(0)
            if e is not None:
                self._round_failed(live, st, e)
            elif live.broken:  # cannot happen: its check names the failed round's revision
                log.error("a round after a failed one was stored: reloading game %s", live.id)
                self._reload(live)
                for r in st.requests:
                    r.finish(on_loop=True)
            else:
                self._stored(live, st, deadline, t, times)
                for r in st.requests:
                    r.finish(on_loop=True)
        finally:
            for r in st.requests:  # only if something above raised
                if not r.done:
                    r.error = r.error or RuntimeError("导演程序内部错误，输入没有生效")
                    r.finish(on_loop=True)
            if not live.inflight:
                self._end_loop_turn(live, loop, now=True)
            elif live.waiting and self._may_pipeline(live):
                self._loop_round(live, loop)

    def _round_failed(self, live: LiveGame, st: _Staged, e: BaseException) -> None:
        """A round of the loop was not stored. The first such round fails what it wrote
        (its window refusals were judged on stored states and stand); every round after
        it fails whole. The game is rebuilt once no round is in flight."""
        for r in st.requests:
            if r.wrote_input or live.broken:
                r.error = e
            r.finish(on_loop=True)
        live.broken = True
        log.error("could not store %d inputs", len(st.inputs), exc_info=e)

    def _end_loop_turn(self, live: LiveGame, loop: asyncio.AbstractEventLoop,
                       now: bool) -> None:
        if live.broken:
            live.rebuild(replay(live.row, live.inputs))  # back to what is stored
            live.broken = False
        live.loop_turn = False
        live.lock.end_turn()
        self._pass_turn(live, loop, now=now)

    def _reload(self, live: LiveGame) -> None:
        """Everything from storage again (a state the live game did not expect)."""
        row = self.store.game(live.id)
        assert row is not None
        live.inputs = self.store.inputs(live.id)
        live.commands = self.store.commands(live.id)
        live.revision, live.window_revision = row.revision, row.window_revision
        live.next_seq = self.store.next_seq(live.id)
        live.rebuild(replay(live.row, live.inputs))
        live.broken = False

    def advance(self, live: LiveGame, director: str, command_id: str | None = None,
                revision: int | None = None, timing: Timing | None = None) -> dict[str, Any]:
        actor = DIRECTOR_PREFIX + director
        t = time.perf_counter()
        with live.lock:
            if timing is not None:
                t = timing.since("lock", t)
            st = _Staged(live, self.store)
            # the submissions that reached the game before the close are judged in the
            # window they were made in, and stored with the advance
            self._judge_waiting(live, st)
            if command_id is not None:
                first = self._first_answer(live, st, command_id, actor)
                if first is not None:
                    self._store(live, st)
                    return first
            reason = self._window_refusal(live, st, revision, None)
            if reason is None and live.game.finished:
                reason = "游戏已结束"
            if reason is not None:
                if command_id is not None:
                    st.command(command_id, refused(reason), actor)
                self._store(live, st)
                return refused(reason)
            try:
                live.game.advance()
                if timing is not None:
                    timing.since("engine", t)
            except Exception as e:
                log.exception("engine raised on advance")
                live.rebuild(replay(live.row, st.log()))
                self._store(live, st)
                return refused(f"导演程序无法结算这个阶段（{e}）")
            me = _Request(Action(actor, "推进"), actor, command_id, revision, None, False, None,
                          timing)
            st.requests.append(me)
            answer = me.answer = st.input("advance", None, actor, False, None, command_id,
                                          True, {"at": live.game.outcome().at})
            self._store(live, st)
            if me.error is not None:
                raise me.error
            return answer

    def undo_last_advance(self, live: LiveGame, director: str) -> dict[str, Any]:
        """The log minus its tail from the last advance on, replayed; answers which
        inputs were undone."""
        with live.lock:
            last = next((i for i in range(len(live.inputs) - 1, -1, -1)
                         if live.inputs[i].op == "advance"), None)
            if last is None:
                return refused("还没有推进过阶段，没有可撤销的推进")
            keep, undone = live.inputs[:last], live.inputs[last:]
            taken = [r for r in undone if r.op != "refused"]  # refusals changed nothing
            what = f"撤销最近一次推进（撤回 {len(taken)} 条输入）"
            game = replay(live.row, keep)
            rev = self.store.undo(live.id, undone[0].seq, director, what)
            live.inputs = keep
            live.rebuild(game)
            live.revision = live.window_revision = rev
            self._rule_deadline(live)
            self.on_change(live.id)
            return {"accepted": True, "revision": rev, "at": game.outcome().at,
                    "undone": [describe(r) for r in taken]}

    def substitute(self, live: LiveGame, seat: str, director: str) -> str:
        token = new_token()
        with live.lock:
            self.store.replace_seat_token(live.id, seat, token, director)
        return token

    def spectator_link(self, live: LiveGame, name: str, by: str | None) -> str | None:
        """A 观众 link: the public view and a diary of its own (talk.py). The name is
        unique in the game among seats and spectators (None: taken)."""
        token = new_token()
        with live.lock:
            taken = set(live.game.public_view()["seats"]) | {
                t.seat for t in self.store.tokens(live.id, include_revoked=True)
                if t.kind == "spectator"}
            if name in taken:
                return None
            self.store.add_token(live.id, name, token, "spectator")
        if by is not None:
            self.store.add_audit(live.id, live.revision, by, f"为观众 {name} 生成观战链接")
        return token

    def mentor_link(self, live: LiveGame, seat: str, director: str) -> str:
        token = new_token()
        self.store.add_token(live.id, seat, token, "mentor")
        self.store.add_audit(live.id, live.revision, director, f"为 {seat} 生成场外助理链接")
        return token

    # ------------------------------------------------------------ helpers
    def _judge_waiting(self, live: LiveGame, st: _Staged) -> None:
        """Judge every submission waiting for the game, in order (under its lock)."""
        with live.waiting_lock:
            batch, live.waiting = live.waiting, []
        now = time.perf_counter()
        for r in batch:
            if r.timing is not None:
                r.timing.add("lock", now - r.queued)
            st.requests.append(r)
            self._judge(live, st, r)

    def _judge(self, live: LiveGame, st: _Staged, r: _Request) -> None:
        t = time.perf_counter()
        first = self._first_answer(live, st, r.command_id, r.actor)
        if first is not None:
            r.answer = first
            return
        reason = self._window_refusal(live, st, r.revision, r.phase)
        if reason is None and live.game.finished:
            reason = "游戏已结束"
        if reason is not None:
            r.answer = st.command(r.command_id, refused(reason), r.actor)
            return
        before = live.window_key()
        try:
            answer = live.game.submit(r.action)
        except Exception as e:  # the engine promises never to raise; if it does, say so
            log.exception("engine raised on %r", r.action)
            live.rebuild(replay(live.row, st.log()))
            r.answer = st.command(r.command_id, refused(f"导演程序无法处理这个输入（{e}）"),
                                  r.actor)
            return
        if r.timing is not None:
            r.timing.since("engine", t)
        if not answer:
            # the engine logged the refused input (and a `rejected` event to its seat)
            # and changed nothing else: store it too, so the stored log stays equal to
            # game.log and no rebuild is needed
            ans = refused(getattr(answer, "reason", "被拒绝"))
            r.answer = st.input("refused", r.action.as_dict(), r.actor, r.proxy, r.note,
                                r.command_id, False, answer=ans)
            return
        new_window = live.window_key() != before
        r.answer = st.input("submit", r.action.as_dict(), r.actor, r.proxy, r.note,
                            r.command_id, new_window)

    def _first_answer(self, live: LiveGame, st: _Staged, command_id: str | None,
                      actor: str) -> dict[str, Any] | None:
        if command_id is None:
            return None
        # a command of a round in flight: its answer is given with this round's, after
        # that one is stored (and an error instead if it is not)
        stored = st.commands.get(command_id) or next(
            (b.commands[command_id] for b in reversed(st.before) if command_id in b.commands),
            None) or live.commands.get(command_id)
        if stored is None:
            return None
        if stored.actor != actor:
            return refused("这个 command_id 已被其他输入使用")
        return stored.answer

    def _window_refusal(self, live: LiveGame, st: _Staged, revision: int | None,
                        phase: str | None) -> str | None:
        at = live.game.outcome().at
        if phase is not None:
            try:
                meant = Phase.parse(phase).label
            except ValueError:
                meant = None  # a ruleset's own sub-phase name: the engine judges it
            if meant is not None and meant != at:
                return f"{_chinese(meant)} 已关门，现在是 {_chinese(at)}；输入没有生效"
        if revision is None:
            return None
        if revision > st.revision:
            return f"revision {revision} 超过了游戏当前的 {st.revision}"
        if revision < st.window_revision:
            return (f"这个输入是在 revision {revision} 时做的，那时的行动窗口已经关闭"
                    f"（现在是 {_chinese(at)}，revision {st.revision}）；请刷新后重新提交")
        return None

    def _store(self, live: LiveGame, st: _Staged) -> None:
        """Store what the judged submissions wrote, in one transaction, then make it the
        live game's and answer them (under the game's lock)."""
        if st.works:
            deadline = self._countdown(live, st)
            t = time.perf_counter()
            try:
                self.store.write_together(st.works)
            except Exception as e:
                self._not_stored(live, st, e)
                return
            self._stored(live, st, deadline, t, self.store.writer.times)
        for r in st.requests:
            r.finish()

    def _countdown(self, live: LiveGame, st: _Staged) -> dt.datetime | None:
        """A window opened: the post's countdown, written in the same transaction."""
        if not st.opened:
            return None
        rule = window_deadline(live.game)
        if rule is None:
            return None
        deadline = _now() + dt.timedelta(minutes=rule.minutes)
        st.works.append(self.store.deadline_work(
            live.id, deadline, st.window_revision, None, RULE_CLOCK,
            f"按规则设定关门时限：{rule.minutes:g} 分钟后（{rule.rule}）"))
        return deadline

    def _not_stored(self, live: LiveGame, st: _Staged, e: BaseException,
                    on_loop: bool = False) -> None:
        """The transaction failed: nothing was stored, so nothing was accepted. The game
        goes back to what the log holds, and every submission that wrote fails (a
        refusal of the window check, which only failed to be remembered, is still
        answered)."""
        if st.inputs:
            live.rebuild(replay(live.row, live.inputs))
        for r in st.requests:
            if r.wrote_input:
                r.error = e
            r.finish(on_loop)
        log.error("could not store %d inputs", len(st.inputs), exc_info=e)

    def _stored(self, live: LiveGame, st: _Staged, deadline: dt.datetime | None, t: float,
                w: JobTimes) -> None:
        """The transaction committed: it becomes the live game's (still under its lock)."""
        for r in st.requests:
            if r.timing is not None:
                r.timing.since("commit", t)
                r.timing.add("dbwait", w.wait)
                r.timing.add("dbtx", w.transaction)
                r.timing.marks["batch"] = len(st.requests) / 1000  # shown as a count
        live.inputs.extend(st.inputs)
        live.commands.update(st.commands)
        live.next_seq = st.next_seq
        live.revision = st.revision
        if st.opened:
            live.window_revision = st.window_revision
            if deadline is not None:
                live.deadline_at, live.deadline_window = deadline, st.window_revision
                live.paused_left = None
        self.on_change(live.id)

    def _pass_turn(self, live: LiveGame, here: asyncio.AbstractEventLoop | None = None,
                   now: bool = False) -> None:
        """The turn ends: to the first submission that arrived meanwhile, if any. A
        thread's submission judges in its own thread; one of the event loop's gets a turn
        on its loop (`here`: the caller runs on that loop; `now`: start it at once)."""
        with live.waiting_lock:
            nxt = live.waiting[0] if live.waiting else None
            if nxt is None:
                live.judging = False
            else:
                nxt.turn = True
        if nxt is None:
            return
        if nxt.loop is None:
            nxt.event.set()
        elif nxt.loop is not here:
            nxt.loop.call_soon_threadsafe(self._loop_turn, live, nxt.loop)
        elif now:
            self._loop_turn(live, here)
        else:
            here.call_soon(self._loop_turn, live, here)

    def _rule_deadline(self, live: LiveGame) -> None:
        """A window just opened: start the post's countdown for it, if its ruleset
        declares one (Ruleset.deadlines, engine/deadlines.py). The input that opened it
        is already stored; a countdown that cannot be stored is logged and the director
        can set one by hand."""
        rule = window_deadline(live.game)
        if rule is None:
            return
        at = _now() + dt.timedelta(minutes=rule.minutes)
        try:
            self.store.set_deadline(live.id, at, live.window_revision, None, RULE_CLOCK,
                                    f"按规则设定关门时限：{rule.minutes:g} 分钟后（{rule.rule}）")
        except Exception:
            log.exception("could not store the rule's deadline")
            return
        live.deadline_at, live.deadline_window, live.paused_left = at, live.window_revision, None


def _now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


def _fixed_deal(players: list[str], roles: list[Any]) -> list[Any]:
    """`roles` as a scenario's players ([{name: role}] in seat order) or one role
    (or list of cards) per player -> Game.new's fixed-deal players."""
    if len(roles) != len(players):
        raise CreateError("roles", f"roles 有 {len(roles)} 项，players 有 {len(players)} 名")
    out: list[Any] = []
    for i, (name, r) in enumerate(zip(players, roles, strict=True)):
        if isinstance(r, dict):
            if len(r) != 1 or str(next(iter(r))) != name:
                raise CreateError("roles", f"roles[{i}] 应写成 {{{name}: 身份}}")
            r = next(iter(r.values()))
        if isinstance(r, str):
            out.append({name: r})
        elif isinstance(r, list) and r and all(isinstance(c, str) for c in r):
            out.append({name: list(r)})
        else:
            raise CreateError("roles", f"roles[{i}] 应为身份名或身份名列表")
    return out


def _chinese(label: str) -> str:
    try:
        return Phase.parse(label).chinese
    except ValueError:
        return label


def describe(r: InputRow) -> str:
    """One input as the console and the replay write it."""
    if r.op == "advance":
        return f"{r.actor.removeprefix(DIRECTOR_PREFIX)} 推进阶段"
    a = r.action or {}
    target = a.get("target") or "、".join(a.get("targets", [])) or a.get("choice") or ""
    by = f"（导演代投：{r.actor.removeprefix(DIRECTOR_PREFIX)}）" if r.proxy else ""
    return f"{a.get('seat')} {a.get('skill')} {target}{by}".strip()
