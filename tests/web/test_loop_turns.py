"""Submissions judged on the event loop (LiveGames.submit_soon, the fast path's): the
game's lock is held from judging to the end of the commit with no thread waiting,
and the guarantees are the threads' ones. On SQLite and on a real PostgreSQL."""

from __future__ import annotations

import asyncio
import random
import threading
from collections.abc import Callable
from typing import Any

import pytest

from bansha.store import Store
from bansha.store.writer import JobTimes
from bansha.web.live import LiveGame, LiveGames

from .play import pick, submit_until_stopped, to_action

M47 = list("甲乙丙丁戊己庚辛壬癸子丑寅卯")
Done = Callable[[BaseException | None, JobTimes], None]


class _Gate:
    """Holds every transaction of the loop's rounds until `open` is set, then hands them
    to the writer in the order they came (as the writer runs them); with fail_first the
    first one fails as a broken database would (nothing stored). `calls` counts the
    transactions handed over so far (a round judged while another is in flight adds
    one)."""

    def __init__(self, s: Store, monkeypatch: pytest.MonkeyPatch,
                 fail_first: bool = False) -> None:
        import queue

        self.open = threading.Event()
        self.calls = 0
        self._real = s.write_soon
        self._fail = fail_first
        self._queue: queue.SimpleQueue[tuple[list[Any], Done]] = queue.SimpleQueue()
        threading.Thread(target=self._run, daemon=True).start()
        monkeypatch.setattr(s, "write_soon", self._gated)

    def _gated(self, works: list[Any], done: Done) -> None:
        self.calls += 1
        self._queue.put((works, done))

    def _run(self) -> None:
        self.open.wait(60)
        while True:
            works, done = self._queue.get()
            if self._fail:
                self._fail = False
                done(RuntimeError("数据库断开了"), JobTimes())
            else:
                self._real(works, done)


def _two_seats(live: LiveGame, seed: int) -> list[tuple[str, dict[str, Any]]]:
    rng = random.Random(seed)
    acts = {seat: body for seat, body in pick(live.game, rng)}
    assert len(acts) >= 2
    return list(acts.items())[:2]


