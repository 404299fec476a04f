"""Announcements as Discuz! BBCode, the director's red, large font, to paste into the
thread. (The forum tools, bansha.forum, will own BBCode for the CLI; this is the
console's export of what the engine announced.)"""

from __future__ import annotations

from typing import Any

from bansha.engine import Phase


def announcements_bbcode(events: list[Any]) -> str:
    lines: list[str] = []
    at = None
    for e in events:
        if e.kind not in ("announce", "win"):
            continue
        if e.at != at:
            at = e.at
            try:
                title = Phase.parse(at).chinese
            except ValueError:
                title = at
            lines.append(f"[b]{title}[/b]")
        lines.append(f"[color=red][size=5]{e.text}[/size][/color]")
    return "\n".join(lines)
