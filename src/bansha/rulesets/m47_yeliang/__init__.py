"""[M47]『野良神』 (14 players). See RULINGS.md for every reading we chose."""

from .ruleset import M47Yeliang

__all__ = ["M47Yeliang"]
