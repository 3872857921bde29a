"""The table bench's storage figure: the SQLite threads' CPU by their own clocks.

Other tests of the same worker process may hold SQLite threads of their own, so the
checks bound the figure by this connection's thread and by a busy thread's clock
rather than expecting exact sums."""

from __future__ import annotations

import threading
import time
from pathlib import Path

from bench.table_bench import storage_thread_cpu
from bot.storage_sqlite import SqliteStorage


def _clock(ident: int) -> float:
    return time.clock_gettime(time.pthread_getcpuclockid(ident))


async def test_the_sqlite_threads_work_is_counted_and_no_other_threads(
    tmp_path: Path,
) -> None:
    storage = await SqliteStorage.open(tmp_path / "t.sqlite")
    try:
        ident = await storage._run(lambda db: threading.get_ident())
        before, own = storage_thread_cpu(), _clock(ident)
        await storage._run(lambda db: db.execute(
            "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 300000)"
            " SELECT sum(i) FROM n").fetchone())
        worked = _clock(ident) - own
        assert worked > 0.0
        assert storage_thread_cpu() - before >= worked, "the connection's thread is counted"

        spent: list[float] = []

        def busy() -> None:
            started = time.thread_time()
            sum(range(3_000_000))
            spent.append(time.thread_time() - started)

        counted = storage_thread_cpu()
        other = threading.Thread(target=busy, name="not-sqlite")
        other.start()
        other.join()
        assert storage_thread_cpu() - counted < spent[0] / 2, "another thread is not counted"
    finally:
        await storage.close()
