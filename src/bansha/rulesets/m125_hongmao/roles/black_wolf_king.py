"""黑狼王: 杀人【团队】, 最后一枪 (outs.py: "当黑狼王并非因红牌罚下而出局后…对其开枪。
该角色立即出局"), 原初的历史<强制> (always the first card: deal.py)."""

from __future__ import annotations

from bansha.engine.abilities import Ability, RoleData

from .kill import KILL

SHOT = Ability("最后一枪",
               text="当黑狼王并非因红牌罚下而出局后，黑狼王可以选择一名其他角色，对其开枪")

# 原初的历史<强制> acts only in the deal and the order choice (deal.py, order.py); it is
# held so that the card lists it
FIRST = Ability("原初的历史", forced=True, text="游戏开始时，这个身份牌必须为第一身份")

ROLE: RoleData = RoleData("黑狼王", "狼人阵营", abilities=(KILL, SHOT, FIRST))
