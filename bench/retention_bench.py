"""Log archiving: how long each retention slice holds the storage thread.

Plays one Hellraiser table (a human host moved by the game's AI, an AI seat) for
some moves and ends it, copies the finished game N times (its log too), then
archives every log as `run_maintenance` does, timing each `prune_logs` slice
(one transaction on the storage thread live commits share) and the compaction
after. Baseline in the same run: one live Hellraiser move (a commit on the same
storage), so each slice reads as that many live moves. With `--postgres`, the
same on a throw-away PostgreSQL server (fsync on).

    .venv/bin/python -m bench.retention_bench [--games 2000] [--moves 30] [--postgres]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from pathlib import Path

from bot.databases import open_storage, parse_database
from bot.maintenance import DAY, Retention, run_maintenance
from bot.storage import GAMES_LOOKED_AT, LINES_PER_SLICE, Pruned
from bot.table import TableService
from tests.support.tables import HOST, open_real_table, play_host_move

ENDED_AT = 1000.0
MOVES_TIMED = 20


async def _measure(url: str, games: int, moves: int) -> list[str]:
    storage = await open_storage(parse_database(url))
    try:
        service = TableService(storage, seed=1)
        await open_real_table(service, 1, "hellraiser")
        for _ in range(moves):
            if not await play_host_move(service, 1):
                break
        ended = await service.end(1, HOST, 1)
        game = await storage.game(ended.game.id)
        assert game is not None
        log = await storage.log(game.id)
        copy = {"finished_at": ENDED_AT, "updated_at": ENDED_AT}
        for channel in range(2, games + 1):
            await storage.create_game(game.model_copy(update={**copy, "channel_id": channel}), log)
        live = games + 1
        await open_real_table(service, live, "hellraiser")
        move_times = []
        for _ in range(MOVES_TIMED):
            start = time.perf_counter()
            await play_host_move(service, live)
            move_times.append(time.perf_counter() - start)
        prune = storage.prune_logs
        slices: list[float] = []

        async def timed(*args: object, **kwargs: object) -> Pruned:
            start = time.perf_counter()
            try:
                return await prune(*args, **kwargs)  # type: ignore[arg-type]
            finally:
                slices.append(time.perf_counter() - start)

        setattr(storage, "prune_logs", timed)  # noqa: B010
        started = time.perf_counter()
        handled = await run_maintenance(storage, Retention("archive", 30), ENDED_AT + 40 * DAY)
        total = time.perf_counter() - started
    finally:
        await storage.close()
    move = statistics.median(move_times)
    ms = sorted(1000 * s for s in slices)
    p95 = ms[int(0.95 * (len(ms) - 1))]
    return [
        f"{handled} games of {len(log)} log lines archived in {len(ms)} slices"
        f" (up to {LINES_PER_SLICE} lines, {GAMES_LOOKED_AT} games looked at each),"
        f" {total:.1f} s in all",
        f"slice median {ms[len(ms) // 2]:.1f} ms, p95 {p95:.1f} ms, max {ms[-1]:.1f} ms"
        f" (bound ~50 ms)",
        f"baseline, one live Hellraiser move: median {1000 * move:.1f} ms;"
        f" slice median x{ms[len(ms) // 2] / (1000 * move):.1f}, max x{ms[-1] / (1000 * move):.1f}",
    ]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--moves", type=int, default=30)
    parser.add_argument("--postgres", action="store_true")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        url = str(Path(folder) / "r.sqlite")
        for line in asyncio.run(_measure(url, args.games, args.moves)):
            print(f"SQLite: {line}")
    if args.postgres:
        from tests.support.pgserver import PostgresServer

        server = PostgresServer(durable=True).start()
        try:
            url = asyncio.run(server.create_database())
            for line in asyncio.run(_measure(url, args.games, args.moves)):
                print(f"PostgreSQL: {line}")
        finally:
            server.stop()


if __name__ == "__main__":
    main()
