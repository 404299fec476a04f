"""[S15] one declaration per skill: the engine's `Ability` (window, 限定 charges,
指定 range, its effect generator) with the `SkillSpec` the engine's input checks and
pages read, made from the same arguments so the two cannot disagree, plus what only
this skill refuses (`check`, `target_check`) and whether 摇落 voids it.

An effect is `effect(game, use)`; `use.final` are its targets (S15 has no redirects,
so the chosen ones)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from bansha.engine import Game, RoleSpec, SkillSpec
from bansha.engine.abilities import Ability, Effect, RoleData, Targeting, Use
from bansha.engine.actions import Action
from bansha.engine.ruleset import Resolution
from bansha.engine.skills import TargetRange, Window

LOCKED = ("锁定技",)
LIMITED = ("限定技",)

# why the actor cannot use this skill now (None = it can), beyond the common checks
Check = Callable[[Game, str], str | None]
# why this target is wrong for this skill (None = fine), beyond its range
TargetCheck = Callable[[Game, str, str], str | None]

# a skill's whole window, run once
WindowStep = Callable[[Game], Resolution]

_WINDOWS: dict[str, tuple[str, ...]] = {"night": ("night",), "day": ("day",),
                                        "any": ("day", "night")}


@dataclass(frozen=True)
class Skill:
    spec: SkillSpec
    ability: Ability
    check: Check | None = None
    target_check: TargetCheck | None = None
    shakeable: bool = False  # 摇落 voids it (the uses of 普通 identities' skills)
    opening: bool = False  # only on 第零日夜晚 (07.第零晚行动)
    # the window runs this once instead of the effect once per use (女巫's 通灵 with
    # her potions, 金箭's mandatory choice, 归群 told to every 白狼, 道骨's mark)
    step: WindowStep | None = None
    # the note a refusal adds when the actor does not hold it (a ruling that explains)
    missing: Check | None = None

    @property
    def name(self) -> str:
        return self.spec.name


def skill(name: str, text: str, window: Window = "night", target: TargetRange = "alive",
          n_targets: int = 1, charges: int | None = None, tags: tuple[str, ...] = (),
          once_per_target: bool = False, effect: Effect | None = None,
          check: Check | None = None, target_check: TargetCheck | None = None,
          shakeable: bool = False, opening: bool = False, step: WindowStep | None = None,
          missing: Check | None = None) -> Skill:
    spec = SkillSpec(name, window=window, target=target, n_targets=n_targets,
                     charges=charges, tags=tags, once_per_target=once_per_target, text=text)
    aim = None if target == "none" else Targeting(target, n_targets,
                                                  once_per_target=once_per_target)
    ability = Ability(name, _WINDOWS.get(window, ()), forced=tags == LOCKED,
                      once=tags == LIMITED, charges=charges, target=aim, effect=effect,
                      text=text)
    made = Skill(spec, ability, check, target_check, shakeable, opening, step, missing)
    CATALOG[name] = made
    return made


# every skill declared, by name (filled as the role modules are imported: legality
# and the resolver look skills up here, so they need not import the role modules)
CATALOG: dict[str, Skill] = {}


@dataclass(frozen=True)
class Role:
    """A role module's one export: the engine's RoleData, the dealing RoleSpec and
    the skills the role comes with."""

    data: RoleData
    spec: RoleSpec
    skills: tuple[Skill, ...]


def role(name: str, faction: str, category: str, skills: tuple[Skill, ...], count: int = 1,
         granted: tuple[str, ...] = (), aliases: tuple[str, ...] = (), note: str = "") -> Role:
    data = RoleData(name, faction, category, abilities=tuple(s.ability for s in skills),
                    count=count, aliases=aliases)
    spec = RoleSpec(name, faction, count, tuple(s.name for s in skills), aliases=aliases,
                    granted=granted, note=note)
    return Role(data, spec, skills)


def use_of(a: Action) -> Use:
    """A submitted action as the use an effect receives (its targets are final)."""
    targets = a.all_targets()
    return Use(a.seat, a.skill, targets, a.choice, a.text, final=targets)


def target(use: Use) -> str:
    final = use.final or use.chosen
    return final[0]
