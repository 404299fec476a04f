"""Storage on SQLite and a real PostgreSQL: a game is its setup plus the input log;
after a restart (a new Store and LiveGames on the same database) every game is its
replay, with the same revision, the same commands answered and the same tokens."""

from __future__ import annotations

import random

import pytest
from sqlalchemy import inspect

from bansha.engine import Action
from bansha.store import Store
from bansha.web.live import LiveGames, replay

from .play import pick, submit_until_stopped, to_action

M47 = list("甲乙丙丁戊己庚辛壬癸子丑寅卯")


def _play(lg: LiveGames, game_id: str, seed: int, windows: int) -> None:
    rng = random.Random(seed)
    live = lg.get(game_id)
    assert live is not None
    for w in range(windows):
        if live.game.finished:
            break
        for i, (seat, body) in enumerate(pick(live.game, rng)):
            lg.submit(live, to_action(seat, body), seat, f"w{w}-{i}", revision=live.revision)
        lg.advance(live, "导演")


def test_schema_is_migrated_and_reopening_keeps_it(database_url: str) -> None:
    s = Store(database_url)
    names = set(inspect(s.engine).get_table_names())
    assert {"games", "inputs", "commands", "tokens", "directors", "alembic_version"} <= names
    s.close()
    Store(database_url).close()  # a second start migrates nothing and fails nothing


def test_restart_rebuilds_every_game_by_replay(database_url: str) -> None:
    s = Store(database_url)
    lg = LiveGames(s)
    a, tokens_a = lg.create("导演", "m47-yeliang", M47, seed=5)
    b, _ = lg.create("导演", "s15-official", [f"p{i}" for i in range(20)], seed=9)
    _play(lg, a.id, 1, 6)
    _play(lg, b.id, 2, 4)
    before = {g.id: (g.revision, g.game.director_view()) for g in (a, b)}
    s.close()

    s2 = Store(database_url)
    lg2 = LiveGames(s2)
    for gid, (rev, dview) in before.items():
        live = lg2.get(gid)
        assert live is not None
        assert live.revision == rev
        assert live.game.director_view() == dview
        assert live.game.director_view() == replay(live.row, s2.inputs(gid)).director_view()
    tok = s2.token(tokens_a["甲"])
    assert tok is not None and tok.seat == "甲" and tok.game_id == a.id and not tok.revoked


def test_command_id_answers_once_across_restart(database_url: str) -> None:
    s = Store(database_url)
    lg = LiveGames(s)
    live, _ = lg.create("导演", "m47-yeliang", M47, seed=3)
    seat, acts = next(iter(live.game.pending().items()))
    vote = next(la for la in acts if la.skill == "投票")
    act = Action(seat, "投票", target=vote.targets[0])
    first = lg.submit(live, act, seat, "same")
    assert first == {"accepted": True, "revision": 1}
    s.close()
    lg2 = LiveGames(Store(database_url))
    live2 = lg2.get(live.id)
    assert live2 is not None
    again = lg2.submit(live2, act, seat, "same")
    assert again == first
    assert live2.revision == 1 and len(live2.inputs) == 1
    # another seat naming the same command_id is refused, and nothing changes
    other = next(n for n in M47 if n != seat)
    ans = lg2.submit(live2, Action(other, "投票", target=seat), other, "same")
    assert ans["accepted"] is False and "command_id" in ans["reason"]
    assert live2.revision == 1


def test_refused_input_is_logged_as_refused_and_changes_nothing(database_url: str) -> None:
    s = Store(database_url)
    lg = LiveGames(s)
    live, _ = lg.create("导演", "m47-yeliang", M47, seed=3)
    view = live.view("甲")
    ans = lg.submit(live, Action("甲", "投票", target="没有这个人"), "甲", "bad")
    assert ans["accepted"] is False and "没有这个人" in ans["reason"]
    assert live.view("甲") == view and live.revision == 0  # what the seat sees: unchanged
    # the log holds it as the engine's own log does, so stored log == game.log
    assert [r.op for r in s.inputs(live.id)] == ["refused"]
    assert s.command(live.id, "bad") is not None  # a retry gets the same refusal
    ok = lg.submit(live, Action("甲", "投票", target="乙"), "甲", "good")
    assert ok == {"accepted": True, "revision": 1}
    # a restart replays the log (the refusal refused again) into the same game
    live2 = LiveGames(Store(database_url)).games[live.id]
    assert live2.game.log.as_dict() == live.game.log.as_dict()
    assert live2.director_view() == live.director_view() and live2.revision == 1
    assert live2.next_seq == 3 and set(live2.commands) == {"bad", "good"}


def test_stale_revision_is_refused_after_the_window_closed(database_url: str) -> None:
    lg = LiveGames(Store(database_url))
    live, _ = lg.create("导演", "m47-yeliang", M47, seed=3)
    r0 = live.revision
    lg.advance(live, "导演")  # day 1 closes
    seat, acts = next(iter(live.game.pending().items()))
    body = pick(live.game, random.Random(0))[0][1] if acts else {"skill": "x"}
    ans = lg.submit(live, to_action(seat, body), seat, "late", revision=r0)
    assert ans["accepted"] is False and "已经关闭" in ans["reason"]
    ans = lg.submit(live, to_action(seat, body), seat, "late2", phase="day 1")
    assert ans["accepted"] is False and "第1天白天 已关门" in ans["reason"]
    assert live.revision == 1


