"""The worker pool's round trip (`bot.workers.off_loop`): a job runs on a pool
thread, its result or error comes back to the task that asked, and the trip is a
queue put and one wake of the loop, with no `concurrent.futures` machinery."""

from __future__ import annotations

import asyncio
import concurrent.futures
import threading
from typing import Any

import pytest

from bot import workers


def _where() -> str:
    return threading.current_thread().name


async def test_a_job_runs_on_a_pool_thread_and_its_result_comes_back() -> None:
    """Rule: CPU-heavy steps leave the event loop's thread."""
    name = await workers.off_loop(_where)
    assert name.startswith(workers.THREAD_NAME) and name != _where()
    assert await workers.off_loop(divmod, 7, 2) == (3, 1)


async def test_a_job_s_error_reaches_the_task_that_asked() -> None:
    def fails() -> None:
        raise ValueError("no such move")

    with pytest.raises(ValueError, match="no such move"):
        await workers.off_loop(fails)
    assert await workers.off_loop(len, "still serving") == 13


async def test_a_wait_given_up_leaves_the_pool_serving() -> None:
    """A task cancelled while its job runs (a click's handler torn down at shutdown)
    drops the job's outcome; the worker goes on to the next job."""
    started, release = threading.Event(), threading.Event()

    def slow() -> str:
        started.set()
        release.wait(5)
        return "late"

    waiting = asyncio.ensure_future(workers.off_loop(slow))
    await asyncio.get_running_loop().run_in_executor(None, started.wait, 5)
    waiting.cancel()
    release.set()
    with pytest.raises(asyncio.CancelledError):
        await waiting
    assert await workers.off_loop(str.upper, "next") == "NEXT"


async def test_a_round_trip_builds_no_concurrent_future(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every click sends at least one job: `run_in_executor` chained a
    `concurrent.futures.Future` to an asyncio one for each (75 against 35 µs of CPU
    a trip, issue 27)."""
    built: list[int] = []
    init = concurrent.futures.Future.__init__

    def counting(self: Any) -> None:
        built.append(1)
        init(self)

    monkeypatch.setattr(concurrent.futures.Future, "__init__", counting)
    for i in range(3):
        assert await workers.off_loop(abs, -i) == i
    assert built == []
