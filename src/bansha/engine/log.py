"""The append-only input log: seed + setup + every input is the whole game."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .actions import Action

ADVANCE: None = None  # an `advance()` in the input list


@dataclass
class GameLog:
    ruleset: str
    players: list[Any]
    seed: int
    options: dict[str, Any]
    # every input in order: an Action for submit(), ADVANCE (None) for advance().
    # Kept as objects (the hot path appends ~70 a game); as_dict() makes them JSON.
    inputs: list[Action | None] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        return {
            "ruleset": self.ruleset,
            "players": self.players,
            "seed": self.seed,
            "options": self.options,
            "inputs": [
                {"op": "advance"} if a is None else {"op": "submit", **a.as_dict()}
                for a in self.inputs
            ],
        }

    @staticmethod
    def from_dict(d: dict[str, Any]) -> GameLog:
        inputs: list[Action | None] = []
        for i, inp in enumerate(d.get("inputs", [])):
            if not isinstance(inp, dict):
                raise ValueError(f"inputs[{i}]: 应为映射")
            if inp.get("op") == "advance":
                inputs.append(ADVANCE)
            elif "seat" in inp and "skill" in inp:
                inputs.append(Action.from_dict(inp))
            else:
                raise ValueError(f"inputs[{i}]: 无法识别的输入 {inp!r}")
        return GameLog(
            ruleset=str(d["ruleset"]),
            players=list(d["players"]),
            seed=int(d["seed"]),
            options=dict(d.get("options", {})),
            inputs=inputs,
        )
