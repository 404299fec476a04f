"""女巫: 通灵<强制> "反馈被指杀角色"; 救药【限定】 "该角色当晚不会因被指杀而出局。
<救药>使用时，失去技能<通灵>"; 毒药【限定】 "<毒药>发动后，该夜晚不可发动技能<救药>".
Step (6) runs in night.py (the witch answers after 通灵); these effects keep the
choices for the settlement."""

from __future__ import annotations

from bansha.engine import Game
from bansha.engine.abilities import Ability, Resolution, RoleData, Targeting, Use

from ..state import state


def save(game: Game, use: Use) -> Resolution:
    if use.final:
        state(game).night.saved = use.final[0]
        game.held.remove(use.actor, "通灵")  # "<救药>使用时，失去技能<通灵>"
    return
    yield


def poison(game: Game, use: Use) -> Resolution:
    if use.final:
        n = state(game).night
        n.poisoned = use.final[0]
        n.witch = use.actor
    return
    yield


SENSE = Ability("通灵", forced=True, text="游戏日夜晚，反馈被指杀角色")
SAVE = Ability("救药", ("night",), once=True, target=Targeting("alive"), effect=save,
               text="女巫可以选择一名角色，对其使用救药。该角色当晚不会因被指杀而出局")
POISON = Ability("毒药", ("night",), once=True, target=Targeting("alive"), effect=poison,
                 text="女巫可以毒杀一名角色，令其出局")

ROLE: RoleData = RoleData("女巫", "村民阵营", abilities=(SENSE, SAVE, POISON))
