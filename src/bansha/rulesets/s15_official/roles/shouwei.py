"""守卫（特殊）【守护】【隔音】: 夜晚1."""

from __future__ import annotations

from bansha.engine import Game
from bansha.engine.abilities import Use
from bansha.engine.ruleset import Resolution

from ..names import VILLAGE
from ..skill import Role, Skill, role, skill, target
from ..statuses import GUARDED, SOUNDPROOF, TONIGHT


def _guard(game: Game, use: Use) -> Resolution:
    t = target(use)
    game.statuses.add(GUARDED, t, game.moment, TONIGHT, use.actor, "守护")
    game.trace(f"守护：{use.actor} 守护 {t}（免疫杀人、撕咬）", skill="守护")
    return
    yield


def _soundproof(game: Game, use: Use) -> Resolution:
    t = target(use)
    game.statuses.add(SOUNDPROOF, t, game.moment, TONIGHT, use.actor, "隔音")
    game.trace(f"隔音：{use.actor} 为 {t} 隔音（免疫吹笛）", skill="隔音")
    return
    yield


GUARD: Skill = skill("守护", "游戏日夜晚，可选择一名角色，使之免疫【杀人】、【撕咬】，"
                      "每名角色只能成为该技能使用对象一次。",
              once_per_target=True, effect=_guard)
SOUNDPROOFING: Skill = skill("隔音", "游戏日夜晚，可选择一名角色，使之免疫【吹笛】，"
                              "每名角色只能成为该技能使用对象一次。",
                      once_per_target=True, effect=_soundproof)

ROLE: Role = role("守卫", VILLAGE, "特殊", (GUARD, SOUNDPROOFING), note="特殊")
