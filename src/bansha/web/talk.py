"""Group chats (狼群, lovers, 共群) and diaries (树洞), stored beside the game.

Who is in which group comes from the seat's own view (its `group` entry, which
each ruleset fills); a chat is visible to that group's members and the director
only, never to a mentor (m125: 场外助理不允许加入狼群或情侣群). A diary (树洞) is kept
by a seat or a spectator (观众, with a spectator link: "Each player and spectator may
keep a diary"); it is visible to its author alone until the game ends, and to
everyone after. A spectator's diary is its own channel (SPECTATOR + name), so it is
never mixed with a seat's."""

from __future__ import annotations

from typing import Any

from .auth import Who
from .live import LiveGame
from .server import Server


def groups_of(live: LiveGame, seat: str) -> dict[str, list[str]]:
    g = live.game.view(seat).get("group") or {}
    if not isinstance(g, dict):
        return {}
    return {str(name): [str(m) for m in members] for name, members in g.items()}


SPECTATOR = "观众:"


def diary_channel(w: Who) -> str:
    return SPECTATOR + w.name if w.kind == "spectator" else w.name


def post_chat(srv: Server, live: LiveGame, w: Who, group: str, text: str) -> dict[str, Any]:
    if w.kind != "seat":
        return {"accepted": False, "reason": "只有该群的成员可以在群里发言"}
    with live.lock:
        view = live.game.view(w.name)
        groups = groups_of(live, w.name)
        at = live.game.outcome().at
    if group not in groups:
        return {"accepted": False, "reason": f"你不在 {group} 中"}
    if view.get("group_chat_open") is False:
        return {"accepted": False, "reason": f"{group} 现在不开放（按规则只在规定时段开放）"}
    srv.store.add_message(live.id, "chat", group, w.name, at, text)
    live.chatter += 1
    srv.notifier.changed(live.id)
    return {"accepted": True}


def chats_for(srv: Server, live: LiveGame, w: Who) -> dict[str, list[dict[str, Any]]]:
    if w.kind in ("mentor", "public", "spectator"):
        return {}
    rows = srv.store.messages(live.id, "chat")
    if w.is_director:
        allowed = {r.channel for r in rows}
    else:
        with live.lock:
            allowed = set(groups_of(live, w.name))
    out: dict[str, list[dict[str, Any]]] = {g: [] for g in sorted(allowed)}
    for r in rows:
        if r.channel in allowed:
            out[r.channel].append({"author": r.author, "at": r.at, "text": r.text})
    return out


def post_diary(srv: Server, live: LiveGame, w: Who, text: str) -> dict[str, Any]:
    if w.kind not in ("seat", "spectator"):
        return {"accepted": False, "reason": "只有玩家或观众本人可以写自己的树洞"}
    srv.store.add_message(live.id, "diary", diary_channel(w), w.name, live.game.outcome().at,
                          text)
    live.chatter += 1
    srv.notifier.changed(live.id)
    return {"accepted": True}


def diaries_for(srv: Server, live: LiveGame, w: Who) -> list[dict[str, Any]]:
    """The author's own entries; everyone's once the game has ended."""
    finished = live.game.finished
    own = diary_channel(w) if w.kind in ("seat", "spectator") else None
    return [{"author": r.author, "at": r.at, "text": r.text,
             "spectator": r.channel.startswith(SPECTATOR)}
            for r in srv.store.messages(live.id, "diary")
            if finished or r.channel == own]
