"""官方规则S15's roles, one module each (its RoleData, its skills and their
effects, and the triggers it sets off), and the tables the Ruleset class reads."""

from __future__ import annotations

from bansha.engine import RoleSpec, SkillSpec
from bansha.engine.abilities import RoleData

from ..skill import Role, Skill
from . import (
    aishen,
    baichi,
    bailang,
    chanhuizhe,
    chuidi,
    cike,
    feibangzhe,
    heilang,
    langmu,
    langshi,
    lastwords,
    liangmin,
    lieren,
    lovers,
    luanmin,
    nvwu,
    sheriff,
    shouwei,
    sishi,
    tizuiyang,
    toulang,
    wangnv,
    wantu,
    xianzhi,
    xiaogongzhu,
    zhanglao,
)

# the overview table's order (dealing, the roles page)
ALL_ROLES: tuple[Role, ...] = (
    xianzhi.ROLE, nvwu.ROLE, shouwei.ROLE, zhanglao.ROLE,
    lieren.ROLE, baichi.ROLE, wantu.ROLE, wangnv.ROLE, xiaogongzhu.ROLE, feibangzhe.ROLE,
    tizuiyang.ROLE, chanhuizhe.ROLE, sishi.ROLE, cike.ROLE, aishen.ROLE,
    liangmin.ROLE, luanmin.ROLE,
    toulang.ROLE, heilang.ROLE, langshi.ROLE, langmu.ROLE,
    bailang.ROLE, chuidi.ROLE,
)
LOVER_SKILLS: tuple[Skill, ...] = lovers.LOVER_SKILLS
SHERIFF_SKILLS: tuple[Skill, ...] = sheriff.SHERIFF_SKILLS

# the skills in the post's order of identities (the 白狼 before the 狼人 here)
_SKILL_ORDER: tuple[Role, ...] = (
    *ALL_ROLES[:15], luanmin.ROLE, bailang.ROLE, toulang.ROLE, heilang.ROLE, langshi.ROLE,
    langmu.ROLE, chuidi.ROLE,
)
ALL_SKILLS: tuple[Skill, ...] = (
    *(s for r in _SKILL_ORDER for s in r.skills), *LOVER_SKILLS, *SHERIFF_SKILLS,
    lastwords.LAST_WORDS,
)

ROLES: dict[str, RoleSpec] = {r.spec.name: r.spec for r in ALL_ROLES}
ROLE_DATA: dict[str, RoleData] = {r.data.name: r.data for r in ALL_ROLES}
SKILLS: dict[str, SkillSpec] = {s.name: s.spec for s in ALL_SKILLS}
SKILL_OF: dict[str, Skill] = {s.name: s for s in ALL_SKILLS}
