"""Waking the event streams of a game when it changes.

Each open stream (a player's page, a bot) used to poll its game every 0.2 s: with a
page open on every seat that is about a thousand wake-ups a second for 200 players,
each a trip through the event loop, whether anything changed or not. Now a stream
waits for its game's change signal (with a slow poll kept as a safety net), and
whatever changes a game (an input's commit, an undo, a chat line, a deadline, a
substitute) signals it, from any thread."""

from __future__ import annotations

import asyncio
import contextlib


class Notifier:
    def __init__(self) -> None:
        self.loop: asyncio.AbstractEventLoop | None = None
        self._futures: dict[str, asyncio.Future[None]] = {}

    def bind(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop

    def changed(self, game_id: str | None = None) -> None:
        """Wake the streams of `game_id` (None: of every game). Safe from any thread."""
        loop = self.loop
        if loop is None or loop.is_closed():
            return
        with contextlib.suppress(RuntimeError):  # the loop is shutting down
            loop.call_soon_threadsafe(self._wake, game_id)

    def _wake(self, game_id: str | None) -> None:
        ids = list(self._futures) if game_id is None else [game_id]
        for gid in ids:
            f = self._futures.pop(gid, None)
            if f is not None and not f.done():
                f.set_result(None)

    async def wait(self, game_id: str, timeout: float) -> None:
        """Until the game changes, or `timeout` seconds (on the event loop)."""
        f = self._futures.get(game_id)
        if f is None or f.done():
            f = self._futures[game_id] = asyncio.get_running_loop().create_future()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(asyncio.shield(f), timeout)
