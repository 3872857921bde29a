"""The web pages under load: a long Hellraiser game's replay page in Chromium (ready:
the first board shown; a scrub: the new step's board and picture shown) and 200
Server-Sent Events spectators on one table (a move's arrival p99 on every page, and
the move's own latency with 200 spectators against none, as a ratio).

The replay runs its server in this process and Chromium in its own. The spectators
run in three processes, as they would in life: the bot's (the table service, its
SQLite and the web server, which makes the moves and times them), the 200 pages'
(`spectators_process`, reading each stream and fetching each board's picture as the
page does) and this one, which steers both through pipes. Rounds alternate nobody
watching and 200 pages, each on a new table, so the machine's noise (shared, busy)
lands on both sides; the ratio is per pair of rounds. Stamps are
`time.monotonic()`, system-wide on Linux, so they compare across the processes.
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import os
import random
import re
import statistics
import tempfile
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

import aiohttp
from aiohttp import web
from playwright.async_api import async_playwright

from bot.models import GameRow
from bot.storage_sqlite import SqliteStorage
from bot.table import TableService
from bot.web.feed import Feed
from bot.web.links import Keys, Links
from bot.web.server import WebServer
from tests.support.browser import chromium_path
from tests.support.tables import open_real_table, play_host_move

VERSION = re.compile(rb'^data: \{"version": (\d+)')
WRITTEN = re.compile(rb'data: \{"version": (\d+)')
PICTURE = re.compile(rb'src=\\"([A-Za-z0-9_.~-]+/(?:board|picture)/[0-9a-f]+\.png)\\"')
CHANNEL = 5
WATCHED = 6
SEED = 2


async def _game(service: TableService, steps: int) -> tuple[GameRow, int]:
    """A Hellraiser table (host and three AI seats) played until its log holds
    `steps` steps or it ends; returns the game and its steps."""
    await open_real_table(service, CHANNEL, "hellraiser", ai_seats=3)
    while True:
        (game,) = await service.storage.games_in_channel(CHANNEL, limit=1)
        made = len([e for e in await service.storage.log(game.id)
                    if e.kind in ("action", "chance")])
        if made >= steps or not game.live or not await play_host_move(service, CHANNEL):
            return game, made


async def _replay(
    url: str, scrubs: int
) -> tuple[list[float], list[float], list[float], list[float], list[float]]:
    """(first board shown, every step loaded, the page's own request from its start to
    its last byte, the browser's first contentful paint) for a cold then a warm visit,
    and each scrub's time: the request is the server's share of the first board, and
    the paint is the browser's own clock (the board is in the page's HTML), free of
    this process's waits."""
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=chromium_path(),
                                                   args=["--no-sandbox"])
        page = await browser.new_page(viewport={"width": 1280, "height": 900})
        firsts, readies, served, painted = [], [], [], []
        for _ in range(2):
            started = time.perf_counter()
            await page.goto(url + "#step=0", wait_until="commit")
            await page.wait_for_selector("#board .embed h2", state="visible")
            firsts.append(time.perf_counter() - started)
            served.append(float(await page.evaluate(
                """() => { const n = performance.getEntriesByType("navigation")[0];
                           return n.responseEnd - n.requestStart; }""")) / 1000)
            painted.append(float(await page.evaluate(
                """() => { const p = performance.getEntriesByName("first-contentful-paint");
                           return p.length ? p[0].startTime : NaN; }""")) / 1000)
            await page.wait_for_selector("body[data-ready]", state="attached")
            readies.append(time.perf_counter() - started)
        last = int(await page.get_attribute("#step", "max") or 0)
        times: list[float] = []
        for i in range(scrubs):
            step = (i * 37 + 11) % (last + 1)
            took = await page.evaluate(
                """async (step) => {
                    const t = performance.now();
                    const slider = document.getElementById("step");
                    slider.value = String(step);
                    slider.dispatchEvent(new Event("input"));
                    const img = document.querySelector("#board img");
                    if (img) { await img.decode().catch(() => null); }
                    await new Promise(r => requestAnimationFrame(() => r(null)));
                    return performance.now() - t;
                }""",
                step,
            )
            times.append(float(took) / 1000)
        await browser.close()
        return firsts, readies, served, painted, times


# The spectators bench: three processes

