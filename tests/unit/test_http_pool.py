"""The bot's keep-alive connections to the API (`bot.http_pool`): a burst of requests
after a top-up finds its connections open instead of opening one each (issue 27: the
load bench's opening opened 40-90 connections in its first second, each waiting on a
saturated loop)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from dataclasses import dataclass, field

import aiohttp
import discord
import pytest
from discord.ext import commands

from bot.app import PandemoniumBot
from bot.background import BackgroundLoop
from bot.http_pool import KEEPALIVE, KeptConnector, WarmPool, connector
from bot.settings import Settings

RESPONSE = b"HTTP/1.1 204 No Content\r\nConnection: keep-alive\r\n\r\n"


@dataclass
class Server:
    """A keep-alive HTTP server that counts the connections it accepted."""

    accepted: int = 0
    requests: int = 0
    base: str = ""
    writers: list[asyncio.StreamWriter] = field(default_factory=list)
    held: asyncio.Event | None = None
    """While set to an unset event, requests are read and their answers held."""

    async def serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.accepted += 1
        self.writers.append(writer)
        while True:
            try:
                head = await reader.readuntil(b"\r\n\r\n")
            except (asyncio.IncompleteReadError, ConnectionError):
                return
            length = next((int(line.split(b":")[1]) for line in head.split(b"\r\n")
                           if line.lower().startswith(b"content-length:")), 0)
            await reader.readexactly(length)
            self.requests += 1
            if self.held is not None:
                await self.held.wait()
            writer.write(RESPONSE)
            await writer.drain()


@pytest.fixture
async def server(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[Server]:
    found = Server()
    listening = await asyncio.start_server(found.serve, "127.0.0.1", 0)
    port = listening.sockets[0].getsockname()[1]
    found.base = f"http://127.0.0.1:{port}/api/v10"
    monkeypatch.setattr(discord.http.Route, "BASE", found.base)
    yield found
    for writer in found.writers:
        writer.close()
    listening.close()
    await listening.wait_closed()


@pytest.fixture
async def http() -> AsyncIterator[discord.http.HTTPClient]:
    """discord.py's HTTP client as `static_login` leaves it: its session on our connector."""
    client = discord.http.HTTPClient(asyncio.get_running_loop(), connector=connector())
    session = aiohttp.ClientSession(connector=client.connector)
    client._HTTPClient__session = session  # type: ignore[attr-defined]
    yield client
    await session.close()


async def _accepted(server: Server, n: int) -> int:
    """The server's count once its accept callbacks ran (they run after `connect`)."""
    for _ in range(200):
        if server.accepted >= n:
            break
        await asyncio.sleep(0.005)
    return server.accepted


async def _burst(http: discord.http.HTTPClient, server: Server, n: int) -> None:
    session: aiohttp.ClientSession = http._HTTPClient__session  # type: ignore[attr-defined]

    async def one(i: int) -> None:
        async with session.post(f"{server.base}/interactions/{i}/t/callback",
                                json={"type": 6}) as reply:
            assert reply.status == 204

    await asyncio.gather(*(one(i) for i in range(n)))


async def test_a_burst_after_a_top_up_opens_no_connection(
    server: Server, http: discord.http.HTTPClient
) -> None:
    pool = WarmPool(http, 8)
    assert await pool.top_up() == 8
    assert await _accepted(server, 8) == 8 and server.requests == 0  # a connection is not a request
    await _burst(http, server, 8)
    assert server.accepted == 8
    assert server.requests == 8


async def test_without_the_pool_the_burst_opens_a_connection_each(
    server: Server, http: discord.http.HTTPClient
) -> None:
    """The control: what the pool saves."""
    await _burst(http, server, 8)
    assert server.accepted == 8


async def test_a_top_up_opens_only_what_is_missing(
    server: Server, http: discord.http.HTTPClient
) -> None:
    pool = WarmPool(http, 6)
    assert await pool.top_up() == 6
    assert await pool.top_up() == 0
    pool.count = 9
    assert await pool.top_up() == 3
    assert await _accepted(server, 9) == 9


async def _held_burst(
    http: discord.http.HTTPClient, server: Server, n: int
) -> asyncio.Future[None]:
    """`n` requests in flight, their answers held until `server.held` is set."""
    server.held = asyncio.Event()
    burst = asyncio.ensure_future(_burst(http, server, n))
    for _ in range(200):
        if server.requests >= n:
            break
        await asyncio.sleep(0.005)
    assert server.requests == n
    return burst


async def _idle_once_settled(pool: WarmPool, http: discord.http.HTTPClient, n: int) -> int:
    connector = http.connector
    assert isinstance(connector, KeptConnector)
    request = pool._request(http._HTTPClient__session)  # type: ignore[attr-defined]
    for _ in range(200):
        if connector.idle(request) >= n:
            break
        await asyncio.sleep(0.005)
    return connector.idle(request)


