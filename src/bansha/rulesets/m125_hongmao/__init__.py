"""[m125]虹猫蓝兔七侠传."""

from .ruleset import M125Hongmao

__all__ = ["M125Hongmao"]