async def _commands(conn: Connection) -> AsyncIterator[tuple[Any, ...]]:
    """The parent's commands, read off the loop (a pipe's recv blocks)."""
    loop = asyncio.get_running_loop()
    while True:
        command: tuple[Any, ...] = await loop.run_in_executor(None, conn.recv)
        if command[0] == "stop":
            return
        yield command


async def _serve(conn: Connection, folder: str, seed: int) -> None:
    storage = await SqliteStorage.open(Path(folder) / "spectated.sqlite")
    service = TableService(storage, seed=seed)
    feed = Feed()
    keys = Keys(storage, time.time)
    server = WebServer(storage, feed, keys, port=0, per_minute=10**7)
    port = await server.start()
    links = Links(keys, f"http://127.0.0.1:{port}")
    written = _stamp_writes()
    conn.send(port)
    try:
        async for command in _commands(conn):
            if command[0] == "table":
                channel = command[1]
                await open_real_table(service, channel, "hellraiser", ai_seats=3)
                current = await service.current(channel)
                assert current is not None
                conn.send((await links.url(current.game, "public"), current.game.version))
            elif command[0] == "moves":
                made, cpu = await _moves(service, feed, *command[1:])
                conn.send((made, cpu, list(written.values())))
                written.clear()
    finally:
        await server.stop()
        await storage.close()


async def _moves(service: TableService, feed: Feed, channel: int, moves: int,
                 gap: float) -> tuple[list[Move], float]:
    """The host's moves, each with its version and its span on the system-wide
    monotonic clock, and the CPU they cost this process (the web server's share
    included). The feed is told of each as the app tells it, once the move's board
    is shown (`LiveBoard.subscribe`). Moves are `gap` apart on average, at random
    (uniform from 0 to twice it), never waiting for a page: a click lands at any
    moment of the previous move's fan-out, as clicks do, and with `gap` 0 every
    click meets one."""
    made: list[Move] = []
    pause = random.Random(channel)
    cpu = time.process_time()
    for _ in range(moves):
        started = time.monotonic()
        if not await play_host_move(service, channel):
            break
        current = await service.current(channel)
        if current is None:
            break
        feed.notify(current.game.id, current.game.version)
        ended = time.monotonic()
        made.append(Move(current.game.version, started, ended))
        await asyncio.sleep(pause.uniform(0, 2 * gap))
    return made, time.process_time() - cpu


def _stamp_writes() -> dict[int, list[tuple[int, float]]]:
    """Per stream, when the server finished writing each board to its socket: the
    bot's side of move -> page, which the spectators' own reading (at low priority
    on a busy machine) does not lengthen."""
    written: dict[int, list[tuple[int, float]]] = {}
    write = web.StreamResponse.write

    async def stamped(self: web.StreamResponse, data: bytes | bytearray | memoryview) -> None:
        await write(self, data)
        found = WRITTEN.search(bytes(data))
        if found is not None:
            written.setdefault(id(self), []).append((int(found.group(1)), time.monotonic()))

    web.StreamResponse.write = stamped  # type: ignore[method-assign]
    return written


def bot_process(conn: Connection, folder: str, seed: int) -> None:
    """The table service, its SQLite and the web server: the bot's side."""
    asyncio.run(_serve(conn, folder, seed))


class Watcher:
    """One spectator: when it first saw each board version (it reads only the
    version, as cheaply as a stream can be read), and optionally each board's
    picture fetched as the page's <img> would: once per address, then cached."""

    def __init__(self, http: aiohttp.ClientSession, base: str, pictures: bool) -> None:
        self.http = http
        self.base = base
        self.pictures = pictures
        self.seen: list[tuple[int, float]] = []
        self.ready = asyncio.Event()
        self._fetching: asyncio.Task[None] | None = None
        self._fetched: set[bytes] = set()
        """Pictures already fetched: the browser has them."""

    async def read(self, response: aiohttp.ClientResponse) -> None:
        async for raw in response.content:
            found = VERSION.match(raw)
            if found is None:
                continue
            self.seen.append((int(found.group(1)), time.monotonic()))
            self.ready.set()
            picture = PICTURE.search(raw)
            if self.pictures and picture is not None and picture.group(1) not in self._fetched:
                self._fetched.add(picture.group(1))
                if self._fetching is not None:
                    self._fetching.cancel()
                self._fetching = asyncio.create_task(self._fetch(picture.group(1).decode()))

    async def _fetch(self, path: str) -> None:
        async with self.http.get(f"{self.base}/g/{path}") as response:
            await response.read()


