"""Penalty cards: 3 blue = 1 yellow, 3 yellow = 1 red, red = sent off (红牌罚下)."""

from __future__ import annotations

from dataclasses import dataclass

COLOURS = {"蓝": "blue", "黄": "yellow", "红": "red"}
_ALIASES = {"blue": "蓝", "yellow": "黄", "red": "红", "蓝牌": "蓝", "黄牌": "黄", "红牌": "红"}


def normalise_colour(colour: str) -> str | None:
    c = str(colour).strip()
    if c in COLOURS:
        return c
    return _ALIASES.get(c.lower() if c.isascii() else c)


@dataclass
class CardCount:
    blue: int = 0
    yellow: int = 0
    red: int = 0


class CardLedger:
    def __init__(self, per_step: int = 3) -> None:
        self.per_step = per_step
        self.counts: dict[str, CardCount] = {}

    def give(self, seat: str, colour: str) -> list[str]:
        """Give a card; returns the cards that now apply after merging, e.g.
        ['蓝', '黄'] when a third blue merged into a yellow, ending with '红' if a red results."""
        c = self.counts.setdefault(seat, CardCount())
        applied = [colour]
        if colour == "蓝":
            c.blue += 1
            if c.blue >= self.per_step:
                c.blue -= self.per_step
                colour = "黄"
                applied.append("黄")
        if colour == "黄":
            c.yellow += 1
            if c.yellow >= self.per_step:
                c.yellow -= self.per_step
                colour = "红"
                applied.append("红")
        if colour == "红":
            c.red += 1
        return applied

    def summary(self, seat: str) -> str:
        c = self.counts.get(seat, CardCount())
        return f"蓝牌{c.blue} 黄牌{c.yellow} 红牌{c.red}"
