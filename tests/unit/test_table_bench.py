"""The table bench's storage figure: the SQLite thread's CPU by its own clock."""

from __future__ import annotations

import threading
from pathlib import Path

from bench.table_bench import storage_thread_cpu
from bot.storage_sqlite import SqliteStorage


async def test_the_sqlite_threads_work_is_counted_and_only_grows(tmp_path: Path) -> None:
    storage = await SqliteStorage.open(tmp_path / "t.sqlite")
    try:
        before = storage_thread_cpu()
        busy = threading.Thread(target=lambda: sum(range(3_000_000)), name="not-sqlite")
        busy.start()
        busy.join()
        assert storage_thread_cpu() == before, "another thread's CPU is not counted"
        await storage._run(lambda db: db.execute(
            "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 300000)"
            " SELECT sum(i) FROM n").fetchone())
        after = storage_thread_cpu()
        assert after > before > 0.0
    finally:
        await storage.close()
