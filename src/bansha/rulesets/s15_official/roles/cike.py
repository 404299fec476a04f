"""刺客（普通）【行刺】: "该角色立即出局。若该角色不为狼人，则同时出局"."""

from __future__ import annotations

from bansha.engine import Game
from bansha.engine.abilities import Use
from bansha.engine.ruleset import Resolution

from ..identity import is_wolf
from ..names import VILLAGE
from ..outs import out
from ..skill import LIMITED, Role, Skill, role, skill, target


def _assassinate(game: Game, use: Use) -> Resolution:
    assassin, victim = use.actor, target(use)
    wolf = is_wolf(game, victim)
    game.announce(f"刺客 {assassin} 发动【行刺】，刺杀 {victim}")
    game.trace(f"行刺：{assassin} 刺杀 {victim}（{'是' if wolf else '不是'}狼人）", skill="行刺")
    yield from out(game, victim, "行刺", by=assassin)
    if not wolf:
        game.announce(f"{victim} 不是狼人，刺客 {assassin} 同时出局")
        yield from out(game, assassin, "行刺", by=assassin)


ASSASSINATION: Skill = skill("行刺", "游戏日白天，可选择任意时刻刺杀一名其他角色，该角色立即出局。"
                              "若该角色不为狼人，则同时出局。",
                      window="day", charges=1, tags=LIMITED, target="alive_other",
                      effect=_assassinate)

ROLE: Role = role("刺客", VILLAGE, "普通", (ASSASSINATION,), note="普通（随机抽取）")
