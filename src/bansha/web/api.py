"""The JSON API under /api/ (the contract: shared docs, api.md). Every route reads
or changes a game only through LiveGames and the engine's public views."""

from __future__ import annotations

import asyncio
import json
import time
import uuid
from collections.abc import AsyncIterator
from typing import Annotated, Any

from anyio import to_thread
from fastapi import APIRouter, Body, Depends, Header, Request
from fastapi.responses import Response, StreamingResponse

from bansha.engine import Action

from . import vote_thread
from .auth import ApiError, Who, bearer, hash_password, login
from .bodies import (
    ActionBody,
    AdvanceBody,
    CardBody,
    ChatBody,
    CreateGameBody,
    DeadlineBody,
    DiaryBody,
    DirectorBody,
    LoginBody,
    RulingBody,
    SeatBody,
    SpectatorBody,
    VoteBody,
    VoteThreadBody,
)
from .deadlines import change as change_deadline
from .inputs import seat_action, seat_vote
from .jsonable import legal_dict
from .live import DIRECTOR_PREFIX, CreateError, LiveGame
from .rulings import DIRECTOR_SEAT, director_inputs, ruling_problem
from .server import Server
from .talk import chats_for, diaries_for, post_chat, post_diary
from .timing import Timing
from .views import director_doc, game_doc, legal_doc, public_doc, seat_doc, stream_doc

router = APIRouter(prefix="/api")


def server(request: Request) -> Server:
    s: Server = request.app.state.server
    return s


def who(request: Request, authorization: Annotated[str | None, Header()] = None) -> Who:
    return server(request).identify(bearer(authorization))


WhoDep = Annotated[Who, Depends(who)]
ServerDep = Annotated[Server, Depends(server)]


def _game(srv: Server, w: Who, game_id: str) -> LiveGame:
    """The game `w` may address (401 for a seat/mentor token of another game)."""
    if not w.is_director and w.game_id != game_id:
        raise ApiError(401, "这个令牌不属于本局游戏")
    live = srv.games.get(game_id)
    if live is None:
        raise ApiError(404, f"没有编号为 {game_id} 的游戏")
    return live


def _director(w: Who, what: str) -> None:
    if not w.is_director:
        raise ApiError(403, f"只有导演可以{what}")


def _link(request: Request, token: str) -> str:
    return str(request.base_url).rstrip("/") + f"/s/{token}"


@router.post("/login")
def login_route(body: LoginBody, srv: ServerDep) -> dict[str, str]:
    return {"token": login(srv.store, body.password, body.name)}


@router.get("/directors")
def list_directors(w: WhoDep, srv: ServerDep) -> list[str]:
    """Extra route: the directors' names."""
    _director(w, "查看导演账号")
    return sorted(srv.store.directors())


@router.post("/directors")
def add_director(body: DirectorBody, w: WhoDep, srv: ServerDep) -> dict[str, Any]:
    """Extra route: another director (m125: 一场游戏有两名导演), with their own login.
    Every input and console action records which director made it."""
    _director(w, "添加导演")
    if not srv.store.add_director(body.name, hash_password(body.password)):
        raise _unprocessable("name", f"已有名为 {body.name} 的导演")
    return {"name": body.name, "added_by": w.name}


@router.get("/games")
def list_games(w: WhoDep, srv: ServerDep) -> list[dict[str, Any]]:
    """Extra route: the director's list of games (a seat sees its own game)."""
    out = []
    for live in list(srv.games.games.values()):
        if w.is_director or live.id == w.game_id:
            with live.lock:
                out.append(game_doc(live))
    return out


@router.post("/games")
def create_game(body: CreateGameBody, w: WhoDep, srv: ServerDep,
                request: Request) -> dict[str, Any]:
    _director(w, "创建游戏")
    try:
        live, tokens = srv.games.create(w.name, body.ruleset, body.players, body.options,
                                        body.seed, body.roles)
    except CreateError as e:
        raise _unprocessable(e.field, str(e)) from None
    return {"id": live.id,
            "seats": [{"name": n, "token": t, "link": _link(request, t)}
                      for n, t in tokens.items()]}


@router.get("/games/{game_id}")
def get_game(game_id: str, w: WhoDep, srv: ServerDep) -> dict[str, Any]:
    live = _game(srv, w, game_id)
    with live.lock:
        return game_doc(live)


