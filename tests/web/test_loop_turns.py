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

from .play import pick, to_action

M47 = list("甲乙丙丁戊己庚辛壬癸子丑寅卯")
Done = Callable[[BaseException | None, JobTimes], None]


def _gate(s: Store, monkeypatch: pytest.MonkeyPatch,
          fail_first: bool = False) -> threading.Event:
    """Hold every transaction of the loop's turns until the returned event is set; with
    fail_first the first one then fails as a broken database would (nothing stored)."""
    gate = threading.Event()
    real = s.write_soon
    failing = [fail_first]

    def gated(works: list[Any], done: Done) -> None:
        fail, failing[0] = failing[0], False

        def later() -> None:
            gate.wait(30)
            if fail:
                done(RuntimeError("数据库断开了"), JobTimes())
            else:
                real(works, done)

        threading.Thread(target=later, daemon=True).start()

    monkeypatch.setattr(s, "write_soon", gated)
    return gate


def _two_seats(live: LiveGame, seed: int) -> list[tuple[str, dict[str, Any]]]:
    rng = random.Random(seed)
    acts = {seat: body for seat, body in pick(live.game, rng)}
    assert len(acts) >= 2
    return list(acts.items())[:2]


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
    gate = _gate(s, monkeypatch)
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
        gate.set()
        answer = await asyncio.wait_for(req.future, 30)
        await asyncio.to_thread(reader.join, 30)
        return answer

    answer = asyncio.run(main())
    assert answer["accepted"] and answer["revision"] == 1
    assert seen == [1]
    stored = s.command(live.id, "c1")
    assert stored is not None and stored.answer == answer
    assert not live.lock.held()
    s.close()
    _restarted_equal(database_url, live)


def test_a_loop_submission_waits_for_a_thread_holding_the_lock(database_url: str) -> None:
    """A thread holds the game's lock (an advance, a page being read): the loop does
    not wait for it; a thread of the turns' pool does, judges the submission once the
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
    assert not live.lock.held() and not live.judging
    s.close()
    _restarted_equal(database_url, live)


def test_a_failed_loop_commit_loses_nothing(
        database_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The first turn's transaction fails while a second submission waits for the next
    turn: the first is answered with the error (not accepted, not stored, the game
    back to its stored log), the second is judged on that game and stored, and the
    first one's retry with the same command_id is judged again and stored; after a
    restart the game is the same."""
    s = Store(database_url)
    lg = LiveGames(s)
    live, _ = lg.create("导演", "m47-yeliang", M47, seed=6)
    (s1, b1), (s2, b2) = _two_seats(live, 2)
    gate = _gate(s, monkeypatch, fail_first=True)
    epoch = live.epoch

    async def main() -> tuple[dict[str, Any], dict[str, Any]]:
        r1 = lg.submit_soon(live, to_action(s1, b1), s1, "c1", revision=0)
        r2 = lg.submit_soon(live, to_action(s2, b2), s2, "c2", revision=0)
        assert r1.future is not None and r2.future is not None
        await asyncio.sleep(0.05)
        assert not r2.future.done()  # waiting for the next turn
        gate.set()
        with pytest.raises(RuntimeError, match="数据库断开了"):
            await asyncio.wait_for(r1.future, 30)
        second = await asyncio.wait_for(r2.future, 30)
        r3 = lg.submit_soon(live, to_action(s1, b1), s1, "c1", revision=0)  # the retry
        assert r3.future is not None
        retried = await asyncio.wait_for(r3.future, 30)
        return second, retried

    second, retried = asyncio.run(main())
    assert live.epoch == epoch + 1  # rebuilt from the stored log after the failure
    assert second == {"accepted": True, "revision": 1}
    assert retried["accepted"] and retried["revision"] == 2
    assert [(r.command_id, r.revision) for r in s.inputs(live.id)] == [("c2", 1), ("c1", 2)]
    assert not live.lock.held() and not live.judging
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

    def thread_player(seat: str, seed: int) -> None:
        rng = random.Random(seed)
        n = 0
        while not stop.is_set() and not live.game.finished:
            with live.lock:
                opts, rev = options(seat, rng)
            if not opts:
                stop.wait(0.005)
                continue
            n += 1
            cid = f"{seat}-t{n}"
            try:
                answers.append((cid, lg.submit(live, to_action(seat, opts[0]), seat, cid,
                                               revision=rev)))
            except BaseException as e:
                errors.append(e)

    def director() -> None:
        for _ in range(8):
            stop.wait(0.15)
            lg.advance(live, "导演")
        stop.set()

    async def main() -> None:
        threads = [threading.Thread(target=thread_player, args=(seat, i))
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
    assert not live.lock.held() and not live.judging
    s.close()
    _restarted_equal(database_url, live)
