"""村民 (5): 没有技能，只能仰望星空。 (All five out is the village's second loss.)"""

from __future__ import annotations

from bansha.engine import RoleSpec, SkillSpec

from .factions import VILLAGE

SKILLS: tuple[SkillSpec, ...] = ()
ROLE: RoleSpec = RoleSpec("村民", VILLAGE, 5, (), note="没有技能，只能仰望星空。")
