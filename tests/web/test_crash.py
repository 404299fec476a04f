"""The server as a subprocess under concurrent submissions, kill -9'ed in the middle
of a window and restarted: every acknowledged input is there (a retry of its
command_id answers the same, and it is in the log), and the game the server
rebuilt equals the replay of what storage holds. On SQLite and PostgreSQL."""

from __future__ import annotations

import random
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx

from bansha.store import Store
from bansha.web.jsonable import jsonable
from bansha.web.live import replay, without_refusals

from .server_process import running

NAMES = list("甲乙丙丁戊己庚辛壬癸子丑寅卯")


def _seat_loop(base: str, gid: str, seat: str, token: str, stop: threading.Event,
               acked: list[tuple[str, str, dict[str, Any]]]) -> None:
    rng = random.Random(seat)
    h = {"Authorization": f"Bearer {token}"}
    n = 0
    with httpx.Client(base_url=base, headers=h, timeout=5) as c:
        while not stop.is_set():
            n += 1
            try:
                legal = c.get(f"/api/games/{gid}/legal").json()
                if not legal["legal"]:
                    time.sleep(0.02)
                    continue
                la = rng.choice(legal["legal"])
                body: dict[str, Any] = {"skill": la["skill"], "command_id": f"{seat}-{n}",
                                        "revision": legal["revision"]}
                if la["targets"] and la["n_targets"] == 1:
                    body["target"] = rng.choice(la["targets"])
                elif la["n_targets"] > 1:
                    body["targets"] = rng.sample(la["targets"], la["n_targets"])
                if la["choices"]:
                    body["choice"] = rng.choice(la["choices"])
                r = c.post(f"/api/games/{gid}/actions", json=body)
                if r.status_code == 200 and r.json().get("accepted"):
                    acked.append((seat, body["command_id"], r.json()))
            except (httpx.HTTPError, ValueError):
                return  # the server is gone


def test_kill9_mid_window_loses_no_acknowledged_input(database_url: str,
                                                       tmp_path: Path) -> None:
    with running(database_url, tmp_path / "serve.log") as srv:
        dtoken = srv.director_token()
        d = {"Authorization": f"Bearer {dtoken}"}
        r = httpx.post(srv.base + "/api/games", headers=d, timeout=10,
                       json={"ruleset": "m47-yeliang", "players": NAMES, "seed": 11})
        gid = r.json()["id"]
        tokens = {s["name"]: s["token"] for s in r.json()["seats"]}
        acked: list[tuple[str, str, dict[str, Any]]] = []
        stop = threading.Event()
        with ThreadPoolExecutor(len(NAMES)) as pool:
            for seat, tok in tokens.items():
                pool.submit(_seat_loop, srv.base, gid, seat, tok, stop, acked)
            for _ in range(3):  # a few windows close while the seats submit
                time.sleep(0.6)
                httpx.post(srv.base + f"/api/games/{gid}/advance", headers=d, timeout=10)
            time.sleep(0.5)
            srv.kill9()  # mid-window, submissions in flight
            stop.set()
        assert len(acked) > 10, "too few inputs were acknowledged to test anything"

        srv.start()  # the same database
        dtoken = srv.director_token()
        d = {"Authorization": f"Bearer {dtoken}"}
        doc = httpx.get(srv.base + f"/api/games/{gid}/director", headers=d, timeout=10).json()
        logged = {i["command_id"] for i in doc["inputs"]}
        with httpx.Client(base_url=srv.base, timeout=10) as c:
            for seat, cid, answer in acked:
                assert cid in logged, (seat, cid)
                r = c.post(f"/api/games/{gid}/actions",
                           headers={"Authorization": f"Bearer {tokens[seat]}"},
                           json={"skill": "重试", "command_id": cid})
                assert r.json() == answer  # the first answer, nothing applied again
        store = Store(database_url)
        row = store.game(gid)
        assert row is not None
        rebuilt = replay(row, store.inputs(gid))
        again = httpx.get(srv.base + f"/api/games/{gid}/director", headers=d, timeout=10).json()
        # the events the platform serves (a refusal's `rejected` event left out)
        assert again["events"] == jsonable(without_refusals(rebuilt.director_view())["events"])
        assert again["revision"] == doc["revision"] == row.revision
        store.close()
