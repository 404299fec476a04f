"""Rulesets, one package per rule post. Importing this package registers them."""

from . import m47_yeliang, s15_official

__all__ = ["m47_yeliang", "s15_official"]
