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

import datetime as dt
import logging
import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from bansha.engine import Action, Game, GameLog, Phase, SetupError, get_ruleset
from bansha.engine.deadlines import window_deadline
from bansha.store import CommandRow, GameRow, InputRow, Store

from .timing import Timing

log = logging.getLogger("bansha.web")

DIRECTOR_PREFIX = "导演:"
RULE_CLOCK = "规则时限"  # the audit's name for a countdown the post's rule set


def new_token() -> str:
    """An unguessable link secret (256 bits)."""
    return secrets.token_urlsafe(32)


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
    lock: threading.RLock = field(default_factory=threading.RLock)
    chatter: int = 0  # group-chat, diary and deadline changes since start: they stream too
    deadline_at: dt.datetime | None = None  # see deadlines.py
    deadline_window: int | None = None
    paused_left: float | None = None

    # bumped whenever the live game is rebuilt (an undo, a rebuild after an error):
    # within one epoch every view's event list only grows, so an event stream can
    # send what it has not sent by count (views.stream_doc)
    epoch: int = 0

    @property
    def id(self) -> str:
        return self.row.id

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
    def submit(self, live: LiveGame, action: Action, actor: str, command_id: str,
               revision: int | None = None, phase: str | None = None,
               proxy: bool = False, note: str | None = None,
               timing: Timing | None = None) -> dict[str, Any]:
        t = time.perf_counter()
        with live.lock:
            if timing is not None:
                t = timing.since("lock", t)
            first = self._first_answer(live, command_id, actor)
            if first is not None:
                return first
            reason = self._window_refusal(live, revision, phase)
            if reason is None and live.game.finished:
                reason = "游戏已结束"
            if reason is not None:
                return self._refuse(live, command_id, actor, reason)
            before = live.window_key()
            try:
                answer = live.game.submit(action)
                if timing is not None:
                    timing.since("engine", t)
            except Exception as e:  # the engine promises never to raise; if it does, say so
                log.exception("engine raised on %r", action)
                live.rebuild(replay(live.row, live.inputs))
                return self._refuse(live, command_id, actor, f"导演程序无法处理这个输入（{e}）")
            if not answer:
                # the engine logged the refused input (and a `rejected` event to its seat)
                # and changed nothing else: store it too, so the stored log stays equal to
                # game.log and no rebuild is needed
                ans = refused(getattr(answer, "reason", "被拒绝"))
                return self._commit(live, "refused", action.as_dict(), actor, proxy, note,
                                    command_id, False, answer=ans, timing=timing)
            new_window = live.window_key() != before
            return self._commit(live, "submit", action.as_dict(), actor, proxy, note, command_id,
                                new_window, timing=timing)

    def advance(self, live: LiveGame, director: str, command_id: str | None = None,
                revision: int | None = None, timing: Timing | None = None) -> dict[str, Any]:
        actor = DIRECTOR_PREFIX + director
        t = time.perf_counter()
        with live.lock:
            if timing is not None:
                t = timing.since("lock", t)
            if command_id is not None:
                first = self._first_answer(live, command_id, actor)
                if first is not None:
                    return first
            reason = self._window_refusal(live, revision, None)
            if reason is None and live.game.finished:
                reason = "游戏已结束"
            if reason is not None:
                if command_id is None:
                    return refused(reason)
                return self._refuse(live, command_id, actor, reason)
            try:
                live.game.advance()
                if timing is not None:
                    timing.since("engine", t)
            except Exception as e:
                log.exception("engine raised on advance")
                live.rebuild(replay(live.row, live.inputs))
                return refused(f"导演程序无法结算这个阶段（{e}）")
            return self._commit(live, "advance", None, actor, False, None, command_id, True,
                                {"at": live.game.outcome().at}, timing=timing)

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
    def _first_answer(self, live: LiveGame, command_id: str, actor: str) -> dict[str, Any] | None:
        stored = live.commands.get(command_id)
        if stored is None:
            return None
        if stored.actor != actor:
            return refused("这个 command_id 已被其他输入使用")
        return stored.answer

    def _window_refusal(self, live: LiveGame, revision: int | None,
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
        if revision > live.revision:
            return f"revision {revision} 超过了游戏当前的 {live.revision}"
        if revision < live.window_revision:
            return (f"这个输入是在 revision {revision} 时做的，那时的行动窗口已经关闭"
                    f"（现在是 {_chinese(at)}，revision {live.revision}）；请刷新后重新提交")
        return None

    def _refuse(self, live: LiveGame, command_id: str, actor: str, reason: str) -> dict[str, Any]:
        ans = refused(reason)
        try:
            self.store.record_command(live.id, command_id, ans, actor)
        except Exception:  # a refusal that cannot be remembered is still a refusal
            log.exception("could not record a refused command")
        else:
            live.commands[command_id] = CommandRow(command_id, ans, actor, _now())
        return ans

    def _commit(self, live: LiveGame, op: str, action: dict[str, Any] | None, actor: str,
                proxy: bool, note: str | None, command_id: str | None,
                new_window: bool, extra: dict[str, Any] | None = None,
                answer: dict[str, Any] | None = None,
                timing: Timing | None = None) -> dict[str, Any]:
        """Store one input the engine has judged (op "refused" when it refused it) with
        its command's answer, in one transaction, before anything is answered."""
        rev = live.revision if op == "refused" else live.revision + 1
        if answer is None:
            answer = {"accepted": True, "revision": rev, **(extra or {})}
        seq = live.next_seq
        t = time.perf_counter()
        try:
            self.store.append_input(
                live.id, seq, rev, op, action, actor, proxy=proxy, note=note,
                command_id=command_id, answer=answer, new_window=new_window)
        except Exception:
            # not stored, so not accepted: the game goes back to what the log holds
            live.rebuild(replay(live.row, live.inputs))
            raise
        if timing is not None:
            t = timing.since("commit", t)
            w = self.store.writer.times
            timing.add("dbwait", w.wait)
            timing.add("dbtx", w.transaction)
            timing.marks["batch"] = w.batch / 1000  # shown as a count
        now = _now()
        live.next_seq = seq + 1
        live.inputs.append(InputRow(seq, rev, op, action, actor, proxy, note, command_id,
                                    now, None))
        if command_id is not None:
            live.commands[command_id] = CommandRow(command_id, answer, actor, now)
        live.revision = rev
        if new_window:
            live.window_revision = rev
            self._rule_deadline(live)
        self.on_change(live.id)
        if timing is not None:
            timing.since("after", t)
        return answer

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
