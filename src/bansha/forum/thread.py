"""A pasted thread: posts read from the plain-text format or from JSON lines.

Plain text (docs/forum.md): one post per block, a header line

    #<floor> <马甲> <YYYY-MM-DD HH:MM[:SS]>[ 回复 #<floor>]

and the body up to the next header. JSON lines: one object a line,
{"floor", "author", "time", "text", "reply_to"?, "proxy_for"?}.

Reading never raises: what cannot be read becomes a warning naming the line,
so a director always gets a report and can fix the paste."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from .text import parse_time

# `#12 马甲 2026-11-30 20:15[:00]` with an optional ` 回复 #8` (or `回复8楼`, `回复 8#`)
_HEADER = re.compile(
    r"^[#＃](?P<floor>[0-9０-９]+)[ \t　]+(?P<author>\S+)[ \t　]+"
    r"(?P<time>[0-9０-９]{4}-[0-9０-９]{1,2}-[0-9０-９]{1,2}[ \t　]+[0-9０-９]{1,2}[:：][0-9０-９"
    r"]{2}"
    r"(?:[:：][0-9０-９]{2})?)"
    r"(?:[ \t　]+(?P<reply>回复[ \t　]*[#＃]?[0-9０-９]+[#＃楼]?))?[ \t　]*$"
)
# a header-looking line whose date or tail is wrong: reported, kept as body text
_LOOSE_HEADER = re.compile(r"^[#＃][0-9０-９]+[ \t　]+\S+[ \t　]+[0-9０-９]{2,4}[-/]")
_REPLY_NUM = re.compile(r"[0-9０-９]+")


@dataclass
class Post:
    floor: int
    author: str
    time: datetime | None
    text: str
    reply_to: int | None = None
    proxy_for: str | None = None  # 代投: the character the director posts for
    line: int = 0  # where the post starts in the input (1-based)


@dataclass
class Thread:
    posts: list[Post] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)


def _int(text: str) -> int:
    return int(text.translate(str.maketrans("０１２３４５６７８９", "0123456789")))


def _reply_floor(text: str | None) -> int | None:
    if not text:
        return None
    m = _REPLY_NUM.search(text)
    return _int(m.group()) if m else None


def parse_thread(text: str) -> Thread:
    """Read a thread in either format (JSON lines when its first non-blank line
    starts with `{`)."""
    if not isinstance(text, str):
        return Thread(warnings=["输入不是文本"])
    text = text.lstrip("\ufeff")
    first = next((ln.strip() for ln in text.splitlines() if ln.strip()), "")
    if first.startswith("{"):
        return _parse_jsonl(text)
    return _parse_plain(text)


def _parse_plain(text: str) -> Thread:
    th = Thread()
    cur: Post | None = None
    body: list[str] = []
    stray = 0

    def close() -> None:
        if cur is not None:
            cur.text = "\n".join(body).strip("\n")
            th.posts.append(cur)

    for no, raw in enumerate(text.splitlines(), 1):
        line = raw.rstrip("\r")
        m = _HEADER.match(line.strip())
        if m is not None:
            when = parse_time(m.group("time"))
            if when is None:
                th.warnings.append(f"第{no}行：楼层头的时间无效（{m.group('time')}），该行按正文处理")
            else:
                close()
                cur = Post(_int(m.group("floor")), m.group("author"), when, "",
                           reply_to=_reply_floor(m.group("reply")), line=no)
                body = []
                continue
        elif _LOOSE_HEADER.match(line.strip()):
            th.warnings.append(
                f"第{no}行：像楼层头但格式不对（应为 #楼层 马甲 YYYY-MM-DD HH:MM[:SS]），该行按正文"
                "处理")
        if cur is None:
            if line.strip():
                stray += 1
            continue
        body.append(line)
    close()
    if stray:
        th.warnings.append(f"第一个楼层头之前有 {stray} 行文字，已忽略")
    if not th.posts:
        th.warnings.append("没有读到任何帖子（每帖以 #楼层 马甲 YYYY-MM-DD HH:MM 开头）")
    return th


def _parse_jsonl(text: str) -> Thread:
    th = Thread()
    for no, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line:
            continue
        try:
            obj: Any = json.loads(line)
        except ValueError:
            th.warnings.append(f"第{no}行：不是有效的 JSON，已跳过")
            continue
        post, problem = _post_from_json(obj, no)
        if post is None:
            th.warnings.append(f"第{no}行：{problem}，已跳过")
            continue
        if problem:
            th.warnings.append(f"第{no}行：{problem}")
        th.posts.append(post)
    if not th.posts:
        th.warnings.append("没有读到任何帖子")
    return th


def _post_from_json(obj: Any, no: int) -> tuple[Post | None, str]:
    if not isinstance(obj, dict):
        return None, "应为对象 {\"floor\", \"author\", \"time\", \"text\"}"
    missing = [k for k in ("floor", "author", "time", "text") if k not in obj]
    if missing:
        return None, "缺少字段 " + "、".join(missing)
    floor = obj["floor"]
    if isinstance(floor, bool) or not isinstance(floor, int | str) \
            or not str(floor).strip().isdigit():
        return None, f"floor 应为楼层号（整数），给出了 {floor!r}"
    author = obj["author"]
    if not isinstance(author, str) or not author.strip():
        return None, "author 应为马甲名"
    when = parse_time(obj["time"]) if isinstance(obj["time"], str) else None
    if when is None:
        return None, f"time 应为 YYYY-MM-DD HH:MM[:SS]，给出了 {obj['time']!r}"
    body = obj["text"]
    if not isinstance(body, str):
        return None, "text 应为文本"
    reply: int | None = None
    problem = ""
    r = obj.get("reply_to")
    if r is not None:
        if isinstance(r, int) and not isinstance(r, bool):
            reply = r
        elif isinstance(r, str) and r.strip().isdigit():
            reply = int(r)
        else:
            problem = f"reply_to 应为楼层号，给出了 {r!r}（按无回复处理）"
    proxy = obj.get("proxy_for")
    proxy_for = proxy.strip() if isinstance(proxy, str) and proxy.strip() else None
    return Post(int(str(floor).strip()), author.strip(), when, body, reply, proxy_for, no), problem
