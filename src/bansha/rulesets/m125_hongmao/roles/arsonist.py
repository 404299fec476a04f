"""纵火犯 纵火<限定>: "被纵火的身份牌失去所有技能，且被纵火的身份牌当晚受到指杀，毒药，
死在夜晚的最后一枪时，那些效果一律无效，技能来源出局。（指杀则是电梯楼排序下方第一个狼
出局）". Step (2) burns the card; the settlement (night.py) applies the rest."""

from __future__ import annotations

from bansha.engine import Game
from bansha.engine.abilities import Ability, Resolution, RoleData, Targeting, Use

from ..state import state


def burn(game: Game, use: Use) -> Resolution:
    if not use.final:
        return
    ref = use.final[0]
    state(game).night.burned = ref
    lost = [h.name for h in game.held.remove_all(ref)]
    game.trace(f"纵火：{ref} 失去所有技能（{'、'.join(lost) or '无'}）", skill="纵火")
    # a team 杀人 carried by the burned card passes to a pack card that still holds it
    for u in game.uses.uses():
        if u.ability == "杀人" and u.actor == ref:
            heir = next((h for h in game.held.holders("杀人")
                         if h != ref and game.card(h).alive and game.card(h).index == 1), None)
            if heir is None:
                u.voided = "纵火：狼群没有可以指杀的身份牌"
            else:
                u.actor = heir
    return
    yield


ROLE: RoleData = RoleData("纵火犯", "村民阵营", abilities=(
    Ability("纵火", ("night",), once=True, target=Targeting("alive"), effect=burn,
            text="游戏日夜晚，可对一个目标纵火，被纵火的身份牌失去所有技能"),))
