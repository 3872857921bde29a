"""The live pages' fan-out (issue 28): however many pages watch a table through
however many links, each version's board is built once per view and the same bytes
go to every page entitled to them; a seat's own view never reaches a public page,
and a seat's stream ends once its member no longer holds the seat."""

from __future__ import annotations

import asyncio
import re
import time
from collections import Counter
from collections.abc import AsyncIterator, Callable
from contextlib import AsyncExitStack
from dataclasses import dataclass
from pathlib import Path

import aiohttp
import pytest

from bot.secrecy import find_leaks, unshown_secrets
from bot.storage_sqlite import SqliteStorage
from bot.table import Actor, TableService
from bot.web import pages
from bot.web.feed import Feed
from bot.web.links import Keys, Links
from bot.web.server import WebServer
from bot.web.views import Board
from engines.hellraiser import ENGINE as HELLRAISER
from tests.support.tables import HOST, open_real_table, play_host_move
from tests.support.web_pages import Stream, page_texts, streaming

CHANNEL = 4
SECRET_MOVES = 3
"""Moves watched with the host's hand holding cards (seed 2: from its 35th move)."""


@dataclass
class Served:
    service: TableService
    links: Links
    feed: Feed


@pytest.fixture
async def served(tmp_path: Path) -> AsyncIterator[Served]:
    storage = await SqliteStorage.open(tmp_path / "web.sqlite")
    service = TableService(storage, seed=2)
    feed = Feed()
    service.committed = lambda game: feed.notify(game.id, game.version)
    keys = Keys(storage, time.time)
    server = WebServer(storage, feed, keys, port=0, per_minute=10**6)
    port = await server.start()
    try:
        yield Served(service, Links(keys, f"http://127.0.0.1:{port}"), feed)
    finally:
        await server.stop()
        await storage.close()


def counting(calls: Counter[tuple[int, bool]]) -> Callable[[Board, str | None], str]:
    """`board_fragment`, noting each (version, whether a seat's own view) it builds."""
    build = pages.board_fragment

    def fragment(board: Board, picture_url: str | None) -> str:
        calls[board.version, bool(board.private)] += 1
        return build(board, picture_url)

    return fragment


async def test_each_version_is_built_once_per_view_however_many_watch(
    served: Served, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Rule: one page payload per view and version, shared by every page of it, and a
    seat's own view (its hand) reaches only that seat's pages."""
    calls: Counter[tuple[int, bool]] = Counter()
    monkeypatch.setattr(pages, "board_fragment", counting(calls))
    service = served.service
    await open_real_table(service, CHANNEL, "hellraiser", ai_seats=3)
    current = await service.current(CHANNEL)
    assert current is not None
    public = [await served.links.url(current.game, "public", days=d) for d in (30, 29, 28)]
    mine = await served.links.url(current.game, "seat", seat=0)
    assert len(set(public)) == 3, "three public links, each its own token"
    async with aiohttp.ClientSession() as http, AsyncExitStack() as streams:
        watching: list[tuple[Stream, bool]] = []
        for url in (*public, *public, mine, mine):
            watching.append((await streams.enter_async_context(streaming(http, url)),
                             url == mine))
        assert served.feed.watching(current.game.id) == 8
        secret_moves = 0
        while secret_moves < SECRET_MOVES:
            assert await play_host_move(service, CHANNEL), "the game ended too soon"
            now = await service.current(CHANNEL)
            assert now is not None
            host_secrets = unshown_secrets(HELLRAISER, now.state).get(0)
            secret_moves += bool(host_secrets)
            for stream, own in watching:
                arrived = await stream.wait_for(now.game.version)
                assert arrived["version"] == now.game.version
                leaks = find_leaks(HELLRAISER, now.state, page_texts(arrived["html"]))
                if own:
                    assert all(leak.seat == 0 for leak in leaks), "only the host's own cards"
                    assert leaks or not host_secrets, "the host's link shows the host's hand"
                else:
                    assert not leaks, "a public page names no hand"
    assert calls, "boards were built"
    assert all(n == 1 for n in calls.values()), f"built more than once: {calls}"
    versions = {version for version, _ in calls}
    assert all((version, True) in calls for version in versions), "the seat's view each time"


async def test_a_seat_stream_ends_when_its_member_gives_up_the_seat(served: Served) -> None:
    """Rule: a seat's link reads only while its member holds the seat; an open stream
    ends there too, before the seat's next holder's hand could reach it."""
    service = served.service
    await open_real_table(service, CHANNEL, "hellraiser", ai_seats=3)
    current = await service.current(CHANNEL)
    assert current is not None
    mine = await served.links.url(current.game, "seat", seat=0)
    async with aiohttp.ClientSession() as http, http.get(mine + "/events") as response:
        await asyncio.wait_for(_first_board(response), 10)
        moved = await service.assign_seat(CHANNEL, HOST, 1, Actor(user_id=99, name="Zed"), 0)
        assert moved.game.seats[0].user_id == 99
        rest = await asyncio.wait_for(response.content.read(), 10)
    assert b"event: board" not in rest, "nothing of the next holder's view"
    assert served.feed.watching(current.game.id) == 0


async def _first_board(response: aiohttp.ClientResponse) -> None:
    async for line in response.content:
        if line.startswith(b"data: "):
            return


async def test_a_picture_is_fetched_by_what_it_shows_from_its_own_game_only(
    served: Served,
) -> None:
    """Rule: a live page's picture is named by what it shows, so a page whose picture
    did not change fetches nothing new; it stays readable after the board moves on,
    and another game's link cannot read it."""
    service = served.service
    await open_real_table(service, CHANNEL, "hellraiser", ai_seats=3)
    await open_real_table(service, CHANNEL + 1, "hellraiser", ai_seats=3)
    other = await service.current(CHANNEL + 1)
    assert other is not None
    elsewhere = await served.links.url(other.game, "public")
    async with aiohttp.ClientSession() as http:
        while True:
            current = await service.current(CHANNEL)
            assert current is not None
            public = await served.links.url(current.game, "public")
            async with http.get(public) as response:
                found = re.search(r'src="([^"]+/picture/[0-9a-f]{64}\.png)"', await response.text())
            if found:
                break
            assert await play_host_move(service, CHANNEL), "the map was never laid"
        picture = public.rsplit("/", 1)[0] + "/" + found.group(1)
        async with http.get(picture) as response:
            assert response.status == 200
            assert response.content_type == "image/png"
        digest_path = found.group(1).split("/", 1)[1]
        assert await play_host_move(service, CHANNEL)
        async with http.get(picture) as response:
            assert response.status == 200, "a picture shown before is still served"
        async with http.get(f"{elsewhere}/{digest_path}") as response:
            assert response.status == 404, "another game's link reads none of this game's"
