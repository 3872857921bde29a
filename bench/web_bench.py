"""The web pages under load: a long Hellraiser game's replay page in Chromium (ready:
the first board shown; a scrub: the new step's board and picture shown) and 200
Server-Sent Events spectators on one table (a move's arrival p99 on every page, and
the move's own latency with 200 spectators against none, as a ratio).

Everything runs in this process: the table service, its SQLite, the web server and
the 200 spectators' streams share one event loop (the browser is its own process),
so the SSE figures include the spectators' own reading, an overestimate.
"""

from __future__ import annotations

import argparse
import asyncio
import re
import statistics
import tempfile
import time
from pathlib import Path

import aiohttp
from playwright.async_api import async_playwright

from bot.models import GameRow
from bot.storage_sqlite import SqliteStorage
from bot.table import TableService
from bot.web.feed import Feed
from bot.web.links import Keys, Links
from bot.web.server import WebServer
from tests.support.browser import chromium_path
from tests.support.tables import open_real_table, play_host_move
from tests.support.web_pages import Stream

VERSION = re.compile(rb'^data: \{"version": (\d+)')


class Watcher(Stream):
    """A spectator that reads only each board's version, so the 200 in this process
    cost the bench little of the loop the server shares."""

    async def read(self, response: aiohttp.ClientResponse) -> None:
        async for raw in response.content:
            found = VERSION.match(raw)
            if found:
                self.boards.append({"version": int(found.group(1))})
                self._arrived.set()

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


async def _replay(url: str, scrubs: int) -> tuple[list[float], list[float], list[float]]:
    """(first board shown, every step loaded) for a cold then a warm visit, and
    each scrub's time."""
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=chromium_path(),
                                                   args=["--no-sandbox"])
        page = await browser.new_page(viewport={"width": 1280, "height": 900})
        firsts, readies = [], []
        for _ in range(2):
            started = time.perf_counter()
            await page.goto(url + "#step=0", wait_until="commit")
            await page.wait_for_selector("#board .embed h2", state="visible")
            firsts.append(time.perf_counter() - started)
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
        return firsts, readies, times


async def _spectators(service: TableService, links: Links, watchers: int,
                      moves: int) -> tuple[list[float], list[float]]:
    """Each move's own latency and its arrival delays (move → each page), on a new
    table watched by `watchers` pages."""
    channel = WATCHED + watchers
    arrivals: list[float] = []
    latencies: list[float] = []
    connector = aiohttp.TCPConnector(limit=0)
    await open_real_table(service, channel, "hellraiser", ai_seats=3)
    async with aiohttp.ClientSession(connector=connector) as http:
        streams = [Watcher() for _ in range(watchers)]
        responses: list[aiohttp.ClientResponse] = []
        tasks: list[asyncio.Task[None]] = []
        try:
            current = await service.current(channel)
            assert current is not None
            url = await links.url(current.game, "public")
            responses = [await http.get(url + "/events") for _ in range(watchers)]
            tasks = [asyncio.create_task(s.read(r))
                     for s, r in zip(streams, responses, strict=True)]
            await asyncio.gather(*(s.wait_for(current.game.version) for s in streams))
            for _ in range(moves):
                started = time.perf_counter()
                if not await play_host_move(service, channel):
                    break
                latencies.append(time.perf_counter() - started)
                now = await service.current(channel)
                assert now is not None

                async def seen(stream: Stream, version: int = now.game.version,
                               since: float = started) -> None:
                    await stream.wait_for(version, timeout=30)
                    arrivals.append(time.perf_counter() - since)

                await asyncio.gather(*(seen(s) for s in streams))
        finally:
            for task in tasks:
                task.cancel()
            for response in responses:
                response.close()
    return latencies, arrivals


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
            firsts, readies, scrubs = await _replay(replay_url, args.scrubs)
            print(f"replay of {steps} steps: first board shown {_ms(firsts[0])} cold,"
                  f" {_ms(firsts[1])} warm; every step loaded {_ms(readies[0])} cold (the"
                  f" server replays the log), {_ms(readies[1])} warm; scrub median"
                  f" {_ms(statistics.median(scrubs))}, p95 {_ms(_p(scrubs, 0.95))}"
                  f" ({len(scrubs)} scrubs)")
            alone, _ = await _spectators(service, links, 0, args.moves)
            crowded, arrivals = await _spectators(service, links, args.watchers, args.moves)
            print(f"{args.watchers} spectators, {len(crowded)} moves: arrival p50"
                  f" {_ms(_p(arrivals, 0.5))}, p99 {_ms(_p(arrivals, 0.99))}; move latency"
                  f" median {_ms(statistics.median(crowded))} vs {_ms(statistics.median(alone))}"
                  f" alone ({statistics.median(crowded) / statistics.median(alone):.2f}x)")
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
    asyncio.run(_run(parser.parse_args(argv)))


if __name__ == "__main__":
    main()
