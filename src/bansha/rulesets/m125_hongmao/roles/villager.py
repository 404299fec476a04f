"""村民（8人）: 没有技能。"""

from __future__ import annotations

from bansha.engine.abilities import RoleData

ROLE: RoleData = RoleData("村民", "村民阵营", count=8)
