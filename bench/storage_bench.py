"""Durable actions per second and latency on SQLite and on PostgreSQL, in one
run, with real game states (Hellboy: The Dice Game and Hellraiser tables, each
move chosen by the game's AI for the human host, then the AI seats and the
dice played by the table until the host must act again), and with 1, 2 and 4
bot processes sharing one PostgreSQL (each claims its shards of 4 and plays
its own tables). Several processes' throughput is counted by the wall clock over
the window in which all of them run their burst (`aggregate_rate`), not as the
sum of each one's own rate, which overstated it by up to 77 % (issue 25).

Every action takes the channel's lock, runs the engine, and commits one
transaction before it returns: SQLite with WAL and synchronous=FULL, a
PostgreSQL cluster started here with fsync and synchronous_commit on.

    .venv/bin/python -m bench.storage_bench [--tables 24] [--actions 480] [--rate 100]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from bot.databases import open_storage, parse_database
from bot.leases import this_process
from bot.table import TableService
from tests.support.pgserver import PostgresServer
from tests.support.tables import HOST, REAL_GAMES, host_move, open_real_table

SHARDS = 4


@dataclass
class Figures:
    actions_per_s: float
    paced_p50_ms: float
    paced_p99_ms: float
    paced_latencies: list[float]
    burst_start: float = 0.0
    burst_done: list[float] = field(default_factory=list)
    own_rates_sum: float = 0.0
    """Several processes: the sum of each one's own rate, which overstates the total
    when they do not run the whole time together (shown beside the true figure)."""


def own_rate(start: float, done: list[float]) -> float:
    return len(done) / (max(done) - start)


def aggregate_rate(bursts: list[tuple[float, list[float]]]) -> tuple[float, float]:
    """Actions per second of all processes together, by the wall clock, over the window
    in which every process was running its burst (from the last start to the first
    finish); and that window's length. Summing each process's own rate instead counts a
    process that ran alone, unhindered, at the start or the end as if it had shared the
    machine all along."""
    opened = max(start for start, _ in bursts)
    closed = min(max(done) for _, done in bursts)
    if closed <= opened:
        raise ValueError("the processes' bursts did not overlap; raise --actions")
    inside = sum(1 for _, done in bursts for t in done if opened < t <= closed)
    return inside / (closed - opened), closed - opened


class Tables:
    """One process's tables: channels, their guild (so their shard), and moves."""

    def __init__(self, service: TableService, channels: list[int], guild_id: int) -> None:
        self.service = service
        self.channels = channels
        self.guild_id = guild_id

    async def open(self) -> None:
        for i, channel in enumerate(self.channels):
            await open_real_table(
                self.service, channel, REAL_GAMES[i % 2], guild_id=self.guild_id
            )

    async def one_action(self, channel: int) -> float:
        """The host's next move, timed from the call to the durable commit."""
        current = await self.service.current(channel)
        move = None if current is None else host_move(current.state, current.game.game)
        if current is None or move is None:
            game = REAL_GAMES[channel % 2] if current is None else current.game.game
            await open_real_table(self.service, channel, game, guild_id=self.guild_id)
            return await self.one_action(channel)
        started = time.perf_counter()
        await self.service.act(channel, HOST, move, guild_id=self.guild_id)
        return time.perf_counter() - started

    async def burst(self, actions: int) -> tuple[float, list[float]]:
        """When the burst began and when each action was durable, by the wall clock
        (`time.time`, one clock for every process on the machine)."""
        per_table = max(1, actions // len(self.channels))
        done: list[float] = []

        async def play(channel: int) -> None:
            for _ in range(per_table):
                await self.one_action(channel)
                done.append(time.time())

        started = time.time()
        await asyncio.gather(*(play(c) for c in self.channels))
        return started, done

    async def paced(self, rate: float, seconds: float) -> list[float]:
        tasks = []
        start = time.perf_counter()
        busy: dict[int, asyncio.Lock] = {c: asyncio.Lock() for c in self.channels}

        async def one(channel: int) -> float:
            async with busy[channel]:  # a table's moves come one after another
                return await self.one_action(channel)

        for i in range(int(rate * seconds)):
            delay = start + i / rate - time.perf_counter()
            if delay > 0:
                await asyncio.sleep(delay)
            tasks.append(asyncio.create_task(one(self.channels[i % len(self.channels)])))
        return list(await asyncio.gather(*tasks))


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000


async def _measure(
    url: str, channels: list[int], shards: list[int], actions: int, rate: float, seconds: float,
    go: asyncio.Future[None] | None = None,
) -> Figures:
    storage = await open_storage(parse_database(url), pool_size=10)
    try:
        assert await storage.claim_shards(this_process(SHARDS, shards), 3600) == []
        service = TableService(storage, seed=7)
        tables = Tables(service, channels, guild_id=shards[0] << 22)
        await tables.open()
        if go is not None:
            await go
        start, done = await tables.burst(actions)
        latencies = await tables.paced(rate, seconds)
    finally:
        await storage.close()
    return Figures(
        own_rate(start, done), _pct(latencies, 0.5), _pct(latencies, 0.99), latencies,
        start, done,
    )


async def _worker(args: argparse.Namespace) -> None:
    """One bot process of a multi-process run: set up, wait for the go line, measure."""
    loop = asyncio.get_running_loop()
    go: asyncio.Future[None] = loop.create_future()

    async def wait_go() -> None:
        await loop.run_in_executor(None, sys.stdin.readline)
        go.set_result(None)

    reader = asyncio.create_task(wait_go())
    shards = [s for s in range(SHARDS) if s % args.procs == args.index]
    channels = [10_000 * (args.index + 1) + i for i in range(args.tables)]
    print("ready", flush=True)
    figures = await _measure(
        args.worker, channels, shards, args.actions, args.rate, args.seconds, go
    )
    await reader
    print(json.dumps({
        "actions_per_s": figures.actions_per_s, "paced": figures.paced_latencies,
        "burst_start": figures.burst_start, "burst_done": figures.burst_done,
    }))


def _processes(url: str, procs: int, args: argparse.Namespace) -> Figures:
    """`procs` worker processes on one database, each with 1/procs of the tables and load."""
    command = [
        sys.executable, "-m", "bench.storage_bench", "--worker", url, "--procs", str(procs),
        "--tables", str(args.tables // procs), "--actions", str(args.actions // procs),
        "--rate", str(args.rate / procs), "--seconds", str(args.seconds),
    ]
    workers = [
        subprocess.Popen(
            [*command, "--index", str(i)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )
        for i in range(procs)
    ]
    for w in workers:
        assert w.stdout is not None and w.stdout.readline().strip() == "ready"
    for w in workers:
        assert w.stdin is not None
        w.stdin.write("go\n")
        w.stdin.flush()
    results = []
    for w in workers:
        out, _ = w.communicate(timeout=600)
        results.append(json.loads(out.strip().splitlines()[-1]))
    latencies = [x for r in results for x in r["paced"]]
    total, _ = aggregate_rate([(r["burst_start"], r["burst_done"]) for r in results])
    figures = Figures(total, _pct(latencies, 0.5), _pct(latencies, 0.99), latencies)
    figures.own_rates_sum = sum(r["actions_per_s"] for r in results)
    return figures


def _line(name: str, f: Figures) -> str:
    return (
        f"  {name:<28} {f.actions_per_s:8.0f} actions/s   paced p50 {f.paced_p50_ms:7.2f} ms"
        f"  p99 {f.paced_p99_ms:7.2f} ms"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tables", type=int, default=24)
    parser.add_argument("--actions", type=int, default=480)
    parser.add_argument("--rate", type=float, default=100)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    parser.add_argument("--procs", type=int, default=1, help=argparse.SUPPRESS)
    parser.add_argument("--index", type=int, default=0, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        asyncio.run(_worker(args))
        return
    channels = list(range(1, args.tables + 1))
    all_shards = list(range(SHARDS))
    server = PostgresServer(durable=True).start()
    try:
        with tempfile.TemporaryDirectory() as tmp:
            sqlite = asyncio.run(
                _measure(str(Path(tmp) / "bench.sqlite"), channels, all_shards, args.actions,
                         args.rate, args.seconds)
            )
        postgres = asyncio.run(
            _measure(asyncio.run(server.create_database()), channels, all_shards, args.actions,
                     args.rate, args.seconds)
        )
        scaling = {
            n: _processes(asyncio.run(server.create_database()), n, args) for n in (1, 2, 4)
        }
    finally:
        server.stop()
    print(
        f"real tables ({args.tables}, Hellboy and Hellraiser), burst of {args.actions} actions,"
        f" then paced at {args.rate:.0f}/s for {args.seconds:.0f} s:"
    )
    print(_line("SQLite (WAL, FULL)", sqlite))
    print(_line("PostgreSQL (fsync on)", postgres))
    for n, figures in scaling.items():
        print(_line(f"PostgreSQL, {n} process{'es' if n > 1 else ''}", figures))
        print(f"    (sum of each process's own rate: {figures.own_rates_sum:.0f} actions/s)")
    base = scaling[1].actions_per_s
    ratios = ", ".join(f"{n}: {f.actions_per_s / base:.2f}x" for n, f in scaling.items())
    print(f"  scaling of throughput with processes: {ratios}")


if __name__ == "__main__":
    main()
