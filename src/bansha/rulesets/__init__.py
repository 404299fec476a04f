"""Rulesets, one package per rule post. Importing this package registers them."""

from . import classic, m47_yeliang

__all__ = ["classic", "m47_yeliang"]