def test_undo_keeps_the_undone_inputs_marked_and_survives_restart(database_url: str) -> None:
    s = Store(database_url)
    lg = LiveGames(s)
    live, _ = lg.create("导演", "m47-yeliang", M47, seed=4)
    _play(lg, live.id, 7, 2)
    kept = [r for r in s.inputs(live.id)]
    last_adv = max(i for i, r in enumerate(kept) if r.op == "advance")
    expected = replay(live.row, kept[:last_adv]).director_view()
    ans = lg.undo_last_advance(live, "导演")
    assert ans["accepted"] is True and ans["undone"][0] == "导演 推进阶段"
    assert live.game.director_view() == expected
    all_rows = s.inputs(live.id, include_undone=True)
    assert [r.undone_at for r in all_rows[last_adv:]] == [ans["revision"]] * (
        len(all_rows) - last_adv)
    s.close()
    live2 = LiveGames(Store(database_url)).get(live.id)
    assert live2 is not None and live2.game.director_view() == expected
    assert live2.revision == ans["revision"] == live2.window_revision


def test_substitute_revokes_the_old_token(database_url: str) -> None:
    s = Store(database_url)
    lg = LiveGames(s)
    live, tokens = lg.create("导演", "m47-yeliang", M47, seed=4)
    new = lg.substitute(live, "乙", "导演")
    old_row, new_row = s.token(tokens["乙"]), s.token(new)
    assert old_row is not None and old_row.revoked
    assert new_row is not None and not new_row.revoked and new_row.seat == "乙"
    assert new != tokens["乙"]
    assert any("替补" in what for _, _, what, _ in s.audit(live.id))


@pytest.mark.parametrize("bad", ["mysql://x/y", "ftp://nowhere"])
def test_unknown_database_url_is_refused_with_a_reason(bad: str) -> None:
    from bansha.store import DatabaseURLError
    with pytest.raises(DatabaseURLError, match="不支持的数据库地址"):
        Store(bad)


def test_concurrent_submissions_and_advances_are_all_stored_in_order(
        database_url: str) -> None:
    """Players submit from many threads while the director advances: a game's
    waiting submissions are judged in turns and stored together (live.py). Every
    answer is a real answer (no storage error: a turn that read the game's next seq
    before an advance stored its own once reused it), every accepted input is in the
    stored log, and after a restart the game equals its replay and the live one."""
    import threading

    s = Store(database_url)
    lg = LiveGames(s)
    live, _ = lg.create("导演", "m47-yeliang", M47, seed=3)
    answers: list[tuple[str, dict[str, object]]] = []
    errors: list[BaseException] = []
    stop = threading.Event()

    threads = [threading.Thread(target=submit_until_stopped,
                                args=(lg, live, seat, i, stop, answers, errors))
               for i, seat in enumerate(M47)]
    for t in threads:
        t.start()
    for _ in range(8):
        stop.wait(0.15)
        lg.advance(live, "导演")
    stop.set()
    for t in threads:
        t.join(30)
    assert errors == []
    accepted = {cid for cid, a in answers if a.get("accepted")}
    assert accepted, "no submission was accepted"
    stored = s.inputs(live.id)
    assert [r.seq for r in stored] == sorted({r.seq for r in stored})
    assert accepted <= {r.command_id for r in stored}
    before = live.game.director_view()
    s.close()

    s2 = Store(database_url)
    again = LiveGames(s2).get(live.id)
    assert again is not None
    assert again.game.director_view() == before
    assert again.revision == live.revision
    s2.close()


def test_writes_check_the_revision_and_fail_alone(database_url: str) -> None:
    """The writer's transactions (on PostgreSQL one pipeline each, store/pgwrite.py):
    an input whose game's stored revision is not the one it names is refused with
    StaleRevision and stores nothing; in a batch, a failing write (a command_id
    already stored) fails only itself; a deadline's audit line names the revision the
    input before it in the same transaction left."""
    import threading

    from bansha.store.store import StaleRevision

    s = Store(database_url)
    lg = LiveGames(s)
    live, _ = lg.create("导演", "m47-yeliang", M47, seed=4)
    gid = live.id
    s.append_input(gid, 1, 1, "advance", None, "导演:导演", command_id="a1",
                   answer={"accepted": True})
    with pytest.raises(StaleRevision):  # the stored revision is 1, not 4
        s.append_input(gid, 2, 5, "advance", None, "导演:导演", command_id="a2")
    assert [r.seq for r in s.inputs(gid)] == [1]
    assert s.command(gid, "a2") is None and s.game(gid).revision == 1  # type: ignore[union-attr]

    # many writes at once share the writer's transactions: the duplicate fails alone
    errors: dict[str, BaseException] = {}

    def write(i: int) -> None:
        try:
            if i == 0:
                s.record_command(gid, "a1", {"accepted": False}, "甲")  # stored already
            else:
                s.record_command(gid, f"c{i}", {"accepted": False, "i": i}, "乙")
        except Exception as e:
            errors[f"c{i}"] = e

    threads = [threading.Thread(target=write, args=(i,)) for i in range(20)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    assert list(errors) == ["c0"]
    assert all(s.command(gid, f"c{i}") is not None for i in range(1, 20))
    first = s.command(gid, "a1")
    assert first is not None and first.answer == {"accepted": True}

    import datetime as dt

    at = dt.datetime(2030, 1, 1, tzinfo=dt.UTC)
    s.write_together([s.input_work(gid, 2, 2, "advance", None, "导演:导演", command_id="a3",
                                   answer={"accepted": True}, new_window=True),
                      s.deadline_work(gid, at, 2, None, "规则时限", "关门时限")])
    row = s.game(gid)
    assert row is not None
    assert (row.revision, row.window_revision, row.deadline_at, row.deadline_window) == (
        2, 2, at, 2)
    assert s.audit(gid)[-1][:3] == (2, "规则时限", "关门时限")
    assert [r.action for r in s.inputs(gid)] == [None, None]
    s.close()
