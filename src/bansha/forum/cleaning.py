"""What a vote counter reads of a post: quotes, quoted replies, spoilers and code
blocks removed (as forum vote counters do), remaining BBCode tags dropped.

A vote quoted from someone else's post is not the poster's vote, and a vote in a
spoiler or code block is not a vote either; text styling around a name
(`[b]甲[/b]`) does not change the name."""

from __future__ import annotations

import re

# blocks whose whole content goes (nesting allowed; an unclosed one runs to the end)
BLOCKS = ("quote", "spoiler", "code", "hide", "php", "html", "free")
_OPEN = re.compile(r"\[(?P<tag>" + "|".join(BLOCKS) + r")(?:=[^\]]*)?\]", re.IGNORECASE)
_TAG = re.compile(r"\[/?[a-zA-Z]+(?:=[^\]\n]*)?\]")
# a quoted reply as the page shows it after copying: `甲 发表于 2026-11-30 20:15`
# and the quoted text up to the next blank line
_QUOTED_REPLY = re.compile(r"^\S+\s*发表于\s*\d{4}-\d{1,2}-\d{1,2}\s+\d{1,2}:\d{2}(?::\d{2})?")
# Discuz's reply marker: `回复 #12 甲 的帖子`, `回复 12# 甲`, `回复 12楼`
REPLY_MARK = re.compile(r"^\s*(?:\[[^\]]*\])*\s*回复\s*[#＃]?\s*(?P<floor>[0-9０-９]+)\s*[#＃楼]?")


def strip_blocks(text: str) -> str:
    out: list[str] = []
    pos = 0
    while True:
        m = _OPEN.search(text, pos)
        if m is None:
            out.append(text[pos:])
            break
        out.append(text[pos:m.start()])
        pos = _skip_block(text, m)
    return "".join(out)


def _skip_block(text: str, m: re.Match[str]) -> int:
    """Index just past the block opened by `m` (nested blocks of any kind)."""
    depth = 1
    pos = m.end()
    closer = re.compile(r"\[(/?)(" + "|".join(BLOCKS) + r")(?:=[^\]]*)?\]", re.IGNORECASE)
    while depth:
        n = closer.search(text, pos)
        if n is None:
            return len(text)
        depth += -1 if n.group(1) else 1
        pos = n.end()
    return pos


def strip_quoted_replies(text: str) -> str:
    kept: list[str] = []
    skipping = False
    for line in text.splitlines():
        s = line.strip()
        if skipping:
            if not s:
                skipping = False
            continue
        if _QUOTED_REPLY.match(s):
            skipping = True
            continue
        if s.startswith((">", "＞")):
            continue
        kept.append(line)
    return "\n".join(kept)


_QUOTE_HEAD = re.compile(
    r"(?P<author>[^\s\]]+)\s*发表于\s*(?P<time>\d{4}-\d{1,2}-\d{1,2}\s+\d{1,2}:\d{2})")


def quoted_post(text: str) -> tuple[str, str] | None:
    """(author, "YYYY-MM-DD HH:MM") of the post a Discuz! reply quotes, if any: a reply
    made with the 回复 button quotes its post as `[quote]…甲 发表于 2026-12-01 09:10…`."""
    m = _OPEN.search(text)
    if m is None or m.group("tag").lower() != "quote":
        return None
    head = _QUOTE_HEAD.search(_TAG.sub("", text[m.end():m.end() + 300]))
    return (head.group("author"), head.group("time")) if head else None


def reply_floor(text: str) -> int | None:
    """The floor a post replies to, from Discuz's marker in its first lines."""
    for line in text.splitlines()[:3]:
        m = REPLY_MARK.match(line)
        if m is not None:
            digits = m.group("floor").translate(str.maketrans("０１２３４５６７８９", "0123456789"))
            return int(digits)
    return None


def clean(text: str) -> str:
    """The text a vote is read from."""
    t = strip_blocks(text)
    t = strip_quoted_replies(t)
    t = _TAG.sub("", t)
    return "\n".join(ln for ln in t.splitlines() if not REPLY_MARK.match(ln))
