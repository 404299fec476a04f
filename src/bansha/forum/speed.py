"""加速 / 延时: requests in the process thread counted against the deadline.

The posts: "未出局角色可在进程帖中申请加速或延时。当日申请人数在讨论日结束三个小时前
（一般为最后一个自然日的18:00）大于等于存活人数的一半，即判定加速或延迟成功。……
延迟成功时，不再视为“执行加速”状态。" m125 moves the 加速 deadline: "加速申请截止至
加速成功后的讨论日结束前三小时". All of it is ForumRules data.

A request is a post whose cleaned text says 申请加速 / 加速 (or 申请延时 / 延时 /
延迟) on a line of its own or as 申请…; each living character counts once per kind."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from bansha.engine import Accepted, Action, Game, Rejected
from bansha.engine.forum_rules import ForumRules

from .cleaning import clean
from .text import show_time
from .thread import Thread, parse_thread

_ACCEL = re.compile(r"^\s*(?:申请\s*加速|加速\s*申请|加速)\s*[。!！]*\s*$|申请\s*加"
                    r"速", re.MULTILINE)
_DELAY = re.compile(r"^\s*(?:申请\s*(?:延时|延迟)|(?:延时|延迟)\s*申请|延时|延迟)\s*[。!！]*\s*$"
                    r"|申请\s*(?:延时|延迟)", re.MULTILINE)


@dataclass
class SpeedReport:
    rules: ForumRules
    alive: int
    need: int
    accel: list[str] = field(default_factory=list)
    delay: list[str] = field(default_factory=list)
    accel_deadline: datetime | None = None
    delay_deadline: datetime | None = None
    auto_accelerated: bool = False
    notes: list[str] = field(default_factory=list)

    @property
    def accel_success(self) -> bool:
        return len(self.accel) >= self.need

    @property
    def delay_success(self) -> bool:
        return len(self.delay) >= self.need

    @property
    def accelerated(self) -> bool:
        """The day's state: 加速 (by request or by the director) unless 延时 succeeded."""
        return (self.auto_accelerated or self.accel_success) and not self.delay_success

    def as_dict(self) -> dict[str, Any]:
        return {"post": self.rules.post, "alive": self.alive, "need": self.need,
                "accel": list(self.accel), "delay": list(self.delay),
                "accel_deadline": show_time(self.accel_deadline) or None,
                "delay_deadline": show_time(self.delay_deadline) or None,
                "accel_success": self.accel_success, "delay_success": self.delay_success,
                "accelerated": self.accelerated, "notes": list(self.notes)}

    def text(self) -> str:
        lines = [f"加速/延时申请（{self.rules.post}）：存活 {self.alive} 人，需要 {self.need} 人"]
        lines.append(f"申请加速（截止 {show_time(self.accel_deadline)}）：{len(self.accel)} 人"
                     + (f"（{'、'.join(self.accel)}）" if self.accel else "")
                     + ("，加速成功" if self.accel_success else "，未成功"))
        lines.append(f"申请延时（截止 {show_time(self.delay_deadline)}）：{len(self.delay)} 人"
                     + (f"（{'、'.join(self.delay)}）" if self.delay else "")
                     + ("，延时成功" if self.delay_success else "，未成功"))
        state = "未执行加速"
        if self.accelerated:
            state = "执行加速：本日不可改票，发言不足或未投票者不判罚"
        lines.append(f"结果：{state}")
        lines.extend(f"说明：{n}" for n in self.notes)
        return "\n".join(lines)


def tally_speed(thread: Thread | str, players: Sequence[str], rules: ForumRules, *,
                close: datetime, out: Sequence[str] = (),
                accelerated_close: datetime | None = None,
                auto_accelerated: bool = False) -> SpeedReport:
    th = parse_thread(thread) if isinstance(thread, str) else thread
    gone = set(out)
    alive = [p for p in players if p not in gone]
    num, den = rules.speed_quorum
    need = -(-len(alive) * num // den)  # 大于等于存活人数的一半: ceil(alive * 1/2)
    hours = timedelta(hours=rules.speed_deadline_hours)
    rep = SpeedReport(rules, len(alive), need, auto_accelerated=auto_accelerated)
    rep.notes.extend(th.warnings)
    if not rules.speed_requests:
        rep.notes.append(f"{rules.post or '本规则'}没有加速/延时申请规则")
        rep.need = len(alive) + 1
        return rep
    rep.delay_deadline = close - hours
    if rules.accel_deadline_after_speedup:
        if accelerated_close is None:
            rep.notes.append(f"未给出加速后的关门时间：加速申请按本日关门前三小时计（{rules.quote('speed_requests')}）")
            rep.accel_deadline = close - hours
        else:
            rep.accel_deadline = accelerated_close - hours
    else:
        rep.accel_deadline = close - hours
    seen_floor: set[int] = set()
    for p in sorted(th.posts, key=lambda q: q.floor):
        if p.floor in seen_floor:
            rep.notes.append(f"#{p.floor} 重复出现：以第一次出现的版本为准")
            continue
        seen_floor.add(p.floor)
        body = clean(p.text)
        kinds = [k for k, rx in (("accel", _ACCEL), ("delay", _DELAY)) if rx.search(body)]
        if not kinds:
            continue
        if p.author not in players:
            rep.notes.append(f"#{p.floor} {p.author} 不是本局角色，申请不计")
            continue
        if p.author in gone:
            rep.notes.append(f"#{p.floor} {p.author} 已出局，申请不计")
            continue
        for k in kinds:
            deadline = rep.accel_deadline if k == "accel" else rep.delay_deadline
            word = "加速" if k == "accel" else "延时"
            if p.time is not None and deadline is not None and p.time > deadline:
                rep.notes.append(f"#{p.floor} {p.author} 的{word}申请晚于截止时间"
                                 f" {show_time(deadline)}，不计")
                continue
            names = rep.accel if k == "accel" else rep.delay
            if p.author not in names:
                names.append(p.author)
    if rep.accel_success and rep.delay_success:
        rep.notes.append(rules.quote("speed_delay") or "延时成功时不再视为执行加速")
    return rep


SPEEDUP = Action("导演", "加速")  # the director's input (engine/speedup.py)


def apply_speed(game: Game, report: SpeedReport) -> tuple[Action, Accepted | Rejected] | None:
    """Hand the result to the game through Game.submit: when the day is accelerated
    (加速 succeeded, or the director's, and no 延时), the game records 加速 for the
    current day (no 改票, no automatic 潜水 card) and the answer is returned (a
    refusal names its reason: at night, already accelerated, a post without 加速).
    None when the day is not accelerated: nothing is submitted."""
    if not report.accelerated:
        return None
    return SPEEDUP, game.submit(SPEEDUP)
