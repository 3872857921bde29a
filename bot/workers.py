"""The bounded pool CPU-heavy steps run in: drawing a board, AI play-outs, replays.

They run off the event loop so one busy table cannot stall the others: while a
worker thread draws a map, the loop keeps acknowledging other channels' clicks
(the interpreter hands it the lock every few milliseconds, and Pillow releases it
while it encodes). The pool is sized to the machine, so a burst queues here
instead of starting a thread per click.
"""

from __future__ import annotations

import asyncio
import functools
import os
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import ParamSpec, TypeVar

P = ParamSpec("P")
T = TypeVar("T")

WORKERS = max(1, os.cpu_count() or 1)
"""One worker per core: more threads would only queue on the interpreter lock."""

_POOL = ThreadPoolExecutor(max_workers=WORKERS, thread_name_prefix="pandemonium-cpu")


async def off_loop(fn: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
    """Run `fn` in the pool and wait for it without blocking the event loop."""
    loop = asyncio.get_running_loop()
    return await loop.run_in_executor(_POOL, functools.partial(fn, *args, **kwargs))
