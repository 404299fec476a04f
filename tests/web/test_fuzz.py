"""Bad requests, generated: malformed JSON, wrong types, missing and junk fields,
strings no database can hold, odd paths and tokens. None gets a 500, and none that
is not accepted changes anything (revision, events, input log, games, tokens)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from .client import Api, bearer

NAMES = list("甲乙丙丁戊己庚辛壬癸子丑寅卯")
ALLOWED = {200, 401, 403, 404, 405, 413, 422}

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.floats(allow_nan=True)
    | st.text(max_size=30) | st.sampled_from(["甲", "弃权", "\x00", "\ud800", "投票", "狼刀"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                max_size=4),
    max_leaves=12)

VALID = {
    "login": {"password": "x"},
    "games": {"ruleset": "m47-yeliang", "players": NAMES},
    "actions": {"skill": "投票", "target": "乙", "command_id": "c"},
    "votes": {"target": "乙", "command_id": "c", "kind": "vote"},
    "advance": {"command_id": "c"},
    "cards": {"name": "甲", "card": "黄", "reason": "r"},
    "substitute": {"seat": "甲"},
    "mentors": {"seat": "甲"},
    "deadline": {"action": "set", "minutes": 5},
    "chats": {"group": "狼群", "text": "x"},
    "diary": {"text": "x"},
    "directors": {"name": "副导演", "password": "pw"},
}


@st.composite
def bad_body(draw: st.DrawFn, route: str) -> bytes:
    kind = draw(st.sampled_from(["mutate", "value", "raw"]))
    if kind == "raw":
        return draw(st.binary(max_size=60) | st.sampled_from(
            [b"", b"{", b'{"a":' * 200, b"\xff\xfe", b"[]", b"null", b'"x"']))
    if kind == "value":
        return json.dumps(draw(json_values)).encode()
    body: dict[str, Any] = dict(VALID[route])
    for _ in range(draw(st.integers(1, 3))):
        key = draw(st.sampled_from([*body, "revision", "by", "targets", "extra"]))
        if draw(st.booleans()) and key in body:
            del body[key]
        else:
            body[key] = draw(json_values)
    return json.dumps(body).encode()


@pytest.fixture(scope="module")
def setup(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Api, str, dict[str, str]]]:
    api = Api.start(str(Path(tmp_path_factory.mktemp("fuzz")) / "bansha.db"))
    gid, seats = api.create(seed=1)
    yield api, gid, seats
    api.close()


def _state(api: Api, gid: str) -> Any:
    live = api.server.games.get(gid)
    assert live is not None
    store = api.server.store
    # A refused input is stored (op "refused") and the engine keeps its `rejected`
    # event, but it changes nothing anyone is served (live.py): compare what counts.
    return (live.revision, [e.as_dict() for e in live.director_view()["events"]],
            [r for r in store.inputs(gid, include_undone=True) if r.op != "refused"],
            len(store.games()), sorted(t.token for t in store.tokens(gid)))


@settings(max_examples=300, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data())
def test_bad_bodies_never_500_and_change_nothing(setup: tuple[Api, str, dict[str, str]],
                                                 data: st.DataObject) -> None:
    api, gid, seats = setup
    route = data.draw(st.sampled_from(sorted(VALID)))
    who = data.draw(st.sampled_from(["director", "seat", "none", "junk"]))
    token = {"director": api.director, "seat": bearer(seats["甲"]), "none": {},
             "junk": {"Authorization": data.draw(st.sampled_from(
                 [b"Bearer", b"Basic abc", "Bearer é".encode(), b"bearer  x",
                  b"Bearer \xff"]))}}[who]
    body = data.draw(bad_body(route))
    path = f"/api/{route}" if route in ("login", "games", "directors") else \
        f"/api/games/{gid}/{route}"
    before = _state(api, gid)
    r = api.client.post(path, content=body,
                        headers={**token, "Content-Type": "application/json"})
    assert r.status_code in ALLOWED, (route, body, r.status_code, r.text)
    doc = r.json()
    changed = r.status_code == 200 and (doc.get("accepted") is True or route in (
        "login", "games", "substitute", "mentors", "directors"))
    if r.status_code == 422:
        assert doc["detail"] and doc["detail"][0]["loc"], doc
    if not changed:
        assert _state(api, gid) == before, (route, body, doc)


@settings(max_examples=100, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(segment=st.text(min_size=1, max_size=20).filter(lambda s: "/" not in s and
                                                        s not in (".", "..")),
       tail=st.sampled_from(["", "/view", "/legal", "/public", "/director"]),
       seat=st.none() | st.text(max_size=10))
def test_odd_paths_and_queries_never_500(setup: tuple[Api, str, dict[str, str]], segment: str,
                                         tail: str, seat: str | None) -> None:
    api, gid, seats = setup
    for token in (api.director, bearer(seats["甲"])):
        params = {} if seat is None else {"seat": seat}
        for game in (quote(segment, safe=""), gid):
            r = api.client.get(f"/api/games/{game}{tail}", params=params, headers=token)
            assert r.status_code in ALLOWED, (game, tail, seat, r.text)
