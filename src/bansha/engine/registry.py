"""Ruleset registry. Rulesets are plugins: each is announced by an entry point in the
`bansha.rulesets` group (pyproject.toml, `[project.entry-points."bansha.rulesets"]`,
name = the ruleset id, value = its Ruleset class), so the engine imports no ruleset
package and a third party can ship one as its own distribution. `register(Cls)`
still adds a class directly (a test's toy ruleset, a ruleset not installed)."""

from __future__ import annotations

from importlib.metadata import entry_points
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .ruleset import Ruleset

GROUP = "bansha.rulesets"
_REGISTRY: dict[str, type[Ruleset]] = {}
_LOADED = False
_BROKEN: dict[str, str] = {}  # entry point name -> why it could not be loaded


def register(cls: type[Ruleset]) -> type[Ruleset]:
    _REGISTRY[cls.id] = cls
    return cls


def _load() -> None:
    global _LOADED
    if _LOADED:
        return
    _LOADED = True
    for ep in entry_points(group=GROUP):
        try:
            obj = ep.load()
        except Exception as e:  # one broken plugin must not hide the others
            _BROKEN[ep.name] = f"{type(e).__name__}: {e}"
            continue
        rid = getattr(obj, "id", None)
        if isinstance(obj, type) and isinstance(rid, str) and rid:
            _REGISTRY.setdefault(rid, obj)
        else:
            _BROKEN[ep.name] = f"{ep.value} 不是规则类"


def ruleset_ids() -> list[str]:
    _load()
    return sorted(_REGISTRY)


def get_ruleset(ruleset_id: str) -> type[Ruleset]:
    _load()
    try:
        return _REGISTRY[ruleset_id]
    except KeyError:
        known = "、".join(sorted(_REGISTRY)) or "（无）"
        broken = _BROKEN.get(ruleset_id)
        if broken is not None:
            raise KeyError(f"规则“{ruleset_id}”无法加载（{broken}）") from None
        raise KeyError(f"未知的规则“{ruleset_id}”；可用：{known}") from None
