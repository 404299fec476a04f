"""The append-only input log: seed + setup + every input is the whole game."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class GameLog:
    ruleset: str
    players: list[Any]
    seed: int
    options: dict[str, Any]
    inputs: list[dict[str, Any]] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        return {
            "ruleset": self.ruleset,
            "players": self.players,
            "seed": self.seed,
            "options": self.options,
            "inputs": self.inputs,
        }

    @staticmethod
    def from_dict(d: dict[str, Any]) -> GameLog:
        return GameLog(
            ruleset=str(d["ruleset"]),
            players=list(d["players"]),
            seed=int(d["seed"]),
            options=dict(d.get("options", {})),
            inputs=list(d.get("inputs", [])),
        )
