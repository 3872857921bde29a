"""Waiting without fixed sleeps: wake on every change the fake sees, poll for the rest."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Awaitable, Callable
from typing import TypeVar

T = TypeVar("T")

DEFAULT_TIMEOUT = 5.0
POLL_INTERVAL = 0.02


class Pulse:
    """Wakes every waiter whenever the fake's state changes (a message posted, a reply…)."""

    def __init__(self) -> None:
        self._event = asyncio.Event()

    def notify(self) -> None:
        self._event.set()
        self._event = asyncio.Event()

    async def wait(self, timeout: float) -> None:  # noqa: ASYNC109
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._event.wait(), timeout)


async def wait_for_value(
    probe: Callable[[], T | None],
    *,
    pulse: Pulse,
    timeout: float,  # noqa: ASYNC109
    describe: Callable[[], str],
) -> T:
    """Return ``probe()`` once it is not None; AssertionError with ``describe()`` on timeout.

    Wakes on the fake's own changes immediately and also polls briefly, so a
    probe that looks at the bot's state (not the fake's) is still noticed.
    """
    deadline = time.monotonic() + timeout
    while True:
        value = probe()
        if value is not None:
            return value
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise AssertionError(f"timed out after {timeout:.1f}s: {describe()}")
        await pulse.wait(min(POLL_INTERVAL, remaining))


async def wait_for_condition(
    predicate: Callable[[], bool | Awaitable[bool]],
    *,
    pulse: Pulse,
    timeout: float,  # noqa: ASYNC109
    describe: Callable[[], str],
) -> None:
    """Like :func:`wait_for_value` for a yes/no predicate (sync or async)."""
    deadline = time.monotonic() + timeout
    while True:
        outcome = predicate()
        if not isinstance(outcome, bool):
            outcome = await outcome
        if outcome:
            return
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise AssertionError(f"timed out after {timeout:.1f}s: {describe()}")
        await pulse.wait(min(POLL_INTERVAL, remaining))
