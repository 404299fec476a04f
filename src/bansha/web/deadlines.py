"""Window deadlines on the server clock: the director sets one for the open window
(N minutes), extends, pauses, resumes or clears it; when it passes, the window
closes as an advance does (every seat that did not act gets the rule's default).
A deadline belongs to the window it was set in: the next window starts with the
post's own minutes where its 行动时限 / 关门 rules give some (the ruleset's
`deadlines`, engine/deadlines.py; LiveGames._rule_deadline), else none."""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
from typing import Any

from anyio import to_thread

from bansha.engine.deadlines import window_deadline

from .live import LiveGame
from .server import Server

log = logging.getLogger("bansha.web")
AUTO = "自动关门"
ACTIONS = ("set", "extend", "pause", "resume", "clear")


def now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


def state(live: LiveGame, at: dt.datetime | None = None) -> dict[str, Any] | None:
    """The open window's deadline: {at, left (seconds), paused, rule, default}, or None.
    `rule` and `default` are the post's (what the window's minutes come from and what
    happens when it runs out), when the ruleset times this window."""
    if live.deadline_window != live.window_revision or live.game.finished:
        return None
    if live.paused_left is not None:
        out: dict[str, Any] = {"at": None, "left": round(live.paused_left), "paused": True}
    elif live.deadline_at is None:
        return None
    else:
        left = (live.deadline_at - (at or now())).total_seconds()
        out = {"at": live.deadline_at.isoformat(timespec="seconds"), "left": max(0, round(left)),
               "paused": False}
    rule = window_deadline(live.game)
    p = live.game.prompt
    out["rule"] = None if rule is None else rule.rule
    out["default"] = p.default if p is not None else None if rule is None else rule.default
    return out


def seen_by(live: LiveGame, seat: str | None, at: dt.datetime | None = None
            ) -> dict[str, Any] | None:
    """The deadline as a seat (None: anyone but the director) may see it: while a
    prompt waits for one seat, which rule times it would tell the others whose turn
    it is (the witch's feedback, a 猎人's shot), so only that seat gets the rule's
    words; the others see the countdown alone."""
    out = state(live, at)
    p = live.game.prompt
    if out is not None and p is not None and p.seat != seat:
        out["rule"] = out["default"] = None
    return out


def change(srv: Server, live: LiveGame, director: str, action: str,
           minutes: float | None) -> dict[str, Any]:
    with live.lock:
        if live.game.finished:
            return {"accepted": False, "reason": "游戏已结束"}
        cur = state(live)
        t = now()
        if action in ("set", "extend") and (minutes is None or not 0 < minutes <= 7 * 24 * 60):
            return {"accepted": False, "reason": "时限应为大于 0 的分钟数"}
        assert action not in ("set", "extend") or minutes is not None
        if action == "set":
            at, paused, what = t + dt.timedelta(minutes=minutes or 0), None, \
                f"设定关门时限：{minutes:g} 分钟后"
        elif action == "extend":
            if cur is None:
                return {"accepted": False, "reason": "当前窗口没有时限，请先设定"}
            if cur["paused"]:
                at, paused = None, float(cur["left"]) + (minutes or 0) * 60
            else:
                assert live.deadline_at is not None
                at, paused = live.deadline_at + dt.timedelta(minutes=minutes or 0), None
            what = f"延时 {minutes:g} 分钟"
        elif action == "pause":
            if cur is None or cur["paused"]:
                return {"accepted": False, "reason": "当前窗口没有在计时的时限"}
            at, paused, what = None, float(cur["left"]), "暂停计时"
        elif action == "resume":
            if cur is None or not cur["paused"]:
                return {"accepted": False, "reason": "当前窗口没有暂停的时限"}
            at, paused, what = t + dt.timedelta(seconds=float(cur["left"])), None, "继续计时"
        else:
            at, paused, what = None, None, "取消时限"
        window = live.window_revision
        srv.store.set_deadline(live.id, at, window, paused, director, what)
        live.deadline_at, live.deadline_window, live.paused_left = at, window, paused
        live.chatter += 1  # pages refresh to show the new countdown
        srv.notifier.changed(live.id)
        return {"accepted": True, "deadline": state(live)}


def due(srv: Server, at: dt.datetime | None = None) -> list[LiveGame]:
    out = []
    for live in list(srv.games.games.values()):
        s = state(live, at)
        if s is not None and not s["paused"] and s["left"] <= 0:
            out.append(live)
    return out


def close_due(srv: Server, at: dt.datetime | None = None) -> list[dict[str, Any]]:
    """Close every window whose deadline has passed (as the director `自动关门`)."""
    answers = []
    for live in due(srv, at):
        answers.append(srv.games.advance(live, AUTO, f"deadline-{live.id}-{live.window_revision}",
                                         live.window_revision))
    return answers


async def ticker(srv: Server, every: float = 1.0) -> None:
    while not srv.stopping:
        try:
            if due(srv):
                await to_thread.run_sync(close_due, srv)
        except Exception:  # a failed tick is logged; the next one tries again
            log.exception("deadline tick failed")
        await asyncio.sleep(every)
