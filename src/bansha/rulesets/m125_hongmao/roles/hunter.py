"""猎人 最后一枪: "当猎人并非因红牌罚下而出局后，猎人可以选择一名其他角色，对其开枪。
该角色立即出局" (outs.py)."""

from __future__ import annotations

from bansha.engine.abilities import Ability, RoleData

SHOT = Ability("最后一枪", text="当猎人并非因红牌罚下而出局后，猎人可以选择一名其他角色，对其开枪")

ROLE: RoleData = RoleData("猎人", "村民阵营", abilities=(SHOT,))
