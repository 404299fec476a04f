"""[M192]纳塔 (m192-nata)."""

from .ruleset import M192Nata

__all__ = ["M192Nata"]
