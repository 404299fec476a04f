"""Per-seat state: role cards, faction, alive, skills held now, flags."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .skills import SkillSpec, SkillState


@dataclass(slots=True)
class SeatState:
    name: str
    roles: list[str]
    faction: str
    alive: bool = True
    skills: dict[str, SkillState] = field(default_factory=dict)
    out_cause: str | None = None
    out_at: str | None = None
    flags: dict[str, Any] = field(default_factory=dict)

    @property
    def role(self) -> str:
        return self.roles[0]

    def grant(self, spec: SkillSpec) -> None:
        self.skills[spec.name] = SkillState(spec, spec.initial_uses)

    def lose(self, name: str) -> bool:
        return self.skills.pop(name, None) is not None

    def usable(self, name: str) -> SkillState | None:
        st = self.skills.get(name)
        if st is None or not st.usable():
            return None
        return st
