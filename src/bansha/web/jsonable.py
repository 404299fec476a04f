"""Engine values (views, events, legal actions) as JSON-ready data, with no reprs."""

from __future__ import annotations

import dataclasses
from typing import Any

from bansha.engine import Event, LegalAction


def legal_dict(la: LegalAction) -> dict[str, Any]:
    return {"skill": la.skill, "targets": list(la.targets), "n_targets": la.n_targets,
            "choices": list(la.choices), "optional": la.optional,
            "needs_text": la.needs_text, "team": la.team}


def jsonable(value: Any) -> Any:
    """Events via Event.as_dict, legal actions via legal_dict, other dataclasses field by
    field, containers recursively; anything else that JSON cannot hold as its str()."""
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, Event):
        return jsonable(value.as_dict())
    if isinstance(value, LegalAction):
        return legal_dict(value)
    if isinstance(value, dict):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple | set | frozenset):
        return [jsonable(v) for v in value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: jsonable(getattr(value, f.name)) for f in dataclasses.fields(value)}
    return str(value)
