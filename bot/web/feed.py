"""Live updates for the spectator pages: `notify(game_id, version)` after every
committed change, fanned out to that game's Server-Sent Events subscribers.

`notify` is a plain synchronous call, the listener signature of the live board's
`subscribe`, so it costs the committing click only a queue put per subscriber; each
subscriber then reads the new view itself. A subscriber that falls behind keeps only
the newest version: a page wants the table as it is, not every step it missed.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Iterator

CLOSED = -1
"""The version a subscriber is handed when the server stops."""


class Feed:
    def __init__(self) -> None:
        self._subscribers: dict[int, set[asyncio.Queue[int]]] = {}

    def notify(self, game_id: int, version: int) -> None:
        for queue in self._subscribers.get(game_id, ()):
            _replace(queue, version)

    @contextlib.contextmanager
    def subscribe(self, game_id: int) -> Iterator[asyncio.Queue[int]]:
        queue: asyncio.Queue[int] = asyncio.Queue(maxsize=1)
        self._subscribers.setdefault(game_id, set()).add(queue)
        try:
            yield queue
        finally:
            subscribers = self._subscribers.get(game_id, set())
            subscribers.discard(queue)
            if not subscribers:
                self._subscribers.pop(game_id, None)

    def watching(self, game_id: int) -> int:
        return len(self._subscribers.get(game_id, ()))

    def close(self) -> None:
        """Wake every subscriber with CLOSED, so open streams end and the server stops."""
        for queues in self._subscribers.values():
            for queue in queues:
                _replace(queue, CLOSED)


def _replace(queue: asyncio.Queue[int], version: int) -> None:
    with contextlib.suppress(asyncio.QueueEmpty):
        queue.get_nowait()
    queue.put_nowait(version)
