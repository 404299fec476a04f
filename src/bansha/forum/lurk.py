"""潜水: post-count penalties from a day's threads or pasted counts.

The posts (m47, m192, m125): "5、潜水（以下行为均固定判罚一张“黄牌”）（1）在未执行加速的
讨论日不足五帖（2）连续三个未执行加速的讨论日均不足十帖（3）在未执行加速的讨论日未投票".
Each threshold is a ForumRules field; a post without them (s15) gives no card.
Like the scenarios' `penalties: auto`, nothing is given unless the director turns
it on (`apply=True`); otherwise the report lists what would be given.

Readings (docs/forum.md): an accelerated day neither counts toward nor breaks a
streak of (2); after a streak card the streak starts again; only characters alive
that day are checked."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bansha.engine.forum_rules import ForumRules

from .cards import CardEntry


@dataclass
class DayActivity:
    day: int
    posts: Mapping[str, int]  # character -> posts in that day's discussion thread
    voted: set[str] | None = None  # characters with a valid vote (None: not known)
    accelerated: bool = False
    out: set[str] = field(default_factory=set)  # out when the day opened


@dataclass
class LurkReport:
    rules: ForumRules
    applied: bool
    cards: list[CardEntry] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        return {"post": self.rules.post, "applied": self.applied,
                "cards": [c.as_dict() for c in self.cards], "notes": list(self.notes)}

    def text(self) -> str:
        head = "潜水判罚"
        if not self.applied:
            head += "（未开启：以下仅列出，未判罚；加 --apply 开启）"
        lines = [f"{head}（{self.rules.post}）"]
        for c in self.cards:
            lines.append(f"第{c.phase.split()[1]}天 {c.player} {c.colour}牌：{c.reason}")
        if not self.cards:
            lines.append("（无）")
        lines.extend(f"说明：{n}" for n in self.notes)
        return "\n".join(lines)


def count_posts(authors: Sequence[str], players: Sequence[str]) -> dict[str, int]:
    """Posts per character (authors not in `players` are not counted)."""
    counts = {p: 0 for p in players}
    for a in authors:
        if a in counts:
            counts[a] += 1
    return counts


def lurk_penalties(days: Sequence[DayActivity], players: Sequence[str], rules: ForumRules,
                   *, apply: bool = False) -> LurkReport:
    rep = LurkReport(rules, apply)
    colour = rules.lurk_card
    if rules.lurk_min_posts is None and rules.lurk_streak_posts is None and not rules.lurk_no_vote:
        rep.notes.append(f"{rules.post or '本规则'}没有潜水判罚规则")
        return rep
    streak: dict[str, int] = {p: 0 for p in players}
    for d in sorted(days, key=lambda x: x.day):
        phase = f"day {d.day}"
        alive = [p for p in players if p not in d.out]
        if d.accelerated:
            rep.notes.append(f"第{d.day}天执行加速"
                             f"：{rules.quote('change_when_accelerated') or '不判罚'}")
            continue
        for p in alive:
            n = d.posts.get(p, 0)
            if rules.lurk_min_posts is not None and n < rules.lurk_min_posts:
                rep.cards.append(CardEntry(phase, p, colour,
                                           f"潜水：发言 {n} 帖，{rules.quote('lurk_min_posts')}"))
            if rules.lurk_streak_posts is not None:
                streak[p] = streak[p] + 1 if n < rules.lurk_streak_posts else 0
                if streak[p] >= rules.lurk_streak_days:
                    streak[p] = 0
                    rep.cards.append(CardEntry(phase, p, colour,
                                               f"潜水：{rules.quote('lurk_streak_posts')}"))
            if rules.lurk_no_vote and d.voted is not None and p not in d.voted:
                extra = rules.quote("no_vote_card")
                rep.cards.append(CardEntry(phase, p, colour,
                                           f"潜水：未投票，{rules.quote('lurk_no_vote')}"
                                           + (f"；{extra}" if extra else "")))
        if rules.lurk_no_vote and d.voted is None:
            rep.notes.append(f"第{d.day}天没有给出投票情况：未检查“未投票”")
    return rep
