"""Statuses (状态): effects on a seat with a source, a duration and a visibility.

Time is counted in phase indices. A status applied in phase ``start`` with
``expires_at=b`` lasts until boundary ``b`` (the boundary that closes phase
``b``) is crossed; ``expires_at=None`` means it never expires on its own.
Rules decide *when* statuses are applied and what they do; this module only
keeps the book, so that immunity, composites and consumption order behave the
same in every ruleset.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Status:
    """One status instance on one holder.

    ``components`` makes a composite: 业炎 = (沉默, 超度, 遗忘) counts as each of
    its parts while it lasts, so rules checking for 沉默 need not know 业炎.
    ``immune_to`` / ``immune_to_negative`` turn the status into an immunity
    (漏洞 naming specific statuses, 秩序 refusing every negative one).
    """

    name: str
    holder: str
    source: str
    start: int
    expires_at: int | None = None
    visible_to_holder: bool = True
    negative: bool = False
    components: tuple[str, ...] = ()
    immune_to: tuple[str, ...] = ()
    immune_to_negative: bool = False

    def __post_init__(self) -> None:
        if not self.name:
            raise ValueError("a status needs a name")
        # A status that would expire before it starts is a caller bug, not a rule.
        if self.expires_at is not None and self.expires_at < self.start:
            raise ValueError(
                f"status {self.name} on {self.holder} expires at boundary {self.expires_at}"
                f" before its start phase {self.start}"
            )

    @property
    def permanent(self) -> bool:
        return self.expires_at is None

    def covers(self, name: str) -> bool:
        """True if this status is ``name`` or a composite containing it."""
        return name == self.name or name in self.components

    def refuses(self, incoming: Status) -> bool:
        """True if this status, acting as an immunity, blocks ``incoming``."""
        if self.immune_to_negative and incoming.negative:
            return True
        # An immunity to 沉默 must also stop 业炎, or a composite would be a loophole.
        return any(incoming.covers(n) for n in self.immune_to)


@dataclass(frozen=True)
class Refused:
    """Why an add was refused; ``by`` is the immunity status that refused it."""

    status: Status
    by: Status

    @property
    def reason(self) -> str:
        return f"{self.status.holder} is immune to {self.status.name}: {self.by.name}"


def _remaining_key(status: Status) -> tuple[int, int]:
    # Permanent statuses sort after every timed one; all timed ones share "now",
    # so comparing expiry boundaries is comparing remaining durations.
    if status.expires_at is None:
        return (1, 0)
    return (0, status.expires_at)


class StatusBook:
    """Every status in a game, grouped by holder, in the order they were added."""

    def __init__(self) -> None:
        self._by_holder: dict[str, list[Status]] = {}

    def add(self, status: Status) -> Refused | None:
        """Add ``status`` unless one of the holder's immunities refuses it.

        Returns ``None`` on success, or a :class:`Refused` explaining the refusal
        so the resolution trace can say which immunity stopped it.
        """
        for held in self._by_holder.get(status.holder, []):
            if held.refuses(status):
                return Refused(status, held)
        self._by_holder.setdefault(status.holder, []).append(status)
        return None

    def of(self, holder: str) -> list[Status]:
        """All statuses on ``holder`` (including hidden ones), oldest first."""
        return list(self._by_holder.get(holder, []))

    def has(self, holder: str, name: str) -> bool:
        """True if ``holder`` has ``name`` directly or through a composite."""
        return any(s.covers(name) for s in self._by_holder.get(holder, []))

    def holders_of(self, name: str) -> list[str]:
        """Holders that currently have ``name`` (directly or via a composite)."""
        return [h for h in self._by_holder if self.has(h, name)]

    def remove(self, holder: str, name: str, source: str | None = None) -> list[Status]:
        """Remove every instance named exactly ``name`` (optionally only from ``source``).

        Composites are not split: removing 沉默 leaves 业炎 whole, because
        dispelling one part of a composite is a rule decision, not bookkeeping.
        """
        held = self._by_holder.get(holder, [])
        gone = [s for s in held if s.name == name and (source is None or s.source == source)]
        self._keep(holder, [s for s in held if s not in gone])
        return gone

    def consume(self, holder: str, name: str) -> Status | None:
        """Remove and return one ``name`` instance, the one with least time left.

        Using up the soonest-to-expire instance first wastes nothing: a
        permanent instance is only spent once no timed one remains.
        """
        held = self._by_holder.get(holder, [])
        candidates = [s for s in held if s.name == name]
        if not candidates:
            return None
        # min() is stable, so equal durations are consumed oldest first.
        chosen = min(candidates, key=_remaining_key)
        index = next(i for i, s in enumerate(held) if s is chosen)
        self._keep(holder, held[:index] + held[index + 1 :])
        return chosen

    def expire(self, boundary: int) -> list[Status]:
        """Cross phase boundary ``boundary``; drop and return what expired there."""
        expired: list[Status] = []
        for holder in list(self._by_holder):
            held = self._by_holder[holder]
            ended = [s for s in held if s.expires_at is not None and s.expires_at <= boundary]
            if ended:
                expired.extend(ended)
                self._keep(holder, [s for s in held if s not in ended])
        return expired

    def visible_to(self, holder: str) -> list[Status]:
        """Statuses ``holder`` may see on itself; hidden ones are left out."""
        return [s for s in self._by_holder.get(holder, []) if s.visible_to_holder]

    def _keep(self, holder: str, statuses: list[Status]) -> None:
        # Drop empty holders so iteration over holders stays meaningful.
        if statuses:
            self._by_holder[holder] = statuses
        else:
            self._by_holder.pop(holder, None)
