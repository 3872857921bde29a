"""A process's claim on its shards, kept alive while it runs.

At start-up the process claims every shard it runs (waiting while another
live process holds one: that process's lease must expire or be released
first). A renewal task extends the lease every third of its length; if a
renewal finds the epoch moved on, the shards were taken over, the storage
refuses this process's writes from then on, and `on_lost` runs (the bot
closes). A clean stop releases the lease so a successor need not wait.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import secrets
import socket
from collections.abc import Awaitable, Callable

from bot.storage_api import Storage

log = logging.getLogger(__name__)


def owner_name() -> str:
    """Unique per process start, readable in the leases table."""
    return f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(3)}"


class ShardLeases:
    def __init__(
        self,
        storage: Storage,
        shard_count: int,
        shards: list[int],
        ttl: float,
        on_lost: Callable[[], Awaitable[None]],
    ) -> None:
        self.storage = storage
        self.shard_count = shard_count
        self.shards = shards
        self.ttl = ttl
        self.owner = owner_name()
        self._on_lost = on_lost
        self._task: asyncio.Task[None] | None = None

    async def claim(self) -> None:
        """Wait until every shard is ours, then keep renewing."""
        waited = False
        while not await self.storage.claim_shards(
            self.owner, self.shard_count, self.shards, self.ttl
        ):
            if not waited:
                log.warning(
                    "shards %s are held by another process; waiting for its lease to end",
                    self.shards,
                )
                waited = True
            await asyncio.sleep(min(1.0, self.ttl / 4))
        log.info("holding shards %s of %s as %s", self.shards, self.shard_count, self.owner)
        self._task = asyncio.create_task(self._renew())

    async def _renew(self) -> None:
        while True:
            await asyncio.sleep(self.ttl / 3)
            try:
                kept = await self.storage.renew_lease(self.ttl)
            except Exception:
                log.exception("could not renew the shard lease; retrying")
                continue
            if not kept:
                log.error("shards %s were taken over by another process", self.shards)
                self._task = None
                await self._on_lost()
                return

    async def release(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
        await self.storage.release_lease()
