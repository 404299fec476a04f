"""经典狼人杀: c villagers and m wolves, nothing else. It exists to validate the
simulator against an exact result (Migdał's recursion, see bansha.sim.exact)."""

from .ruleset import Classic

__all__ = ["Classic"]
