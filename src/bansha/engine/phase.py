"""Game phases: day N and night N, ordered as the forum plays them.

Day N comes before night N; a ruleset may start at night 0 (s15) or day 1 (m47).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

PhaseKind = Literal["day", "night"]

_LABEL = re.compile(r"^\s*(day|night)\s+(\d+)\s*$")
_CHINESE = {"day": "第{n}天白天", "night": "第{n}天夜晚"}
_SHORT = {"day": "第{n}天", "night": "第{n}夜"}


# a round's label qualifier and its Chinese name ("reversal" → 逆转轮), filled in as
# rulesets' calendars are built (game.py), so labels read alike everywhere
ROUND_NAMES: dict[str, str] = {}


def name_rounds(rounds: tuple[str, ...], rounds_cn: tuple[str, ...]) -> None:
    for tag, cn in zip(rounds, rounds_cn, strict=False):
        if tag and cn:
            ROUND_NAMES[tag] = cn


_LOADED: list[bool] = []


def _round_names() -> dict[str, str]:
    """Every registered ruleset's round names, read once (so a label reads the same
    whether or not a game of that ruleset was made in this process)."""
    if not _LOADED:
        _LOADED.append(True)
        from .registry import get_ruleset, ruleset_ids  # here: registry imports phase
        for rid in ruleset_ids():
            try:
                rs = get_ruleset(rid)
            except KeyError:
                continue  # a broken plugin is reported by the registry itself
            name_rounds(rs.rounds, rs.rounds_cn)
    return ROUND_NAMES


def chinese_label(label: str) -> str:
    """A phase label as a person reads it: 'day 2' → 第2天, 'night 6' → 第6夜,
    'reversal day 1' → 逆转轮第1天 (a round named by its ruleset). The JSON documents
    keep the labels themselves; a label that is not a phase's is returned as it is."""
    tag, _, rest = label.partition(" ")
    if tag in _round_names():
        inner = chinese_label(rest)
        return ROUND_NAMES[tag] + inner if inner != rest else label
    m = _LABEL.match(label)
    return _SHORT[m.group(1)].format(n=int(m.group(2))) if m else label


# A value, never mutated; not frozen and with a written __init__ because both make
# construction several times slower, most of all in the compiled build (see
# engine/actions.py, Action). Hashable by its explicit __hash__ below.
@dataclass(slots=True, init=False, eq=False)
class Phase:
    kind: PhaseKind
    n: int

    def __init__(self, kind: PhaseKind, n: int) -> None:
        self.kind = kind
        self.n = n

    @property
    def index(self) -> int:
        """A total order: night 0 < day 1 < night 1 < day 2 ..."""
        return 2 * self.n + (1 if self.kind == "night" else 0)

    @property
    def label(self) -> str:
        return f"{self.kind} {self.n}"

    @property
    def chinese(self) -> str:
        return _CHINESE[self.kind].format(n=self.n)

    @property
    def is_night(self) -> bool:
        return self.kind == "night"

    def next(self) -> Phase:
        if self.kind == "day":
            return Phase("night", self.n)
        return Phase("day", self.n + 1)

    def __lt__(self, other: Phase) -> bool:
        return self.index < other.index

    # __eq__/__hash__ are spelled out rather than left to @dataclass: in the optional
    # compiled (mypyc) build a class that defines __lt__ gets its own comparison slot
    # and the generated ones are lost (phases would compare by identity, unhashable).
    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Phase):
            return NotImplemented
        return self.kind == other.kind and self.n == other.n

    def __hash__(self) -> int:
        return hash((self.kind, self.n))

    def __str__(self) -> str:
        return self.label

    @staticmethod
    def parse(label: str) -> Phase:
        """Parse 'day 2' / 'night 0'; raise ValueError with the accepted form."""
        m = _LABEL.match(str(label))
        if not m:
            raise ValueError(f"无法识别的阶段标签“{label}”（应为 day N 或 night N）")
        kind: PhaseKind = "day" if m.group(1) == "day" else "night"
        return Phase(kind, int(m.group(2)))
