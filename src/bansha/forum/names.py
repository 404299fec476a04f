"""Matching a written name to a character: exactly, then normalized (whitespace,
full- or half-width, case), then by a unique prefix. An ambiguous name is an
error listing the candidates, never a guess."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .text import fold


@dataclass(frozen=True)
class Match:
    name: str | None  # the character, or None
    how: str = ""  # exact | normalized | prefix
    candidates: tuple[str, ...] = ()  # when ambiguous

    @property
    def ambiguous(self) -> bool:
        return len(self.candidates) > 1


def match_name(written: str, names: Sequence[str]) -> Match:
    w = written.strip()
    if not w:
        return Match(None)
    if w in names:
        return Match(w, "exact")
    fw = fold(w)
    if not fw:
        return Match(None)
    same = [n for n in names if fold(n) == fw]
    if len(same) == 1:
        return Match(same[0], "normalized")
    if len(same) > 1:
        return Match(None, "normalized", tuple(same))
    pre = [n for n in names if fold(n).startswith(fw)]
    if len(pre) == 1:
        return Match(pre[0], "prefix")
    return Match(None, "prefix", tuple(pre))
