"""bansha (版杀): an automated director for Chinese forum werewolf games."""

from __future__ import annotations

import importlib.machinery


def compiled() -> bool:
    """True when this is the optional mypyc-compiled build (`make fast`): the engine
    was loaded from an extension module, not from its .py source."""
    from .engine import game

    return (game.__file__ or "").endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))


__all__ = ["compiled"]
