"""The pages people use: the director's console, each seat's page (its link), the
public page with the end-of-game reveal. Server-rendered Jinja2; htmx posts the
forms and swaps #main; live.js refreshes #main when the game's revision moves.

Every form carries a CSRF token: an HMAC of the session it belongs to (the
director's login cookie, or the seat's link secret)."""

from __future__ import annotations

import json
import logging
import secrets
import uuid
from pathlib import Path
from typing import Any

from anyio import to_thread
from fastapi import APIRouter, FastAPI, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response, StreamingResponse
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates

from bansha.engine import Action, Phase, get_ruleset, ruleset_ids
from bansha.forum import announcement_posts

from . import vote_thread
from .api import _stream
from .auth import ApiError, Who, csrf_ok, csrf_token, login
from .bbcode import announcements_bbcode
from .deadlines import ACTIONS
from .deadlines import change as change_deadline
from .live import DIRECTOR_PREFIX, CreateError, LiveGame, replay
from .live import describe as describe_input
from .rulings import DIRECTOR_SEAT, ruling_problem
from .server import Server
from .talk import chats_for, diaries_for, post_chat, post_diary
from .views import director_doc, public_doc, seat_doc

log = logging.getLogger("bansha.web")
HERE = Path(__file__).parent
COOKIE = "bansha_director"
LOGIN_CSRF = "bansha_login_csrf"
PUBLIC_CSRF = "bansha_public_csrf"  # the public page's one form (take a spectator link)

router = APIRouter(include_in_schema=False)
templates = Jinja2Templates(directory=str(HERE / "templates"))


def phase_name(label: str | None) -> str:
    if not label:
        return ""
    try:
        return Phase.parse(label).chinese
    except ValueError:
        return label


templates.env.globals.update(phase_name=phase_name, new_command_id=lambda: uuid.uuid4().hex)


def mount_static(app: FastAPI) -> None:
    app.mount("/static", StaticFiles(directory=str(HERE / "static")), name="static")


def _srv(request: Request) -> Server:
    s: Server = request.app.state.server
    return s


async def _off_loop(render: Any, *args: Any) -> Response:
    """Render a page that reads a live game in a worker thread: the game's lock may be
    held by an input waiting for its commit, and the event loop must not wait for it
    (every other request, the fast path's included, would wait too)."""
    resp: Response = await to_thread.run_sync(lambda: render(*args))
    return resp


def _page(request: Request, name: str, status: int = 200, **ctx: Any) -> HTMLResponse:
    ctx.setdefault("events_url", None)
    return templates.TemplateResponse(request, name, ctx, status_code=status)


def _message(request: Request, text: str, status: int) -> HTMLResponse:
    return HTMLResponse(f"<!doctype html><meta charset='utf-8'><title>版杀</title>"
                        f"<link rel='stylesheet' href='/static/style.css'>"
                        f"<div class='flash bad'>{_escape(text)}</div><p><a href='/'>首页</a></p>",
                        status_code=status)


