"""顽徒（普通）【仿冒】【偷师】: 偷师 at 夜晚3 (before 预言); 仿冒 when the 先知 goes out."""

from __future__ import annotations

from bansha.engine import Game
from bansha.engine.abilities import Use
from bansha.engine.ruleset import Resolution

from ..names import VILLAGE
from ..outs import convert
from ..skill import LIMITED, LOCKED, Role, Skill, role, skill, target
from ..state import notes
from . import xianzhi


def _learn(game: Game, use: Use) -> Resolution:
    who = target(use)
    game.held.remove(use.actor, "仿冒")
    prophecy = game.grant(use.actor, xianzhi.PROPHECY.name, by=use.actor, via="偷师")
    game.notify(use.actor, "偷师：你获得技能【预言】，失去技能【仿冒】", skill="偷师")
    prophecy.spend(game.moment, (who,))
    xianzhi.prophesy(game, use.actor, who)
    return
    yield


def _lost_learning(game: Game, seat: str) -> str | None:
    if game.held.has(seat, "预言"):
        return "已失去；裁定R-17：仿冒后顽徒成为先知并失去偷师"
    return None


def mimic(game: Game, seat: str, cause: str) -> Resolution:
    """仿冒: when the 先知 goes out the 顽徒 becomes 先知 (and loses 偷师)."""
    seer = game.held.get(seat, "预言")  # the 先知: 【预言】 that came with the card
    if seer is None or seer.origin.role != xianzhi.ROLE.data.name:
        return
    for n in game.order:
        t = game.seats[n]
        if not t.alive or not game.held.has(n, "仿冒"):
            continue
        convert(game, n, xianzhi.ROLE, keep_faction=True)
        notes(game, n).seer_public = True
        game.notify(n, "仿冒：先知已出局，你的身份转变为先知，失去技能【偷师】；"
                       "你使用【预言】时，目标角色将于次日白天公示", skill="仿冒")
        game.trace(f"仿冒：先知 {seat} 出局，顽徒 {n} 的身份转变为先知", skill="仿冒")
    return
    yield


MIMICRY: Skill = skill("仿冒", "当先知出局后，你的身份转变为先知，并失去技能【偷师】。"
                        "且当你使用【预言】时，目标角色将于次日白天公示。",
                window="trigger", target="none", tags=LOCKED)
LEARNING: Skill = skill("偷师", "游戏日夜晚，你获得技能【预言】，并失去技能【仿冒】。",
                 charges=1, tags=LIMITED, effect=_learn, shakeable=True, missing=_lost_learning)

ROLE: Role = role("顽徒", VILLAGE, "普通", (MIMICRY, LEARNING), granted=("预言",),
            note="普通（随机抽取）")
