"""Skill ownership: who holds which ability, from where, and in what state.

Skills move (薪火相传, 变脸, 接刀, 偷师, 精明's bought skills), so every lookup goes by
ability — `SkillTable.holders(name)` — never "the seat whose role is X". A held skill
knows its origin (the role it came with, or who granted it, and until when), whether
it is switched off (沉默 and 遗忘 switch off; a skill that 失效 is switched off for
good) as opposed to removed (失去所有技能), its charges and per-day caps (谋策 "每天
只能使用1次"), and its target history (不能连续两晚选择同一名角色, 每名角色只能被选择一次).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from mypy_extensions import mypyc_attr

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


@mypyc_attr(allow_interpreted_subclasses=True)
class Refusals:
    """The wording of the shared refusals (`HeldSkill.why_not`). A ruleset whose post
    or rulings word one differently gives its own (M47: "已用完（限定）", checked before
    the window); each method gets the held skill (and the moment)."""

    def __init__(self, spent_first: bool = False) -> None:
        # a spent skill is refused as spent before its window is looked at
        self.spent_first = spent_first

    def off(self, h: HeldSkill) -> str:
        return f"{h.name} 已失效"

    def window(self, h: HeldSkill, at: Moment) -> str:
        return f"{h.name} 只能在{'、'.join(h.ability.windows)}发动"

    def spent(self, h: HeldSkill) -> str:
        return f"{h.name} 次数不足"

    def nights(self, h: HeldSkill) -> str:
        return f"{h.name} 只能在{'单数' if h.ability.nights == 'odd' else '双数'}夜晚发动"


PLAIN: Final = Refusals()


NO_ORIGIN: Final = Origin()


@dataclass(slots=True, init=False)  # __init__ written out: see engine/actions.py, Action
class HeldSkill:
    ability: Ability
    origin: Origin
    charges: int | None  # uses left ([数值], 限定 = 1); None = no count
    # `off` and `used` below, made on first use: every dealt skill of every game is a
    # HeldSkill and most are never switched off nor used, and a set and a list each
    # were two of the objects a game keeps alive (more of them, more collections of
    # the cyclic garbage collector: measured on S15, compiled)
    _off: set[str] | None
    _used: list[tuple[Moment, tuple[str, ...]]] | None

    def __init__(self, ability: Ability, origin: Origin, charges: int | None,
                 off: set[str] | None = None,
                 used: list[tuple[Moment, tuple[str, ...]]] | None = None) -> None:
        self.ability = ability
        self.origin = origin
        self.charges = charges
        self._off = off
        self._used = used

    @property
    def off(self) -> set[str]:
        """Reasons it is switched off (失效, ...): add to or discard from it."""
        off = self._off
        if off is None:
            off = self._off = set()
        return off

    @off.setter
    def off(self, value: set[str]) -> None:
        self._off = value

    @property
    def used(self) -> list[tuple[Moment, tuple[str, ...]]]:
        """Its uses: when, on whom."""
        used = self._used
        if used is None:
            used = self._used = []
        return used

    @used.setter
    def used(self, value: list[tuple[Moment, tuple[str, ...]]]) -> None:
        self._used = value

    def is_off(self) -> bool:
        """Switched off for some reason (reads `off` without making it)."""
        return bool(self._off)

    @property
    def name(self) -> str:
        return self.ability.name

    def usable(self) -> bool:
        """Not spent: charges left, or no count."""
        return self.charges is None or self.charges > 0

    # the history readers below are loops, not generator expressions: legality asks
    # them for every target of every check
    def uses_on(self, day: int) -> int:
        n = 0
        for m, _ in self._used or ():
            if m.day == day:
                n += 1
        return n

    def targets_ever(self) -> set[str]:
        return {t for _, ts in self._used or () for t in ts}

    def chose_ever(self, target: str) -> bool:
        """每名角色只能被选择一次: `target` was among this skill's targets before."""
        for _, ts in self._used or ():
            if target in ts:
                return True
        return False

    def last_targets(self) -> tuple[str, ...]:
        used = self._used
        return used[-1][1] if used else ()

    def last_moment(self) -> Moment | None:
        used = self._used
        return used[-1][0] if used else None

    def used_last(self, at: Moment) -> bool:
        """Used in the previous part of the same kind ("连续两晚": last night)."""
        used = self._used
        if not used:
            return False
        last = used[-1][0]
        return last.part == at.part and last.day == at.day - 1

    def why_not(self, at: Moment, targets: tuple[str, ...] = (), revealed: bool = False,
                text: str | None = None, words: Refusals | None = None,
                aim: bool = True) -> str | None:
        """Why this skill cannot be used now on `targets` (Chinese, for the player),
        or None. Window, charges, caps, odd/even nights, history and the 翻牌/宣言
        tags: ranges and statuses are the caller's (they need the table). `revealed`:
        the user's actual identity is already public; `text`: the declaration;
        `words`: the ruleset's wording; `aim=False`: the targets are checked apart."""
        # legality asks this for every held skill of every seat in every window: the
        # common case (on, no 翻牌/宣言, charges left, in its window) takes few steps
        a = self.ability
        w = PLAIN if words is None else words
        if self._off:
            return w.off(self)
        if a.reveal or a.declaration:
            if a.reveal and revealed:
                return f"{a.name} 需要翻牌，但你的实际身份已经公开"
            if a.declaration and (text is None or not text.strip()):
                return f"{a.name} 需要写明宣言内容"
        charges = self.charges
        windows = a.windows
        if charges is not None and charges <= 0:  # spent
            if not w.spent_first and windows and at.sub not in windows \
                    and at.part not in windows:
                return w.window(self, at)
            return w.spent(self)
        if windows and at.sub not in windows and at.part not in windows:
            return w.window(self, at)
        nights = a.nights
        if nights != "all" and at.part == "night" and (at.day % 2 == 1) != (nights == "odd"):
            return w.nights(self)
        if a.per_day is not None and self.uses_on(at.day) >= a.per_day:
            return f"{a.name} 每天只能使用{a.per_day}次"
        if not aim:
            return None
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
            again = [x for x in targets if self.chose_ever(x)]
            if again:
                return f"{a.name} 每名角色只能选择一次（{again[0]} 已被选择过）"
        if t.not_twice_in_a_row and self.used_last(at) \
                and sorted(self.last_targets()) == sorted(targets):
            return f"{a.name} 不能连续两次选择相同的目标"
        return None

    def spend(self, at: Moment, targets: tuple[str, ...]) -> None:
        if self.charges is not None:
            self.charges -= 1
        self.used.append((at, targets))

    def add_charges(self, n: int) -> None:
        """Charges raised by a skill (谋策 "其次数增加1", 神女秘法 "每个奇数日夜晚次数+1")."""
        self.charges = n if self.charges is None else self.charges + n


