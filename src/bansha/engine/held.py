"""Skill ownership: who holds which ability, from where, and in what state.

Skills move (薪火相传, 变脸, 接刀, 偷师, 精明's bought skills), so every lookup goes by
ability — `SkillTable.holders(name)` — never "the seat whose role is X". A held skill
knows its origin (the role it came with, or who granted it, and until when), whether
it is switched off (沉默 and 遗忘 switch off; a skill that 失效 is switched off for
good) as opposed to removed (失去所有技能), its charges and per-day caps (谋策 "每天
只能使用1次"), and its target history (不能连续两晚选择同一名角色, 每名角色只能被选择一次).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .abilities import Ability
from .moment import Edge, Moment, Until


@dataclass(frozen=True, slots=True)
class Origin:
    role: str | None = None  # came with this role card
    granted_by: str | None = None  # the seat whose skill granted it
    via: str | None = None  # that skill
    until: Until | None = None  # temporary (变脸: 至下一次黄昏结束); None = kept
    since: Moment | None = None

    @property
    def temporary(self) -> bool:
        return self.until is not None


@dataclass(slots=True)
class HeldSkill:
    ability: Ability
    origin: Origin
    charges: int | None
    off: set[str] = field(default_factory=set)  # reasons it is switched off (失效, ...)
    used: list[tuple[Moment, tuple[str, ...]]] = field(default_factory=list)

    @property
    def name(self) -> str:
        return self.ability.name

    def uses_on(self, day: int) -> int:
        return sum(1 for m, _ in self.used if m.day == day)

    def targets_ever(self) -> set[str]:
        return {t for _, ts in self.used for t in ts}

    def last_targets(self) -> tuple[str, ...]:
        return self.used[-1][1] if self.used else ()

    def last_moment(self) -> Moment | None:
        return self.used[-1][0] if self.used else None

    def why_not(self, at: Moment, targets: tuple[str, ...] = (), revealed: bool = False,
                text: str | None = None) -> str | None:
        """Why this skill cannot be used now on `targets` (Chinese, for the player),
        or None. Window, charges, caps, history and the 翻牌/宣言 tags: ranges and
        statuses are the caller's (they need the table). `revealed`: the user's
        actual identity is already public; `text`: the declaration."""
        a = self.ability
        if self.off:
            return f"{a.name} 已失效"
        if a.reveal and revealed:
            return f"{a.name} 需要翻牌，但你的实际身份已经公开"
        if a.declaration and (text is None or not text.strip()):
            return f"{a.name} 需要写明宣言内容"
        if a.windows and at.sub not in a.windows and at.part not in a.windows:
            return f"{a.name} 只能在{'、'.join(a.windows)}发动"
        if self.charges is not None and self.charges <= 0:
            return f"{a.name} 次数不足"
        if a.per_day is not None and self.uses_on(at.day) >= a.per_day:
            return f"{a.name} 每天只能使用{a.per_day}次"
        t = a.target
        if t is None:
            return None
        if t.from_night and at.part == "night" and at.day < t.from_night:
            return f"{a.name} 第{t.from_night}晚开始才能发动"
        if len(targets) != t.count:
            return f"{a.name} 需要选择 {t.count} 个目标"
        if t.distinct and len(set(targets)) != len(targets):
            return f"{a.name} 的目标不能重复"
        if t.once_per_target:
            again = [x for x in targets if x in self.targets_ever()]
            if again:
                return f"{a.name} 每名角色只能选择一次（{again[0]} 已被选择过）"
        if t.not_twice_in_a_row:
            last = self.last_moment()
            previous = last is not None and last.part == at.part and last.day == at.day - 1
            if previous and sorted(self.last_targets()) == sorted(targets):
                return f"{a.name} 不能连续两次选择相同的目标"
        return None

    def spend(self, at: Moment, targets: tuple[str, ...]) -> None:
        if self.charges is not None:
            self.charges -= 1
        self.used.append((at, targets))

    def add_charges(self, n: int) -> None:
        """Charges raised by a skill (谋策 "其次数增加1", 神女秘法 "每个奇数日夜晚次数+1")."""
        self.charges = n if self.charges is None else self.charges + n


class SkillTable:
    """Every held skill of a game, by holder (a seat name or a card reference)."""

    def __init__(self) -> None:
        self._by: dict[str, dict[str, HeldSkill]] = {}

    def grant(self, holder: str, ability: Ability, origin: Origin | None = None) -> HeldSkill:
        h = HeldSkill(ability, origin or Origin(), ability.initial_uses)
        self._by.setdefault(holder, {})[ability.name] = h
        return h

    def remove(self, holder: str, name: str) -> HeldSkill | None:
        return self._by.get(holder, {}).pop(name, None)

    def remove_all(self, holder: str) -> list[HeldSkill]:
        """失去所有技能 (灵狐灿世, 薪火相传): returned so another may receive them."""
        return list(self._by.pop(holder, {}).values())

    def get(self, holder: str, name: str) -> HeldSkill | None:
        return self._by.get(holder, {}).get(name)

    def of(self, holder: str) -> list[HeldSkill]:
        return list(self._by.get(holder, {}).values())

    def holders(self, name: str) -> list[str]:
        """Who holds ability `name` now, in grant order of holders."""
        return [h for h, skills in self._by.items() if name in skills]

    def expire(self, at: Moment, edge: Edge) -> list[tuple[str, HeldSkill]]:
        """Drop temporary skills whose `until` is reached by crossing `edge` of `at`."""
        gone: list[tuple[str, HeldSkill]] = []
        for holder, skills in self._by.items():
            for name, h in list(skills.items()):
                u, since = h.origin.until, h.origin.since
                if u is not None and since is not None and u.reached(since, edge, at):
                    del skills[name]
                    gone.append((holder, h))
        return gone