async def _watch(conn: Connection, pictures: bool) -> None:
    connector = aiohttp.TCPConnector(limit=0)
    async with aiohttp.ClientSession(connector=connector) as http:
        async for command in _commands(conn):
            url, count = command[1], command[2]
            base = url.split("/g/")[0]
            watchers = [Watcher(http, base, pictures) for _ in range(count)]
            responses = [await http.get(url + "/events") for _ in range(count)]
            tasks = [asyncio.create_task(w.read(r))
                     for w, r in zip(watchers, responses, strict=True)]
            await asyncio.gather(*(w.ready.wait() for w in watchers))
            conn.send("watching")
            await asyncio.get_running_loop().run_in_executor(None, conn.recv)
            for task in tasks:
                task.cancel()
            for response in responses:
                response.close()
            conn.send([w.seen for w in watchers])


def spectators_process(conn: Connection, pictures: bool) -> None:
    """The spectators' side: `watch` a link with N streams until told `done`. In life
    their browsers run on other machines; here they share the bot's two cores, so
    they run at the lowest priority and take only what the bot leaves."""
    os.nice(19)
    asyncio.run(_watch(conn, pictures))


@dataclass
class Move:
    version: int
    started: float
    ended: float

    @property
    def took(self) -> float:
        return self.ended - self.started


@dataclass
class Round:
    watchers: int
    moves: list[Move]
    cpu: float
    arrivals: list[float] = field(default_factory=list)
    """Move → page: from a move's start to each page's first board of its version or
    newer, as the page read it."""
    written: list[float] = field(default_factory=list)
    """The same, to when the server finished writing that board to the page's socket."""

    @property
    def median(self) -> float:
        return statistics.median(m.took for m in self.moves)


def arrivals_of(moves: list[Move], seen: list[list[tuple[int, float]]]) -> list[float]:
    """Each move's delay to each page: the first board the page got at that move's
    version or a newer one (a page that fell behind is sent only the newest)."""
    delays = []
    for page in seen:
        for move in moves:
            first = next((t for v, t in page if v >= move.version), None)
            if first is not None:
                delays.append(first - move.started)
    return delays


def _spectated(args: argparse.Namespace, folder: str) -> list[Round]:
    """Rounds alternating nobody and `watchers` spectators, each on a new table, so
    the machine's noise lands on both sides."""
    spawn = multiprocessing.get_context("spawn")
    bot_end, bot_conn = spawn.Pipe()
    watch_end, watch_conn = spawn.Pipe()
    bot = spawn.Process(target=bot_process, args=(bot_end, folder, args.seed))
    watching = spawn.Process(target=spectators_process, args=(watch_end, args.pictures))
    bot.start()
    watching.start()
    rounds: list[Round] = []
    try:
        bot_conn.recv()
        for i in range(2 * args.rounds):
            watchers = args.watchers if i % 2 else 0
            bot_conn.send(("table", WATCHED + i))
            url, _ = bot_conn.recv()
            if watchers:
                watch_conn.send(("watch", url, watchers))
                watch_conn.recv()
            bot_conn.send(("moves", WATCHED + i, args.moves, args.gap))
            moves, cpu, written = bot_conn.recv()
            done = Round(watchers, moves, cpu, written=arrivals_of(moves, written))
            if watchers:
                time.sleep(1.0)
                watch_conn.send("done")
                done.arrivals = arrivals_of(moves, watch_conn.recv())
            rounds.append(done)
    finally:
        for conn in (bot_conn, watch_conn):
            conn.send(("stop",))
        bot.join(30)
        watching.join(30)
    return rounds


