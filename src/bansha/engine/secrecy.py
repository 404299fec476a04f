"""The one place that decides what a seat may see.

Every view (player views, the CLI, bots, the web) goes through `may_see`;
no other code filters events by audience.
"""

from __future__ import annotations

from collections.abc import Iterable

from .events import Event


def may_see(event: Event, seat: str | None) -> bool:
    """True when `seat` may see `event`; seat None means the public."""
    if event.to is None:
        return True
    if seat is None:
        return False
    return seat in event.to


def audience(event: Event, seats: Iterable[str]) -> list[str]:
    """The seats among `seats` that may see `event` (used to route inboxes)."""
    return [s for s in seats if may_see(event, s)]