@router.get("/games/{game_id}/view")
def get_view(game_id: str, w: WhoDep, srv: ServerDep, seat: str | None = None) -> dict[str, Any]:
    live = _game(srv, w, game_id)
    if w.is_director:
        if seat is None:
            raise ApiError(403, "导演请使用 /director 查看全部信息，或用 ?seat= 指定座位")
        if seat not in live.game.public_view()["seats"]:
            raise _unprocessable("seat", f"没有名为 {seat} 的玩家", where="query")
        name = seat
    else:
        _no_spectator(w)
        name = w.name
    with live.lock:
        return seat_doc(live, name, mentor=w.kind == "mentor")


@router.get("/games/{game_id}/legal")
def get_legal(game_id: str, w: WhoDep, srv: ServerDep) -> dict[str, Any]:
    live = _game(srv, w, game_id)
    if w.is_director:
        raise ApiError(403, "legal 是座位的行动列表：导演请看 /director 的 pending")
    _no_spectator(w)
    with live.lock:  # legal(seat) alone: the route bots poll, kept cheap (see fastpath.py)
        return legal_doc(live, w.name)


@router.get("/games/{game_id}/public")
def get_public(game_id: str, w: WhoDep, srv: ServerDep) -> dict[str, Any]:
    live = _game(srv, w, game_id)
    with live.lock:
        return public_doc(live)


@router.get("/games/{game_id}/director")
def get_director(game_id: str, w: WhoDep, srv: ServerDep, request: Request) -> dict[str, Any]:
    live = _game(srv, w, game_id)
    _director(w, "查看导演视图")
    with live.lock:
        doc = director_doc(live, srv.store)
    doc["links"] = [{"seat": t.seat, "kind": t.kind, "token": t.token,
                     "link": _link(request, t.token)} for t in srv.store.tokens(game_id)]
    return doc


def _acting_seat(w: Who, live: LiveGame, by: str | None) -> tuple[str, str, bool]:
    """(seat, actor, proxy) of an input: a seat acts for itself; the director for `by`."""
    if w.kind == "mentor":
        raise ApiError(403, "场外助理链接只能查看，不能行动")
    _no_spectator(w)
    if w.is_director:
        if by is None:
            raise _unprocessable("by", "导演代投时需要用 by 写明代哪个座位行动")
        if by not in live.game.public_view()["seats"]:
            raise _unprocessable("by", f"没有名为 {by} 的玩家")
        return by, DIRECTOR_PREFIX + w.name, True
    if by is not None and by != w.name:
        raise ApiError(403, f"座位 {w.name} 的令牌不能替 {by} 行动")
    return w.name, w.name, False


@router.post("/games/{game_id}/actions")
def post_action(game_id: str, body: ActionBody, w: WhoDep, srv: ServerDep) -> dict[str, Any]:
    live = _game(srv, w, game_id)
    seat, actor, proxy = _acting_seat(w, live, body.by)
    if body.skill == "判罚":
        return {"accepted": False, "reason": "判罚只能由导演通过 /cards 给出"}
    return srv.games.submit(live, seat_action(body, seat), actor, body.command_id,
                            body.revision, body.phase, proxy=proxy)


@router.post("/games/{game_id}/votes")
def post_vote(game_id: str, body: VoteBody, w: WhoDep, srv: ServerDep) -> dict[str, Any]:
    live = _game(srv, w, game_id)
    seat, actor, proxy = _acting_seat(w, live, body.by)
    return srv.games.submit(live, seat_vote(body, seat), actor, body.command_id,
                            body.revision, proxy=proxy)


@router.post("/games/{game_id}/advance")
def post_advance(game_id: str, w: WhoDep, srv: ServerDep, response: Response,
                 body: Annotated[AdvanceBody | None, Body()] = None) -> dict[str, Any]:
    live = _game(srv, w, game_id)
    _director(w, "推进阶段")
    b = body or AdvanceBody()
    timing = Timing()
    answer = srv.games.advance(live, w.name, b.command_id, b.revision, timing=timing)
    response.headers["server-timing"] = timing.header().decode()
    return answer


@router.post("/games/{game_id}/cards")
def post_card(game_id: str, body: CardBody, w: WhoDep, srv: ServerDep) -> dict[str, Any]:
    live = _game(srv, w, game_id)
    _director(w, "判罚")
    if body.name not in live.game.public_view()["seats"]:
        raise _unprocessable("name", f"没有名为 {body.name} 的玩家")
    action = Action(body.name, "判罚", choice=body.card, text=body.reason)
    return srv.games.submit(live, action, DIRECTOR_PREFIX + w.name,
                            body.command_id or f"card-{uuid.uuid4()}", note=body.reason)


