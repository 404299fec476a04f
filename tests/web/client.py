"""The platform over HTTP for the tests: a TestClient plus the director's login."""

from __future__ import annotations

import warnings
from dataclasses import dataclass
from typing import Any

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from bansha.web.app import create_app
from bansha.web.server import Server

PASSWORD = "测试密码-pw"


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


@dataclass
class Api:
    server: Server
    client: TestClient
    director: dict[str, str]

    @staticmethod
    def start(url: str) -> Api:
        srv = Server.open(url, PASSWORD)
        client = TestClient(create_app(srv))
        client.__enter__()  # one event-loop portal for every request (much faster)
        r = client.post("/api/login", json={"password": PASSWORD})
        assert r.status_code == 200, r.text
        return Api(srv, client, bearer(r.json()["token"]))

    def close(self) -> None:
        self.client.__exit__(None, None, None)
        self.server.store.close()

    def create(self, ruleset: str = "m47-yeliang", players: list[str] | None = None,
               **extra: Any) -> tuple[str, dict[str, str]]:
        names = players or list("甲乙丙丁戊己庚辛壬癸子丑寅卯")
        r = self.client.post("/api/games", headers=self.director,
                             json={"ruleset": ruleset, "players": names, **extra})
        assert r.status_code == 200, r.text
        doc = r.json()
        return doc["id"], {s["name"]: s["token"] for s in doc["seats"]}

    def get(self, path: str, token: str | dict[str, str] | None = None) -> Any:
        headers = token if isinstance(token, dict) else bearer(token) if token else {}
        return self.client.get(path, headers=headers)

    def post(self, path: str, body: Any = None,
             token: str | dict[str, str] | None = None) -> Any:
        headers = token if isinstance(token, dict) else bearer(token) if token else {}
        return self.client.post(path, headers=headers, json=body)
