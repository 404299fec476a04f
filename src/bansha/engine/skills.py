"""Skills as data. A skill's own code is only its effect; its window, limits,
targeting and tags live here so the engine can check legality generically."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Window = Literal["night", "day", "trigger", "passive", "prompt", "any"]
TargetRange = Literal["none", "alive", "alive_other", "dead", "any", "seat"]


@dataclass(frozen=True, slots=True)
class SkillSpec:
    name: str
    window: Window = "night"
    target: TargetRange = "alive"
    n_targets: int = 1
    forced: bool = False  # <强制>
    once: bool = False  # <限定>
    charges: int | None = None  # [数值]; None = unlimited unless once
    team: bool = False  # decided by a group (狼人 杀人)
    nights: Literal["all", "odd", "even"] = "all"
    not_twice_in_a_row: bool = False
    once_per_target: bool = False
    choices: tuple[str, ...] = ()
    reveal: bool = False  # 翻牌
    declaration: bool = False  # 宣言
    granted: bool = False
    hidden: bool = False  # not offered to players (engine-internal)
    tags: tuple[str, ...] = ()
    text: str = ""
    note: str = ""

    @property
    def initial_uses(self) -> int | None:
        if self.charges is not None:
            return self.charges
        return 1 if self.once else None

    def tag_list(self) -> list[str]:
        out = list(self.tags)
        if self.forced and "强制" not in out:
            out.append("强制")
        if self.once and "限定" not in out:
            out.append("限定")
        return out


@dataclass(slots=True, init=False)  # __init__ written out: see engine/actions.py, Action
class SkillState:
    spec: SkillSpec
    uses_left: int | None
    last_targets: tuple[str, ...]
    last_used_phase: int
    used_on: set[str]

    def __init__(self, spec: SkillSpec, uses_left: int | None,
                 last_targets: tuple[str, ...] = (), last_used_phase: int = -10,
                 used_on: set[str] | None = None) -> None:
        self.spec = spec
        self.uses_left = uses_left
        self.last_targets = last_targets
        self.last_used_phase = last_used_phase
        self.used_on = set() if used_on is None else used_on

    def usable(self) -> bool:
        return self.uses_left is None or self.uses_left > 0

    def spend(self, targets: tuple[str, ...], phase_index: int) -> None:
        if self.uses_left is not None:
            self.uses_left -= 1
        self.last_targets = targets
        self.last_used_phase = phase_index
        self.used_on.update(targets)
