"""Reading one post's ballot: `投票对象：X` / `改票对象：X` (with 投票理由/改票理由),
full- or half-width punctuation, object and reason on one line or two.

The posts: "请严格依照投票格式或改票格式进行投票。投票格式或投票对象有误的票无效" —
so a misspelt field name is not read as a vote; it is reported as a wrong format
(naming the typo) and the voter must post again."""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass

from bansha.engine.forum_rules import ForumRules

from .cleaning import clean

_COLON = "[:：﹕]"
# a field label at the start of a line or after a separator, then a colon
_LABEL = re.compile(r"(?:^|(?<=[\s，,。；;、]))(?P<label>[^\s:：﹕，,。；;、]{2,8})\s*" + _COLON)
_TRAIL = " \t　，,。.；;、！!？?"
REASON_LABELS = ("投票理由", "改票理由", "理由")


@dataclass(frozen=True)
class Ballot:
    kind: str | None  # "vote" (投票), "change" (改票) or None: no ballot in the post
    target: str = ""  # as written
    reason: str = ""
    problem: str = ""  # a wrong format: the ballot is invalid


def _labels(line: str) -> list[re.Match[str]]:
    return list(_LABEL.finditer(line))


def _is_reason(label: str) -> bool:
    return any(label.endswith(r) for r in REASON_LABELS)


def _near(label: str, field: str) -> bool:
    """A misspelt field name: close to the field and sharing its 票."""
    if "票" not in label and "对" not in label and "對" not in label:
        return False
    return difflib.SequenceMatcher(None, label, field).ratio() >= 0.5


def read_ballot(text: str, rules: ForumRules) -> Ballot:
    fields = {rules.vote_field: "vote", rules.change_field: "change"}
    found: list[tuple[str, str]] = []  # (kind, target)
    reason = ""
    typos: list[str] = []
    for line in clean(text).splitlines():
        matches = _labels(line)
        for i, m in enumerate(matches):
            label = m.group("label")
            end = matches[i + 1].start() if i + 1 < len(matches) else len(line)
            value = line[m.end():end].strip(_TRAIL)
            # "投票对象：甲投票理由：…" — the reason label glued to the name
            if label in fields:
                for r in REASON_LABELS:
                    cut = value.find(r)
                    if cut > 0:
                        value = value[:cut].strip(_TRAIL)
                        break
                found.append((fields[label], value))
            elif _is_reason(label):
                reason = value
            elif any(f in label or _near(label, f) for f in fields):
                typos.append(label)  # 投票对像, 【投票对象】, 投票对象人 …
    if not found:
        if typos:
            want = "或".join(f"“{f}”" for f in fields)
            return Ballot(None, problem=f"投票格式有误：字段名应为{want}，写成了“{typos[0]}”")
        return Ballot(None)
    kinds = {k for k, _ in found}
    targets = {t for _, t in found}
    if len(kinds) > 1:
        return Ballot("vote", found[0][1], reason, "一帖中同时写了投票对象和改票对象")
    kind = found[0][0]
    if len(targets) > 1:
        return Ballot(kind, found[0][1], reason,
                      "一帖中写了多个不同的对象：" + "、".join(t or "（空）" for _, t in found))
    target = found[0][1]
    if not target:
        label = rules.vote_field if kind == "vote" else rules.change_field
        return Ballot(kind, "", reason, f"{label}为空")
    return Ballot(kind, target, reason)
