"""Keep-alive connections to Discord's API, opened before a burst needs them.

Every acknowledgement is an HTTP request, and a request that finds no idle
connection opens one first. Against real Discord that is a TCP and a TLS
handshake (three round trips, and the handshake's CPU on the bot's loop); under
the load bench's opening — fifty tables opened at once — the bot opened 40 to 90
connections in its first second, each taking several turns of a loop already
saturated (p50 14 ms, up to 160 ms), and the acknowledgements waited for them.

So the bot keeps `count` connections to the API open: opened when it logs in and
topped up every `TOP_UP_EVERY` seconds while it is in use (a request within the
last `KEEPALIVE` seconds), which costs no request (no rate-limit budget: a
connection is not a call). A burst that takes more than half of them at once
refills the pool at once, in the background (`LOW_WATER`): in the Hellbringer
opening 101 to 115 requests were in flight at a time, and each one past the pool
opened its connection while its acknowledgement waited (50 ms each, the back p99
at 42-61 ms against 14 ms in an opening that opened none). So the pool holds at
most the peak in flight plus `count`, and what a burst added closes once idle
`KEEPALIVE` seconds. A bot at rest lets them lapse rather than reopen a pool of
TLS handshakes a minute for nobody; the first burst after a long rest opens its
own, as it did before. Idle connections are closed after `KEEPALIVE` seconds,
well inside the idle limits between the bot and Discord (Cloudflare keeps an
idle HTTP/1.1 connection 400 s; cloud load balancers and NAT gateways drop idle
flows after 240-350 s, silently), so no request is ever written into a
connection the far side has already forgotten.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from typing import Any

import aiohttp
import discord
import yarl

from bot.background import BackgroundLoop

log = logging.getLogger(__name__)

KEEPALIVE = 60.0
"""Seconds an idle connection is kept (aiohttp's default is 15: a pool opened for a
burst would be gone a quarter of a minute after it)."""
TOP_UP_EVERY = 15.0
"""Seconds between two top-ups of the pool (a quarter of `KEEPALIVE`)."""
LOW_WATER = 0.5
"""The share of the pool's idle connections below which a request starts a refill."""


def connector() -> KeptConnector:
    """The bot's connector: no limit on connections (as discord.py's own), idle ones
    kept `KEEPALIVE` seconds. Needs the running loop."""
    return KeptConnector(limit=0, keepalive_timeout=KEEPALIVE)


class KeptConnector(aiohttp.TCPConnector):
    """aiohttp's connector, able to open an idle connection without a request.

    `connect` would hand out an idle connection before opening one, and its release
    would count the idle one as just used though nothing crossed the wire: a kept
    connection would then outlive the far side's idle limit. So a top-up opens
    connections itself (`_create_connection`, the hook aiohttp's connectors
    implement) and puts each into the pool as a request's release does."""

    last_used: float | None = None
    """The loop time of the last request's connection (None: none yet)."""
    low_water = 0
    """Idle connections below which a request calls `running_low` (0: never)."""
    running_low: Callable[[], None] | None = None

    async def connect(self, req: aiohttp.ClientRequest, *args: Any, **kwargs: Any) -> Any:
        self.last_used = asyncio.get_running_loop().time()
        taken = await super().connect(req, *args, **kwargs)
        if self.running_low is not None and self.idle(req) < self.low_water:
            self.running_low()
        return taken

    def in_use(self) -> bool:
        """Whether a request went out within the last `KEEPALIVE` seconds."""
        return self.last_used is not None and \
            asyncio.get_running_loop().time() - self.last_used < KEEPALIVE

    def idle(self, request: aiohttp.ClientRequest) -> int:
        """Idle connections kept for `request`'s host."""
        return len(self._conns.get(request.connection_key, ()))

    async def open_idle(
        self, request: aiohttp.ClientRequest, limits: aiohttp.ClientTimeout
    ) -> None:
        protocol = await self._create_connection(request, [], limits)
        if self.closed:
            protocol.close()
            return
        self._release(request.connection_key, protocol)


class WarmPool(BackgroundLoop):
    """Keeps `count` idle connections to the API in the HTTP client's pool."""

    def __init__(self, http: discord.http.HTTPClient, count: int) -> None:
        self._http = http
        self.count = count
        self._refilling: asyncio.Task[int] | None = None
        self._quiet_until = 0.0
        """The loop time before which no request starts a refill (after a failed one)."""

    def start(self) -> None:
        if self.count > 0:
            pool = self._http.connector
            if isinstance(pool, KeptConnector):
                pool.low_water = int(self.count * LOW_WATER)
                pool.running_low = self.refill
            super().start()

    async def stop(self) -> None:
        pool = self._http.connector
        if isinstance(pool, KeptConnector):
            pool.running_low = None
        if self._refilling is not None:
            self._refilling.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._refilling
            self._refilling = None
        await super().stop()

    def refill(self) -> None:
        """Top the pool up in the background, once at a time: a burst's requests keep
        their connections while the next ones are opened for those that follow."""
        loop = asyncio.get_running_loop()
        if (self._refilling is None or self._refilling.done()) and \
                loop.time() >= self._quiet_until:
            self._refilling = loop.create_task(self._refill())

    async def _refill(self) -> int:
        """A refill that opened nothing (the API out of reach) holds the next one off
        for a round: else, in an outage, every failing request would start a
        pool's worth of connection attempts."""
        opened = await self._top_up_quietly()
        if opened == 0:
            self._quiet_until = asyncio.get_running_loop().time() + TOP_UP_EVERY
        return opened

    async def _top_up_quietly(self) -> int:
        try:
            return await self.top_up()
        except Exception as exc:  # a network hiccup: the next request or round tries again
            log.debug("could not top up keep-alive connections (%s)", exc)
            return 0

    async def _loop(self) -> None:
        first = True
        while True:
            if first or self.in_use():
                await self._top_up_quietly()
            first = False
            await asyncio.sleep(TOP_UP_EVERY)

    def in_use(self) -> bool:
        """Whether the bot made a request lately (else the pool is let lapse)."""
        pool = self._http.connector
        return isinstance(pool, KeptConnector) and pool.in_use()

    async def top_up(self) -> int:
        """Open connections until `count` wait idle in the pool; returns how many it
        opened. Those in use do not count: the pool is for the next burst."""
        session: aiohttp.ClientSession = self._http._HTTPClient__session  # type: ignore[attr-defined]
        pool = self._http.connector
        if not isinstance(pool, KeptConnector) or session is discord.utils.MISSING:
            return 0
        if session.closed:
            return 0
        request = self._request(session)
        missing = self.count - pool.idle(request)
        if missing <= 0:
            return 0
        opened = await asyncio.gather(
            *(pool.open_idle(request, session.timeout) for _ in range(missing)),
            return_exceptions=True,
        )
        failed = [o for o in opened if isinstance(o, BaseException)]
        if failed:
            log.debug("could not open %d keep-alive connections (%s)", len(failed), failed[0])
        return len(opened) - len(failed)

    def _request(self, session: aiohttp.ClientSession) -> aiohttp.ClientRequest:
        """A request with the pool key of discord.py's own (the API's host and port, its
        TLS and proxy settings), never sent: only its key and address are read."""
        http = self._http
        return aiohttp.ClientRequest(
            "GET", yarl.URL(discord.http.Route.BASE), loop=asyncio.get_running_loop(),
            session=session, proxy=None if http.proxy is None else yarl.URL(http.proxy),
            proxy_auth=http.proxy_auth,
        )
