"""乱民（村民类型，属狼人阵营）【趋附】: "当你成为【预言】目标时，反馈为“村民阵营”"
(prophecy.py)."""

from __future__ import annotations

from ..names import WOLVES
from ..skill import LOCKED, Role, Skill, role, skill

FAWNING: Skill = skill("趋附", "当你成为【预言】目标时，反馈为“村民阵营”。",
                window="passive", target="none", tags=LOCKED)

ROLE: Role = role("乱民", WOLVES, "村民", (FAWNING,),
                  note="村民类型，属狼人阵营（多于20人时按2:1增添）")
