"""The bounded pool CPU-heavy steps run in: drawing a board, AI play-outs, replays.

They run off the event loop so one busy table cannot stall the others: while a
worker thread draws a map, the loop keeps acknowledging other channels' clicks
(the interpreter hands it the lock every few milliseconds, and Pillow releases it
while it encodes). The pool is sized to the machine, so a burst queues here
instead of starting a thread per click.

The hand-off is not fair: with both workers of a 2-core machine busy (the Hellraiser
opening lays fifty maps and draws their first pictures), a thread that asked for the
lock waited up to 47-198 ms, against 15-24 ms with one worker (a 1 ms ticker thread;
three openings with one worker, four with two), as the waiters race for each
hand-off. The opening's ack p99 was not clearly better with one (24-47 ms against
29-140 ms, five openings each, within this machine's noise); beside two CPU hogs
(load 2-3) it was 44.6, 58.6 and 47.0 ms against 58.5, 46.8 and 83.1 (one run of
two workers reached 105.3). One thread for clicks and the other cores for long
jobs (so a GIF holds no board up) was then tried against this pool, three
alternated rounds each (`bench.load_bench --before`): Hellraiser's opening ack p99
72.5, 190.1 and 79.4 ms against 135.0, 63.1 and 62.4, Hellbringer's 73.4, 71.9 and
69.1 against 94.5, 65.4 and 84.6, CPU per click 1.01-1.02x. No gain the bench can
tell, so the pool stays one per core.

Every click of a game sends at least one job here (its new version's layout), so
a job's way there and back is kept to a queue put, a thread's wake and one
`call_soon_threadsafe`: `loop.run_in_executor` on a `ThreadPoolExecutor` added a
`concurrent.futures.Future` chained to an asyncio one and the executor's thread
bookkeeping, 75 µs of CPU a round trip against 35 µs (issue 27).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import threading
from collections.abc import Callable
from queue import SimpleQueue
from typing import Any, ParamSpec, TypeVar

P = ParamSpec("P")
T = TypeVar("T")

WORKERS = max(1, os.cpu_count() or 1)
"""One worker per core: more threads would only queue on the interpreter lock."""

THREAD_NAME = "pandemonium-cpu"

Job = tuple[Callable[[], Any], asyncio.AbstractEventLoop, "asyncio.Future[Any]"]

_JOBS: SimpleQueue[Job] = SimpleQueue()
_STARTED: list[threading.Thread] = []
_STARTING = threading.Lock()


def _settle(future: asyncio.Future[Any], result: Any, error: BaseException | None) -> None:
    if future.cancelled():
        return
    if error is not None:
        future.set_exception(error)
    else:
        future.set_result(result)


def _work() -> None:
    """A worker's life: run each job and hand its outcome to the loop that asked.
    Daemon threads: a job is pure computation, and a loop closed meanwhile (the bot
    stopping) just drops its outcome."""
    while True:
        job, loop, future = _JOBS.get()
        result: Any = None
        error: BaseException | None = None
        try:
            result = job()
        except BaseException as exc:  # handed to the awaiting task, as run_in_executor does
            error = exc
        with contextlib.suppress(RuntimeError):  # a closed loop: nobody waits for it
            loop.call_soon_threadsafe(_settle, future, result, error)
        del job, loop, future, result, error


def _start() -> None:
    with _STARTING:
        while len(_STARTED) < WORKERS:
            thread = threading.Thread(
                target=_work, name=f"{THREAD_NAME}_{len(_STARTED)}", daemon=True
            )
            thread.start()
            _STARTED.append(thread)


async def off_loop(fn: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
    """Run `fn` in the pool and wait for it without blocking the event loop."""
    if len(_STARTED) < WORKERS:
        _start()
    loop = asyncio.get_running_loop()
    future: asyncio.Future[T] = loop.create_future()
    _JOBS.put((lambda: fn(*args, **kwargs), loop, future))
    return await future