_NONE: Final[dict[str, HeldSkill]] = {}


class SkillTable:
    """Every held skill of a game, by holder (a seat name or a card reference)."""

    def __init__(self) -> None:
        self._by: dict[str, dict[str, HeldSkill]] = {}
        # ability name -> its holders in holder order, built per name on its first
        # look-up (only the few names a ruleset asks for: a list per ability of the
        # game was that many more objects every game keeps alive) and kept up to date
        # by grant/remove, or dropped by the changes of who holds what that are not
        # followed name by name: the night's steps ask "who holds 神器" every night,
        # and a scan of every seat's table cost ~3% of a M47 game
        self._holders: dict[str, list[str]] | None = None
        # holders granted a temporary skill (a superset of those holding one now):
        # expire() is asked at every boundary (~140 a M192 game) and scans only these
        self._temporary: set[str] = set()
        # holder -> the windows any of its skills acts in, built on first look-up and
        # dropped when what it holds changes: legality is asked of every seat at every
        # step, and a seat with nothing in the open window is answered by this alone
        self._windows: dict[str, frozenset[str]] = {}
        # window -> the holders some skill of which acts in it, built on first look-up
        # and dropped with any change of what anyone holds: a step's legality skips
        # every seat outside it in one set test (m192: most seats at most steps)
        self._acting: dict[str, frozenset[str]] = {}

    def grant(self, holder: str, ability: Ability, origin: Origin | None = None) -> HeldSkill:
        """`holder` holds `ability` from now on (a skill held already is replaced:
        its charges and history start again)."""
        h = HeldSkill(ability, NO_ORIGIN if origin is None else origin, ability.initial_uses)
        name = ability.name
        if h.origin.until is not None:
            self._temporary.add(holder)
        by = self._by.get(holder)
        index = self._holders
        self._changed(holder)
        if by is None:
            by = self._by[holder] = {}
            if index is not None:  # a new holder comes last in holder order
                got = index.get(name)
                if got is not None:  # (a name not looked up yet is left to its look-up)
                    got.append(holder)
        elif name not in by and index is not None:
            # a holder that holds other skills: its place among this skill's holders
            got = index.get(name)
            if got is not None:
                order = self._by
                got[:] = [x for x in order if x in got or x == holder]
        by[name] = h
        return h

    def grant_all(self, holder: str, abilities: tuple[Ability, ...] | list[Ability],
                  origin: Origin) -> None:
        """`grant` of each ability in turn, with one origin (a dealt role's skills)."""
        by = self._by.get(holder)
        if by is None:
            by = self._by[holder] = {}
        if origin.until is not None:
            self._temporary.add(holder)
        self._changed(holder)
        for ability in abilities:
            by[ability.name] = HeldSkill(ability, origin, ability.initial_uses)
        self._holders = None

    def _holders_of(self, name: str) -> list[str]:
        """The index's list for `name` (built now if it was not looked up yet)."""
        index = self._holders
        if index is None:
            index = self._holders = {}
        got = index.get(name)
        if got is None:
            got = index[name] = [h for h, skills in self._by.items() if name in skills]
        return got

    # has/table/get: the hottest look-ups of legality (S15 asks ~1600 a game); _NONE,
    # the empty table of a holder with nothing, is only ever read
    def has(self, holder: str, name: str) -> bool:
        return name in self._by.get(holder, _NONE)

    def table(self, holder: str) -> dict[str, HeldSkill]:
        """What `holder` holds, by name, in grant order (the table itself: read it, do
        not change it; hot paths iterate it without a copy)."""
        return self._by.get(holder, _NONE)

    def _changed(self, holder: str) -> None:
        """What `holder` holds changed: the window indexes built from it are dropped."""
        self._windows.pop(holder, None)
        if self._acting:
            self._acting.clear()

    def acting_in(self, window: str) -> frozenset[str]:
        """The holders some skill of which acts in `window` (a sub-phase or a part):
        `windows(holder)` read the other way round."""
        got = self._acting.get(window)
        if got is None:
            got = self._acting[window] = frozenset(
                [h for h in self._by if window in self.windows(h)])
        return got

    def windows(self, holder: str) -> frozenset[str]:
        """Every window (sub-phase or part) in which some skill `holder` holds acts: a
        skill whose windows hold neither the open sub-phase nor its part is not usable
        now, whatever else is true."""
        got = self._windows.get(holder)
        if got is None:
            got = self._windows[holder] = frozenset(
                w for h in self._by.get(holder, _NONE).values() for w in h.ability.windows)
        return got

    def names(self, holder: str) -> list[str]:
        """The names of what `holder` holds, in grant order."""
        by = self._by.get(holder)
        return [] if by is None else list(by)

    def first(self, name: str) -> str | None:
        """The first holder of ability `name` (a skill one seat holds: 神音), or None."""
        index = self._holders  # _holders_of, inlined: the night's steps ask it
        got = None if index is None else index.get(name)
        if got is None:
            got = self._holders_of(name)
        return got[0] if got else None

    def __repr__(self) -> str:
        return f"SkillTable({self._by!r})"

    def remove(self, holder: str, name: str) -> HeldSkill | None:
        gone = self._by.get(holder, {}).pop(name, None)
        self._changed(holder)
        index = self._holders
        if gone is not None and index is not None:
            got = index.get(name)
            if got is not None:
                got.remove(holder)
        return gone

    def remove_all(self, holder: str) -> list[HeldSkill]:
        """失去所有技能 (灵狐灿世, 薪火相传): returned so another may receive them."""
        self._holders = None
        self._changed(holder)
        return list(self._by.pop(holder, {}).values())

    def get(self, holder: str, name: str) -> HeldSkill | None:
        return self._by.get(holder, _NONE).get(name)

    def of(self, holder: str) -> list[HeldSkill]:
        return list(self._by.get(holder, {}).values())

    def holders(self, name: str) -> list[str]:
        """Who holds ability `name` now, in grant order of holders."""
        return list(self._holders_of(name))

    def expire(self, at: Moment, edge: Edge) -> list[tuple[str, HeldSkill]]:
        """Drop temporary skills whose `until` is reached by crossing `edge` of `at`."""
        gone: list[tuple[str, HeldSkill]] = []
        temporary = self._temporary
        if not temporary:
            return gone
        still: set[str] = set()
        for holder, skills in self._by.items():
            if holder not in temporary:
                continue
            for name, h in list(skills.items()):
                u, since = h.origin.until, h.origin.since
                if u is not None and since is not None and u.reached(since, edge, at):
                    del skills[name]
                    gone.append((holder, h))
                elif u is not None:
                    still.add(holder)
        self._temporary = still
        if gone:
            self._holders = None
            self._windows.clear()
            self._acting.clear()
        return gone
