"""A task that runs for the bot's lifetime beside it (the turn timers, maintenance)."""

from __future__ import annotations

import asyncio
import contextlib


class BackgroundLoop:
    """Started once at start-up and cancelled at shutdown: subclasses give `_loop`,
    which runs until cancelled; starting twice keeps the one loop."""

    _task: asyncio.Task[None] | None = None

    async def _loop(self) -> None:
        raise NotImplementedError

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.create_task(self._loop())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
