"""Live updates for the spectator pages: `notify(game_id, version)` after every
committed change, fanned out to that game's Server-Sent Events subscribers.

`notify` is the live board's `subscribe` listener, so it runs on the click's path:
it only notes the version and wakes the game's one pump, however many pages watch.
The pump (`WebServer`'s) reads the game's row once, builds each view's bytes once and
hands the same bytes to every subscriber entitled to them. A subscriber keeps only
the newest bytes it was handed: a page wants the table as it is, not every step it
missed.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Iterator
from dataclasses import dataclass, field

from bot.web.links import Link


@dataclass(eq=False)
class Subscriber:
    """One open stream: the link it was opened with (its view and seat) and the
    newest board version it was handed."""

    link: Link
    token: str
    version: int = 0
    _slot: asyncio.Queue[bytes | None] = field(default_factory=lambda: asyncio.Queue(maxsize=1))

    def offer(self, payload: bytes | None) -> None:
        """Hand the stream its next bytes, replacing any it has not written yet;
        None ends the stream."""
        with contextlib.suppress(asyncio.QueueEmpty):
            self._slot.get_nowait()
        self._slot.put_nowait(payload)

    def nudge(self, payload: bytes) -> None:
        """Hand the stream bytes only if it has none waiting (a keep-alive comment
        never replaces a board)."""
        if self._slot.empty():
            self._slot.put_nowait(payload)

    async def next(self) -> bytes | None:
        """The next bytes to write (no timer per stream: the pump sends keep-alives)."""
        return await self._slot.get()


@dataclass(eq=False)
class Watched:
    """One game's subscribers, and what woke its pump: the newest version heard."""

    subscribers: set[Subscriber] = field(default_factory=set)
    heard: int = 0
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    pump: asyncio.Task[None] | None = None


class Feed:
    def __init__(self) -> None:
        self._games: dict[int, Watched] = {}

    def notify(self, game_id: int, version: int) -> None:
        watched = self._games.get(game_id)
        if watched is not None:
            watched.heard = max(watched.heard, version)
            watched.wake.set()

    @contextlib.contextmanager
    def subscribe(self, game_id: int, subscriber: Subscriber) -> Iterator[Watched]:
        watched = self._games.setdefault(game_id, Watched())
        watched.subscribers.add(subscriber)
        try:
            yield watched
        finally:
            watched.subscribers.discard(subscriber)
            if not watched.subscribers:
                self._games.pop(game_id, None)
                watched.wake.set()

    def watching(self, game_id: int) -> int:
        watched = self._games.get(game_id)
        return 0 if watched is None else len(watched.subscribers)

    def close(self) -> None:
        """End every open stream, so the server stops."""
        for watched in self._games.values():
            for subscriber in watched.subscribers:
                subscriber.offer(None)
            watched.wake.set()
