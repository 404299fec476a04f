"""Ruleset registry: rulesets register themselves by id; the engine looks them
up by id only (it never imports a particular ruleset)."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .ruleset import Ruleset

_REGISTRY: dict[str, type[Ruleset]] = {}
_LOADED = False


def register(cls: type[Ruleset]) -> type[Ruleset]:
    _REGISTRY[cls.id] = cls
    return cls


def _load() -> None:
    global _LOADED
    if not _LOADED:
        _LOADED = True
        importlib.import_module("bansha.rulesets")


def ruleset_ids() -> list[str]:
    _load()
    return sorted(_REGISTRY)


def get_ruleset(ruleset_id: str) -> type[Ruleset]:
    _load()
    try:
        return _REGISTRY[ruleset_id]
    except KeyError:
        known = "、".join(sorted(_REGISTRY)) or "（无）"
        raise KeyError(f"未知的规则“{ruleset_id}”；可用：{known}") from None
