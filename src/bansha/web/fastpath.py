"""The routes players and bots hit all game long, without FastAPI's per-request layers.

Under load (bench_serve.py: 196 players polling `legal` and submitting), FastAPI's
routing, dependency solving, body validation through its own layers and response
serialisation were most of a request's CPU, and the server, one Python process,
queued requests behind them. This ASGI layer sits in front of the FastAPI app and
answers the ordinary case of three routes itself:

    GET  /api/games/{id}/legal      a seat's legal actions
    POST /api/games/{id}/actions    a seat's own action
    POST /api/games/{id}/votes      a seat's own vote

"Ordinary" means: a seat token this process has already identified (so no query),
of this game, not revoked, a body that validates as the same pydantic model the
route uses, no `by` other than the seat itself and no 判罚. Everything else (a
first request with a token, any token that is not a seat's, a body that does not
validate, a query string, any other route) goes on to the FastAPI app unchanged,
with the body it sent, so every error answer (401/403/422, their texts) is the
documented one. The answer of a handled request is built by the same functions
the FastAPI routes use (views.legal_doc, inputs.seat_action/seat_vote,
LiveGames.submit), so it is identical.

`legal` is a read of the live game: its encoded answer is cached per state and seat
(see _cached_legal), and a miss is computed on the event loop when the game's lock
is free at once (microseconds), and in a worker thread when an input holds the lock
(that input's commit may take a few ms). A submission is judged on the event loop
and awaits its commit there (LiveGames.submit_soon): the game's lock is held over
the commit (every input is stored before it is answered) without a thread waiting.
"""

from __future__ import annotations

import json
import re
from typing import Any

from anyio import to_thread
from pydantic import ValidationError

from .auth import Who
from .bodies import ActionBody, VoteBody
from .inputs import seat_action, seat_vote
from .server import Server
from .timing import Timing
from .views import legal_doc

_ROUTE = re.compile(r"^/api/games/([^/]+)/(legal|actions|votes)$")
_MAX_BODY = 64 * 1024  # larger bodies take the ordinary route (and its limit)


class FastPath:
    def __init__(self, app: Any, server: Server) -> None:
        self.app = app
        self.server = server

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        m = _ROUTE.match(scope["path"])
        if m is None or scope.get("query_string"):
            await self.app(scope, receive, send)
            return
        game_id, route = m.group(1), m.group(2)
        who = self._seat(scope, game_id)
        live = self.server.games.get(game_id) if who is not None else None
        if who is None or live is None:
            await self.app(scope, receive, send)
            return
        method = scope["method"]
        if route == "legal":
            if method != "GET":
                await self.app(scope, receive, send)
                return
            data = _cached_legal(live, who.name)
            if data is None:
                if live.lock.acquire(blocking=False):
                    try:
                        data = _fill_legal(live, who.name)
                    finally:
                        live.lock.release()
                else:
                    data = await to_thread.run_sync(_locked_legal, live, who.name)
            await _send(send, data)
            return
        if method != "POST":
            await self.app(scope, receive, send)
            return
        body, finished = await _read_body(receive)
        replay = _replaying(body, finished, receive)
        if not finished or len(body) > _MAX_BODY:
            await self.app(scope, replay, send)
            return
        submit = self._submission(route, body, who)
        if submit is None:
            await self.app(scope, replay, send)
            return
        action, command_id, revision, phase = submit
        timing = Timing()
        timing.since("queue", timing.t0)
        req = self.server.games.submit_soon(live, action, who.name, command_id, revision,
                                            phase, timing=timing)
        assert req.future is not None
        doc = await req.future
        timing.since("back", req.answered)
        await _json(send, doc, timing)

    def _seat(self, scope: Any, game_id: str) -> Who | None:
        """The seat of an already identified, live seat token of this game, else None."""
        auth = next((v for k, v in scope["headers"] if k == b"authorization"), None)
        if auth is None:
            return None
        scheme, _, token = auth.decode("latin-1").partition(" ")
        if scheme.lower() != "bearer":
            return None
        token = token.strip()
        srv = self.server
        w = srv.cached_who(token)
        if w is None or w.kind != "seat" or w.game_id != game_id:
            return None
        return w

    @staticmethod
    def _submission(route: str, body: bytes, who: Who) -> Any:
        try:
            if route == "actions":
                a = ActionBody.model_validate_json(body)
                if a.by not in (None, who.name) or a.skill == "判罚":
                    return None
                return seat_action(a, who.name), a.command_id, a.revision, a.phase
            v = VoteBody.model_validate_json(body)
            if v.by not in (None, who.name):
                return None
            return seat_vote(v, who.name), v.command_id, v.revision, None
        except (ValidationError, ValueError, RecursionError):
            return None


# `legal` answers come from the game's cache (LiveGame.legal_cache) when the state
# they were read from is still the game's. Between two inputs the 14 players of a game
# poll the same state over and over; each poll computed Game.legal, converted it and
# encoded it again, and when an input held the game's lock the poll also waited in a
# worker thread for that input's commit. A hit takes no lock: the name of the state is
# read once (live.revision moves only after the input is stored), so a poll that
# overlaps an input being judged answers the stored state before it, as it would have
# had it come a moment earlier, and a poll after an input's answer sees the new one.
def _cached_legal(live: Any, seat: str) -> bytes | None:
    # one read of the pair: a new state replaces it, within one state its dict only
    # gains seats (under the lock)
    name, docs = live.legal_cache
    if name != live.legal_state():
        return None
    return docs.get(seat)  # type: ignore[no-any-return]


def _fill_legal(live: Any, seat: str) -> bytes:
    """The encoded answer, computed and cached (the caller holds the game's lock)."""
    name = live.legal_state()
    old_name, docs = live.legal_cache
    if old_name != name:
        docs = {}
    data = _encode(legal_doc(live, seat))
    docs[seat] = data
    live.legal_cache = (name, docs)
    return data


def _locked_legal(live: Any, seat: str) -> bytes:
    with live.lock:
        return _cached_legal(live, seat) or _fill_legal(live, seat)


async def _read_body(receive: Any) -> tuple[bytes, bool]:
    """The body read so far, and whether it is all of it (reading stops past the
    fast path's size: the rest is left to the ordinary route)."""
    parts: list[bytes] = []
    size = 0
    while True:
        message = await receive()
        if message["type"] != "http.request":
            return b"".join(parts), False
        chunk = message.get("body", b"")
        parts.append(chunk)
        size += len(chunk)
        if not message.get("more_body", False):
            return b"".join(parts), True
        if size > _MAX_BODY:
            return b"".join(parts), False


def _replaying(body: bytes, finished: bool, receive: Any) -> Any:
    """A receive that gives the part of the body already read, then the original
    receive's messages (the rest of the body, a disconnect)."""
    sent = False

    async def replay() -> Any:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": not finished}
        return await receive()

    return replay


def _encode(doc: Any) -> bytes:
    # the same bytes Starlette's JSONResponse renders
    return json.dumps(doc, ensure_ascii=False, allow_nan=False, indent=None,
                      separators=(",", ":")).encode("utf-8")


async def _json(send: Any, doc: Any, timing: Timing | None = None) -> None:
    await _send(send, _encode(doc), timing)


async def _send(send: Any, data: bytes, timing: Timing | None = None) -> None:
    headers = [(b"content-type", b"application/json"),
               (b"content-length", str(len(data)).encode())]
    if timing is not None:
        headers.append((b"server-timing", timing.header()))
    await send({"type": "http.response.start", "status": 200, "headers": headers})
    await send({"type": "http.response.body", "body": data})
