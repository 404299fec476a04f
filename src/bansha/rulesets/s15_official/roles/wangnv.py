"""王女（普通）【弄权】: 夜晚3."""

from __future__ import annotations

from bansha.engine import Game
from bansha.engine.abilities import Use
from bansha.engine.ruleset import Resolution

from ..names import VILLAGE
from ..skill import LIMITED, Role, Skill, role, skill, target


def _take_power(game: Game, use: Use) -> Resolution:
    t = target(use)
    old = game.sheriff
    if old == t:
        game.trace(f"弄权：{t} 已是警长，无变化", skill="弄权")
        return
    game.set_sheriff(t)
    game.announce(f"警长替换：{t} 成为警长", later=True)
    game.notify(t, "弄权：警长身份移交给你（领导：你的票计为两票）", skill="弄权")
    if old is not None and game.seats[old].alive:
        game.notify(old, "你的警长身份已被移交", skill="弄权")
    game.trace(f"弄权：警长由 {old or '（无）'} 移交给 {t}", skill="弄权")
    return
    yield


POWER: Skill = skill("弄权", "游戏日夜晚，可选择一名角色，将警长身份移交给该角色。",
              charges=1, tags=LIMITED, effect=_take_power, shakeable=True)

ROLE: Role = role("王女", VILLAGE, "普通", (POWER,), note="普通（随机抽取）")
