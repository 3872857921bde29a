"""Undo on real games against game length: from the table's checkpoints (a table in
play) and after a restart (a table just read back: from the newest stored
checkpoint and the log lines since).

Four human seats, each moved by the game's own AI through the table service
(SQLite, or PostgreSQL with `--postgres`), the table's automation rolling the
dice: a step is one player's move and the rolls it sets off. At step N the host
undoes the last step, then plays the same move again, so the game stays N steps
long; the baseline is that plain move, timed on the same table in the same run.
No seeded game lasts 1,000 steps at a table of four: a game that ends before N
is measured at its last step before the end, and the line says so.

    .venv/bin/python -m bench.undo_bench [--games hellraiser,hellbringer,hellboy-dice]
        [--steps 10,100,1000] [--postgres]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

from bench.seated import HOST, ai_move, open_table
from bot.databases import open_storage, parse_database
from bot.frontend import install
from bot.games import GAMES
from bot.storage import Storage
from bot.table import TableService

CHANNEL = 1
SEED = 3
REPEATS = 9


async def _move(service: TableService) -> bool:
    return await ai_move(service, CHANNEL)


async def _timed(call: Callable[[], Awaitable[object]]) -> float:
    started = time.perf_counter()
    await call()
    return time.perf_counter() - started


async def _undo(service: TableService) -> None:
    await service.undo(CHANNEL, HOST, 1)


Figures = tuple[int, int, bool, float, float, float]
"""Step measured, log lines by then, whether the game ended before the step asked
for, then medians in seconds: undo from checkpoints, after a restart, a plain move."""


async def _measure(storage: Storage, game: str, steps: int) -> Figures:
    service = TableService(storage, seed=SEED)
    await open_table(service, CHANNEL, game)
    played = 0
    while played < steps and await _move(service):
        played += 1
    ended = played < steps
    if ended:  # the last move ended the game: take it back, measure the step before
        await _undo(service)
        played -= 1
    warm, cold, moves = [], [], []
    for _ in range(REPEATS):
        warm.append(await _timed(lambda: _undo(service)))
        moves.append(await _timed(lambda: _move(service)))
    for _ in range(REPEATS):
        restarted = TableService(storage, seed=SEED)
        cold.append(await _timed(lambda table=restarted: _undo(table)))  # type: ignore[misc]
        moves.append(await _timed(lambda table=restarted: _move(table)))  # type: ignore[misc]
    current = await service.current(CHANNEL)
    lines = len(await storage.log(current.game.id)) if current is not None else 0
    median = statistics.median
    return played, lines, ended, median(warm), median(cold), median(moves)


async def _run(url: str, game: str, steps: int) -> Figures:
    storage = await open_storage(parse_database(url))
    try:
        return await _measure(storage, game, steps)
    finally:
        await storage.close()


def _line(backend: str, game: str, steps: int, figures: Figures) -> str:
    played, lines, ended, warm, cold, move = figures
    at = f"step {played}" + (f" (the game ends at {played + 1}, before {steps})" if ended else "")
    at += f", {lines} log lines"
    return (
        f"{backend} {game} {at}: undo {warm * 1000:.2f} ms from checkpoints"
        f" (x{warm / move:.1f} a move), {cold * 1000:.2f} ms after a restart"
        f" (x{cold / move:.1f}); a plain move {move * 1000:.2f} ms (median of {REPEATS})"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="hellraiser,hellbringer,hellboy-dice")
    parser.add_argument("--steps", default="10,100,1000")
    parser.add_argument("--postgres", action="store_true")
    args = parser.parse_args(argv)
    install(GAMES)
    games = args.games.split(",")
    steps = [int(s) for s in args.steps.split(",")]
    with tempfile.TemporaryDirectory() as folder:
        for game in games:
            for n in steps:
                url = str(Path(folder) / f"{game}-{n}.sqlite")
                print(_line("SQLite", game, n, asyncio.run(_run(url, game, n))), flush=True)
    if args.postgres:
        from tests.support.pgserver import PostgresServer

        server = PostgresServer(durable=True).start()
        try:
            for game in games:
                for n in steps:
                    url = asyncio.run(server.create_database())
                    print(_line("PostgreSQL", game, n, asyncio.run(_run(url, game, n))),
                          flush=True)
        finally:
            server.stop()


if __name__ == "__main__":
    main()
