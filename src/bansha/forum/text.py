"""Text helpers shared by the readers: width folding and the time format."""

from __future__ import annotations

import re
import unicodedata
from datetime import datetime

_SPACE = re.compile(r"\s+")
TIME_FORMATS = ("%Y-%m-%d %H:%M:%S", "%Y-%m-%d %H:%M")


def fold(text: str) -> str:
    """Full- and half-width folded (NFKC), case folded, whitespace removed: the
    "normalized" form names are compared in."""
    return _SPACE.sub("", unicodedata.normalize("NFKC", text)).casefold()


def parse_time(text: str) -> datetime | None:
    """`YYYY-MM-DD HH:MM[:SS]` (full-width digits and colons allowed), or None."""
    t = unicodedata.normalize("NFKC", text).strip()
    t = _SPACE.sub(" ", t)
    for fmt in TIME_FORMATS:
        try:
            return datetime.strptime(t, fmt)
        except ValueError:
            continue
    return None


def show_time(t: datetime | None) -> str:
    return "" if t is None else t.strftime("%Y-%m-%d %H:%M:%S")
