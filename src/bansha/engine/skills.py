"""Skills as data (the catalogue a ruleset's pages, CLI and bots read): window,
limits, targeting and tags. What a seat holds, with charges and history, is a
`HeldSkill` (held.py) of the `Ability` a spec declares (`abilities.ability_of`)."""

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