@router.get("/games/{game_id}/rulings")
def get_rulings(game_id: str, w: WhoDep, srv: ServerDep) -> dict[str, Any]:
    """Extra route: the director's own inputs the open window offers (rulings.py)."""
    live = _game(srv, w, game_id)
    _director(w, "查看导演裁定")
    with live.lock:
        return {"revision": live.revision,
                "rulings": [legal_dict(la) for la in director_inputs(live.game)]}


@router.post("/games/{game_id}/rulings")
def post_ruling(game_id: str, body: RulingBody, w: WhoDep, srv: ServerDep) -> dict[str, Any]:
    """Extra route: enter a ruling only a person can make (m192 审讯 correctness, 寡言
    breaches, where the ruleset offers them) or 加速, as `Action("导演", skill, ...)`."""
    live = _game(srv, w, game_id)
    _director(w, "作出导演裁定")
    action = Action(DIRECTOR_SEAT, body.skill, target=body.target,
                    targets=tuple(body.targets or ()), choice=body.choice, text=body.text)
    with live.lock:
        problem = ruling_problem(live.game, action)
    if problem is not None:
        return {"accepted": False, "reason": problem}
    return srv.games.submit(live, action, DIRECTOR_PREFIX + w.name,
                            body.command_id or f"ruling-{uuid.uuid4()}", body.revision,
                            note=body.text)


@router.post("/games/{game_id}/vote-thread")
def post_vote_thread(game_id: str, body: VoteThreadBody, w: WhoDep,
                     srv: ServerDep) -> dict[str, Any]:
    """Extra route: tally a pasted vote thread with the forum tools (preview), and with
    `"apply": true` hand its counted votes to the game as the director's 代投."""
    live = _game(srv, w, game_id)
    _director(w, "统计投票帖")
    try:
        report = vote_thread.tally(live, body.thread, vote_thread.parse_close(body.close),
                                   body.require_reply)
    except vote_thread.ThreadError as e:
        raise _unprocessable(e.field, str(e)) from None
    doc: dict[str, Any] = {"tally": report.as_dict(), "applied": []}
    if body.apply:
        doc["applied"] = [a.as_dict() for a in
                          vote_thread.apply(srv.games, live, w.name, body.thread, report)]
    doc["revision"] = live.revision
    return doc


@router.post("/games/{game_id}/deadline")
def post_deadline(game_id: str, body: DeadlineBody, w: WhoDep, srv: ServerDep) -> dict[str, Any]:
    """Extra route: the open window's deadline (set N minutes / extend / pause / resume /
    clear); when it passes the window closes as an advance would."""
    live = _game(srv, w, game_id)
    _director(w, "设定时限")
    return change_deadline(srv, live, w.name, body.action, body.minutes)


@router.post("/games/{game_id}/undo")
def post_undo(game_id: str, w: WhoDep, srv: ServerDep) -> dict[str, Any]:
    """Extra route: undo the last advance (the log minus its tail, replayed)."""
    live = _game(srv, w, game_id)
    _director(w, "撤销推进")
    return srv.games.undo_last_advance(live, w.name)


@router.post("/games/{game_id}/substitute")
def post_substitute(game_id: str, body: SeatBody, w: WhoDep, srv: ServerDep,
                    request: Request) -> dict[str, Any]:
    """Extra route: 替补. The seat gets a new link; the old one stops working now."""
    live = _game(srv, w, game_id)
    _director(w, "安排替补")
    if body.seat not in live.game.public_view()["seats"]:
        raise _unprocessable("seat", f"没有名为 {body.seat} 的玩家")
    old = [t.token for t in srv.store.tokens(game_id) if t.seat == body.seat and t.kind == "seat"]
    token = srv.games.substitute(live, body.seat, w.name)
    srv.revoke(old)  # the old link stops now, and its open event streams close
    return {"seat": body.seat, "token": token, "link": _link(request, token)}


@router.post("/games/{game_id}/spectators")
def post_spectator(game_id: str, body: SpectatorBody, w: WhoDep, srv: ServerDep,
                   request: Request) -> dict[str, Any]:
    """Extra route: a 观众 (spectator) link: the public view and a 树洞 of its own.
    Anyone may also take one on the public page."""
    live = _game(srv, w, game_id)
    _director(w, "生成观战链接")
    token = srv.games.spectator_link(live, body.name, w.name)
    if token is None:
        raise _unprocessable("name", f"名字 {body.name} 已被座位或其他观众使用")
    return {"name": body.name, "token": token, "link": _link(request, token)}


