"""诽谤者（普通）【诽谤】: 夜晚3; counted at the next day's vote (day.py)."""

from __future__ import annotations

from bansha.engine import Game
from bansha.engine.abilities import Use
from bansha.engine.ruleset import Resolution

from ..names import VILLAGE
from ..skill import Role, Skill, role, skill, target
from ..state import st


def _slander(game: Game, use: Use) -> Resolution:
    t = target(use)
    st(game).slander.append((t, game.phase.n + 1))
    game.trace(f"诽谤：{t} 次日计票时票数+2", skill="诽谤")
    return
    yield


SLANDER: Skill = skill("诽谤", "游戏日夜晚，可选择一名角色，该角色若在次日计票时票数+2后达到最高，"
                        "则取代得票最高者出局。如出现平票，则替罪羊出局。",
                effect=_slander, shakeable=True)

ROLE: Role = role("诽谤者", VILLAGE, "普通", (SLANDER,), note="普通（随机抽取）")
