"""An input's fields as JSON, exactly: whatever was submitted comes back the same.

A log is the whole game (engine/log.py) and the web platform stores it as JSON, so
the JSON of an input must replay to the same answer, a refusal included. A
well-typed field keeps its plain form (a name as a string, `targets` as a list of
names), which is what every log held before; any other value is written as a
tagged object {"$": kind, "v": ...}, so a refused ill-shaped input (`targets=5`, a
list as `seat`) is read back as the same value and refused for the same reason.
Plain JSON objects never stand for a value of their own (a dict is tagged too), so
the tags cannot be confused with a field.

An input that is not an Action at all is written with only the seat and skill it
names (the refusal quotes nothing else) and read back as a `ForeignInput`, which the
engine refuses just as it refused the original.
"""

from __future__ import annotations

from typing import Any


class ForeignInput:
    """Stands for a submitted object that was not an Action (read back from a log):
    not an Action, so it is refused as one; it names the seat and skill the original
    named, so the refusal reads the same."""

    def __init__(self, seat: str | None, skill: str | None) -> None:
        self.seat = seat
        self.skill = skill

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, ForeignInput)
                and (self.seat, self.skill) == (other.seat, other.skill))

    def __hash__(self) -> int:
        return hash((self.seat, self.skill))

    def __repr__(self) -> str:
        return f"ForeignInput(seat={self.seat!r}, skill={self.skill!r})"


def encode(value: object) -> Any:
    """A JSON form of `value` that `decode` turns back into an equal value of the
    same type (str, None, int, float, bool, list, tuple, dict, bytes; any other
    object becomes its type's name, which no rule reads)."""
    if value is None:
        return None
    if isinstance(value, str):
        return str(value)
    if isinstance(value, bool):
        return {"$": "bool", "v": bool(value)}
    if isinstance(value, int):
        return {"$": "int", "v": str(int(value))}
    if isinstance(value, float):
        return {"$": "float", "v": repr(float(value))}
    if isinstance(value, bytes | bytearray):
        return {"$": "bytes", "v": bytes(value).hex()}
    if isinstance(value, tuple):
        return {"$": "tuple", "v": [encode(x) for x in value]}
    if isinstance(value, list):
        return {"$": "list", "v": [encode(x) for x in value]}
    if isinstance(value, dict):
        return {"$": "dict", "v": [[encode(k), encode(x)] for k, x in value.items()]}
    return {"$": "object", "v": type(value).__name__}


class _Opaque:
    """Read back for an object JSON cannot hold: some value no field accepts."""

    def __init__(self, name: str) -> None:
        self.name = name

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Opaque) and self.name == other.name

    def __hash__(self) -> int:
        return hash(self.name)

    def __repr__(self) -> str:
        return f"<{self.name}>"


def decode(data: Any) -> Any:
    """The value `encode` wrote. An untagged JSON value stands for itself (a
    hand-written log), a list as a list."""
    if isinstance(data, dict) and "$" in data:
        kind, v = data.get("$"), data.get("v")
        if kind == "bool":
            return bool(v)
        if kind == "int":
            return int(str(v))
        if kind == "float":
            return float(str(v))
        if kind == "bytes":
            return bytes.fromhex(str(v))
        if kind == "tuple":
            return tuple(decode(x) for x in _items(v))
        if kind == "list":
            return [decode(x) for x in _items(v)]
        if kind == "dict":
            return {_key(decode(p[0])): decode(p[1]) for p in _items(v)
                    if isinstance(p, list) and len(p) == 2}
        return _Opaque(str(v))
    if isinstance(data, list):
        return [decode(x) for x in data]
    return data


def _items(v: Any) -> list[Any]:
    return v if isinstance(v, list) else []


def _key(k: Any) -> Any:
    # a dict key must be hashable: a list read back as a key becomes a tuple
    return tuple(k) if isinstance(k, list) else k


def encode_targets(targets: object) -> Any:
    """`targets` as a list of names when it is a tuple of names (its usual form)."""
    if type(targets) is tuple and all(isinstance(t, str) for t in targets):
        return [str(t) for t in targets]
    return encode(targets)


def decode_targets(data: Any) -> Any:
    if isinstance(data, list):
        return tuple(decode(x) for x in data)
    return decode(data)