def _report_spectators(args: argparse.Namespace, rounds: list[Round]) -> None:
    alone = [r for r in rounds if not r.watchers]
    crowded = [r for r in rounds if r.watchers]
    ratios = [c.median / a.median for a, c in zip(alone, crowded, strict=True)]
    arrivals = [d for r in crowded for d in r.arrivals]
    written = [d for r in crowded for d in r.written]
    moves = sum(len(r.moves) for r in crowded)

    def cpu(side: list[Round]) -> str:
        return _ms(sum(r.cpu for r in side) / max(1, sum(len(r.moves) for r in side)))

    print(f"spectators: {len(rounds)} rounds alternating 0 and {args.watchers} pages"
          f" ({args.moves} moves each, {_ms(args.gap)} apart on average, pictures"
          f" {'fetched' if args.pictures else 'not fetched'}), in their own process")
    print(f"move -> page p50 with {args.watchers} spectators, written by the bot:"
          f" {_ms(_p(written, 0.5))}")
    print(f"move -> page p99 with {args.watchers} spectators, written by the bot:"
          f" {_ms(_p(written, 0.99))} ({len(written)} boards of {moves} moves)")
    print(f"move -> page p50 with {args.watchers} spectators, read by the page:"
          f" {_ms(_p(arrivals, 0.5))}")
    print(f"move -> page p99 with {args.watchers} spectators, read by the page:"
          f" {_ms(_p(arrivals, 0.99))} (the pages' process runs at nice 19)")
    print(f"click latency median, 0 spectators: "
          f"{_ms(statistics.median(m.took for r in alone for m in r.moves))}")
    print(f"click latency median, {args.watchers} spectators: "
          f"{_ms(statistics.median(m.took for r in crowded for m in r.moves))}")
    print(f"click latency ratio {args.watchers}/0, median of {len(ratios)} rounds:"
          f" {statistics.median(ratios):.2f}x (range {min(ratios):.2f}x-{max(ratios):.2f}x)")
    print(f"bot process CPU per move: {cpu(alone)} with 0, {cpu(crowded)} with"
          f" {args.watchers} spectators")


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


def _p(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def _run(args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory() as folder:
        storage = await SqliteStorage.open(Path(folder) / "web.sqlite")
        service = TableService(storage, seed=args.seed)
        feed = Feed()
        service.committed = lambda game: feed.notify(game.id, game.version)
        keys = Keys(storage, time.time)
        server = WebServer(storage, feed, keys, port=0, per_minute=10**7)
        port = await server.start()
        links = Links(keys, f"http://127.0.0.1:{port}")
        try:
            game, steps = await _game(service, args.steps)
            replay_url = await links.url(game, "replay")
            firsts, readies, served, painted, scrubs = await _replay(replay_url, args.scrubs)
            print(f"replay of {steps} steps, first board shown cold: {_ms(firsts[0])}"
                  " (the browser's first navigation included)")
            print(f"replay of {steps} steps, the page's request cold: {_ms(served[0])}"
                  " (its start to its last byte: the server's share; the rest is Chromium's)")
            print(f"replay of {steps} steps, first contentful paint cold: {_ms(painted[0])}"
                  " (the browser's clock, from the navigation's start)")
            print(f"replay of {steps} steps, first board shown warm: {_ms(firsts[1])}")
            print(f"replay of {steps} steps, every step loaded cold: {_ms(readies[0])}"
                  " (the server replays the log)")
            print(f"replay of {steps} steps, every step loaded warm: {_ms(readies[1])}")
            print(f"replay scrub median: {_ms(statistics.median(scrubs))}")
            print(f"replay scrub p95: {_ms(_p(scrubs, 0.95))} ({len(scrubs)} scrubs)")
        finally:
            await server.stop()
            await storage.close()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=300)
    parser.add_argument("--scrubs", type=int, default=30)
    parser.add_argument("--watchers", type=int, default=200)
    parser.add_argument("--moves", type=int, default=20)
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--rounds", type=int, default=6,
                        help="pairs of rounds: one with nobody watching, one watched")
    parser.add_argument("--gap", type=float, default=0.5,
                        help="mean seconds between a move's end and the next (uniform"
                        " from 0 to twice it); 0 for back-to-back moves")
    parser.add_argument("--pictures", action=argparse.BooleanOptionalAction, default=True,
                        help="spectators fetch each board's picture, as the page does")
    parser.add_argument("--only", choices=("replay", "spectators"))
    args = parser.parse_args(argv)
    print(f"load average at start: {_load()}")
    if args.only != "spectators":
        asyncio.run(_run(args))
    if args.only != "replay":
        with tempfile.TemporaryDirectory() as folder:
            _report_spectators(args, _spectated(args, folder))
    print(f"load average at end: {_load()}")


def _load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


if __name__ == "__main__":
    main()