@router.post("/games/{game_id}/mentors")
def post_mentor(game_id: str, body: SeatBody, w: WhoDep, srv: ServerDep,
                request: Request) -> dict[str, Any]:
    """Extra route: a 场外助理 (mentor) link, read-only, to one seat's view."""
    live = _game(srv, w, game_id)
    _director(w, "生成场外助理链接")
    if body.seat not in live.game.public_view()["seats"]:
        raise _unprocessable("seat", f"没有名为 {body.seat} 的玩家")
    token = srv.games.mentor_link(live, body.seat, w.name)
    return {"seat": body.seat, "token": token, "link": _link(request, token)}


@router.get("/games/{game_id}/chats")
def get_chats(game_id: str, w: WhoDep, srv: ServerDep) -> dict[str, Any]:
    """Extra route: the group chats this token may read (a seat: its groups)."""
    live = _game(srv, w, game_id)
    if w.kind == "mentor":
        raise ApiError(403, "场外助理不能查看群聊")
    _no_spectator(w)
    return {"chats": chats_for(srv, live, w)}


@router.post("/games/{game_id}/chats")
def post_chat_route(game_id: str, body: ChatBody, w: WhoDep, srv: ServerDep) -> dict[str, Any]:
    live = _game(srv, w, game_id)
    if w.kind != "seat":
        raise ApiError(403, "只有该群的成员可以在群里发言")
    return post_chat(srv, live, w, body.group, body.text)


@router.get("/games/{game_id}/diary")
def get_diary(game_id: str, w: WhoDep, srv: ServerDep) -> dict[str, Any]:
    """Extra route: 树洞. Its author's own entries; everyone's after the game."""
    live = _game(srv, w, game_id)
    return {"entries": diaries_for(srv, live, w)}


@router.post("/games/{game_id}/diary")
def post_diary_route(game_id: str, body: DiaryBody, w: WhoDep, srv: ServerDep) -> dict[str, Any]:
    live = _game(srv, w, game_id)
    if w.kind not in ("seat", "spectator"):
        raise ApiError(403, "只有玩家或观众本人可以写自己的树洞")
    return post_diary(srv, live, w, body.text)


@router.get("/games/{game_id}/events")
async def get_events(game_id: str, request: Request, srv: ServerDep,
                     authorization: Annotated[str | None, Header()] = None,
                     token: str | None = None) -> StreamingResponse:
    """SSE: one `revision` event per new revision with what this token may see (the
    first at once). `?token=` is accepted too, for the browser's EventSource."""
    w = await to_thread.run_sync(srv.identify, bearer(authorization) or token or "")
    live = _game(srv, w, game_id)
    return StreamingResponse(_stream(request, srv, live, w), media_type="text/event-stream",
                             headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})


async def _stream(request: Request, srv: Server, live: LiveGame, w: Who) -> AsyncIterator[str]:
    """Wait for the game's change signal (notify.py; a 1 s poll as a safety net), then
    send what changed. The document is built on the event loop when the game's lock
    is free at once, else in a worker thread (an input holds it over its commit).
    StreamingResponse ends the stream when the client goes away."""
    sent: tuple[int, int] | None = None
    last: tuple[int, int, int] | None = None
    beat = time.monotonic()
    while not srv.stopping:
        if w.token in srv.revoked:
            yield "event: revoked\ndata: {\"reason\": \"这个座位链接已失效（替补）\"}\n\n"
            return
        if (live.revision, live.chatter, live.epoch) != last:
            last = (live.revision, live.chatter, live.epoch)
            if live.lock.acquire(blocking=False):
                try:
                    doc, sent = stream_doc(live, w, sent)
                finally:
                    live.lock.release()
            else:
                doc, sent = await to_thread.run_sync(stream_doc, live, w, sent)
            yield f"event: revision\nid: {doc['revision']}\ndata: " \
                  f"{json.dumps(doc, ensure_ascii=False)}\n\n"
            beat = time.monotonic()
            await asyncio.sleep(0.25)  # a burst of inputs is one message, not one each
            continue
        if time.monotonic() - beat > 15:
            yield ": 心跳\n\n"
            beat = time.monotonic()
        if await request.is_disconnected():
            return
        await srv.notifier.wait(live.id, 1.0)


def _no_spectator(w: Who) -> None:
    if w.kind == "spectator":
        raise ApiError(403, "观众链接只能看公开内容和写自己的树洞")


def _unprocessable(field: str, message: str, where: str = "body") -> ApiError:
    return ApiError(422, message, (where, field))
