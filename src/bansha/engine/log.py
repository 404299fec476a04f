"""The append-only input log: seed + setup + every input is the whole game."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .actions import Action
from .input_json import ForeignInput, decode
from .input_shape import named

ADVANCE: None = None  # an `advance()` in the input list


@dataclass(init=False)  # __init__ written out (one per game): see engine/actions.py, Action
class GameLog:
    ruleset: str
    players: list[Any]
    seed: int
    options: dict[str, Any]
    # every input in order: an Action for submit(), ADVANCE (None) for advance().
    # Kept as objects (the hot path appends ~70 a game); as_dict() makes them JSON.
    inputs: list[Action | None]

    def __init__(self, ruleset: str, players: list[Any], seed: int, options: dict[str, Any],
                 inputs: list[Action | None] | None = None) -> None:
        self.ruleset = ruleset
        self.players = players
        self.seed = seed
        self.options = options
        self.inputs = [] if inputs is None else inputs

    def as_dict(self) -> dict[str, Any]:
        """The log as JSON; `from_dict(json.loads(json.dumps(...)))` replays to the same
        game, refused inputs included (engine/input_json.py)."""
        return {
            "ruleset": self.ruleset,
            "players": self.players,
            "seed": self.seed,
            "options": self.options,
            "inputs": [_input_dict(a) for a in self.inputs],
        }

    @staticmethod
    def from_dict(d: dict[str, Any]) -> GameLog:
        inputs: list[Action | None] = []
        for i, inp in enumerate(d.get("inputs", [])):
            if not isinstance(inp, dict):
                raise ValueError(f"inputs[{i}]: 应为映射")
            if inp.get("op") == "advance":
                inputs.append(ADVANCE)
            elif ("seat" in inp and "skill" in inp) or isinstance(inp.get("foreign"), dict):
                try:
                    inputs.append(_read_input(inp))
                except TypeError:
                    # only the pure build's Game.submit takes (and logs) an ill-typed
                    # input; the compiled build cannot hold one, so it cannot replay it
                    raise ValueError(f"inputs[{i}]: 该输入的字段类型不对，编译版无法载入"
                                     "（请用未编译的版本重放）") from None
            else:
                raise ValueError(f"inputs[{i}]: 无法识别的输入"
                                 "（应有 seat 与 skill，或 op: advance）")
        return GameLog(
            ruleset=str(d["ruleset"]),
            players=list(d["players"]),
            seed=int(d["seed"]),
            options=dict(d.get("options", {})),
            inputs=inputs,
        )


def _input_dict(a: object) -> dict[str, Any]:
    if a is None:
        return {"op": "advance"}
    if isinstance(a, Action):
        return {"op": "submit", **a.as_dict()}
    # Game.submit logs whatever it was handed (and refuses what is not an Action)
    seat, skill = named(a)
    return {"op": "submit", "foreign": {"seat": seat, "skill": skill}}


def _read_input(inp: dict[str, Any]) -> Action:
    if isinstance(inp.get("foreign"), dict):
        stand_in: Any = _foreign(inp["foreign"])
        return stand_in  # type: ignore[no-any-return]  # not an Action: refused again
    return Action.from_dict(inp)


def _foreign(d: dict[str, Any]) -> ForeignInput:
    seat, skill = decode(d.get("seat")), decode(d.get("skill"))
    return ForeignInput(seat if isinstance(seat, str) else None,
                        skill if isinstance(skill, str) else None)