async def test_a_burst_taking_half_the_pool_refills_it_at_once(
    server: Server, http: discord.http.HTTPClient
) -> None:
    """Past `LOW_WATER`, the pool is topped up while the burst's requests still hold
    theirs, not 15 s later: the requests that follow find connections open (the
    Hellbringer opening had 101-115 requests in flight against a pool of 100)."""
    pool = WarmPool(http, 8)
    pool.start()
    assert await _accepted(server, 8) == 8
    burst = await _held_burst(http, server, 5)
    assert await _idle_once_settled(pool, http, 8) == 8
    assert server.accepted == 13
    assert server.held is not None
    server.held.set()
    await burst
    await pool.stop()


async def test_without_the_refill_a_burst_leaves_the_pool_short(
    server: Server, http: discord.http.HTTPClient
) -> None:
    """The control: a pool topped up but not started waits for its next round."""
    pool = WarmPool(http, 8)
    assert await pool.top_up() == 8
    burst = await _held_burst(http, server, 5)
    await asyncio.sleep(0.1)
    assert await _idle_once_settled(pool, http, 3) == 3
    assert server.accepted == 8
    assert server.held is not None
    server.held.set()
    await burst


async def test_a_refill_that_opens_nothing_holds_the_next_off(
    http: discord.http.HTTPClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With the API out of reach, a failed refill is not retried by every request that
    follows (each would try a pool's worth of connections) until a round has passed."""
    listening = await asyncio.start_server(lambda r, w: None, "127.0.0.1", 0)
    port = listening.sockets[0].getsockname()[1]
    listening.close()
    await listening.wait_closed()
    monkeypatch.setattr(discord.http.Route, "BASE", f"http://127.0.0.1:{port}/api/v10")
    pool = WarmPool(http, 4)
    pool.refill()
    failed = pool._refilling
    assert failed is not None
    assert await failed == 0
    pool.refill()
    assert pool._refilling is failed
    monkeypatch.setattr(pool, "_quiet_until", 0.0)
    pool.refill()
    assert pool._refilling is not failed
    await pool.stop()


async def test_a_server_out_of_reach_is_no_crash(
    http: discord.http.HTTPClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    listening = await asyncio.start_server(lambda r, w: None, "127.0.0.1", 0)
    port = listening.sockets[0].getsockname()[1]
    listening.close()
    await listening.wait_closed()
    monkeypatch.setattr(discord.http.Route, "BASE", f"http://127.0.0.1:{port}/api/v10")
    assert await WarmPool(http, 3).top_up() == 0


def _hooks(pool: KeptConnector) -> tuple[object, int]:
    """What the pool calls when a request leaves it low, and below how many idle."""
    return pool.running_low, pool.low_water


async def test_the_bot_logs_in_through_the_keep_alive_connector(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The bot's own wiring: its connector keeps idle connections `KEEPALIVE` seconds (not
    aiohttp's 15), its pool holds `PANDEMONIUM_HTTP_CONNECTIONS` of them, and once
    started (`setup_hook`, after the login) a request that leaves fewer than half idle
    refills it. The rounds are not run: they would reach for discord.com."""

    async def logged_in(self: commands.Bot, token: str) -> None:
        return None

    monkeypatch.setattr(commands.Bot, "login", logged_in)
    monkeypatch.setattr(BackgroundLoop, "start", lambda self: None)
    bot = PandemoniumBot(Settings(http_connections=5, web_port=None))
    await bot.login("token")
    pool = bot.http.connector
    assert isinstance(pool, KeptConnector)
    assert pool._keepalive_timeout == KEEPALIVE
    assert bot.warm_pool.count == 5
    assert _hooks(pool) == (None, 0)
    bot.warm_pool.start()
    assert _hooks(pool) == (bot.warm_pool.refill, 2)
    await bot.warm_pool.stop()
    assert _hooks(pool) == (None, 2)
    await pool.close()


async def test_a_pool_at_rest_is_not_topped_up(
    server: Server, http: discord.http.HTTPClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A bot at rest lets its kept connections lapse: no handshakes a minute for nobody.
    A request made lately keeps the pool topped up."""
    pool = WarmPool(http, 2)
    assert not pool.in_use()  # logged in, nothing asked yet
    await _burst(http, server, 1)
    assert pool.in_use()
    connector_ = http.connector
    assert isinstance(connector_, KeptConnector)
    assert connector_.last_used is not None
    monkeypatch.setattr(connector_, "last_used", connector_.last_used - KEEPALIVE - 1)
    assert not pool.in_use()
