"""Damage and protections as data, the dying state, and chained outs.

A post lists, per damage kind (指杀, 毒药, 致死伤害, 穿透, 撕咬), which
protections stop it and in which order they are checked. Here a damage is
checked against protections in the order the caller gives (the post's order),
and the first one that applies blocks it and spends a use. Piercing damage
walks past protections marked pierceable (神器-like) but not past the rest.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Literal

ANY_KIND = "*"


# Damage, Protection and DamageResult are made for every kill: dataclasses with a
# written __init__, not frozen (see engine/actions.py, Action).
@dataclass(init=False)
class Damage:
    kind: str
    source: str
    target: str
    pierce: bool

    def __init__(self, kind: str, source: str, target: str, pierce: bool = False) -> None:
        self.kind = kind
        self.source = source
        self.target = target
        self.pierce = pierce


@dataclass(init=False)
class Protection:
    """A shield on ``target`` granted by ``owner``. Mutable: blocking spends ``uses``.

    ``uses=None`` never runs out; ``blocks`` may contain ``ANY_KIND``.
    """

    name: str
    blocks: frozenset[str]
    target: str
    owner: str
    uses: int | None
    pierceable: bool

    def __init__(self, name: str, blocks: frozenset[str], target: str, owner: str = "",
                 uses: int | None = None, pierceable: bool = True) -> None:
        self.name = name
        self.blocks = blocks
        self.target = target
        self.owner = owner
        self.uses = uses
        self.pierceable = pierceable

    @property
    def exhausted(self) -> bool:
        return self.uses is not None and self.uses <= 0

    def stops(self, damage: Damage) -> bool:
        if self.exhausted or damage.target != self.target:
            return False
        if damage.pierce and self.pierceable:
            return False
        return damage.kind in self.blocks or ANY_KIND in self.blocks


@dataclass(init=False)
class DamageResult:
    damage: Damage
    blocked_by: str | None
    dying: bool

    def __init__(self, damage: Damage, blocked_by: str | None, dying: bool = False) -> None:
        self.damage = damage
        self.blocked_by = blocked_by
        self.dying = dying

    @property
    def goes_out(self) -> bool:
        return self.blocked_by is None and not self.dying

    def explain(self) -> str:
        """A trace line a director can read, e.g. "辛 survived 指杀: 长寿之命"."""
        d = self.damage
        if self.blocked_by is not None:
            return f"{d.target} survived {d.kind}: {self.blocked_by}"
        return f"{d.target} {'is dying from' if self.dying else 'goes out to'} {d.kind}"


def resolve_damage(
    damage: Damage, protections: Sequence[Protection], *, dying_state: bool = False
) -> DamageResult:
    """Check ``protections`` in the given order; the first that stops ``damage`` wins.

    With ``dying_state`` (s15 濒死) an unblocked damage leaves the target dying
    instead of out, to be settled at night's end by a :class:`DyingTracker`.
    """
    for protection in protections:
        if protection.stops(damage):
            if protection.uses is not None:
                protection.uses -= 1
            return DamageResult(damage, protection.name)
    return DamageResult(damage, None, dying=dying_state)


@dataclass(frozen=True)
class Settlement:
    out: tuple[str, ...]
    spared: tuple[str, ...]


@dataclass
class DyingTracker:
    """Seats marked dying during a night, settled together when the night ends."""

    causes: dict[str, list[Damage]] = field(default_factory=dict)

    def mark(self, damage: Damage) -> None:
        self.causes.setdefault(damage.target, []).append(damage)

    def is_dying(self, seat: str) -> bool:
        return seat in self.causes

    def save(self, seat: str) -> bool:
        """Lift the dying state (e.g. a heal); True if the seat was dying."""
        return self.causes.pop(seat, None) is not None

    def settle(self, spared: Callable[[str, tuple[Damage, ...]], bool] | None = None) -> Settlement:
        """Everyone still dying goes out, in marking order, unless ``spared`` says not.

        The exception is a callable so rules like "an unmarked 长老 survives"
        stay in the ruleset while the tracker stays rules-agnostic.
        """
        out: list[str] = []
        kept: list[str] = []
        for seat, causes in self.causes.items():
            if spared is not None and spared(seat, tuple(causes)):
                kept.append(seat)
            else:
                out.append(seat)
        self.causes = {}
        return Settlement(tuple(out), tuple(kept))


@dataclass(frozen=True)
class ChainedOut:
    """``seat`` must go out ``relation`` ``anchor``: 神堕's target before its owner,
    a 殉情 lover after their partner."""

    seat: str
    relation: Literal["before", "after"]
    anchor: str
    reason: str = ""

    def __post_init__(self) -> None:
        if self.relation not in ("before", "after"):
            raise ValueError(f"relation must be 'before' or 'after', got {self.relation!r}")


def order_outs(pending: Sequence[str], chains: Iterable[ChainedOut]) -> list[str]:
    """Order pending outs so every chain holds; otherwise keep the given order.

    A stable topological sort: whenever several seats are free to go next,
    the one earliest in ``pending`` goes, so the result is deterministic.
    Chains naming a seat that is not pending are ignored; a cycle raises.
    """
    seats = list(dict.fromkeys(pending))
    rank = {s: i for i, s in enumerate(seats)}
    after: dict[str, set[str]] = {s: set() for s in seats}
    for chain in chains:
        if chain.seat not in rank or chain.anchor not in rank or chain.seat == chain.anchor:
            continue
        first, then = (
            (chain.seat, chain.anchor) if chain.relation == "before" else (chain.anchor, chain.seat)
        )
        after[then].add(first)
    result: list[str] = []
    waiting = list(seats)
    while waiting:
        ready = [s for s in waiting if not after[s] - set(result)]
        if not ready:
            raise ValueError(f"chained outs form a cycle among {', '.join(waiting)}")
        chosen = min(ready, key=rank.__getitem__)
        result.append(chosen)
        waiting.remove(chosen)
    return result
