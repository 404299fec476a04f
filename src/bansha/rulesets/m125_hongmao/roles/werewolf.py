"""狼人（2人）: 杀人【团队】 only."""

from __future__ import annotations

from bansha.engine.abilities import RoleData

from .kill import KILL

ROLE: RoleData = RoleData("狼人", "狼人阵营", abilities=(KILL,), count=2)
