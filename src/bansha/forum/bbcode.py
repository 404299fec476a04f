"""A game's public announcements as Discuz! BBCode posts in the director's style
(red, large: the style players may not use).

The game is replayed from its log through the engine's public API (Game.new,
submit, advance, public_view), so each announcement is known with the input
that produced it: the announcements made when a day opens are that day's
day-start post, put in the order the post prescribes (ForumRules.day_start_order:
outs, last words, sheriff, the rest), the out list in the post's order
(out order, or seat order in m192), the last words in [quote]."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from bansha.engine import Game
from bansha.engine.forum_rules import OUT_ORDER_SEAT, ForumRules

from .cards import phase_zh

DIRECTOR_COLOUR = "#FF0000"
DIRECTOR_SIZE = 5
_LIST = re.compile(r"^(?P<head>[^：]*出局[^：]*：)(?P<names>.+)$")


@dataclass
class AnnouncementPost:
    at: str  # the phase label ("day 2")
    kind: str  # day_start | day | night_start | night | end
    # in the post's order: (text, None) for a line, (who, words) for last words
    items: list[tuple[str, str | None]] = field(default_factory=list)

    @property
    def lines(self) -> list[str]:
        return [t for t, w in self.items if w is None]

    @property
    def lastwords(self) -> list[tuple[str, str]]:
        return [(t, w) for t, w in self.items if w is not None]

    def as_dict(self) -> dict[str, Any]:
        return {"at": self.at, "kind": self.kind, "lines": self.lines,
                "lastwords": [{"name": n, "text": t} for n, t in self.lastwords],
                "bbcode": self.bbcode()}

    def bbcode(self) -> str:
        title = phase_zh(self.at) + ("（游戏结束）" if self.kind == "end" else "")
        out = [director(f"[b]{title}[/b]")]
        for text, words in self.items:
            if words is None:
                out.append(director(text))
            else:
                out.append(director(f"{text} 的遗言："))
                out.append(f"[quote]{words}[/quote]")
        return "\n".join(out)


def director(text: str) -> str:
    """One line in the director's style."""
    return f"[size={DIRECTOR_SIZE}][color={DIRECTOR_COLOUR}]{text}[/color][/size]"


def _category(text: str, seats: tuple[str, ...]) -> str:
    if _lastwords(text, seats) is not None:
        return "lastwords"
    if "出局" in text:
        return "outs"
    if "警长" in text:
        return "sheriff"
    return "other"


def _lastwords(text: str, seats: tuple[str, ...]) -> tuple[str, str] | None:
    for s in sorted(seats, key=len, reverse=True):
        head = f"{s} 的遗言："
        if text.startswith(head):
            return s, text[len(head):]
    return None


def _seat_order(text: str, seats: tuple[str, ...]) -> str:
    """m192: "公示出局名单顺序改为按角色电梯楼顺序排序" — reorder an out list."""
    m = _LIST.match(text)
    if m is None:
        return text
    names = m.group("names").split("、")
    if not all(n in seats for n in names):
        return text
    return m.group("head") + "、".join(sorted(names, key=seats.index))


def _post(at: str, kind: str, texts: list[str], rules: ForumRules,
          seats: tuple[str, ...]) -> AnnouncementPost:
    if kind == "day_start":
        order = {c: i for i, c in enumerate(rules.day_start_order)}
        texts = sorted(texts, key=lambda t: order.get(_category(t, seats), len(order)))
    post = AnnouncementPost(at, kind)
    for t in texts:
        lw = _lastwords(t, seats)
        if lw is not None:
            post.items.append((lw[0], lw[1]))
        else:
            post.items.append((_seat_order(t, seats) if rules.out_order == OUT_ORDER_SEAT else t,
                               None))
    return post


def announcement_posts(game: Game) -> list[AnnouncementPost]:
    """Every public announcement of `game`, grouped into the posts a director makes."""
    log = game.log
    # the game's own ruleset class: a ruleset not in the registry replays as well
    g = Game.new(type(game.ruleset), log.players, log.seed, log.options)
    rules = g.ruleset.forum_rules
    seats: tuple[str, ...] = tuple(g.public_view()["seats"])
    posts: list[AnnouncementPost] = []
    seen = 0

    def collect(opened: str | None) -> None:
        nonlocal seen
        events = [e for e in g.public_view()["events"] if e.to is None]
        new, seen = events[seen:], len(events)
        chunks: list[tuple[str, list[str]]] = []
        for e in new:
            if not chunks or chunks[-1][0] != e.at:
                chunks.append((e.at, []))
            chunks[-1][1].append(e.text)
        for at, texts in chunks:
            kind = "day" if at.startswith("day") else "night"
            if at == opened:
                kind += "_start"
            posts.append(_post(at, kind, texts, rules, seats))

    collect(g.phase.label)
    for inp in log.inputs:
        before = g.phase.label
        if inp is None:
            g.advance()
        else:
            g.submit(inp)
        after = g.phase.label
        collect(after if after != before else None)
    if g.outcome().finished and posts:
        posts[-1].kind = "end"
    return posts


def bbcode_announcements(game: Game) -> str:
    """All the posts, separated by a blank line, ready to paste."""
    return "\n\n".join(p.bbcode() for p in announcement_posts(game))
