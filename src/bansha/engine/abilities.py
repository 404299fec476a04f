"""Roles and abilities as data, and the uses of one window.

A role is one small module: its `RoleData` (name, faction, category, strength, tags)
and its `Ability`s. An ability declares its window(s) and tags — 强制 (forced), 限定
(once), [数值] charges that skills can raise, a per-day cap (谋策 "每天只能使用1次"),
团队 (team), 指定 with a range and a target count, 翻牌 (reveal), 宣言 (declaration) —
and has one `effect(ctx, use)` generator, which is the only code a skill needs.

A window keeps every `Use` in submission order; an ability with charges may be used
several times in one window (收割[2], several 灵狐灿世 "需要安排一个击杀顺序"), each
use kept; for other abilities a new submission replaces the earlier one.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from dataclasses import dataclass, field
from typing import Any

from .actions import Action, Prompt

Resolution = Generator[Prompt, Action | None, None]
# The effect receives the ruleset's context (usually the Game) and the use, with its
# final targets filled in by the target pipeline.
Effect = Callable[[Any, "Use"], Resolution]

# the built-in target ranges; a ruleset may name its own and check them itself
RANGES = ("any", "alive", "alive_other", "dead", "self", "none")


@dataclass(frozen=True, slots=True)
class Targeting:
    """[指定]: 选择范围 and how many targets (魔术师 two, 道士 three)."""

    range: str = "alive"
    count: int = 1
    distinct: bool = True
    not_twice_in_a_row: bool = False  # 禁言长老 "不能连续两晚选择同一名角色"
    once_per_target: bool = False  # 渊狼 "每名角色只可选择一次"
    from_night: int = 0  # "第二晚开始" = 2


@dataclass(frozen=True, slots=True)
class Ability:
    name: str
    windows: tuple[str, ...] = ()  # sub-phases ("深夜") or parts ("night"); () = trigger only
    forced: bool = False  # 强制
    once: bool = False  # 限定
    charges: int | None = None  # [数值]: uses left at the start (0 allowed); None = no count
    per_day: int | None = None  # at most this many uses per game day
    team: bool = False  # 团队
    target: Targeting | None = None  # 指定
    reveal: bool = False  # 翻牌
    declaration: bool = False  # 宣言
    effect: Effect | None = None
    text: str = ""
    # used by its holder after the holder's out (猎人 最后一枪 "出局后下一个可发动技能的
    # 时点"): a use by an out holder still resolves; the ruleset says when it may
    after_out: bool = False

    @property
    def several_per_window(self) -> bool:
        """[数值] "在可发动时段可以多次发动": each use is kept, in order."""
        return self.charges is not None

    @property
    def initial_uses(self) -> int | None:
        if self.charges is not None:
            return self.charges
        return 1 if self.once else None

    def tags(self) -> list[str]:
        out = list(self.windows)
        for flag, tag in ((self.forced, "强制"), (self.once, "限定"), (self.team, "团队"),
                          (self.target is not None, "指定"), (self.reveal, "翻牌"),
                          (self.declaration, "宣言")):
            if flag:
                out.append(tag)
        if self.charges is not None:
            out.append(str(self.charges))
        return out


@dataclass(frozen=True, slots=True)
class RoleData:
    name: str
    faction: str
    category: str = ""
    strength: int | None = None
    tags: tuple[str, ...] = ()  # [群内] [接刀]
    abilities: tuple[Ability, ...] = ()
    count: int = 1
    aliases: tuple[str, ...] = ()

    def ability(self, name: str) -> Ability | None:
        for a in self.abilities:
            if a.name == name:
                return a
        return None


@dataclass(slots=True)
class Use:
    """One use of an ability in a window. `chosen` are the 选择目标; `final` the
    结算目标 once the target pipeline ran (None until then); `notes` say why they
    differ (for the director's trace)."""

    actor: str
    ability: str
    chosen: tuple[str, ...] = ()
    choice: str | None = None
    text: str | None = None
    seq: int = 0
    final: tuple[str, ...] | None = None
    voided: str | None = None
    notes: list[str] = field(default_factory=list)
    npc: bool = False  # replayed from a round record
    window: str = ""  # the sub-phase it resolves in ("" = the part has none)


class UseBook:
    """The uses submitted in one window. Several uses of one [数值] ability by one
    actor are all kept in order; otherwise a later submission replaces the earlier
    one (it keeps its new place in the order). Team abilities are keyed by team."""

    def __init__(self) -> None:
        self._uses: list[Use] = []
        self._seq = 0

    def submit(self, use: Use, ability: Ability, team: str | None = None) -> Use:
        use.seq = self._seq
        self._seq += 1
        if not ability.several_per_window:
            key = (team, ability.name) if ability.team and team else (use.actor, ability.name)
            self._uses = [u for u in self._uses if self._key(u, ability, team) != key]
        self._uses.append(use)
        return use

    @staticmethod
    def _key(u: Use, ability: Ability, team: str | None) -> tuple[str | None, str]:
        if u.ability != ability.name:
            return ("", "")
        if ability.team and team:
            return (team, ability.name)
        return (u.actor, ability.name)

    def withdraw(self, actor: str, ability: str) -> list[Use]:
        gone = [u for u in self._uses if u.actor == actor and u.ability == ability]
        self._uses = [u for u in self._uses if u not in gone]
        return gone

    def uses(self) -> list[Use]:
        return list(self._uses)

    def of(self, actor: str, ability: str) -> list[Use]:
        return [u for u in self._uses if u.actor == actor and u.ability == ability]

    def __len__(self) -> int:
        return len(self._uses)
