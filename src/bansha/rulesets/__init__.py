"""Rulesets, one package per rule post. Importing this package registers them."""

from . import classic, m47_yeliang, s15_official

__all__ = ["classic", "m47_yeliang", "s15_official"]
