"""定序王子: 重定之理【限定】 (逆转轮 night step (8)) and 逆转时空<强制> (always the
second card: deal.py). Acts only in the reversal round, not implemented yet."""

from __future__ import annotations

from bansha.engine.abilities import Ability, RoleData, Targeting

REORDER = Ability("重定之理", ("night",), once=True, target=Targeting("alive"),
                  text="游戏日夜晚，可以对某个第一身份发动该技能")

ROLE = RoleData("定序王子", "村民阵营", abilities=(REORDER,))
