"""加速 through the engine's public API: the director's input marks the current day
accelerated (logged, replayable, in the views); 改票 is refused with the post quoted;
a post without 加速 refuses the input itself."""

from __future__ import annotations

import json

from bansha.engine import Action, Game, Rejected
from bansha.engine.log import GameLog

SPEEDUP = Action("导演", "加速")


def _m47() -> Game:
    return Game.new("m47-yeliang", 14, seed=5)


def test_accelerate_marks_the_day_and_shows_in_the_views() -> None:
    g = _m47()
    assert g.public_view()["accelerated"] is False
    assert g.submit(SPEEDUP)
    assert g.public_view()["accelerated"] is True
    assert g.director_view()["accelerated"] is True
    assert g.view(g.order[0])["accelerated"] is True
    assert any(e.kind == "announce" and "本讨论日执行加速" in e.text for e in g.events)
    g.advance()  # day 1 ends: the night is not accelerated, nor is the next day
    assert g.public_view()["accelerated"] is False


def test_a_revote_is_refused_while_accelerated_quoting_the_post() -> None:
    g = _m47()
    a, b = g.order[0], g.order[1]
    assert g.submit(Action(a, "投票", target=b))
    assert g.submit(SPEEDUP)
    answer = g.submit(Action(a, "改票", target="弃权"))
    assert isinstance(answer, Rejected)
    assert answer.reason == ("本讨论日已执行加速，不可改票（规则：“执行加速时，所有人不可改票，"
                             "且发言不足或未投票者将不被判罚。”）")
    assert g.votes.current[a] == b  # the first vote stands


def test_accelerate_is_refused_twice_at_night_and_with_a_target() -> None:
    g = _m47()
    assert isinstance(g.submit(Action("导演", "加速", target=g.order[0])), Rejected)
    assert g.submit(SPEEDUP)
    again = g.submit(SPEEDUP)
    assert isinstance(again, Rejected) and "已执行加速" in again.reason
    g.advance()
    night = g.submit(SPEEDUP)
    assert isinstance(night, Rejected) and night.reason == "加速只在讨论日（白天）执行"


def test_a_post_without_speedup_refuses_it() -> None:
    g = Game.new("s15-official", 20, seed=1)
    answer = g.submit(SPEEDUP)
    assert isinstance(answer, Rejected)
    assert "没有“加速”" in answer.reason
    assert g.public_view()["accelerated"] is False


def test_accelerate_replays_from_the_json_log() -> None:
    g = _m47()
    a = g.order[0]
    g.submit(Action(a, "投票", target=g.order[1]))
    g.submit(SPEEDUP)
    g.submit(Action(a, "改票", target="弃权"))
    again = Game.replay(GameLog.from_dict(json.loads(json.dumps(g.log.as_dict()))))
    assert again.events == g.events
    assert again.public_view()["accelerated"] is True


def test_a_player_cannot_accelerate_the_day_himself() -> None:
    # Found by the random-input property test: 加速 is the director's input; a player
    # (alive or out) asks for it in the 进程帖, and the platform passes his seat.
    g = _m47()
    for seat in (g.order[0], "无名氏"):
        answer = g.submit(Action(seat, "加速"))
        assert isinstance(answer, Rejected)
        assert answer.reason == "加速由导演执行：玩家请在进程帖中申请加速"
    assert g.public_view()["accelerated"] is False


def test_no_director_input_when_a_player_is_named_like_the_director() -> None:
    names = ["导演", *"乙丙丁戊己庚辛壬癸子丑寅卯"]
    g = Game.new("m47-yeliang", names, seed=5)
    answer = g.submit(SPEEDUP)
    assert isinstance(answer, Rejected) and "加速由导演执行" in answer.reason
    assert g.public_view()["accelerated"] is False
