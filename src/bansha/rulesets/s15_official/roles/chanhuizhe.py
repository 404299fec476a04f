"""忏悔者（普通）【忏悔】: "任意时刻", taking effect when submitted (anytime.py)."""

from __future__ import annotations

from bansha.engine import Game
from bansha.engine.abilities import Use
from bansha.engine.ruleset import Resolution

from ..names import VILLAGE
from ..skill import LIMITED, Role, Skill, role, skill, target


def _confess(game: Game, use: Use) -> Resolution:
    """忏悔: show one's identity to another character; no feedback to the 忏悔者."""
    t = target(use)
    game.notify(t, f"忏悔：{use.actor} 将自己的身份给你查看——{game.seats[use.actor].role}",
                skill="忏悔")
    game.trace(f"忏悔：{use.actor} 向 {t} 展示身份", skill="忏悔")
    return
    yield


CONFESSION: Skill = skill(
    "忏悔", "游戏日白天，可在任意时刻将自己的身份给任一其他角色查看，无反馈。",
    window="day", charges=1, tags=LIMITED, target="alive_other", effect=_confess)

ROLE: Role = role("忏悔者", VILLAGE, "普通", (CONFESSION,), note="普通（随机抽取）")
