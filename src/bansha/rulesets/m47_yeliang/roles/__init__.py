"""[M47]『野良神』's roles, one module each (texts quoted from the rule post), and the
two <非身份> skill sets (警长, 出局角色). Each module holds its role's data, its night
steps (placed by schedule.py) and its triggers (put on the bus by ruleset.py); the
few legality rules the post attaches to one skill are collected here."""

from __future__ import annotations

from bansha.engine import RoleSpec, SkillSpec

from .. import legality
from . import god, lastwords, mayor, sad_villager, sheriff, stray, vessel, villager, witch, wolf
from .factions import UNDECIDED, VILLAGE, WOLF_SIDE

# in the post's order (3L 身份与阵营)
SKILLS: dict[str, SkillSpec] = {
    s.name: s
    for group in (wolf.SKILLS, stray.SKILLS, god.SKILLS, vessel.SKILLS, witch.SKILLS,
                  mayor.SKILLS, villager.SKILLS, sad_villager.SKILLS, sheriff.SKILLS,
                  lastwords.SKILLS)
    for s in group
}
ROLES: dict[str, RoleSpec] = {
    r.name: r
    for r in (wolf.ROLE, stray.ROLE, god.ROLE, vessel.ROLE, witch.ROLE, mayor.ROLE,
              villager.ROLE, sad_villager.ROLE)
}
SHERIFF_SKILLS = sheriff.SHERIFF_SKILLS

legality.OWN_RULE["召唤"] = wolf.summon_refusal
legality.NIGHT_LIMIT.update(witch.NIGHT_LIMIT)
legality.SPENT.update(vessel.SPENT)
legality.WHY_MISSING.extend((stray.why_missing, mayor.why_missing))

__all__ = ["ROLES", "SHERIFF_SKILLS", "SKILLS", "UNDECIDED", "VILLAGE", "WOLF_SIDE"]
