"""A process's claim on its shards, kept alive while it runs.

At start-up the process claims the lease slots of every shard it runs
(bot/lease_slots.py). A slot held by a live process of the same layout (same
shard count and shards: the process this one replaces) is waited for, until that
lease ends or is released; one held by a live process of another layout is a
configuration mistake (a resharding half done, a stray `python -m bot` with the
production URL), and the process refuses to start. A holder on this machine
whose process is gone is no obstacle: a restart after a crash takes over at once.

A renewal task extends the lease every third of its length. If a renewal finds
the epoch moved on, the shards were taken over; if renewals keep failing (the
database is out of reach), the process cannot know, so when the lease would have
run out by its own clock it acts as if taken over. Either way the storage
refuses this process's writes from then on and `on_lost` runs (the bot closes
and exits with EXIT_LEASE_LOST). A clean stop releases the lease so a successor
need not wait.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import secrets
import socket
import time
from collections.abc import Awaitable, Callable, Sequence

from bot.lease_slots import LEASE_SLOTS, Claimant, Holder
from bot.storage import LeaseBusy, Storage

log = logging.getLogger(__name__)

EXIT_LEASE_LOST = 3
"""The process's exit status once it stopped serving its shards (taken over, or
its lease ran out unrenewed): not 0, so a supervisor restarts it and a person
looking sees that it did not stop of its own accord."""

MARGIN = 0.1
"""Share of the lease kept in hand: the process stops serving this much before its
lease would end, so it is gone before another process may take over, whatever
the small difference between its clock's pace and the database's."""


LATE = 0.1
"""Share of the lease by which a renewal may land after it was due before the log
says so (1 s of the default 10): a healthy renewal takes milliseconds."""


class LeaseConflict(Exception):
    """Another live process serves some of these guilds under another shard layout;
    the message is one sentence for the operator."""


class Stopped(Exception):
    """The process was told to stop while it waited for its lease."""


def this_process(shard_count: int, shards: Sequence[int], owner: str | None = None) -> Claimant:
    """This process as a claimant; the owner name is unique per start."""
    host, pid = socket.gethostname(), os.getpid()
    return Claimant(
        owner=owner or f"{host}:{pid}:{secrets.token_hex(3)}",
        host=host,
        pid=pid,
        shard_count=shard_count,
        shards=tuple(shards),
    )


def conflict(claimant: Claimant, holders: Sequence[Holder]) -> str | None:
    """The refusal when a live holder runs another shard layout (None: same layout, a
    predecessor to wait for)."""
    other = next((h for h in holders if h.layout != claimant.layout), None)
    if other is None:
        return None
    theirs = {int(s) for s in other.shards.split(",")}
    if other.shard_count == claimant.shard_count and not theirs & set(claimant.shards):
        return (
            f"PANDEMONIUM_SHARD_COUNT {claimant.shard_count} does not divide {LEASE_SLOTS},"
            f" so only one process can run at a time, and one running {other.layout}"
            f" ({other.host}, pid {other.pid}) is live; to split shards between processes"
            f" use a count that divides {LEASE_SLOTS} (1, 2, 4, … {LEASE_SLOTS})"
        )
    return (
        f"the database is in use by a live process running {other.layout}"
        f" ({other.host}, pid {other.pid}) that serves some of the same servers as this"
        f" one ({claimant.layout}); stop it first, or give this process the same"
        " PANDEMONIUM_SHARD_COUNT and PANDEMONIUM_SHARD_IDS"
    )


class ShardLeases:
    def __init__(
        self,
        storage: Storage,
        shard_count: int,
        shards: list[int],
        ttl: float,
        on_lost: Callable[[], Awaitable[None]],
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.storage = storage
        self.claimant = this_process(shard_count, shards)
        self.ttl = ttl
        self._on_lost = on_lost
        self._clock = clock
        self._task: asyncio.Task[None] | None = None
        self._stop = asyncio.Event()

    @property
    def owner(self) -> str:
        return self.claimant.owner

    async def claim(self) -> None:
        """Wait until every slot is ours, then keep renewing. LeaseConflict if another
        layout holds one; Stopped if `stop()` came first."""
        waited = False
        while True:
            started = self._clock()
            try:
                holders = await self.storage.claim_shards(self.claimant, self.ttl)
            except LeaseBusy as exc:
                log.warning("%s: %s; trying again", self.claimant.layout, exc)
            else:
                if not holders:
                    break
                refusal = conflict(self.claimant, holders)
                if refusal is not None:
                    raise LeaseConflict(refusal)
                if not waited:
                    log.warning(
                        "%s are held by %s; waiting for its lease to end",
                        self.claimant.layout,
                        ", ".join(h.owner for h in holders),
                    )
                    waited = True
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._stop.wait(), min(1.0, self.ttl / 4))
            if self._stop.is_set():
                raise Stopped
        log.info("holding %s as %s", self.claimant.layout, self.owner)
        self._task = asyncio.create_task(self._renew(started))

    def _deadline(self, asked_at: float) -> float:
        """When to stop serving, by this process's clock: the lease ends `ttl` after the
        database stamped it, which was after we asked."""
        return asked_at + self.ttl * (1 - MARGIN)

    async def _renew(self, claimed_at: float) -> None:
        """Renew every third of the lease, counted from when the last good renewal was
        asked (not from when it answered), so that renewals which each take a while
        on an overloaded machine do not drift towards the deadline: each may take up
        to about half the lease and the lease still holds."""
        retry = min(1.0, self.ttl / 10)
        last = claimed_at
        due = wake = claimed_at + self.ttl / 3
        deadline = self._deadline(claimed_at)
        while True:
            await asyncio.sleep(max(0.0, min(wake, deadline) - self._clock()))
            asked_at = self._clock()
            if asked_at >= deadline:
                log.error(
                    "could not renew the lease of %s before it ran out; stopped serving them"
                    " (the last good renewal was asked %.1f s before)",
                    self.claimant.layout,
                    asked_at - last,
                )
                break
            try:
                # asyncio.timeout, not wait_for: on Python 3.11, wait_for returns the
                # result of a renewal that completed as the task was cancelled and drops
                # the cancellation, so release() waited for this loop for ever (a hang
                # seen once in 32 runs of the lease tests under load).
                async with asyncio.timeout(deadline - asked_at):
                    kept = await self.storage.renew_lease(self.ttl)
            except Exception as exc:
                log.warning(
                    "could not renew the lease (%s); retrying until it runs out",
                    str(exc) or type(exc).__name__,
                )
                wake = asked_at + retry
                continue
            if not kept:
                log.error("%s were taken over by another process", self.claimant.layout)
                break
            self._say_if_late(due, asked_at, deadline)
            last, deadline = asked_at, self._deadline(asked_at)
            due = wake = asked_at + self.ttl / 3
        self.storage.lose_lease()
        self._task = None
        await self._on_lost()

    def _say_if_late(self, due: float, asked_at: float, deadline: float) -> None:
        """Log a renewal that landed well after it was due (the machine overloaded, or
        the database slow), so an operator sees a lost lease coming: how late, how
        much of that was waiting to ask (the event loop) and how much the renewal
        itself took (the database), and how much of the lease was left."""
        done = self._clock()
        if done - due <= self.ttl * LATE:
            return
        log.warning(
            "the lease renewal of %s was %.2f s late (asked %.2f s after it was due, the"
            " renewal took %.2f s); %.2f s of the lease were left",
            self.claimant.layout,
            done - due,
            asked_at - due,
            done - asked_at,
            deadline - done,
        )

    def stop(self) -> None:
        """Stop waiting for a lease (the process was told to stop)."""
        self._stop.set()

    async def release(self) -> None:
        self.stop()
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
        await self.storage.release_lease()