async def _until(cond: Callable[[], bool], timeout: float = 20.0) -> bool:
    """Waits for `cond` (polled on the loop) instead of a fixed sleep: on a loaded
    machine a thread may take far longer than usual to reach the state a test needs."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not cond():
        if loop.time() > end:
            return False
        await asyncio.sleep(0.005)
    return True


def _settled(live: LiveGame) -> bool:
    """The lock free and no turn running (a thread's turn answers before it lets go)."""
    import time

    for _ in range(300):
        if not live.lock.held() and not live.judging and not live.inflight:
            return True
        time.sleep(0.01)
    return False


def _restarted_equal(database_url: str, live: LiveGame) -> None:
    s2 = Store(database_url)
    again = LiveGames(s2).get(live.id)
    assert again is not None
    assert again.game.director_view() == live.game.director_view()
    assert (again.revision, again.window_revision) == (live.revision, live.window_revision)
    s2.close()


def test_a_loop_turn_holds_the_game_until_its_commit(
        database_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """While a submission of the loop commits, nobody reads the game (not the loop's
    own non-blocking attempts, not a thread), its revision has not moved, nothing is
    answered; the answer comes once the input is stored, and then readers see it."""
    s = Store(database_url)
    lg = LiveGames(s)
    live, _ = lg.create("导演", "m47-yeliang", M47, seed=5)
    (seat, body), _other = _two_seats(live, 1)
    gate = _Gate(s, monkeypatch)
    seen: list[int] = []

    def read() -> None:
        with live.lock:
            seen.append(live.revision)

    async def main() -> dict[str, Any]:
        req = lg.submit_soon(live, to_action(seat, body), seat, "c1", revision=0)
        assert req.future is not None
        await asyncio.sleep(0.1)
        assert not req.future.done()
        assert live.revision == 0 and s.command(live.id, "c1") is None
        assert not live.lock.acquire(blocking=False)
        reader = threading.Thread(target=read)
        reader.start()
        await asyncio.sleep(0.1)
        assert seen == []
        gate.open.set()
        answer = await asyncio.wait_for(req.future, 30)
        await asyncio.to_thread(reader.join, 30)
        return answer

    answer = asyncio.run(main())
    assert answer["accepted"] and answer["revision"] == 1
    assert seen == [1]
    stored = s.command(live.id, "c1")
    assert stored is not None and stored.answer == answer
    assert _settled(live)
    s.close()
    _restarted_equal(database_url, live)


def test_a_loop_submission_waits_for_a_thread_holding_the_lock(database_url: str) -> None:
    """A thread holds the game's lock (an advance, a page being read): the loop does
    not wait for it; a thread started for it does, judges the submission once the
    lock is free and answers it on the loop, stored."""
    s = Store(database_url)
    lg = LiveGames(s)
    live, _ = lg.create("导演", "m47-yeliang", M47, seed=8)
    (seat, body), _other = _two_seats(live, 3)
    held, release = threading.Event(), threading.Event()

    def holder() -> None:
        with live.lock:
            held.set()
            release.wait(30)

    t = threading.Thread(target=holder)
    t.start()
    assert held.wait(30)

    async def main() -> dict[str, Any]:
        req = lg.submit_soon(live, to_action(seat, body), seat, "c1", revision=0)
        assert req.future is not None
        await asyncio.sleep(0.1)  # the loop runs on meanwhile
        assert not req.future.done() and live.revision == 0
        release.set()
        return await asyncio.wait_for(req.future, 30)

    answer = asyncio.run(main())
    t.join(30)
    assert answer["accepted"] and answer["revision"] == 1
    assert [r.command_id for r in s.inputs(live.id)] == ["c1"]
    assert _settled(live)
    s.close()
    _restarted_equal(database_url, live)


def test_a_round_is_judged_while_the_previous_one_commits(
        database_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Pipelining: a submission arriving while the game's round commits is judged at
    once on the game as that round left it, and its transaction queued behind it; a
    retry of the first one's command_id gets its answer only once it is stored; nobody
    reads the game meanwhile; both are answered after their commits, in order."""
    s = Store(database_url)
    lg = LiveGames(s)
    live, _ = lg.create("导演", "m47-yeliang", M47, seed=9)
    (s1, b1), (s2, b2) = _two_seats(live, 4)
    gate = _Gate(s, monkeypatch)

    async def main() -> list[dict[str, Any]]:
        reqs = [lg.submit_soon(live, to_action(s1, b1), s1, "c1", revision=0)]
        await asyncio.sleep(0.02)
        reqs.append(lg.submit_soon(live, to_action(s2, b2), s2, "c2", revision=0))
        reqs.append(lg.submit_soon(live, to_action(s1, b1), s1, "c1", revision=0))
        assert await _until(lambda: gate.calls >= 3)  # judged and queued, none waited
        await asyncio.sleep(0.05)
        assert gate.calls == 3
        assert not any(r.future is None or r.future.done() for r in reqs)
        assert live.revision == 0 and not live.lock.acquire(blocking=False)
        gate.open.set()
        return [await asyncio.wait_for(r.future, 30) for r in reqs if r.future]

    first, second, retry = asyncio.run(main())
    assert first == {"accepted": True, "revision": 1} == retry
    assert second == {"accepted": True, "revision": 2}
    assert [(r.command_id, r.revision) for r in s.inputs(live.id)] == [("c1", 1), ("c2", 2)]
    assert (live.revision, live.lock.held(), live.judging, live.inflight) == (2, False,
                                                                              False, [])
    s.close()
    _restarted_equal(database_url, live)


def test_a_failed_round_fails_the_rounds_judged_behind_it(
        database_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The first round's transaction fails while a second round, judged on top of it,
    is in flight: both are answered with an error (the second's own transaction is
    refused by the database: it names the revision the first would have left), nothing
    is stored, the game goes back to its stored log, and the retries of both are
    judged again and stored; after a restart the game is the same."""
    from bansha.store.store import StaleRevision

    s = Store(database_url)
    lg = LiveGames(s)
    live, _ = lg.create("导演", "m47-yeliang", M47, seed=6)
    (s1, b1), (s2, b2) = _two_seats(live, 2)
    gate = _Gate(s, monkeypatch, fail_first=True)
    epoch = live.epoch

    async def main() -> tuple[dict[str, Any], dict[str, Any]]:
        r1 = lg.submit_soon(live, to_action(s1, b1), s1, "c1", revision=0)
        r2 = lg.submit_soon(live, to_action(s2, b2), s2, "c2", revision=0)
        assert r1.future is not None and r2.future is not None
        assert await _until(lambda: gate.calls >= 2)
        assert gate.calls == 2 and not r2.future.done()
        gate.open.set()
        with pytest.raises(RuntimeError, match="数据库断开了"):
            await asyncio.wait_for(r1.future, 30)
        with pytest.raises(StaleRevision):
            await asyncio.wait_for(r2.future, 30)
        assert live.revision == 0 and live.epoch == epoch + 1
        r3 = lg.submit_soon(live, to_action(s2, b2), s2, "c2", revision=0)  # the retries
        r4 = lg.submit_soon(live, to_action(s1, b1), s1, "c1", revision=0)
        assert r3.future is not None and r4.future is not None
        return (await asyncio.wait_for(r3.future, 30), await asyncio.wait_for(r4.future, 30))

    again2, again1 = asyncio.run(main())
    assert again2 == {"accepted": True, "revision": 1}
    assert again1 == {"accepted": True, "revision": 2}
    assert [(r.command_id, r.revision) for r in s.inputs(live.id)] == [("c2", 1), ("c1", 2)]
    assert _settled(live) and not live.broken
    s.close()
    _restarted_equal(database_url, live)


def test_no_round_is_judged_ahead_while_a_thread_waits_for_the_game(
        database_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A thread waiting for the game's lock (a page, an advance) is not starved: while
    it waits, no round is judged behind the one in flight; it reads the stored state
    after that commit, and the submission that came meanwhile is judged after it."""
    s = Store(database_url)
    lg = LiveGames(s)
    live, _ = lg.create("导演", "m47-yeliang", M47, seed=10)
    (s1, b1), (s2, b2) = _two_seats(live, 5)
    gate = _Gate(s, monkeypatch)
    seen: list[tuple[int, int]] = []

    def read() -> None:
        with live.lock:
            seen.append((live.revision, len(s.inputs(live.id))))

    async def main() -> tuple[dict[str, Any], dict[str, Any]]:
        r1 = lg.submit_soon(live, to_action(s1, b1), s1, "c1", revision=0)
        reader = threading.Thread(target=read)
        reader.start()
        assert await _until(lambda: live.lock.waiters == 1 and gate.calls == 1)
        r2 = lg.submit_soon(live, to_action(s2, b2), s2, "c2", revision=0)
        await asyncio.sleep(0.05)
        assert gate.calls == 1  # the second waits: the reader goes first
        gate.open.set()
        assert r1.future is not None and r2.future is not None
        out = (await asyncio.wait_for(r1.future, 30), await asyncio.wait_for(r2.future, 30))
        await asyncio.to_thread(reader.join, 30)
        return out

    first, second = asyncio.run(main())
    assert seen == [(1, 1)]
    assert first["revision"] == 1 and second["revision"] == 2
    assert _settled(live)
    s.close()
    _restarted_equal(database_url, live)


def test_loop_and_thread_submissions_with_advances_are_all_stored(database_url: str) -> None:
    """Players on the loop and in threads submit while the director advances from a
    thread (a loop turn then finds the lock taken and a thread judges it): every answer
    is a real one, every accepted input is stored once and in order, and the game
    equals its replay after a restart."""
    s = Store(database_url)
    lg = LiveGames(s)
    live, _ = lg.create("导演", "m47-yeliang", M47, seed=7)
    answers: list[tuple[str, dict[str, Any]]] = []
    errors: list[BaseException] = []
    stop = threading.Event()

    def options(seat: str, rng: random.Random) -> tuple[list[dict[str, Any]], int]:
        return [b for st, b in pick(live.game, rng) if st == seat], live.revision

    async def loop_player(seat: str, seed: int) -> None:
        rng = random.Random(seed)
        n = 0
        while not stop.is_set() and not live.game.finished:
            if not live.lock.acquire(blocking=False):
                await asyncio.sleep(0.002)
                continue
            try:
                opts, rev = options(seat, rng)
            finally:
                live.lock.release()
            if not opts:
                await asyncio.sleep(0.005)
                continue
            n += 1
            cid = f"{seat}-{n}"
            req = lg.submit_soon(live, to_action(seat, opts[0]), seat, cid, revision=rev)
            assert req.future is not None
            try:
                answers.append((cid, await req.future))
            except BaseException as e:
                errors.append(e)

    def director() -> None:
        for _ in range(8):
            stop.wait(0.15)
            lg.advance(live, "导演")
        stop.set()

    async def main() -> None:
        threads = [threading.Thread(target=submit_until_stopped,
                                    args=(lg, live, seat, i, stop, answers, errors, "t"))
                   for i, seat in enumerate(M47[:4])]
        for t in threads:
            t.start()
        await asyncio.gather(asyncio.to_thread(director),
                             *(loop_player(seat, 100 + i) for i, seat in enumerate(M47[4:])))
        for t in threads:
            await asyncio.to_thread(t.join, 30)

    asyncio.run(main())
    assert errors == []
    accepted = {cid for cid, a in answers if a.get("accepted")}
    assert any("-t" in c for c in accepted) and any("-t" not in c for c in accepted)
    stored = s.inputs(live.id)
    assert [r.seq for r in stored] == sorted({r.seq for r in stored})
    cids = [r.command_id for r in stored if r.command_id is not None]
    assert len(cids) == len(set(cids))
    assert accepted <= set(cids)
    assert _settled(live)
    s.close()
    _restarted_equal(database_url, live)


def test_a_round_that_raises_behind_one_in_flight_answers_an_error(
        database_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A round judged behind one in flight raises before its transaction is sent (a
    bug, simulated): its submission gets an error and is not accepted, the game goes
    back to the round in flight, which is still stored and answered; after a restart
    the game is the same."""
    s = Store(database_url)
    lg = LiveGames(s)
    live, _ = lg.create("导演", "m47-yeliang", M47, seed=11)
    (s1, b1), (s2, b2) = _two_seats(live, 6)
    gate = _Gate(s, monkeypatch)
    real = lg._countdown
    calls = [0]

    def countdown(live_: LiveGame, st: Any) -> Any:
        calls[0] += 1
        if calls[0] == 2:
            raise RuntimeError("模拟的程序错误")
        return real(live_, st)

    monkeypatch.setattr(lg, "_countdown", countdown)

    async def main() -> dict[str, Any]:
        r1 = lg.submit_soon(live, to_action(s1, b1), s1, "c1", revision=0)
        r2 = lg.submit_soon(live, to_action(s2, b2), s2, "c2", revision=0)
        assert r1.future is not None and r2.future is not None
        with pytest.raises(RuntimeError, match="内部错误"):
            await asyncio.wait_for(r2.future, 30)
        assert not r1.future.done() and gate.calls == 1
        gate.open.set()
        return await asyncio.wait_for(r1.future, 30)

    first = asyncio.run(main())
    assert first == {"accepted": True, "revision": 1}
    assert [r.command_id for r in s.inputs(live.id)] == ["c1"]
    assert _settled(live) and live.revision == 1
    assert live.game.director_view() == replay_of(live).director_view()
    s.close()
    _restarted_equal(database_url, live)


def replay_of(live: LiveGame) -> Any:
    from bansha.web.live import replay

    return replay(live.row, live.inputs)
