"""Server-Sent Events from a real `bansha serve`: the first message at once, one per
new revision, each holding only what that token may see; a substitute's old link
gets `revoked` and the stream ends."""

from __future__ import annotations

import json
import threading
from typing import Any

import httpx

from .server_process import ServerProcess

NAMES = list("甲乙丙丁戊己庚辛壬癸子丑寅卯")


def _messages(base: str, path: str, token: str, out: list[tuple[str, Any]],
              ready: threading.Event, until: int) -> None:
    """Collect messages until one reaches revision `until` (or the link is revoked)."""
    with httpx.stream("GET", base + path, headers={"Authorization": f"Bearer {token}"},
                      timeout=20) as r:
        assert r.headers["content-type"].startswith("text/event-stream")
        kind = ""
        for line in r.iter_lines():
            if line.startswith("event: "):
                kind = line[7:]
            elif line.startswith("data: "):
                out.append((kind, json.loads(line[6:])))
                ready.set()
                if kind == "revoked" or out[-1][1].get("revision", -1) >= until:
                    return


def test_each_token_streams_only_what_it_may_see(server: ServerProcess) -> None:
    d = {"Authorization": f"Bearer {server.director_token()}"}
    r = httpx.post(server.base + "/api/games", headers=d, timeout=10,
                   json={"ruleset": "m47-yeliang", "players": NAMES, "seed": 5})
    gid, seats = r.json()["id"], {s["name"]: s["token"] for s in r.json()["seats"]}
    got: dict[str, list[tuple[str, Any]]] = {"甲": [], "乙": []}
    threads = []
    for seat in got:
        ready = threading.Event()
        t = threading.Thread(target=_messages, args=(server.base, f"/api/games/{gid}/events",
                                                      seats[seat], got[seat], ready, 2))
        t.start()
        assert ready.wait(10), "no first message"
        threads.append(t)
    first = got["甲"][0][1]
    assert first["revision"] == 0 and first["at"] == "day 1"
    assert [e["text"] for e in first["events"] if e["kind"] == "notify"] == [
        e["text"] for e in httpx.get(server.base + f"/api/games/{gid}/view", timeout=10,
                                     headers={"Authorization": f"Bearer {seats['甲']}"})
        .json()["events"] if e["kind"] == "notify"]
    httpx.post(server.base + f"/api/games/{gid}/votes", timeout=10, json={
        "target": "甲", "command_id": "v"}, headers={"Authorization": f"Bearer {seats['乙']}"})
    httpx.post(server.base + f"/api/games/{gid}/advance", headers=d, timeout=10)
    for t in threads:
        t.join(20)
    for seat, msgs in got.items():
        assert [m[1]["revision"] for m in msgs][:1] == [0]
        assert msgs[-1][1]["revision"] == 2 and msgs[-1][1]["at"] == "night 1"
        for _, m in msgs:
            for e in m["events"]:
                assert "to" not in e or seat in e["to"], (seat, e)
    # 乙's own vote record is for the director only: no seat's stream holds it
    assert not any(e["kind"] == "vote" for _, m in got["乙"] for e in m["events"])


def test_substitute_closes_the_old_links_stream(server: ServerProcess) -> None:
    d = {"Authorization": f"Bearer {server.director_token()}"}
    r = httpx.post(server.base + "/api/games", headers=d, timeout=10,
                   json={"ruleset": "m47-yeliang", "players": NAMES, "seed": 5})
    gid, seats = r.json()["id"], {s["name"]: s["token"] for s in r.json()["seats"]}
    got: list[tuple[str, Any]] = []
    ready = threading.Event()
    t = threading.Thread(target=_messages, args=(server.base, f"/api/games/{gid}/events",
                                                  seats["丙"], got, ready, 99))
    t.start()
    assert ready.wait(10)
    httpx.post(server.base + f"/api/games/{gid}/substitute", headers=d, json={"seat": "丙"},
               timeout=10)
    t.join(10)
    assert not t.is_alive() and got[-1][0] == "revoked"
    r = httpx.get(server.base + f"/api/games/{gid}/events", timeout=10,
                  headers={"Authorization": f"Bearer {seats['丙']}"})
    assert r.status_code == 401
