"""官方规则S15 (20–30 players, five factions). See RULINGS.md for every reading we chose."""

from .ruleset import S15Official

__all__ = ["S15Official"]
