"""The roles implemented so far, one module each (RULINGS.md "Done" lists them).
A role of the roster not listed here is refused at the deal ("尚未实现")."""

from __future__ import annotations

from collections.abc import Callable

from bansha.engine import Game
from bansha.engine.abilities import RoleData

from . import chilang, jinyan, laoyeye, lieren, nuofu, tongling, yuanlang

ROLE_MODULES: tuple[tuple[RoleData, Callable[[Game, str], None] | None], ...] = (
    (yuanlang.ROLE, None),
    (chilang.ROLE, chilang.setup),
    (tongling.ROLE, None),
    (nuofu.ROLE, nuofu.setup),
    (jinyan.ROLE, None),
    (lieren.ROLE, None),
    (laoyeye.ROLE, laoyeye.setup),
)


def implemented() -> dict[str, RoleData]:
    return {r.name: r for r, _ in ROLE_MODULES}


def setups() -> dict[str, Callable[[Game, str], None]]:
    return {r.name: f for r, f in ROLE_MODULES if f is not None}
