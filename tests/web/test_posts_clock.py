"""[M192] and [M125] played through the platform's HTTP API far enough to use the
director's inputs (加速, a card with its reason) and the posts' own clocks: each
sub-phase window's "关门N分钟内" (m192) and the night's 30/45 minutes (m125) open as
countdowns, and when one runs out the window closes with the post's default, unless
the director paused or extended it. The clock is moved by `close_due(at)`, the
ticker's own step (test_browser.py runs the real ticker)."""

from __future__ import annotations

import datetime as dt
from typing import Any

from bansha.web.deadlines import close_due

from .client import Api

M192 = [chr(0x4E00 + i) for i in range(14)]
M125 = [chr(0x4E00 + i) for i in range(10)]


def _now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


def _director(api: Api, gid: str) -> dict[str, Any]:
    doc: dict[str, Any] = api.get(f"/api/games/{gid}/director", api.director).json()
    return doc


def _advance(api: Api, gid: str) -> dict[str, Any]:
    r = api.post(f"/api/games/{gid}/advance", {}, api.director)
    assert r.status_code == 200 and r.json()["accepted"] is True, r.text
    out: dict[str, Any] = r.json()
    return out


def _rulings_then_card(api: Api, gid: str, seat: str) -> None:
    """The director inputs every ruleset has on a discussion day: 加速 (offered as a
    ruling form, beside the ruleset's own, e.g. m192's 离开游戏) and a card with its
    reason."""
    offered = api.get(f"/api/games/{gid}/rulings", api.director).json()["rulings"]
    assert "加速" in [x["skill"] for x in offered]
    assert api.post(f"/api/games/{gid}/rulings", {"skill": "加速", "command_id": "speed"},
                    api.director).json()["accepted"] is True
    pub = api.get(f"/api/games/{gid}/public", api.director).json()
    assert pub["accelerated"] is True
    r = api.post(f"/api/games/{gid}/cards", {"name": seat, "card": "蓝", "reason": "发言不足"},
                 api.director)
    assert r.json()["accepted"] is True, r.text
    events = _director(api, gid)["events"]
    assert any(e["kind"] == "card" and seat in e["text"] for e in events)


def test_m192_each_sub_phase_runs_on_its_close_minutes(api: Api) -> None:
    gid, seats = api.create("m192-nata", M192, seed=1)
    assert _director(api, gid)["deadline"] is None  # 开局: the post gives no minutes
    _advance(api, gid)  # -> 晨曦 of day 1: no 关门 before it, no minutes
    assert _director(api, gid)["deadline"] is None
    _advance(api, gid)  # -> 正午: open to 21:00, a clock time the director keeps
    assert _director(api, gid)["deadline"] is None
    _rulings_then_card(api, gid, M192[3])
    _advance(api, gid)  # 关门: the last 正午 closes, 黄昏 opens
    d = _director(api, gid)["deadline"]
    assert d["rule"] == "黄昏2，关门10分钟内，公告出局名单和警长情况，有先后顺序"
    assert 590 <= d["left"] <= 600 and d["paused"] is False
    # a seat sees the same countdown and rule (no prompt is waiting for anyone)
    seen = api.get(f"/api/games/{gid}/view", seats[M192[0]]).json()["deadline"]
    assert seen["rule"] == d["rule"] and 590 <= seen["left"] <= 600

    # the director extends 黄昏 by 5 minutes: at +11 nothing closes, at +16 it does
    r = api.post(f"/api/games/{gid}/deadline", {"action": "extend", "minutes": 5},
                 api.director)
    assert r.json()["accepted"] is True and 890 <= r.json()["deadline"]["left"] <= 900
    assert close_due(api.server, _now() + dt.timedelta(minutes=11)) == []
    answers = close_due(api.server, _now() + dt.timedelta(minutes=16))
    assert [a["at"] for a in answers] == ["night 1"]
    doc = _director(api, gid)
    assert doc["inputs"][-1]["actor"] == "导演:自动关门"
    assert doc["deadline"]["rule"] == "早夜2，关门30分钟内，有先后顺序"  # 早夜 opened
    assert 1190 <= doc["deadline"]["left"] <= 1200  # 30 - 10: the span since 黄昏's mark
    assert doc["audit"][-1]["director"] == "规则时限"
    assert doc["audit"][-1]["what"] == ("按规则设定关门时限：20 分钟后"
                                        "（早夜2，关门30分钟内，有先后顺序）")

    # paused: even hours later 早夜 stays open; resumed, it closes and 午夜 opens
    api.post(f"/api/games/{gid}/deadline", {"action": "pause"}, api.director)
    assert close_due(api.server, _now() + dt.timedelta(hours=3)) == []
    assert _director(api, gid)["deadline"]["paused"] is True
    api.post(f"/api/games/{gid}/deadline", {"action": "resume"}, api.director)
    assert len(close_due(api.server, _now() + dt.timedelta(minutes=21))) == 1
    doc = _director(api, gid)
    assert doc["deadline"]["rule"] == "午夜，关门40分钟内，有先后顺序"
    assert 590 <= doc["deadline"]["left"] <= 600
    # 深夜 20, 凌晨 10, then day 2's 晨曦 20 ("晨曦2，关门90分钟内")
    spans = []
    for _ in range(3):
        close_due(api.server, _now() + dt.timedelta(minutes=25))
        doc = _director(api, gid)
        spans.append((doc["at"], doc["deadline"]["rule"].split("，")[0],
                      round(doc["deadline"]["left"] / 60)))
    assert spans == [("night 1", "深夜2", 20), ("night 1", "凌晨", 10), ("day 2", "晨曦2", 20)]
    close_due(api.server, _now() + dt.timedelta(minutes=25))
    assert _director(api, gid)["deadline"] is None  # 正午 again: the director's 关门


