"""One module per card role (the post's 身份与阵营 section, in its order)."""

from __future__ import annotations

from bansha.engine.abilities import RoleData

from . import (
    arsonist,
    black_wolf_king,
    eclipse_consort,
    guard,
    hunter,
    knight,
    magician,
    order_prince,
    seer,
    villager,
    werewolf,
    witch,
)

ALL_ROLES: tuple[RoleData, ...] = (
    werewolf.ROLE, eclipse_consort.ROLE, black_wolf_king.ROLE,
    seer.ROLE, witch.ROLE, hunter.ROLE, arsonist.ROLE, knight.ROLE, order_prince.ROLE,
    guard.ROLE, magician.ROLE, villager.ROLE,
)
