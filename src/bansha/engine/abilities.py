"""Roles and abilities as data, and the uses of one window.

A role is one small module: its `RoleData` (name, faction, category, strength, tags)
and its `Ability`s. An ability declares its window(s) and tags — 强制 (forced), 限定
(once), [数值] charges that skills can raise, a per-day cap (谋策 "每天只能使用1次"),
团队 (team), 指定 with a range and a target count, 翻牌 (reveal), 宣言 (declaration) —
and has one `effect(ctx, use)` generator, which is the only code a skill needs.

A window's submissions are one `UseBook` of `Use`s in submission order, every
ruleset's: an ability with [数值] charges may be used several times in one window
(收割[2], several 灵狐灿世 "需要安排一个击杀顺序"), each use kept; for other abilities a
new submission replaces the earlier one with the same key (the ruleset's
`submit_key`: seat/skill, or one per team). A prompt's answer given ahead waits there
too, under its seat/skill key.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import Any

from .actions import Action, Prompt
from .skills import SkillSpec

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
    # "单数/双数游戏日夜晚" (M47 神音, 安抚): "all", "odd" or "even" nights
    nights: str = "all"

    @property
    def several_per_window(self) -> bool:
        """[数值] "在可发动时段可以多次发动": each use is kept, in order. A 限定 skill
        counted as one charge is used once: a new submission replaces the earlier."""
        return self.charges is not None and not self.once

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


_SPEC_WINDOWS: dict[str, tuple[str, ...]] = {"night": ("night",), "day": ("day",),
                                             "any": ("day", "night")}


def ability_of(spec: SkillSpec) -> Ability:
    """The ability a `SkillSpec` declares, for a ruleset that writes its skills as
    specs (M47, classic): what its holder holds in `game.held`. A trigger, passive or
    prompt skill has no window of its own."""
    aim = None if spec.target == "none" else Targeting(
        spec.target, spec.n_targets, not_twice_in_a_row=spec.not_twice_in_a_row,
        once_per_target=spec.once_per_target)
    return Ability(spec.name, _SPEC_WINDOWS.get(spec.window, ()), forced=spec.forced,
                   once=spec.once, charges=spec.charges, team=spec.team, target=aim,
                   reveal=spec.reveal, declaration=spec.declaration, text=spec.text,
                   nights=spec.nights)


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


@dataclass(slots=True, init=False)  # __init__ written out: see engine/actions.py, Action
class Use:
    """One use of an ability in a window. `chosen` are the 选择目标; `final` the
    结算目标 once the target pipeline ran (None until then); `notes` say why they
    differ (for the director's trace). A submitted use keeps its input (`action`),
    its book key (`key`) and whether the submitter held the ability (`held`: only
    those resolve through `resolve_part`; the others are answers given ahead, 遗言…)."""

    actor: str
    ability: str
    chosen: tuple[str, ...]
    choice: str | None
    text: str | None
    seq: int
    final: tuple[str, ...] | None
    voided: str | None
    notes: list[str]
    npc: bool  # replayed from a round record
    window: str  # the sub-phase it resolves in ("" = the part has none)
    action: Action | None
    key: str
    held: bool

    def __init__(self, actor: str, ability: str, chosen: tuple[str, ...] = (),
                 choice: str | None = None, text: str | None = None, seq: int = 0,
                 final: tuple[str, ...] | None = None, voided: str | None = None,
                 notes: list[str] | None = None, npc: bool = False, window: str = "",
                 action: Action | None = None, key: str = "", held: bool = True) -> None:
        self.actor = actor
        self.ability = ability
        self.chosen = chosen
        self.choice = choice
        self.text = text
        self.seq = seq
        self.final = final
        self.voided = voided
        self.notes = [] if notes is None else notes
        self.npc = npc
        self.window = window
        self.action = action
        self.key = key or f"{actor}/{ability}"
        self.held = held

    def input(self) -> Action:
        """The input this use stands for (one made from the use when it was not
        submitted: an NPC replay, an inserted use)."""
        a = self.action
        if a is None:
            ch = self.chosen
            a = Action(self.actor, self.ability, ch[0] if len(ch) == 1 else None,
                       ch if len(ch) != 1 else (), self.choice, self.text)
        return a


class UseBook:
    """Every submission of one window, in submission order: the one place a ruleset
    finds what was handed in. Several uses of one [数值] ability by one actor are all
    kept in order; otherwise a later submission replaces the earlier one with the same
    key, which keeps its place in the book (the latest stands) or, with `moves`, takes
    the new place (its seq says when it came in either way)."""

    __slots__ = ("_seq", "_uses")

    def __init__(self) -> None:
        self._uses: list[Use] = []
        self._seq = 0

    def submit(self, use: Use, ability: Ability | None = None, team: str | None = None,
               several: bool | None = None, moves: bool = True) -> Use:
        """Keep `use`. `ability` (when given) decides whether several are kept and
        keys a team ability by `team`; `several` overrides it."""
        use.seq = self._seq
        self._seq += 1
        if ability is not None:
            if ability.team and team:
                use.key = f"{team}/{ability.name}"
            if several is None:
                several = ability.several_per_window
        if not several:
            uses = self._uses
            key = use.key
            for i, u in enumerate(uses):
                if u.key == key:
                    if moves:
                        del uses[i]
                        break
                    uses[i] = use
                    return use
        self._uses.append(use)
        return use

    def __repr__(self) -> str:
        return f"UseBook({self._uses!r})"

    def take(self, key: str, held: bool | None = None) -> Use | None:
        """Take (and remove) the first use kept under `key` (with `held`: only a use
        whose `held` is that)."""
        uses = self._uses
        for i, u in enumerate(uses):
            if u.key == key and (held is None or u.held == held):
                del uses[i]
                return u
        return None

    def get(self, key: str) -> Use | None:
        for u in self._uses:
            if u.key == key:
                return u
        return None

    def put(self, key: str, use: Use) -> None:
        """Keep `use` under `key` in place of the one there (or last)."""
        use.key = key
        uses = self._uses
        for i, u in enumerate(uses):
            if u.key == key:
                uses[i] = use
                return
        uses.append(use)

    def take_every(self, which: Callable[[Use], bool]) -> list[Use]:
        """Take (and remove) every use `which` accepts, in order (what a window left)."""
        taken: list[Use] = []
        kept: list[Use] = []
        for u in self._uses:  # `which` asked once per use
            if which(u):
                taken.append(u)
            else:
                kept.append(u)
        if taken:
            self._uses = kept
        return taken

    def __contains__(self, key: str) -> bool:
        return any(u.key == key for u in self._uses)

    def withdraw(self, actor: str, ability: str) -> list[Use]:
        gone = [u for u in self._uses if u.actor == actor and u.ability == ability]
        if gone:
            self._uses = [u for u in self._uses if u not in gone]
        return gone

    def uses(self) -> list[Use]:
        """The uses of held abilities (what a window resolves), in order."""
        return [u for u in self._uses if u.held]

    def every(self) -> list[Use]:
        """Every submission kept, answers given ahead included, in order."""
        return list(self._uses)

    def of(self, actor: str, ability: str) -> list[Use]:
        return [u for u in self._uses if u.actor == actor and u.ability == ability]

    def __len__(self) -> int:
        return len(self._uses)
