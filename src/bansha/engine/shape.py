"""The per-game objects of the shape (docs/architecture.md, "The shape"), held in one
place so that a Game keeps few attributes of its own.

Why one holder: CPython 3.11 shares one key table among a class's instance dicts only
up to 30 attributes; past that every attribute access of every Game takes the slow
path (measured: +3% instructions per M47 game). The Game exposes each part as a
property. Parts M47 and S15 never use are made on first use.
"""

from __future__ import annotations

from .abilities import UseBook
from .bus import Bus
from .cards import RoundRecord
from .moment import Calendar, Moment, NewsBuffer
from .statuses import StatusBook, StatusKind
from .window import WindowRun


class Shape:
    __slots__ = ("_bus", "_kinds", "_news", "_record", "_statuses", "_uses",
                 "calendar", "moment", "nth", "round", "state", "sub", "window")

    def __init__(self, calendar: Calendar, kinds: dict[str, StatusKind],
                 state: object | None) -> None:
        self.calendar = calendar
        self.sub = ""  # the running sub-phase ("" = the part has none)
        self.nth = 1
        self.round = 1
        self.state = state
        self.window: WindowRun | None = None
        # the current Moment, made once per window (Game.moment; dropped whenever the
        # phase, sub-phase, nth or round changes): legality asks for it per skill
        self.moment: Moment | None = None
        self._kinds = kinds
        self._bus: Bus | None = None
        self._statuses: StatusBook | None = None
        self._news: NewsBuffer | None = None
        self._uses: UseBook | None = None
        self._record: RoundRecord | None = None

    def bus(self) -> Bus:
        if self._bus is None:
            self._bus = Bus()
        return self._bus

    def statuses(self) -> StatusBook:
        if self._statuses is None:
            self._statuses = StatusBook(dict(self._kinds), self.calendar)
        return self._statuses

    def news(self) -> NewsBuffer:
        if self._news is None:
            self._news = NewsBuffer()
        return self._news

    def uses(self) -> UseBook:
        if self._uses is None:
            self._uses = UseBook()
        return self._uses

    def book(self) -> UseBook | None:
        """The window's book if anything was submitted (taking from an empty window
        makes none)."""
        return self._uses

    def new_window(self) -> None:
        """A phase opened: its uses start empty."""
        self._uses = None

    def record(self) -> RoundRecord:
        if self._record is None:
            self._record = RoundRecord()
        return self._record
