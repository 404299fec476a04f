"""Statuses (状态) as data: a `StatusKind` per name, instances in a `StatusBook`.

A kind says what the post's 常见负面状态特效 / 非负面状态特效 say of it:
- negative or not, and whether its holder is told (流血 "该状态不予通知");
- what it blocks (`blocks`: skills, forced skills, 杀人, votes, vote weight — names a
  ruleset checks with `book.blocking(holder, what)`) and what it is made of
  (业炎 = 沉默+超度+遗忘; a composite counts as each part);
- what a second application does (流血: "再次获得[流血]…改为造成致死伤害");
- immunities: `clears="negative"` (秩序 "清除并免疫负面状态") or "non_negative"
  (漏洞); with both, the later one is void — this follows from each blocking the
  other's class;
- a use count (守护：X "抵消掉X次[指杀]，会优先消耗掉时限较短的"), and the sources it
  works against (厚皮肉猪's 不死 "仅针对非村民阵营");
- an instance given by a forced skill ends when that skill does ("若强制技能提供任何
  [状态]，则该强制技能失效后，这些状态也一同失效").

Each instance carries its source seat and skill, its start and its expiry (`Until`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Final, Literal

from .moment import Calendar, Edge, Moment, Until, expiry_key

# block names the engine knows; a ruleset may use others
SKILLS: Final = "skills"  # non-forced skills (沉默)
FORCED: Final = "forced"  # forced skills (遗忘)
KILL: Final = "kill"  # 杀人 (缴械, 超度)
VOTE: Final = "vote"  # casting a vote
VOTE_WEIGHT: Final = "vote_weight"  # the vote counts 0 (迷魂)
TARGETED: Final = "targeted"  # targeted effects on the holder do not resolve (隐身)

Repeat = Literal["stack", "refresh", "ignore", "escalate"]


@dataclass(frozen=True, slots=True)
class StatusKind:
    name: str
    negative: bool = False
    visible: bool = True  # the holder is told when it gains it
    blocks: frozenset[str] = frozenset()
    parts: tuple[str, ...] = ()  # composite: counts as each of these kinds
    repeat: Repeat = "stack"
    escalate_to: str = ""  # with repeat="escalate": the damage kind dealt instead
    clears: Literal["", "negative", "non_negative"] = ""
    uses: int | None = None  # 守护：X — the default X
    against: str = ""  # a source class named in StatusBook(sources=...); "" = any source
    aliases: tuple[str, ...] = ()  # 业炎/净化, 冰冻/恐惧


@dataclass(slots=True)
class Status:
    kind: StatusKind
    holder: str
    source: str | None
    skill: str | None
    start: Moment
    until: Until | None  # None = permanent
    uses_left: int | None = None
    forced: bool = False  # given by a forced skill: ends with it
    seq: int = 0

    @property
    def name(self) -> str:
        return self.kind.name


@dataclass(frozen=True, slots=True)
class Added:
    status: Status
    cleared: tuple[Status, ...] = ()  # what the new immunity swept away


@dataclass(frozen=True, slots=True)
class Refused:
    name: str
    holder: str
    by: str  # the immunity (a status name) or the holder's shield reason

    @property
    def reason(self) -> str:
        return f"{self.holder} 免疫 {self.name}（{self.by}）"


@dataclass(frozen=True, slots=True)
class Escalated:
    """A second application turned into damage (流血 → 致死伤害): the caller deals it."""

    name: str
    holder: str
    damage: str


Result = Added | Refused | Escalated

_NONE: Final[frozenset[str]] = frozenset()


class StatusBook:
    """Every status of a game by holder. `sources` names the source classes
    StatusKind.against refers to (name -> predicate over the source seat)."""

    def __init__(self, kinds: dict[str, StatusKind], calendar: Calendar | None = None,
                 sources: dict[str, Callable[[str | None], bool]] | None = None) -> None:
        self.kinds = kinds
        self.calendar = Calendar() if calendar is None else calendar
        self.sources = {} if sources is None else sources
        self._by: dict[str, list[Status]] = {}
        # per holder, every name its statuses count as (kinds, aliases, composite parts)
        # and everything they block: kept up to date with `_by`, so the questions asked
        # of every seat after every step (假死? 癫狂? does its vote count?) end with one
        # set look-up for a holder that has no such status — most holders, most of the time
        self.names: dict[str, frozenset[str]] = {}
        self.blocked: dict[str, frozenset[str]] = {}
        self._kind_names: dict[str, frozenset[str]] = {}
        self._kind_blocks: dict[str, frozenset[str]] = {}
        self._shields: dict[str, str] = {}
        self._seq = 0

    def kind(self, name: str) -> StatusKind:
        k = self.kinds.get(name)
        if k is not None:
            return k
        for kind in self.kinds.values():
            if name in kind.aliases:
                return kind
        raise KeyError(f"未知的状态 {name}")

    def shield(self, holder: str, reason: str) -> None:
        """The holder gains no status at all (天命人 "不会获得任何状态")."""
        self._shields[holder] = reason

    # ---- adding -----------------------------------------------------------
    def add(self, name: str, holder: str, at: Moment, until: Until | None = None,
            source: str | None = None, skill: str | None = None,
            uses: int | None = None, forced: bool = False) -> Result:
        kind = self.kind(name)
        if holder in self._shields:
            return Refused(kind.name, holder, self._shields[holder])
        held = self._by.get(holder, [])
        for s in held:
            c = s.kind.clears
            if (c == "negative" and kind.negative) or (c == "non_negative" and not kind.negative):
                return Refused(kind.name, holder, s.name)
        same = [s for s in held if s.kind is kind]
        if same and kind.repeat == "escalate":
            return Escalated(kind.name, holder, kind.escalate_to)
        if same and kind.repeat == "ignore":
            return Refused(kind.name, holder, kind.name)
        if same and kind.repeat == "refresh":
            held = [s for s in held if s.kind is not kind]
        cleared: list[Status] = []
        if kind.clears:
            neg = kind.clears == "negative"
            cleared = [s for s in held if s.kind.negative == neg]
            held = [s for s in held if s.kind.negative != neg]
        st = Status(kind, holder, source, skill, at, until,
                    kind.uses if uses is None else uses, forced, self._seq)
        self._seq += 1
        held.append(st)
        self._set(holder, held)
        return Added(st, tuple(cleared))

    # ---- asking -------------------------------------------------------------
    def of(self, holder: str) -> list[Status]:
        return list(self._by.get(holder, ()))

    def visible_to(self, holder: str) -> list[Status]:
        return [s for s in self._by.get(holder, ()) if s.kind.visible]

    def _covers(self, kind: StatusKind, name: str) -> bool:
        if kind.name == name or name in kind.aliases:
            return True
        for part in kind.parts:
            sub = self.kinds.get(part)
            if part == name or (sub is not None and self._covers(sub, name)):
                return True
        return False

    def has(self, holder: str, name: str, source: str | None = None) -> bool:
        """`holder` has `name` directly or through a composite (业炎 has 沉默); with
        `source`, only an instance that works against that source counts."""
        return self.find(holder, name, source) is not None

    def find(self, holder: str, name: str, source: str | None = None) -> Status | None:
        if name not in self.names.get(holder, _NONE):
            return None
        best: Status | None = None
        for s in self._by.get(holder, ()):
            if not self._covers(s.kind, name) or not self._works_against(s, source):
                continue
            if best is None or self._expiry(s) < self._expiry(best):
                best = s
        return best

    def _works_against(self, s: Status, source: str | None) -> bool:
        if not s.kind.against:
            return True
        pred = self.sources.get(s.kind.against)
        return pred is None or pred(source)

    def blocking(self, holder: str, what: str) -> Status | None:
        """The first status of `holder` that blocks `what` (through composites)."""
        if what not in self.blocked.get(holder, _NONE):
            return None
        for s in self._by.get(holder, ()):
            if self._blocks(s.kind, what):
                return s
        return None

    def _blocks(self, kind: StatusKind, what: str) -> bool:
        if what in kind.blocks:
            return True
        return any(p in self.kinds and self._blocks(self.kinds[p], what) for p in kind.parts)

    def holders(self, name: str) -> list[str]:
        return [h for h in self._by if self.has(h, name)]

    def _expiry(self, s: Status) -> tuple[int, ...]:
        return (*expiry_key(self.calendar, s.start, s.until), s.seq)

    # ---- spending and ending --------------------------------------------
    def consume(self, holder: str, name: str, source: str | None = None) -> Status | None:
        """Spend one use of `name` — the instance that ends soonest first (守护 "会优先
        消耗掉时限较短的"); an instance with no uses left goes."""
        s = self.find(holder, name, source)
        if s is None:
            return None
        if s.uses_left is not None:
            s.uses_left -= 1
            if s.uses_left > 0:
                return s
        self._drop(holder, [s])
        return s

    def remove(self, holder: str, name: str, source: str | None = None) -> list[Status]:
        gone = [s for s in self._by.get(holder, ())
                if s.kind.name == name and (source is None or s.source == source)]
        self._drop(holder, gone)
        return gone

    def clear(self, holder: str, negative: bool | None = None) -> list[Status]:
        """清除所有负面状态 (朱雀 涅槃), or every status."""
        gone = [s for s in self._by.get(holder, ())
                if negative is None or s.kind.negative == negative]
        self._drop(holder, gone)
        return gone

    def end_skill(self, source: str, skill: str) -> list[Status]:
        """A forced skill ended: the statuses it gave end with it."""
        gone: list[Status] = []
        for holder in list(self._by):
            mine = [s for s in self._by[holder]
                    if s.forced and s.source == source and s.skill == skill]
            self._drop(holder, mine)
            gone.extend(mine)
        return gone

    def cross(self, edge: Edge, at: Moment) -> list[Status]:
        """Cross a boundary (the `edge` of sub-phase or part `at`): what ends there."""
        # asked at every boundary (~140 a M192 game) of every holder, and most
        # boundaries end nothing: no list is made for a holder whose statuses all stay
        # (a list per holder per boundary was ~0.37 M instructions a M192 game), and
        # the drops wait until the scan is over (each touches only its holder's list)
        gone: list[Status] = []
        ends: list[tuple[str, list[Status]]] | None = None
        for holder, held in self._by.items():
            ended: list[Status] | None = None
            for s in held:
                u = s.until
                if u is not None and u.reached(s.start, edge, at):
                    if ended is None:
                        ended = []
                    ended.append(s)
            if ended is not None:
                if ends is None:
                    ends = []
                ends.append((holder, ended))
        if ends is not None:
            for holder, ended in ends:
                self._drop(holder, ended)
                gone.extend(ended)
        return gone

    def _drop(self, holder: str, gone: Iterable[Status]) -> None:
        g = list(gone)
        if not g:
            return
        self._set(holder, [s for s in self._by.get(holder, ()) if all(s is not x for x in g)])

    def _set(self, holder: str, held: list[Status]) -> None:
        """`holder`'s statuses are now `held`: the one place `_by` and its indexes change."""
        if not held:
            self._by.pop(holder, None)
            self.names.pop(holder, None)
            self.blocked.pop(holder, None)
            return
        self._by[holder] = held
        names: set[str] = set()
        blocked: set[str] = set()
        for s in held:
            names |= self._names_of(s.kind)
            blocked |= self._blocks_of(s.kind)
        self.names[holder] = frozenset(names)
        self.blocked[holder] = frozenset(blocked)

    def _names_of(self, kind: StatusKind) -> frozenset[str]:
        """Every name `kind` counts as (what `_covers` answers True for)."""
        got = self._kind_names.get(kind.name)
        if got is None:
            names = {kind.name, *kind.aliases}
            for part in kind.parts:
                names.add(part)
                sub = self.kinds.get(part)
                if sub is not None:
                    names |= self._names_of(sub)
            got = self._kind_names[kind.name] = frozenset(names)
        return got

    def _blocks_of(self, kind: StatusKind) -> frozenset[str]:
        """Everything `kind` blocks (what `_blocks` answers True for)."""
        got = self._kind_blocks.get(kind.name)
        if got is None:
            blocks = set(kind.blocks)
            for part in kind.parts:
                sub = self.kinds.get(part)
                if sub is not None:
                    blocks |= self._blocks_of(sub)
            got = self._kind_blocks[kind.name] = frozenset(blocks)
        return got

    # ---- revival ----------------------------------------------------------
    def snapshot(self, holder: str) -> tuple[Status, ...]:
        """The holder's statuses as they are now (kept at an out: "所有状态按出局时为准")."""
        return tuple(Status(s.kind, s.holder, s.source, s.skill, s.start, s.until,
                            s.uses_left, s.forced, s.seq) for s in self._by.get(holder, ()))

    def restore(self, holder: str, snap: tuple[Status, ...]) -> None:
        self._set(holder, list(snap))
