"""An input is answered only once committed, while the next inputs of the same game
are judged during that commit (live.py: start_submit, finish). When a commit fails,
the inputs handed in after it fail too, nothing of them is answered as accepted, and
the live game is again what storage holds; the game then goes on."""

from __future__ import annotations

from typing import Any

import pytest

from bansha.engine import Action
from bansha.store import Store
from bansha.web.live import LiveGames, RolledBack, replay

M47 = list("甲乙丙丁戊己庚辛壬癸子丑寅卯")


class DiskFull(RuntimeError):
    pass


def _votes(lg: LiveGames, live: Any, voters: str, target: str, tag: str) -> list[Any]:
    """Each voter's vote judged and handed to the writer, none waited for yet."""
    with live.lock:
        return [lg.start_submit(live, Action(v, "投票", target=target), v, f"{tag}-{v}",
                                live.revision) for v in voters]


def test_a_failed_commit_fails_the_inputs_after_it_and_the_game_is_reloaded(
        database_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    store = Store(database_url)
    lg = LiveGames(store)
    live, _ = lg.create("导演", "m47-yeliang", M47, seed=3)
    for a in _votes(lg, live, "甲乙", "丙", "ok"):  # two committed together
        assert lg.finish(live, a) == a.answer and a.answer["accepted"] is True
    assert live.revision == 2

    real = store.append_input_later
    failing = {"丁"}

    def append(*args: Any, **kw: Any) -> Any:
        guard = kw.get("guard")
        action = args[4] or {}

        def broken() -> None:
            if guard is not None:
                guard()
            if action.get("seat") in failing:
                raise DiskFull("磁盘已满")

        kw["guard"] = broken
        return real(*args, **kw)

    monkeypatch.setattr(store, "append_input_later", append)
    started = _votes(lg, live, "丁戊己", "丙", "bad")
    assert live.revision == 5  # judged in memory, not answered
    with pytest.raises(DiskFull):
        lg.finish(live, started[0])
    for s in started[1:]:  # handed in after the failed one: refused by the writer too
        with pytest.raises(RolledBack):
            lg.finish(live, s)
    # the live game is storage's again: 甲 and 乙 voted, the others did not
    assert live.revision == 2 and len(live.inputs) == 2
    assert "bad-丁" not in live.commands and "bad-戊" not in live.commands
    row = store.game(live.id)
    assert row is not None and row.revision == 2
    assert live.game.director_view() == replay(row, store.inputs(live.id)).director_view()

    failing.clear()  # the disk has room again: the same command ids now go through
    for s in _votes(lg, live, "丁戊", "丙", "bad"):
        assert lg.finish(live, s)["accepted"] is True
    assert lg.advance(live, "导演")["accepted"] is True
    restarted = LiveGames(Store(database_url)).get(live.id)
    assert restarted is not None and restarted.revision == live.revision == 5
    assert restarted.game.director_view() == live.game.director_view()


def test_a_retry_of_an_input_being_committed_waits_for_that_commit(database_url: str) -> None:
    lg = LiveGames(Store(database_url))
    live, _ = lg.create("导演", "m47-yeliang", M47, seed=3)
    with live.lock:
        first = lg.start_submit(live, Action("甲", "投票", target="乙"), "甲", "c1")
        again = lg.start_submit(live, Action("甲", "投票", target="丙"), "甲", "c1")
    assert again.answer == first.answer and again.pending is first.pending
    assert lg.finish(live, again) == {"accepted": True, "revision": 1}
    assert live.revision == 1 and len(live.inputs) == 1  # applied once
