"""Events: everything the game tells anyone, each carrying its audience.

`to` is the audience: None = public (公示), an empty tuple = the director only
(resolution trace), otherwise the seats that receive it (通知/反馈).
Only `secrecy.may_see` interprets the audience.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

PUBLIC: Final = None
DIRECTOR: Final[tuple[str, ...]] = ()


# Not frozen (though never mutated after creation): a game creates ~150 events and a
# frozen dataclass's __init__ is four times slower, which showed in the benchmark.
# __init__ is written out for the compiled build (see engine/actions.py, Action).
@dataclass(slots=True, init=False)
class Event:
    kind: str  # announce | notify | rejected | out | trace | sheriff | vote | win | lastwords
    at: str  # phase label
    text: str
    to: tuple[str, ...] | None
    skill: str | None
    by: str | None
    name: str | None  # the seat the event is about (the one who went out, ...)
    cause: str | None
    reason: str | None
    extra: dict[str, Any] | None

    def __init__(self, kind: str, at: str, text: str, to: tuple[str, ...] | None = PUBLIC,
                 skill: str | None = None, by: str | None = None, name: str | None = None,
                 cause: str | None = None, reason: str | None = None,
                 extra: dict[str, Any] | None = None) -> None:
        self.kind = kind
        self.at = at
        self.text = text
        self.to = to
        self.skill = skill
        self.by = by
        self.name = name
        self.cause = cause
        self.reason = reason
        self.extra = extra

    def as_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"at": self.at, "kind": self.kind}
        if self.to is not None:
            d["to"] = list(self.to)
        for key in ("skill", "by", "name", "cause", "reason"):
            value = getattr(self, key)
            if value is not None:
                d[key] = value
        d["text"] = self.text
        if self.extra:
            d.update(self.extra)
        return d
