"""Last words (遗言): who has the right, their texts, and which are closed.

Rule posts share the shape — the first N characters out may leave last words, a
text is kept until it is published, and a right ends once its words are published,
given up or out of time — and differ in N, in when texts are published and in
extra limits on the text. The ledger keeps the shared part; a ruleset sets `limit`,
grants rights as characters go out and decides when to publish (`waiting`, `close`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from .actions import LegalAction

SKILL: Final = "遗言"


class LastWords:
    def __init__(self, limit: int = 0) -> None:
        self.limit = limit
        self.granted: list[str] = []  # in the order the rights were given (= going out)
        self.texts: dict[str, str] = {}
        self.closed: set[str] = set()

    def grant(self, seat: str) -> int | None:
        """Give `seat` the right if fewer than `limit` have it; its place (1-based),
        or None when the rights are used up."""
        if len(self.granted) >= self.limit or seat in self.granted:
            return None
        self.granted.append(seat)
        return len(self.granted)

    def has_right(self, seat: str) -> bool:
        return seat in self.granted

    def is_open(self, seat: str) -> bool:
        return seat in self.granted and seat not in self.closed

    def offer(self, seat: str) -> LegalAction | None:
        """The 遗言 action an out seat may take now: an open right, no text yet."""
        # is_open(seat), inlined: asked for every out seat at every step
        if seat in self.granted and seat not in self.closed and seat not in self.texts:
            return LegalAction(seat, SKILL, n_targets=0, needs_text=True)
        return None

    def refusal(
        self,
        seat: str,
        alive: bool,
        text: str | None,
        *,
        no_right: str,
        closed: str,
        text_rule: Callable[[str], str | None] | None = None,
        final: bool = False,
    ) -> str | None:
        """Why `text` cannot be taken as `seat`'s last words (None: it can). A living
        seat may hand them in early; they are kept until it goes out with a right.
        `text_rule` adds the post's limits on the text; `final`: no second text."""
        if not text or not text.strip():
            return "遗言需要内容"
        if text_rule is not None:
            reason = text_rule(text)
            if reason is not None:
                return reason
        if final and seat in self.texts:
            return "遗言已提交，不能修改"
        if alive:
            return None
        if seat not in self.granted:
            return no_right
        if seat in self.closed:
            return closed
        return None

    def store(self, seat: str, text: str) -> None:
        self.texts[seat] = text

    def close(self, seat: str) -> None:
        self.closed.add(seat)

    def waiting(self) -> list[str]:
        """Rights not yet closed, in the order they were given."""
        return [s for s in self.granted if s not in self.closed]