def _escape(text: str) -> str:
    return (text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;"))


async def _form(request: Request) -> dict[str, Any]:
    try:
        form = await request.form()
    except Exception:  # a body that is no form at all
        return {}
    out: dict[str, Any] = {}
    for key in form:
        # what no database column can hold (NUL, lone surrogates) never goes further
        values = [v.replace("\x00", "").encode("utf-8", "replace").decode("utf-8")[:4000]
                  for v in form.getlist(key) if isinstance(v, str)]
        out[key] = values if key == "targets" else (values[0] if values else "")
    return out


# ----------------------------------------------------------------- public
@router.get("/", response_class=HTMLResponse)
def home(request: Request) -> Response:
    return _page(request, "home.html")


@router.get("/g/{game_id}", response_class=HTMLResponse)
def public_page(request: Request, game_id: str) -> Response:
    live = _srv(request).games.get(game_id)
    if live is None:
        return _message(request, f"没有编号为 {game_id} 的游戏", 404)
    with live.lock:
        p = public_doc(live)
        reveal = live.director_view() if live.game.finished else None
    srv = _srv(request)
    ended = Who("director", "", game_id) if reveal is not None else Who("public", "", game_id)
    csrf = request.cookies.get(PUBLIC_CSRF) or secrets.token_urlsafe(16)
    resp = _page(request, "public.html", p=p, reveal=reveal, chat_count=live.chatter,
                 chats=chats_for(srv, live, ended) if reveal is not None else {},
                 diary=diaries_for(srv, live, ended), csrf=csrf,
                 events_url=f"/g/{game_id}/events", refresh_url=f"/g/{game_id}")
    resp.set_cookie(PUBLIC_CSRF, csrf, httponly=True, samesite="strict")
    return resp


@router.get("/g/{game_id}/events")
async def public_events(request: Request, game_id: str) -> Response:
    srv = _srv(request)
    live = srv.games.get(game_id)
    if live is None:
        return _message(request, f"没有编号为 {game_id} 的游戏", 404)
    return StreamingResponse(_stream(request, srv, live, Who("public", "", game_id)),
                             media_type="text/event-stream")


@router.get("/g/{game_id}/replay", response_class=HTMLResponse)
def replay_page(request: Request, game_id: str, step: int | None = None) -> Response:
    """Step through the log: the game as Game.replay of its first `step` inputs. Open
    to everyone once the game has ended, to the directors at any time."""
    srv = _srv(request)
    live = srv.games.get(game_id)
    if live is None:
        return _message(request, f"没有编号为 {game_id} 的游戏", 404)
    if not live.game.finished and _director(request) is None:
        return _message(request, "游戏结束后才能回放（导演可随时回放）", 403)
    with live.lock:  # refused inputs changed nothing: the replay steps leave them out
        inputs = [r for r in live.inputs if r.op != "refused"]
    total = len(inputs)
    n = total if step is None else max(0, min(step, total))
    before = replay(live.row, inputs[:n - 1]) if n > 0 else None
    game = replay(live.row, inputs[:n])
    events = game.director_view()["events"]
    new = events[len(before.director_view()["events"]):] if before is not None else events
    described = describe_input(inputs[n - 1]) if n > 0 else ""
    return _page(request, "replay.html", title=live.row.title, step=n, total=total,
                 at=game.outcome().at, alive=game.public_view()["alive"],
                 events=[e.as_dict() for e in events], new=[e.as_dict() for e in new],
                 described=described)


# ------------------------------------------------------------------ login
@router.get("/login", response_class=HTMLResponse)
def login_page(request: Request, error: str | None = None) -> Response:
    token = secrets.token_urlsafe(16)
    resp = _page(request, "login.html", csrf=token, error=error)
    resp.set_cookie(LOGIN_CSRF, token, httponly=True, samesite="strict")
    return resp


@router.post("/login")
async def login_post(request: Request) -> Response:
    f = await _form(request)
    cookie = request.cookies.get(LOGIN_CSRF)
    if not cookie or not secrets.compare_digest(cookie, str(f.get("csrf", ""))):
        return login_page(request, "表单已过期，请重新登录")
    try:
        token = await to_thread.run_sync(login, _srv(request).store, str(f.get("password", "")),
                                         str(f.get("name") or "") or None)
    except ApiError as e:
        return login_page(request, e.message)
    resp = RedirectResponse("/director", status_code=303)
    resp.set_cookie(COOKIE, token, httponly=True, samesite="lax")
    resp.delete_cookie(LOGIN_CSRF)
    return resp


@router.post("/logout")
async def logout(request: Request) -> Response:
    resp = RedirectResponse("/login", status_code=303)
    resp.delete_cookie(COOKIE)
    return resp


# --------------------------------------------------------------- director
def _director(request: Request) -> Who | None:
    token = request.cookies.get(COOKIE, "")
    try:
        w = _srv(request).identify(token)
    except ApiError:
        return None
    return w if w.is_director else None


def _rulesets() -> list[dict[str, Any]]:
    out = []
    for rid in ruleset_ids():
        rs = get_ruleset(rid)
        lo, hi = rs.min_players, rs.max_players
        out.append({"id": rid, "title": rs.title, "players": f"{lo}" if lo == hi else f"{lo}–{hi}",
                    "options": [{"name": o.name, "default": o.default, "choices": list(o.choices),
                                 "doc": o.doc} for o in rs.option_specs]})
    return out


@router.get("/director", response_class=HTMLResponse)
def director_home(request: Request, error: str | None = None,
                  form: dict[str, Any] | None = None) -> Response:
    w = _director(request)
    if w is None:
        return RedirectResponse("/login", status_code=303)
    srv = _srv(request)
    games = []
    for live in list(srv.games.games.values()):
        oc = live.game.outcome()
        games.append({"id": live.id, "title": live.row.title, "at": oc.at,
                      "finished": oc.finished, "winner": oc.winner})
    return _page(request, "director_home.html", director=w.name, games=games[::-1],
                 rulesets=_rulesets(), csrf=csrf_token(srv.secret, w.token), error=error,
                 form=form or {"ruleset": "m47-yeliang"})


@router.post("/director/games")
async def create_game_page(request: Request) -> Response:
    w = _director(request)
    if w is None:
        return RedirectResponse("/login", status_code=303)
    srv = _srv(request)
    f = await _form(request)
    if not csrf_ok(srv.secret, w.token, f.get("csrf")):
        return _message(request, "表单校验失败（CSRF），请刷新页面后重试", 403)
    players = [p.strip() for p in str(f.get("players", "")).splitlines() if p.strip()]
    try:
        seed = int(f["seed"]) if str(f.get("seed", "")).strip() else None
        options = json.loads(f["options"]) if str(f.get("options", "")).strip() else None
        if options is not None and not isinstance(options, dict):
            raise CreateError("options", "选项应为 JSON 对象，如 {\"选项名\": 值}")
        roles = _roles_lines(str(f.get("roles", "")))
        if seed is not None and not 0 <= seed < 2**31:
            raise CreateError("seed", "种子应为 0 到 2147483647 之间的整数")
        live, _ = await to_thread.run_sync(
            lambda: srv.games.create(w.name, str(f.get("ruleset", "")), players, options, seed,
                                     roles))
    except (ValueError, CreateError) as e:
        msg = str(e) if isinstance(e, CreateError) else f"种子或选项格式不对：{e}"
        return director_home(request, error=f"无法创建：{msg}", form=f)
    return RedirectResponse(f"/director/g/{live.id}", status_code=303)


def _roles_lines(text: str) -> list[Any] | None:
    lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
    if not lines:
        return None
    out: list[Any] = []
    for ln in lines:
        name, sep, role = ln.replace("：", ":").partition(":")
        if not sep:
            raise CreateError("roles", f"固定身份应写成“马甲: 身份”：{ln}")
        cards = [c.strip() for c in role.replace("，", ",").replace("+", ",").split(",")
                 if c.strip()]
        out.append({name.strip(): cards[0] if len(cards) == 1 else cards})
    return out


def _console(request: Request, w: Who, live: LiveGame, flash: dict[str, Any] | None = None,
             status: int = 200) -> Response:
    srv = _srv(request)
    with live.lock:
        d = director_doc(live, srv.store)
        bbcode = _bbcode_posts(live)
    base = str(request.base_url).rstrip("/")
    links = [{"seat": t.seat, "kind": t.kind, "link": f"{base}/s/{t.token}"}
             for t in srv.store.tokens(live.id)]
    return _page(request, "console.html", status, d=d, director=w.name, links=links,
                 csrf=csrf_token(srv.secret, w.token), flash=flash, bbcode=bbcode,
                 chats=chats_for(srv, live, w), chat_count=live.chatter,
                 events_url=f"/g/{live.id}/director-events", refresh_url=f"/director/g/{live.id}")


def _bbcode_posts(live: LiveGame) -> list[dict[str, str]]:
    """Each announcement post in the forum tools' director style (bansha.forum), one
    to copy at a time; the platform's plain export if the forum tools cannot."""
    try:
        posts = announcement_posts(live.game)
    except Exception:  # a replay the forum tools cannot make must not break the console
        log.exception("announcement_posts failed")
        return [{"at": "", "bbcode": announcements_bbcode(live.director_view()["events"])}]
    return [{"at": p.at, "bbcode": p.bbcode()} for p in posts]


@router.get("/director/g/{game_id}", response_class=HTMLResponse)
def console(request: Request, game_id: str) -> Response:
    w = _director(request)
    if w is None:
        return RedirectResponse("/login", status_code=303)
    live = _srv(request).games.get(game_id)
    if live is None:
        return _message(request, f"没有编号为 {game_id} 的游戏", 404)
    return _console(request, w, live)


@router.get("/g/{game_id}/director-events")
async def director_events(request: Request, game_id: str) -> Response:
    w = _director(request)
    srv = _srv(request)
    live = srv.games.get(game_id)
    if w is None or live is None:
        return _message(request, "请先登录导演账号", 401)
    return StreamingResponse(_stream(request, srv, live, w), media_type="text/event-stream")


@router.post("/director/g/{game_id}/{what}")
async def console_post(request: Request, game_id: str, what: str) -> Response:
    w = _director(request)
    if w is None:
        return RedirectResponse("/login", status_code=303)
    srv = _srv(request)
    live = srv.games.get(game_id)
    if live is None:
        return _message(request, f"没有编号为 {game_id} 的游戏", 404)
    f = await _form(request)
    if not csrf_ok(srv.secret, w.token, f.get("csrf")):
        return _message(request, "表单校验失败（CSRF），请刷新页面后重试", 403)
    flash = await to_thread.run_sync(_console_action, srv, live, w, what, f)
    return await _off_loop(_console, request, w, live, flash)


def _console_action(srv: Server, live: LiveGame, w: Who, what: str,
                    f: dict[str, Any]) -> dict[str, Any]:
    seats = live.game.public_view()["seats"]
    cid = str(f.get("command_id") or uuid.uuid4().hex)
    rev = _int(f.get("revision"))
    if what == "advance":
        ans = srv.games.advance(live, w.name, cid, rev)
        return _flash(ans, f"已结算，现在是 {phase_name(ans.get('at'))}")
    if what == "deadline":
        try:
            minutes = float(f["minutes"]) if str(f.get("minutes", "")).strip() else None
        except ValueError:
            return {"ok": False, "text": "时限应为分钟数"}
        op = str(f.get("action", ""))
        if op not in ACTIONS:
            return {"ok": False, "text": f"未知的时限操作 {op}"}
        ans = change_deadline(srv, live, w.name, op, minutes)
        return _flash(ans, "时限已更新")
    if what == "undo":
        ans = srv.games.undo_last_advance(live, w.name)
        undone = "；".join(ans.get("undone", []))
        return _flash(ans, f"已撤销，回到 {phase_name(ans.get('at'))}；撤回的输入：{undone}")
    if what in ("substitute", "mentor"):
        seat = str(f.get("seat", ""))
        if seat not in seats:
            return {"ok": False, "text": f"没有名为 {seat} 的玩家"}
        if what == "substitute":
            old = [t.token for t in srv.store.tokens(live.id)
                   if t.seat == seat and t.kind == "seat"]
            srv.games.substitute(live, seat, w.name)
            srv.revoke(old)
            return {"ok": True, "text": f"已为 {seat} 安排替补：旧链接已失效，新链接见座位表"}
        srv.games.mentor_link(live, seat, w.name)
        return {"ok": True, "text": f"已为 {seat} 生成场外助理链接（只读），见座位表"}
    if what == "card":
        name, card, reason = str(f.get("name", "")), str(f.get("card", "")), \
            str(f.get("reason", "")).strip()
        if name not in seats or card not in ("蓝", "黄", "红") or not reason:
            return {"ok": False, "text": "判罚需要座位、牌色（蓝/黄/红）和理由"}
        ans = srv.games.submit(live, Action(name, "判罚", choice=card, text=reason),
                               DIRECTOR_PREFIX + w.name, cid, note=reason)
        return _flash(ans, f"已判罚：{name} {card}牌（{reason}）")
    if what == "ruling":
        action = _action(DIRECTOR_SEAT, f)
        if action is None:
            return {"ok": False, "text": "导演裁定需要写明裁定项"}
        problem = ruling_problem(live.game, action)
        if problem is not None:
            return {"ok": False, "text": f"未生效：{problem}"}
        ans = srv.games.submit(live, action, DIRECTOR_PREFIX + w.name, cid, rev,
                               note=action.text)
        return _flash(ans, f"已裁定：{_describe(action)}")
    if what in ("thread-preview", "thread-apply"):
        return _thread(srv, live, w, what == "thread-apply", f)
    if what == "proxy":
        by = str(f.get("by", ""))
        if by not in seats:
            return {"ok": False, "text": f"没有名为 {by} 的玩家"}
        action = _action(by, f)
        if action is None or action.skill == "判罚":
            return {"ok": False, "text": "代投需要写明技能"}
        ans = srv.games.submit(live, action, DIRECTOR_PREFIX + w.name, cid, rev, proxy=True)
        return _flash(ans, f"已代 {by} 提交：{_describe(action)}")
    return {"ok": False, "text": f"未知的操作 {what}"}


def _thread(srv: Server, live: LiveGame, w: Who, apply: bool,
            f: dict[str, Any]) -> dict[str, Any]:
    """Preview a pasted vote thread's tally, or apply it (vote_thread.py)."""
    text, close_text = str(f.get("thread", "")), str(f.get("close", ""))
    require_reply = not f.get("no_reply_check")
    keep = {"thread": text, "close": close_text, "no_reply_check": not require_reply}
    try:
        report = vote_thread.tally(live, text, vote_thread.parse_close(close_text),
                                   require_reply)
    except vote_thread.ThreadError as e:
        return {"ok": False, "text": f"无法统计：{e}", **keep}
    doc = report.as_dict()
    if not apply:
        return {"ok": True, "text": "投票贴统计预览（尚未提交）：核对后点“按此统计提交投票”",
                "tally": doc, **keep}
    done = vote_thread.apply(srv.games, live, w.name, text, report)
    bad = [a for a in done if not a.answer.get("accepted")]
    msg = f"已按投票贴提交 {len(done) - len(bad)} 条投票/改票"
    if bad:
        msg += "；未生效：" + "；".join(f"#{a.floor} {a.voter} {a.skill} {a.target}："
                                     f"{a.answer.get('reason')}" for a in bad)
    return {"ok": not bad, "text": msg, "tally": doc, "applied": [a.as_dict() for a in done],
            **keep}


def _int(v: Any) -> int | None:
    try:
        return int(v) if v not in (None, "") else None
    except (TypeError, ValueError):
        return None


def _action(seat: str, f: dict[str, Any]) -> Action | None:
    skill = str(f.get("skill", "")).strip()
    if not skill:
        return None
    targets = tuple(t for t in f.get("targets", []) if t)
    return Action(seat, skill, target=str(f["target"]) if f.get("target") else None,
                  targets=targets, choice=str(f["choice"]) if f.get("choice") else None,
                  text=str(f["text"]) if f.get("text") else None)


def _describe(a: Action) -> str:
    parts = [a.skill, a.target or "、".join(a.targets), a.choice or "", a.text or ""]
    return " ".join(p for p in parts if p)


def _no(text: str) -> dict[str, Any]:
    return {"ok": False, "text": text}


def _flash(ans: dict[str, Any], ok_text: str) -> dict[str, Any]:
    if ans.get("accepted"):
        return {"ok": True, "text": ok_text}
    return {"ok": False, "text": f"未生效：{ans.get('reason')}"}


# ------------------------------------------------------------------ seats
def _seat(request: Request, token: str) -> tuple[Who, LiveGame] | Response:
    srv = _srv(request)
    try:
        w = srv.identify(token)
    except ApiError as e:
        return _message(request, e.message, 401)
    live = srv.games.get(w.game_id or "")
    if w.is_director or live is None:
        return _message(request, "这不是座位链接", 404)
    return w, live


def _player(request: Request, w: Who, live: LiveGame, token: str,
            flash: dict[str, Any] | None = None) -> Response:
    srv = _srv(request)
    with live.lock:
        v = seat_doc(live, w.name, mentor=w.kind == "mentor")
        mine = [_describe(Action.from_dict(r.action)) for r in live.inputs
                if r.revision > live.window_revision and r.op == "submit" and r.action
                and r.action.get("seat") == w.name and r.action.get("skill") != "判罚"]
    events = v["events"]
    private = [e for e in events if "to" in e]
    public = [e for e in events if "to" not in e]
    return _page(request, "player.html", v=v, token=token, private=private, public=public,
                 mine=mine, flash=flash, csrf=csrf_token(srv.secret, token),
                 chats=chats_for(srv, live, w), diary=diaries_for(srv, live, w),
                 chat_count=live.chatter,
                 events_url=f"/api/games/{live.id}/events?token={token}",
                 refresh_url=f"/s/{token}")


def _spectator(request: Request, w: Who, live: LiveGame, token: str,
               flash: dict[str, Any] | None = None) -> Response:
    srv = _srv(request)
    with live.lock:
        p = public_doc(live)
    return _page(request, "spectator.html", p=p, viewer=w.name, token=token, flash=flash,
                 csrf=csrf_token(srv.secret, token), diary=diaries_for(srv, live, w),
                 chat_count=live.chatter,
                 events_url=f"/api/games/{live.id}/events?token={token}",
                 refresh_url=f"/s/{token}")


@router.get("/s/{token}", response_class=HTMLResponse)
def seat_page(request: Request, token: str) -> Response:
    got = _seat(request, token)
    if isinstance(got, Response):
        return got
    if got[0].kind == "spectator":
        return _spectator(request, *got, token)
    return _player(request, *got, token)


@router.post("/g/{game_id}/spectate")
async def spectate(request: Request, game_id: str) -> Response:
    """Take a 观众 link from the public page (a name, unique in the game)."""
    srv = _srv(request)
    live = srv.games.get(game_id)
    if live is None:
        return _message(request, f"没有编号为 {game_id} 的游戏", 404)
    f = await _form(request)
    cookie = request.cookies.get(PUBLIC_CSRF)
    if not cookie or not secrets.compare_digest(cookie, str(f.get("csrf", ""))):
        return _message(request, "表单已过期，请刷新公开页后重试", 403)
    name = str(f.get("name", "")).strip()[:40]
    if not name:
        return _message(request, "请写下观众的名字", 422)
    token = await to_thread.run_sync(srv.games.spectator_link, live, name, None)
    if token is None:
        return _message(request, f"名字 {name} 已被座位或其他观众使用，请换一个", 422)
    return RedirectResponse(f"/s/{token}", status_code=303)


@router.post("/s/{token}/act")
async def seat_act(request: Request, token: str) -> Response:
    got = _seat(request, token)
    if isinstance(got, Response):
        return got
    w, live = got
    srv = _srv(request)
    f = await _form(request)
    if not csrf_ok(srv.secret, token, f.get("csrf")):
        return _message(request, "表单校验失败（CSRF），请刷新页面后重试", 403)
    if w.kind == "spectator":
        return await _off_loop(_spectator, request, w, live, token, _no("观众不能行动"))
    if w.kind != "seat":
        return await _off_loop(_player, request, w, live, token, _no("场外助理链接只能查看"))
    action = _action(w.name, f)
    if action is None or action.skill == "判罚":
        return await _off_loop(_player, request, w, live, token, _no("请选择要使用的技能"))
    cid = str(f.get("command_id") or uuid.uuid4().hex)[:200]
    ans = await to_thread.run_sync(lambda: srv.games.submit(
        live, action, w.name, cid, _int(f.get("revision"))))
    flash = _flash(ans, f"已提交：{_describe(action)}")
    return await _off_loop(_player, request, w, live, token, flash)


@router.post("/s/{token}/{what}")
async def seat_talk(request: Request, token: str, what: str) -> Response:
    """A group-chat message (`chat`) or a diary entry (`diary`) from a seat's page."""
    got = _seat(request, token)
    if isinstance(got, Response):
        return got
    w, live = got
    srv = _srv(request)
    f = await _form(request)
    if not csrf_ok(srv.secret, token, f.get("csrf")):
        return _message(request, "表单校验失败（CSRF），请刷新页面后重试", 403)
    text = str(f.get("text", "")).strip()
    if w.kind == "spectator":
        if what != "diary" or not text:
            return await _off_loop(_spectator, request, w, live, token, _no("请先写下内容"))
        ans = await to_thread.run_sync(post_diary, srv, live, w, text)
        return await _off_loop(_spectator, request, w, live, token, _flash(ans, "已记入树洞"))
    if what not in ("chat", "diary") or not text:
        return await _off_loop(_player, request, w, live, token, _no("请先写下内容"))
    if what == "chat":
        ans = await to_thread.run_sync(post_chat, srv, live, w, str(f.get("group", "")), text)
        return await _off_loop(_player, request, w, live, token, _flash(ans, "已发送"))
    ans = await to_thread.run_sync(post_diary, srv, live, w, text)
    return await _off_loop(_player, request, w, live, token, _flash(ans, "已记入树洞"))
