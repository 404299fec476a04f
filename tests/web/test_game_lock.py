"""GameLock: reentrant for threads, a turn of the event loop can hold it, and it is
first come, first served, so a page or an advance waiting for a game is never passed
by a thread that arrives later."""
from __future__ import annotations

import threading
import time
from collections.abc import Callable

from bansha.web.live import GameLock


def _wait_for(cond: Callable[[], bool], seconds: float = 10.0) -> None:
    end = time.monotonic() + seconds
    while not cond():
        assert time.monotonic() < end, "timed out"
        time.sleep(0.001)


def test_waiters_take_the_lock_in_the_order_they_came() -> None:
    lock = GameLock()
    order: list[str] = []
    assert lock.take_turn()

    def take(name: str) -> None:
        with lock:
            order.append(name)

    threads = []
    for name in "abcde":
        t = threading.Thread(target=take, args=(name,))
        t.start()
        threads.append(t)
        _wait_for(lambda: lock.waiters == len(threads))
    # a latecomer neither barges in nor takes a turn while others wait
    assert not lock.acquire(blocking=False)
    assert not lock.take_turn()
    lock.end_turn()
    late = threading.Thread(target=take, args=("late",))
    late.start()
    for t in [*threads, late]:
        t.join(10)
    assert order == ["a", "b", "c", "d", "e", "late"]
    assert lock.waiters == 0 and not lock.held()


def test_reentrant_for_its_thread_and_released_only_by_it() -> None:
    lock = GameLock()
    with lock, lock:
        assert lock.held()
        errors: list[BaseException] = []

        def other() -> None:
            try:
                lock.release()
            except RuntimeError as e:
                errors.append(e)
            assert not lock.acquire(blocking=False)

        t = threading.Thread(target=other)
        t.start()
        t.join(10)
        assert len(errors) == 1 and "does not hold it" in str(errors[0])
        assert lock.held()
    assert not lock.held() and lock.take_turn()
    lock.end_turn()


def test_a_waiter_that_times_out_lets_the_next_one_go() -> None:
    lock = GameLock()
    assert lock.take_turn()
    got: list[bool] = []
    first = threading.Thread(target=lambda: got.append(lock.acquire(timeout=0.2)))
    first.start()
    _wait_for(lambda: lock.waiters == 1)
    second_in = threading.Event()

    def second() -> None:
        with lock:
            second_in.set()

    t2 = threading.Thread(target=second)
    t2.start()
    _wait_for(lambda: lock.waiters == 2)
    first.join(10)
    assert got == [False] and lock.waiters == 1 and not second_in.is_set()
    lock.end_turn()
    assert second_in.wait(10)
    t2.join(10)
    assert not lock.held()
