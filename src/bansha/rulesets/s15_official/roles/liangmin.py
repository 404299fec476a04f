"""良民（村民）: no skill; a 替罪羊 may hand 【蒙冤】 to one."""

from __future__ import annotations

from ..names import VILLAGE
from ..skill import Role, role

ROLE: Role = role("良民", VILLAGE, "村民", (), count=2, granted=("蒙冤",),
            note="村民；无技能（多于20人时按2:1增添）")
