"""m125's rounds: a history round that records, a reversal round that replays.

During the history round every card's actions are recorded per phase. In the
reversal round each recorded card is played by an NPC that repeats what the
card did in the matching history phase, until a skill frees the card and its
seat controls it again. Phases are positions within a round (0 = the round's
first phase); ``phase_map`` says which history phase a reversal phase
replays, so a post that replays in reverse order needs no new code.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from bansha.engine.identity import Card


@dataclass(frozen=True)
class RecordedAction:
    card: str
    phase: int
    skill: str
    targets: tuple[str, ...] = ()
    choice: str | None = None


class HistoryRound:
    """The record of the history round, keyed by card reference ("甲:1")."""

    def __init__(self, cards: Iterable[str] = ()) -> None:
        # dict as an ordered set: enrolment order is the replay order within a phase.
        self._cards: dict[str, None] = dict.fromkeys(cards)
        self._log: dict[tuple[str, int], list[RecordedAction]] = {}
        self._closed = False

    @property
    def cards(self) -> tuple[str, ...]:
        """Every card that took part, including cards that never acted."""
        return tuple(self._cards)

    @property
    def closed(self) -> bool:
        return self._closed

    def enrol(self, card: str) -> None:
        self._cards.setdefault(card, None)

    def record(
        self,
        card: str,
        phase: int,
        skill: str,
        targets: tuple[str, ...] = (),
        choice: str | None = None,
    ) -> RecordedAction:
        # The replay must match what happened; editing history after the reversal
        # began would make NPCs act on a record nobody saw.
        if self._closed:
            raise RuntimeError("the history round is closed; its record can no longer change")
        if phase < 0:
            raise ValueError(f"phase positions start at 0, got {phase}")
        self.enrol(card)
        action = RecordedAction(card, phase, skill, tuple(targets), choice)
        self._log.setdefault((card, phase), []).append(action)
        return action

    def actions(self, card: str, phase: int) -> tuple[RecordedAction, ...]:
        """What ``card`` did in history phase ``phase``, in the order it did it."""
        return tuple(self._log.get((card, phase), ()))

    def close(self) -> None:
        self._closed = True


class ReversalRound:
    """Plays recorded cards as NPCs. Starting it closes the history and flips
    every recorded card among ``cards`` to NPC control."""

    def __init__(
        self,
        history: HistoryRound,
        cards: Iterable[Card],
        phase_map: Callable[[int], int] | None = None,
    ) -> None:
        history.close()
        self._history = history
        self._map = phase_map or (lambda phase: phase)
        recorded = set(history.cards)
        order = {ref: i for i, ref in enumerate(history.cards)}
        chosen = [c for c in cards if c.ref in recorded]
        self._cards: list[Card] = sorted(chosen, key=lambda c: order[c.ref])
        self._refs = {c.ref for c in self._cards}
        for card in self._cards:
            card.make_npc()

    def is_npc(self, card: Card) -> bool:
        return card.ref in self._refs and card.control == "npc"

    def replay(self, card: Card, phase: int) -> tuple[RecordedAction, ...] | None:
        """The recorded actions ``card`` repeats in reversal phase ``phase``.

        ``None`` means the card is not an NPC (never recorded, or freed): its
        seat decides. An empty tuple means the NPC does nothing this phase.
        """
        if not self.is_npc(card):
            return None
        return self._history.actions(card.ref, self._map(phase))

    def due(self, phase: int) -> list[RecordedAction]:
        """Every NPC action for ``phase``, in enrolment order.

        Out cards are skipped: a card that has gone out takes no actions, so
        its record has nothing left to replay.
        """
        due: list[RecordedAction] = []
        for card in self._cards:
            if card.out:
                continue
            actions = self.replay(card, phase)
            if actions:
                due.extend(actions)
        return due

    def npcs(self) -> list[Card]:
        return [c for c in self._cards if c.control == "npc"]

    def free(self, card: Card) -> bool:
        """Return ``card`` to its seat's control; True if it was an NPC here."""
        was_npc = self.is_npc(card)
        card.free()
        return was_npc
