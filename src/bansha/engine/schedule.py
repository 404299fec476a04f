"""A ruleset's schedule as data: the windows of a day and of a night, and for each
window its abilities in the post's order, or a group marked 互不影响 where the order
is free (the players' own order, i.e. submission order, stands).

m192's 行动顺序总集 reads, e.g.:

    黄昏1 即时插入结算: 替罪羊 冤死, 赤狐神女 灵狐灿世
    早夜1 互不影响:    上帝使徒 询问, 岚 无尽追猎, ...
    午夜 有先后顺序:    花蝴蝶 拥抱, 赤狼 业炎, 守卫 守护, 摄梦人 摄梦, 渊狼 深渊

and is written as one `Schedule` a newcomer can read beside the post:

    Schedule(day=(Window("黄昏", "黄昏1", INSTANT, ("冤死", "灵狐灿世")), ...),
             night=(Window("午夜", "午夜", ORDERED, ("拥抱", "业炎", ...)), ...))
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

from .moment import Calendar, Part

Mode = Literal["ordered", "free", "instant"]
ORDERED: Mode = "ordered"  # 有先后顺序
FREE: Mode = "free"  # 互不影响
INSTANT: Mode = "instant"  # 即时插入结算
MODE_CN = {"ordered": "有先后顺序", "free": "互不影响", "instant": "即时插入结算"}


@dataclass(frozen=True, slots=True)
class Window:
    """One step of a part: the sub-phase it belongs to (its abilities' window tag),
    its own name in the post (黄昏1, 黄昏2) and the abilities it resolves."""

    sub: str
    name: str
    mode: Mode
    abilities: tuple[str, ...]
    note: str = ""


@dataclass(frozen=True, slots=True)
class Slot:
    """Where an ability resolves: (part, window index, place in the window)."""

    part: Part | Literal["opening"]
    window: int
    place: int
    free: bool


@dataclass(frozen=True, slots=True)
class Schedule:
    opening: tuple[Window, ...] = ()
    day: tuple[Window, ...] = ()
    night: tuple[Window, ...] = ()

    def windows(self, part: Part | Literal["opening"]) -> tuple[Window, ...]:
        if part == "opening":
            return self.opening
        return self.day if part == "day" else self.night

    def sub_phases(self, part: Part) -> tuple[str, ...]:
        """The part's sub-phases in order of first appearance ("" entries skipped)."""
        out: list[str] = []
        for w in self.windows(part):
            if w.sub and w.sub not in out:
                out.append(w.sub)
        return tuple(out)

    def calendar(self, rounds: tuple[str, ...] = ("",),
                 rounds_cn: tuple[str, ...] = ("",)) -> Calendar:
        opening = self.opening[0].sub if self.opening else ""
        return Calendar(self.sub_phases("day"), self.sub_phases("night"), opening,
                        rounds, rounds_cn)

    def slot(self, ability: str, sub: str | None = None) -> Slot | None:
        """The first window (of sub-phase `sub`, if given) listing `ability`."""
        parts: tuple[Part | Literal["opening"], ...] = ("opening", "day", "night")
        for part in parts:
            for i, w in enumerate(self.windows(part)):
                if sub is not None and w.sub != sub:
                    continue
                if ability in w.abilities:
                    return Slot(part, i, w.abilities.index(ability), w.mode == FREE)
        return None

    def in_window(self, part: Part | Literal["opening"], sub: str) -> tuple[Window, ...]:
        return tuple(w for w in self.windows(part) if w.sub == sub)

    def problems(self, known: Iterable[str]) -> list[str]:
        """Listing mistakes a ruleset author makes: an unknown ability, an ability listed
        twice in one sub-phase (the order would be ambiguous)."""
        names = set(known)
        out: list[str] = []
        parts: tuple[Part | Literal["opening"], ...] = ("opening", "day", "night")
        for part in parts:
            seen: dict[tuple[str, str], str] = {}
            for w in self.windows(part):
                for a in w.abilities:
                    if a not in names:
                        out.append(f"{w.name}：未知的技能 {a}")
                    if (w.sub, a) in seen:
                        out.append(f"{w.name}：技能 {a} 已列在 {seen[(w.sub, a)]}")
                    seen[(w.sub, a)] = w.name
        return out


def order_uses(schedule: Schedule, part: Part | Literal["opening"], sub: str,
               uses: Sequence[tuple[str, int]]) -> list[int]:
    """Indices of `uses` ((ability, submission seq) pairs of one sub-phase) in
    resolution order: window by window; within an ordered window the post's order,
    then submission order; within a 互不影响 window submission order only. Uses whose
    ability the schedule does not list in this sub-phase come last, in submission order."""
    windows = schedule.in_window(part, sub)

    def key(i: int) -> tuple[int, int, int]:
        ability, seq = uses[i]
        for wi, w in enumerate(windows):
            if ability in w.abilities:
                return (wi, 0 if w.mode == FREE else w.abilities.index(ability), seq)
        return (len(windows), 0, seq)

    return sorted(range(len(uses)), key=key)
