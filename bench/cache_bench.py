"""Memory while many channels are visited once: the table cache is bounded.

Opens and starts a Hellboy dice game in each of N channels (each visited once,
as a big bot sees channels come and go) with the cache limited to L MiB, and
also looks up as many channels without a game; reports the process's resident
memory (RSS) after the first 2,000 channels and at the end, and the tables kept.

    .venv/bin/python -m bench.cache_bench [--channels 10000] [--mib 256]
"""

from __future__ import annotations

import argparse
import asyncio
import resource
import tempfile
from pathlib import Path

from bot.frontend import install
from bot.games import GAMES
from bot.storage_sqlite import SqliteStorage
from bot.table import Actor, TableService
from engines.hellboy_dice import ENGINE as HELLBOY

PLAYERS = (Actor(user_id=1, name="Ann"), Actor(user_id=2, name="Ben"))
EMPTY_CHANNELS = 1_000_000
FIRST_SAMPLE = 2000


def _rss_mib() -> float:
    with open("/proc/self/statm") as statm:
        pages = int(statm.read().split()[1])
    return pages * resource.getpagesize() / 2**20


async def _visit(path: Path, channels: int, mib: float) -> list[tuple[int, float, int]]:
    storage = await SqliteStorage.open(path)
    samples = []
    try:
        service = TableService(storage, seed=1, cache_mib=mib)
        for channel in range(1, channels + 1):
            await service.new_game(
                channel_id=channel, guild_id=1, host=PLAYERS[0], game_key=HELLBOY.key,
                mode="digital",
            )
            await service.join(channel, PLAYERS[1])
            await service.start(channel, PLAYERS[0], 1)
            await service.current(EMPTY_CHANNELS + channel)
            if channel in (FIRST_SAMPLE, channels):
                samples.append((channel, _rss_mib(), len(service._cache)))
    finally:
        await storage.close()
    return samples


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--channels", type=int, default=10_000)
    parser.add_argument("--mib", type=float, default=256)
    args = parser.parse_args(argv)
    install(GAMES)
    with tempfile.TemporaryDirectory() as folder:
        samples = asyncio.run(_visit(Path(folder) / "c.sqlite", args.channels, args.mib))
    for channel, rss, kept in samples:
        print(f"after {channel} channels (and as many without a game): RSS {rss:.0f} MiB,"
              f" {kept} tables kept")
    (start, first, _), (end, last, _) = samples[0], samples[-1]
    print(f"growth from {start} to {end} channels: {100 * (last / first - 1):+.1f} %")


if __name__ == "__main__":
    main()
