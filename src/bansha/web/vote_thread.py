"""A day's vote thread pasted on the console: the forum tools' tally as a preview,
then the counted votes handed to the game.

The tally is `bansha.forum.tally_for_game` (the game's seats, outs, 加速 and its
ruleset's forum rules; docs/forum.md). Applying it submits each counted voter's
first vote as 投票 and, when it changed, the final one as 改票, in floor order, as
`bansha.forum.submit_votes` plans them, but through the live game (LiveGames.submit),
so every vote is stored before it is answered and marked as the director's 代投 from
the thread (its floor in the note). Each vote's command_id is derived from the
pasted text, the floor and the kind: applying the same paste twice changes nothing
(the second time every vote gets its first answer back)."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from bansha.engine import Action
from bansha.forum import VoteReport, tally_for_game
from bansha.forum.text import parse_time

from .live import DIRECTOR_PREFIX, LiveGame, LiveGames


class ThreadError(ValueError):
    """The request cannot be tallied; `field` names the input at fault."""

    def __init__(self, field_name: str, message: str) -> None:
        super().__init__(message)
        self.field = field_name


@dataclass
class Applied:
    voter: str
    skill: str
    target: str
    floor: int
    answer: dict[str, Any]

    def as_dict(self) -> dict[str, Any]:
        d = {"voter": self.voter, "skill": self.skill, "target": self.target,
             "floor": self.floor, "accepted": bool(self.answer.get("accepted"))}
        if not d["accepted"]:
            d["reason"] = self.answer.get("reason")
        return d


def parse_close(text: str | None) -> datetime | None:
    if text is None or not text.strip():
        return None
    t = parse_time(text.strip())
    if t is None:
        raise ThreadError("close", f"关门时间“{text.strip()}”看不懂：应写成 YYYY-MM-DD HH:MM")
    return t


def tally(live: LiveGame, thread: str, close: datetime | None,
          require_reply: bool = True) -> VoteReport:
    if not thread.strip():
        raise ThreadError("thread", "请粘贴投票帖的内容")
    with live.lock:
        if live.game.finished:
            raise ThreadError("thread", "游戏已结束")
        if not live.game.outcome().at.startswith("day"):
            raise ThreadError("thread", "现在不是讨论日（白天），没有可统计的投票")
        return tally_for_game(live.game, thread, close=close, require_reply=require_reply)


def plan(report: VoteReport) -> list[tuple[int, Action]]:
    """(floor, action) in floor order: each counted voter's first vote, and the final
    change when it differs (the plan of bansha.forum.submit_votes)."""
    out: list[tuple[int, Action]] = []
    for voter, bs in report.ballots().items():
        first, final = bs[0], bs[-1]
        out.append((first.floor, Action(voter, "投票", target=first.target)))
        if final is not first and final.target != first.target:
            out.append((final.floor, Action(voter, "改票", target=final.target)))
    out.sort(key=lambda fa: fa[0])
    return out


def apply(games: LiveGames, live: LiveGame, director: str, thread: str,
          report: VoteReport) -> list[Applied]:
    digest = hashlib.sha256(thread.encode("utf-8", "replace")).hexdigest()[:16]
    done = []
    for floor, action in plan(report):
        cid = f"thread-{digest}-{floor}-{action.skill}-{action.seat}"
        ans = games.submit(live, action, DIRECTOR_PREFIX + director, cid, proxy=True,
                           note=f"投票帖 #{floor}")
        done.append(Applied(action.seat, action.skill, str(action.target), floor, ans))
    return done
