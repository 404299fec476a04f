"""Player posts that break the forum rules a program can see:

- "使用导演专用的放大字体、红色字体（或导演认为与 #FF0000 相近的颜色）": a
  [color] that is red or near red (colours.py), a [size] at or above the
  enlarged sizes (4–7, or ≥ 16px / ≥ 12pt);
- "遗言中禁止使用Discuz!代码": any Discuz! code in last words;
- "已出局角色在讨论帖、投票帖、进程帖中发言（即“诈尸”）": a post by a character out.

Each flag quotes the rule (ForumRules) it comes from; the card is the director's."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bansha.engine.forum_rules import ForumRules

from .cleaning import strip_blocks
from .colours import is_near_red
from .thread import Thread, parse_thread

_COLOR = re.compile(r"\[color\s*=\s*([^\]]+)\]", re.IGNORECASE)
_SIZE = re.compile(r"\[size\s*=\s*([^\]]+)\]", re.IGNORECASE)
DISCUZ_TAGS = ("b", "i", "u", "s", "strike", "color", "size", "font", "backcolor", "url",
               "email", "img", "quote", "code", "hide", "free", "align", "float", "list",
               "table", "tr", "td", "media", "flash", "audio", "hr", "p", "sup", "sub",
               "indent", "spoiler", "password", "qq", "attach", "attachimg", "\\*")
DISCUZ_CODE = re.compile(r"\[/?(?:" + "|".join(DISCUZ_TAGS) + r")(?:=[^\]]*)?\]", re.IGNORECASE)
LARGE_SIZE = 4  # Discuz sizes 1–7; 4 and up are the enlarged sizes


@dataclass(frozen=True)
class Flag:
    floor: int
    author: str
    rule: str  # red_font | large_font | code_in_lastwords | out_post
    detail: str
    quote: str

    def as_dict(self) -> dict[str, Any]:
        return {"floor": self.floor, "author": self.author, "rule": self.rule,
                "detail": self.detail, "quote": self.quote}

    def text(self) -> str:
        return f"#{self.floor} {self.author}：{self.detail}（{self.quote}）"


def is_large(value: str) -> bool:
    v = value.strip().strip("\"'").lower()
    m = re.match(r"^(\d+(?:\.\d+)?)\s*(px|pt|em)?$", v)
    if m is None:
        return v in ("large", "x-large", "xx-large", "larger")
    n = float(m.group(1))
    unit = m.group(2)
    if unit == "px":
        return n >= 16
    if unit == "pt":
        return n >= 12
    if unit == "em":
        return n > 1.2
    return n >= LARGE_SIZE


def lastwords_code(text: str) -> list[str]:
    """The Discuz! code tags in a text (empty: none)."""
    return [m.group() for m in DISCUZ_CODE.finditer(text)]


def check_posts(thread: Thread | str, rules: ForumRules, *, out: Sequence[str] = (),
                lastwords: bool = False) -> list[Flag]:
    """Flag the thread's posts. `lastwords`: the posts are last words (Discuz! code
    is then itself a breach). Quoted text is someone else's: it is not checked."""
    th = parse_thread(thread) if isinstance(thread, str) else thread
    flags: list[Flag] = []
    gone = set(out)
    for p in th.posts:
        own = strip_blocks(p.text) if not lastwords else p.text
        if rules.forbid_director_font:
            q = rules.quote("forbid_director_font")
            for m in _COLOR.finditer(own):
                if is_near_red(m.group(1)):
                    flags.append(Flag(p.floor, p.author, "red_font",
                                      f"使用红色或相近颜色的字体 {m.group()}", q))
            for m in _SIZE.finditer(own):
                if is_large(m.group(1)):
                    flags.append(Flag(p.floor, p.author, "large_font",
                                      f"使用放大字体 {m.group()}", q))
        if lastwords and rules.lastwords_no_code:
            tags = lastwords_code(p.text)
            if tags:
                flags.append(Flag(p.floor, p.author, "code_in_lastwords",
                                  "遗言中使用了Discuz!代码 " + " ".join(dict.fromkeys(tags)),
                                  rules.quote("lastwords_no_code")))
        if rules.forbid_out_posts and p.author in gone and not lastwords:
            flags.append(Flag(p.floor, p.author, "out_post", f"{p.author} 已出局仍在帖中发言",
                              rules.quote("forbid_out_posts")))
    return flags