def test_m125_night_closes_as_an_empty_kill_and_the_witch_gets_the_rest(api: Api) -> None:
    gid, seats = api.create("m125-hongmao", M125, seed=1)
    assert _director(api, gid)["deadline"] is None  # the discussion day: no minutes
    _rulings_then_card(api, gid, M125[2])
    _advance(api, gid)  # 关门 -> night 1
    doc = _director(api, gid)
    assert doc["deadline"]["rule"] == ("关门后30分钟内，狼人发动<杀人>技能，"
                                       "若届时狼群无法决定刀人对象，则视为空刀。")
    assert doc["deadline"]["default"] == "视为空刀" and 1790 <= doc["deadline"]["left"] <= 1800
    # nobody acts: at +31 minutes the night closes, with no kill (空刀)
    answers = close_due(api.server, _now() + dt.timedelta(minutes=31))
    assert [a["accepted"] for a in answers] == [True]
    doc = _director(api, gid)
    prompt = doc["prompt"]
    assert prompt is not None and {o["skill"] for o in prompt["options"]} == {"救药", "毒药"}
    assert doc["deadline"]["rule"].startswith("关门后45分钟内，收到反馈的女巫")
    assert doc["deadline"]["default"] == "视为放弃发动技能"
    assert 890 <= doc["deadline"]["left"] <= 900
    # the witch sees which rule times her; the others see the countdown only
    witch = prompt["seat"]
    mine = api.get(f"/api/games/{gid}/view", seats[witch]).json()["deadline"]
    assert mine["rule"] == doc["deadline"]["rule"] and mine["default"] == "视为放弃发动技能"
    other = next(s for s in M125 if s != witch)
    theirs = api.get(f"/api/games/{gid}/view", seats[other]).json()["deadline"]
    assert theirs["rule"] is None and theirs["default"] is None and theirs["left"] > 0
    assert api.get(f"/api/games/{gid}", seats[other]).json()["deadline"]["rule"] is None
    # she does not answer: at +16 the prompt closes as 放弃, day 2 opens, nobody is out
    close_due(api.server, _now() + dt.timedelta(minutes=16))
    doc = _director(api, gid)
    assert doc["at"] == "day 2" and doc["prompt"] is None and doc["deadline"] is None
    pub = api.get(f"/api/games/{gid}/public", seats[other]).json()
    assert pub["out"] == []


def test_m125_a_kill_in_time_stands_and_the_director_can_clear_the_clock(api: Api) -> None:
    gid, seats = api.create("m125-hongmao", M125, seed=1)
    _advance(api, gid)  # night 1
    wolf = next(s for s in M125 if any(
        la["skill"] == "杀人" for la in api.get(f"/api/games/{gid}/legal",
                                                 seats[s]).json()["legal"]))
    legal = api.get(f"/api/games/{gid}/legal", seats[wolf]).json()
    kill = next(la for la in legal["legal"] if la["skill"] == "杀人")
    victim = next(t for t in kill["targets"] if t.split(":")[0] != wolf)
    r = api.post(f"/api/games/{gid}/actions", {"skill": "杀人", "target": victim,
                                                "command_id": "k", "revision": legal["revision"]},
                 seats[wolf])
    assert r.json()["accepted"] is True, r.text
    close_due(api.server, _now() + dt.timedelta(minutes=31))  # the night closes on time
    while _director(api, gid)["prompt"] is not None:  # the witch and any shot: defaults
        close_due(api.server, _now() + dt.timedelta(minutes=16))
    doc = _director(api, gid)
    assert doc["at"] == "day 2"
    assert any(victim.split(":")[0] in e["text"] for e in doc["events"]
               if e["kind"] == "announce" and e["at"] == "day 2")
    _advance(api, gid)  # night 2: the director clears the clock; nothing closes by itself
    assert api.post(f"/api/games/{gid}/deadline", {"action": "clear"},
                    api.director).json()["accepted"] is True
    assert close_due(api.server, _now() + dt.timedelta(hours=5)) == []
    assert _director(api, gid)["at"] == "night 2"
