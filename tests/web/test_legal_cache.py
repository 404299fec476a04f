"""The `legal` answers the fast path serves from its per-state cache are the ones the
live game gives at that moment: after a vote, a refusal, an advance and an undo, a
poll answers legal(seat) of the new state, never a cached answer of an old one."""

from __future__ import annotations

from typing import Any

from .client import Api


def _fresh(api: Api, gid: str, seat: str) -> dict[str, Any]:
    from bansha.web.views import legal_doc

    live = api.server.games.get(gid)
    assert live is not None
    with live.lock:
        return legal_doc(live, seat)


def _polls(api: Api, gid: str, seats: dict[str, str]) -> dict[str, Any]:
    """Two polls of 甲 (the second one a cache hit) and one of 乙, checked against
    the live game's own legal."""
    first = api.get(f"/api/games/{gid}/legal", seats["甲"]).json()
    again = api.get(f"/api/games/{gid}/legal", seats["甲"]).json()
    other = api.get(f"/api/games/{gid}/legal", seats["乙"]).json()
    assert first == again == _fresh(api, gid, "甲")
    assert other == _fresh(api, gid, "乙") and other["seat"] == "乙"
    return first


def test_each_poll_answers_the_state_it_was_made_in(api: Api) -> None:
    gid, seats = api.create(seed=1)
    start = _polls(api, gid, seats)
    assert start["at"] == "day 1" and start["revision"] == 0
    r = api.post(f"/api/games/{gid}/votes", {"target": "乙", "command_id": "v"}, seats["甲"])
    assert r.json() == {"accepted": True, "revision": 1}
    voted = _polls(api, gid, seats)
    assert voted["revision"] == 1 and voted != start
    r = api.post(f"/api/games/{gid}/votes", {"target": "外人", "command_id": "x"}, seats["甲"])
    assert r.json()["accepted"] is False
    assert _polls(api, gid, seats) == voted  # a refusal changes no one's legal
    r = api.post(f"/api/games/{gid}/advance", None, api.director)
    assert r.json()["accepted"] is True
    night = _polls(api, gid, seats)
    assert night["at"] == "night 1" and night["revision"] == 2
    r = api.post(f"/api/games/{gid}/undo", None, api.director)
    assert r.json()["accepted"] is True
    undone = _polls(api, gid, seats)
    assert undone["at"] == "day 1" and undone["revision"] == r.json()["revision"]
    assert undone["legal"] == voted["legal"]
