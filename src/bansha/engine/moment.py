"""Time as a `Moment`: round, day, part, a sub-phase the ruleset declares, and `nth`
for a repeated sub-phase.

A ruleset declares its sub-phases in a `Calendar` (m192: 开局, then 晨曦 正午 黄昏 by
day and 早夜 午夜 深夜 凌晨 by night; M47 and S15 one window per part, S15 from night
0; m125 two rounds, 历史轮 and 逆转轮). Everything that depends on time derives from a
Moment: its order, its labels (`day 2`, `day 2 黄昏`, `reversal night 1`, and the
Chinese 第2天黄昏), status expiry at a named boundary (`Until`: "至下一个正午开始",
"持续至夜晚结束", permanent) and the release of private night news (`NewsBuffer`:
m192 "夜晚阶段，则需要等待当前行动时间段结束之后再通知").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

from .phase import Phase

Part = Literal["day", "night"]
Edge = Literal["start", "end"]
_PART_CN: Final = {"day": "白天", "night": "夜晚"}
_PART_INDEX: Final = {"day": 0, "night": 1}


# A value, never mutated; not frozen and with a written __init__, like Phase: a
# generated (frozen) dataclass __init__ stays interpreted in the compiled build, and
# a game makes one Moment per window (measured: ~9k instructions each that way).
@dataclass(slots=True, init=False, eq=False)
class Moment:
    """One point of a game's time. `sub` is "" for a whole part (a ruleset without
    sub-phases, or a part's own start/end boundary); `pos` is the sub-phase's place
    in its part as the Calendar declared it (-1 for 开局, before everything); `nth`
    counts a repeated sub-phase (太阳: "下一个白天额外进行一轮[正午]阶段")."""

    day: int
    part: Part
    sub: str
    pos: int
    nth: int
    round: int

    def __init__(self, day: int, part: Part, sub: str = "", pos: int = 0, nth: int = 1,
                 round: int = 1) -> None:
        self.day = day
        self.part = part
        self.sub = sub
        self.pos = pos
        self.nth = nth
        self.round = round

    @property
    def key(self) -> tuple[int, int, int, int, int]:
        """Total order: rounds, then days, day before night, then sub-phases."""
        return (self.round, self.day, _PART_INDEX[self.part], self.pos, self.nth)

    @property
    def part_key(self) -> tuple[int, int, int]:
        return (self.round, self.day, _PART_INDEX[self.part])

    def __lt__(self, other: Moment) -> bool:
        return self.key < other.key

    def __le__(self, other: Moment) -> bool:
        return self.key <= other.key

    # spelled out: in the compiled build a class defining __lt__ loses the generated
    # ones (see engine/phase.py)
    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Moment):
            return NotImplemented
        return self.key == other.key

    def __hash__(self) -> int:
        return hash(self.key)

    @property
    def phase(self) -> Phase:
        """The coarse phase this moment falls in (what M47/S15 and the log use)."""
        return Phase(self.part, self.day)

    def whole_part(self) -> Moment:
        """The part this moment belongs to, as a moment of its own (sub "")."""
        return Moment(self.day, self.part, "", 0, 1, self.round)


@dataclass(frozen=True, slots=True)
class Calendar:
    """A ruleset's declaration of time: its sub-phases in order per part, an optional
    opening sub-phase (开局) and the names of its rounds ("" = no qualifier)."""

    day_subs: tuple[str, ...] = ()
    night_subs: tuple[str, ...] = ()
    opening: str = ""
    rounds: tuple[str, ...] = ("",)  # English qualifiers, e.g. ("history", "reversal")
    rounds_cn: tuple[str, ...] = ("",)  # e.g. ("历史轮", "逆转轮")

    def subs(self, part: Part) -> tuple[str, ...]:
        return self.day_subs if part == "day" else self.night_subs

    def at(self, day: int, part: Part, sub: str = "", nth: int = 1, round: int = 1) -> Moment:
        """The moment of a named sub-phase; ValueError names what is unknown."""
        if round < 1 or round > len(self.rounds):
            raise ValueError(f"本规则没有第{round}轮")
        if sub == "":
            return Moment(day, part, "", 0, nth, round)
        if sub == self.opening and sub:
            return Moment(day, "day", sub, -1, nth, round)
        subs = self.subs(part)
        if sub not in subs:
            known = "、".join(subs) or "（无）"
            raise ValueError(f"{_PART_CN[part]}没有阶段 {sub}；本规则的阶段：{known}")
        return Moment(day, part, sub, subs.index(sub), nth, round)

    def of_phase(self, phase: Phase, sub: str = "", round: int = 1) -> Moment:
        return self.at(phase.n, phase.kind, sub, 1, round)

    def label(self, m: Moment) -> str:
        """`day 2`, `day 2 黄昏`, `day 3 正午#2`, `reversal night 1`."""
        text = f"{m.part} {m.day}"
        tag = self.rounds[m.round - 1] if m.round <= len(self.rounds) else f"round {m.round}"
        if tag:
            text = f"{tag} {text}"
        if m.sub:
            text += f" {m.sub}"
            if m.nth > 1:
                text += f"#{m.nth}"
        return text

    def chinese(self, m: Moment) -> str:
        """The label for people: 第2天黄昏, 逆转轮第1天夜晚, 第3天第2次正午."""
        tag = self.rounds_cn[m.round - 1] if m.round <= len(self.rounds_cn) else f"第{m.round}轮"
        if m.sub == self.opening and m.sub:
            return f"{tag}{m.sub}"
        if not m.sub:
            return f"{tag}第{m.day}天{_PART_CN[m.part]}"
        nth = f"第{m.nth}次" if m.nth > 1 else ""
        return f"{tag}第{m.day}天{nth}{m.sub}"

    def following(self, m: Moment) -> Moment:
        """The next sub-phase in the declared order (repeats are not predicted)."""
        if m.sub == self.opening and m.sub:
            return self._first(m.day, "day", m.round)
        subs = self.subs(m.part)
        if m.sub and m.pos + 1 < len(subs):
            return Moment(m.day, m.part, subs[m.pos + 1], m.pos + 1, 1, m.round)
        if m.part == "day":
            return self._first(m.day, "night", m.round)
        return self._first(m.day + 1, "day", m.round)

    def _first(self, day: int, part: Part, round: int) -> Moment:
        subs = self.subs(part)
        return Moment(day, part, subs[0] if subs else "", 0, 1, round)


@dataclass(frozen=True, slots=True)
class Until:
    """An expiry boundary: the `edge` of the first `part`/`sub` after the status began.

    - `Until("start", sub="正午")`: 至下一个正午开始 (always a later start);
    - `Until("end", part="night")`: 持续至夜晚结束 (the current night counts);
    - `Until("end", sub="黄昏", next=True)`: 至下一次黄昏结束 (the current one does not);
    - `Until("start", part="night")`: 持续至下一个夜晚开始.
    None where a status is permanent (永久)."""

    edge: Edge
    part: Part | None = None
    sub: str = ""
    next: bool = False

    def reached(self, began: Moment, edge: Edge, at: Moment) -> bool:
        """Whether crossing `edge` of `at` (a sub-phase, or a whole part when at.sub is
        "") ends something that began at `began`."""
        if edge != self.edge:
            return False
        if self.sub:
            if at.sub != self.sub:
                return False
            if edge == "start" or self.next:
                return at.key > began.key
            return at.key >= began.key
        if at.sub:  # a part boundary is wanted, this is a sub-phase one
            return False
        if self.part is not None and at.part != self.part:
            return False
        if edge == "start" or self.next:
            return at.part_key > began.part_key
        return at.part_key >= began.part_key

    def text(self) -> str:
        what = self.sub or (_PART_CN[self.part] if self.part else "阶段")
        if self.edge == "start":
            return f"至下一个{what}开始"
        return f"至下一次{what}结束" if self.next else f"至{what}结束"


def expiry_key(cal: Calendar, began: Moment, until: Until | None,
               horizon: int = 64) -> tuple[int, ...]:
    """When `until` will end a status begun at `began`, as an order key (permanent
    last), walking the declared sub-phases forward: lets "优先消耗时限较短的" compare
    two statuses. A repeated sub-phase (nth > 1) cannot be foreseen and is not."""
    if until is None:
        return (1 << 30,)
    m = began
    for step in range(horizon):
        subs = cal.subs(m.part)
        first = not subs or m.pos == 0
        last = not subs or m.pos == len(subs) - 1
        if step > 0:
            if first and until.reached(began, "start", m.whole_part()):
                return (*m.key, 0)
            if m.sub and until.reached(began, "start", m):
                return (*m.key, 1)
        if m.sub and until.reached(began, "end", m):
            return (*m.key, 2)
        if last and until.reached(began, "end", m.whole_part()):
            return (*m.key, 3)
        m = cal.following(m)
    return (1 << 29,)


@dataclass(frozen=True, slots=True)
class News:
    to: tuple[str, ...]
    text: str
    made: Moment
    skill: str | None = None


class NewsBuffer:
    """Private news held until the window that caused it ends (m192: 企鹅冰冻一个角色，
    被冰冻的角色需要等午夜结束才会知道自己被冰冻). By day news goes out at once."""

    def __init__(self) -> None:
        self._held: list[News] = []

    def hold(self, to: tuple[str, ...], text: str, made: Moment, skill: str | None = None) -> None:
        self._held.append(News(to, text, made, skill))

    def held(self) -> tuple[News, ...]:
        return tuple(self._held)

    def release(self, ended: Moment) -> list[News]:
        """News made in or before the sub-phase `ended` (or in the whole part `ended`
        when it has no sub), in the order it was made."""
        if ended.sub:
            out = [n for n in self._held if n.made.key[:4] <= ended.key[:4]]
        else:
            out = [n for n in self._held if n.made.part_key <= ended.part_key]
        if out:
            self._held = [n for n in self._held if n not in out]
        return out
