"""Durable actions per second and latency through the table service.

Every action takes the channel's lock, runs the engine, and commits one
SQLite transaction (WAL, synchronous=FULL) before it returns. The baseline is
a bare aiosqlite upsert of a same-sized state per action, one commit each,
measured in the same run, so the ratio says what the table's bookkeeping costs.

    .venv/bin/python -m bench.table_bench [--channels 1000] [--actions 5000]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from pathlib import Path

import aiosqlite

from bot.storage import SqliteStorage
from bot.table import Actor, TableService
from engines import registry
from tests.support.pig import ENGINE as PIG

PLAYERS = (Actor(user_id=1, name="Ann"), Actor(user_id=2, name="Ben"))


async def _open_tables(service: TableService, channels: int) -> None:
    for channel in range(1, channels + 1):
        await service.new_game(
            channel_id=channel,
            guild_id=1,
            host=PLAYERS[0],
            game_key=PIG.key,
            mode="digital",
            options={"target": 1000},
        )
        await service.join(channel, PLAYERS[1])
        await service.start(channel, PLAYERS[0], 1)


async def _one_action(service: TableService, channel: int) -> float:
    current = await service.current(channel)
    assert current is not None
    actor = PLAYERS[current.state.turn]
    started = time.perf_counter()
    await service.act(channel, actor, {"type": "roll"})
    return time.perf_counter() - started


async def _burst(service: TableService, channels: int, actions: int) -> tuple[float, list[float]]:
    per_channel = max(1, actions // channels)

    async def play(channel: int) -> list[float]:
        return [await _one_action(service, channel) for _ in range(per_channel)]

    started = time.perf_counter()
    results = await asyncio.gather(*(play(c) for c in range(1, channels + 1)))
    elapsed = time.perf_counter() - started
    latencies = [x for r in results for x in r]
    return len(latencies) / elapsed, latencies


async def _paced(service: TableService, channels: int, rate: int, seconds: float) -> list[float]:
    latencies: list[float] = []
    tasks = []
    interval = 1.0 / rate
    start = time.perf_counter()
    for i in range(int(rate * seconds)):
        delay = start + i * interval - time.perf_counter()
        if delay > 0:
            await asyncio.sleep(delay)
        tasks.append(asyncio.create_task(_one_action(service, 1 + i % channels)))
    latencies.extend(await asyncio.gather(*tasks))
    return latencies


async def _baseline(path: Path, channels: int, actions: int, size: int) -> float:
    db = await aiosqlite.connect(str(path), isolation_level=None)
    await db.execute("PRAGMA journal_mode = WAL")
    await db.execute("PRAGMA synchronous = FULL")
    await db.execute("CREATE TABLE s (channel INTEGER PRIMARY KEY, state TEXT, version INTEGER)")
    blob = "x" * size
    per_channel = max(1, actions // channels)

    async def play(channel: int) -> int:
        for v in range(per_channel):
            await db.execute(
                "INSERT INTO s (channel, state, version) VALUES (?, ?, ?) ON CONFLICT (channel)"
                " DO UPDATE SET state = excluded.state, version = excluded.version",
                (channel, blob, v),
            )
        return per_channel

    started = time.perf_counter()
    done = sum(await asyncio.gather(*(play(c) for c in range(1, channels + 1))))
    elapsed = time.perf_counter() - started
    await db.close()
    return done / elapsed


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000


async def run(channels: int, actions: int, rate: int, seconds: float) -> dict[str, float]:
    registry.register(PIG)
    try:
        with tempfile.TemporaryDirectory() as tmp:
            storage = await SqliteStorage.open(Path(tmp) / "bench.sqlite")
            service = TableService(storage, seed=7)
            await _open_tables(service, channels)
            sample = await service.current(1)
            assert sample is not None and sample.game.state is not None
            size = len(sample.game.state) + 200  # the log row's payload rides along
            throughput, burst = await _burst(service, channels, actions)
            paced = await _paced(service, channels, rate, seconds)
            await storage.close()
            baseline = await _baseline(Path(tmp) / "base.sqlite", channels, actions, size)
    finally:
        registry.unregister(PIG.key)
    return {
        "actions_per_s": throughput,
        "baseline_upserts_per_s": baseline,
        "ratio": throughput / baseline,
        "burst_p50_ms": statistics.median(burst) * 1000,
        "paced_p50_ms": _pct(paced, 0.50),
        "paced_p99_ms": _pct(paced, 0.99),
        "state_bytes": float(size),
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--channels", type=int, default=1000)
    parser.add_argument("--actions", type=int, default=5000)
    parser.add_argument("--rate", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=5.0)
    args = parser.parse_args(argv)
    figures = asyncio.run(run(args.channels, args.actions, args.rate, args.seconds))
    print(f"table service over {args.channels} channels ({args.actions} actions):")
    print(f"  durable actions/s          {figures['actions_per_s']:10.0f}")
    print(f"  bare aiosqlite upserts/s   {figures['baseline_upserts_per_s']:10.0f}")
    print(f"  ratio (table / bare)       {figures['ratio']:10.2f}")
    print(f"  burst latency p50          {figures['burst_p50_ms']:10.2f} ms (queued behind 1000)")
    p50, p99 = figures["paced_p50_ms"], figures["paced_p99_ms"]
    print(f"  paced at {args.rate}/s: p50 {p50:.2f} ms, p99 {p99:.2f} ms")
    print(f"  state + log row size       {figures['state_bytes']:10.0f} bytes")


if __name__ == "__main__":
    main()
