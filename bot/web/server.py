"""The read-only web server inside the bot (aiohttp, which discord.py already uses).

Every route is a GET that reads storage; nothing here changes a game. Each response
carries a Content-Security-Policy of `default-src 'self'` (scripts and styles are the
files in `static/`, served by explicit routes, so there is no directory to list),
requests with a body are refused, and each address has a rate limit. There is no
access log: a page's address is its signed link, which must not land in a log.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, TypeVar

from aiohttp import web

from bot.models import GameRow, LogEntry
from bot.render.games import PicturePresenter, presenter_for
from bot.secrecy import SecretLeak
from bot.storage import Storage
from bot.web import pages
from bot.web.feed import Feed, Subscriber, Watched
from bot.web.links import (
    BadLink,
    ExpiredLink,
    Keys,
    Link,
    SeatMoved,
    check,
    guild_of,
    parse,
    still_held,
)
from bot.web.replay_steps import Replay, build, first_step, reveals
from bot.web.views import Board, Narration, live_board, load_state
from bot.workers import off_loop
from engines import registry

log = logging.getLogger(__name__)

STATIC = Path(__file__).with_name("static")
STATIC_TYPES = {".css": "text/css", ".js": "text/javascript"}
HEADERS = {
    "Content-Security-Policy": "default-src 'self'; base-uri 'none'; form-action 'none';"
    " frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
}
MAX_REQUEST = 4096
"""Bytes a request may carry (headers aside): pages are read with GETs, no bodies."""
KEEP_ALIVE = 15.0
"""Seconds between comments on a quiet event stream, so proxies keep it open."""
RECHECK = 2.0
"""Seconds between reads of a watched game's row when no commit in this process
announced a change: with several processes on one PostgreSQL, another may have
made it. One read per game per period, however many pages watch."""

SHOWN_PICTURES = 4096
"""(game, digest) pairs of pictures live pages have shown, so a page may fetch one
after its board has moved on."""
KNOWN_ROWS = 1024
"""Games whose newest row read is kept, for their pictures' requests."""

K = TypeVar("K")
V = TypeVar("V")


class RateLimit:
    """Requests per address in a sliding minute (a token bucket): a page, its
    script, its style, its stream and its pictures are a handful, a reload loop is not."""

    def __init__(self, per_minute: int, clock: Callable[[], float]) -> None:
        self.per_minute = per_minute
        self.clock = clock
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()

    def allow(self, address: str) -> bool:
        now = self.clock()
        tokens, then = self._buckets.pop(address, (float(self.per_minute), now))
        tokens = min(float(self.per_minute), tokens + (now - then) * self.per_minute / 60.0)
        allowed = tokens >= 1.0
        self._buckets[address] = (tokens - 1.0 if allowed else tokens, now)
        while len(self._buckets) > 10_000:
            self._buckets.popitem(last=False)
        return allowed


class Kept(OrderedDict[K, "asyncio.Future[V]"]):
    """The newest results by key, each computed once however many pages ask at once
    (200 spectators of one table cost one read per change)."""

    def __init__(self, size: int) -> None:
        super().__init__()
        self.size = size

    async def get_or_make(self, key: K, make: Callable[[], Awaitable[V]]) -> V:
        found = self.get(key)
        if found is None or (found.done() and found.exception() is not None):
            found = asyncio.ensure_future(make())
            self[key] = found
            while len(self) > self.size:
                self.popitem(last=False)
        else:
            self.move_to_end(key)
        return await asyncio.shield(found)

    def done(self, key: K) -> V | None:
        """The result for `key` if it is made and kept, without making it."""
        found = self.get(key)
        if found is None or not found.done() or found.cancelled() or found.exception():
            return None
        return found.result()


def address_of(request: web.Request) -> str:
    """The reader's address; behind a reverse proxy on this machine (the server binds
    to 127.0.0.1 unless told otherwise), the one the proxy says it serves."""
    remote = request.remote or "?"
    forwarded = request.headers.get("X-Forwarded-For")
    if forwarded and remote in ("127.0.0.1", "::1"):
        return forwarded.split(",")[-1].strip() or remote
    return remote


class WebServer:
    def __init__(
        self,
        storage: Storage,
        feed: Feed,
        keys: Keys,
        *,
        host: str = "127.0.0.1",
        port: int = 8080,
        per_minute: int = 240,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.storage = storage
        self.feed = feed
        self.keys = keys
        self.host = host
        self.port = port
        self.clock = clock
        self.limit = RateLimit(per_minute, clock)
        self._boards: Kept[tuple[int, int, int | None], Board] = Kept(256)
        self._narration = Narration()
        self._events_built: Kept[tuple[int, int, int | None], bytes] = Kept(256)
        self._token_mark = f"token-{secrets.token_hex(12)}"
        """Stands for a link's token in a built event: never in a game's text."""
        self._rows_known: OrderedDict[int, GameRow] = OrderedDict()
        self._shown: OrderedDict[tuple[int, str], None] = OrderedDict()
        self._rows: Kept[tuple[int, int, bool], GameRow | None] = Kept(256)
        self._replays: Kept[tuple[int, int, bool], Replay] = Kept(8)
        self._pictures: Kept[str | tuple[int, int, int | None], bytes | None] = Kept(64)
        self._static = {
            p.name: p.read_bytes() for p in STATIC.iterdir() if p.suffix in STATIC_TYPES
        }
        self._runner: web.AppRunner | None = None

    def app(self) -> web.Application:
        app = web.Application(middlewares=[self._guard], client_max_size=MAX_REQUEST)
        app.router.add_get("/", self._home)
        app.router.add_get("/static/{name}", self._static_file)
        app.router.add_get("/g/{token}", self._live_page)
        app.router.add_get("/g/{token}/events", self._events)
        app.router.add_get("/g/{token}/board/{version:\\d{1,18}}.png", self._live_picture)
        app.router.add_get("/g/{token}/picture/{digest:[0-9a-f]{64}}.png", self._shown_picture)
        app.router.add_get("/r/{token}", self._replay_page)
        app.router.add_get("/r/{token}/steps.json", self._replay_steps)
        app.router.add_get("/r/{token}/step/{step:\\d{1,6}}.png", self._step_picture)
        return app

    async def start(self) -> int:
        """Serve; returns the port (a free one when asked for 0)."""
        self._runner = web.AppRunner(self.app(), access_log=None, handle_signals=False,
                                     shutdown_timeout=1.0)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, self.port)
        await site.start()
        server = site._server
        if self.port == 0 and server is not None:
            sockets = getattr(server, "sockets", None) or []
            self.port = int(sockets[0].getsockname()[1])
        return self.port

    async def stop(self) -> None:
        self.feed.close()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    # Every request

    @web.middleware
    async def _guard(
        self, request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
    ) -> web.StreamResponse:
        try:
            if request.method not in ("GET", "HEAD"):
                response: web.StreamResponse = self._error(405)
            elif request.content_length or request.body_exists:
                response = self._error(413)
            elif not self.limit.allow(address_of(request)):
                response = self._error(429)
            else:
                response = await handler(request)
        except web.HTTPException as exc:
            response = self._error(exc.status if exc.status in pages.ERRORS else 404)
        except BadLink:
            response = self._error(403)
        except ExpiredLink:
            response = self._error(410)
        except SeatMoved:
            response = self._error(410, pages.SEAT_MOVED)
        except SecretLeak:
            log.error("a web page (%s) would have named a seat's secret; refused",
                      request.match_info.route.name or "route")
            response = self._error(500)
        except (ConnectionResetError, asyncio.CancelledError):
            raise
        except Exception:
            log.exception("a web page failed (%s)", request.match_info.route.name or "route")
            response = self._error(500)
        if not response.prepared:
            response.headers.update(HEADERS)
        return response

    def _error(self, status: int, sentence: str | None = None) -> web.Response:
        return web.Response(
            status=status, text=pages.error_page(status, sentence), content_type="text/html",
            headers={**HEADERS, "Cache-Control": "no-store"},
        )

    async def _home(self, request: web.Request) -> web.Response:
        return web.Response(text=pages.page("Pandemonium", (
            "<main><h1>Pandemonium</h1><p>Games are watched through links from Discord:"
            " /game share in a channel with a game.</p></main>")), content_type="text/html")

    async def _static_file(self, request: web.Request) -> web.Response:
        name = request.match_info["name"]
        body = self._static.get(name)
        if body is None:
            raise web.HTTPNotFound
        return web.Response(body=body, content_type=STATIC_TYPES[Path(name).suffix],
                            headers={"Cache-Control": "max-age=300"})

    # Links

    async def _linked(self, request: web.Request, *views: str,
                      known_will_do: Callable[[GameRow], bool] | None = None,
                      ) -> tuple[Link, GameRow]:
        """The signed link's game: 403 for a forgery, 404 for no such game (or a link
        to another kind of page), 410 once expired. A board's picture, fetched by
        every page right after the board, reads no row when the newest row this
        process knows will do (`known_will_do`)."""
        link, signature = parse(request.match_info["token"])
        known = self._rows_known.get(link.game_id)
        will_do = known is not None and known_will_do is not None and known_will_do(known)
        game = known if will_do else None
        if game is None:
            game = await self.storage.game(link.game_id)
            if game is None:
                raise web.HTTPNotFound
            self._known_row(game)
        check(link, signature, await self.keys.key(guild_of(game)), self.clock())
        if link.view not in views:
            raise web.HTTPNotFound
        still_held(link, game)
        return link, game

    def _known_row(self, game: GameRow) -> None:
        known = self._rows_known.get(game.id)
        if known is None or known.version <= game.version:
            self._rows_known[game.id] = game
            self._rows_known.move_to_end(game.id)
            while len(self._rows_known) > KNOWN_ROWS:
                self._rows_known.popitem(last=False)

    # The live page

    async def _board(self, game: GameRow, seat: int | None) -> Board:
        async def make() -> Board:
            board = await live_board(self.storage, game, seat, self._narration)
            if board.digest is not None:
                self._shown[game.id, board.digest] = None
                while len(self._shown) > SHOWN_PICTURES:
                    self._shown.popitem(last=False)
            return board

        return await self._boards.get_or_make((game.id, game.version, seat), make)

    def _picture_path(self, token: str, board: Board) -> str | None:
        """A drawn board's picture by what it shows, so a page whose picture did not
        change fetches nothing (the browser has it); by version if it has no digest."""
        if not board.picture:
            return None
        if board.digest is not None:
            return f"{token}/picture/{board.digest}.png"
        return f"{token}/board/{board.version}.png"

    async def _live_page(self, request: web.Request) -> web.Response:
        link, game = await self._linked(request, "public", "seat")
        board = await self._board(game, link.seat)
        return _html(pages.live_page(_title(game, link), self._fragment(request, board)))

    def _fragment(self, request: web.Request, board: Board) -> str:
        return pages.board_fragment(board, self._picture_path(request.match_info["token"], board))

    async def _events(self, request: web.Request) -> web.StreamResponse:
        link, game = await self._linked(request, "public", "seat")
        response = web.StreamResponse(headers={
            **HEADERS, "Content-Type": "text/event-stream", "Cache-Control": "no-store",
            "X-Accel-Buffering": "no",
        })
        await response.prepare(request)
        subscriber = Subscriber(link, request.match_info["token"], game.version)
        with self.feed.subscribe(game.id, subscriber) as watched:
            if watched.pump is None:
                watched.pump = asyncio.ensure_future(self._pump(game.id, watched))
            payload: bytes | None = b"retry: 2000\n\n" + await self._payload(game, subscriber)
            with contextlib.suppress(ConnectionResetError):
                while payload is not None:
                    await response.write(payload)
                    payload = await subscriber.next()
        return response

    async def _pump(self, game_id: int, watched: Watched) -> None:
        """One game's updates for all its streams: woken by the feed, it reads the
        row once, and re-reads it only after RECHECK seconds with no word from the
        feed (another process may have made the change); after KEEP_ALIVE seconds
        with nothing sent, each stream gets a comment, so proxies keep it open."""
        quiet = 0.0
        while watched.subscribers:
            try:
                async with asyncio.timeout(RECHECK):  # wait_for may drop a cancellation (3.11)
                    await watched.wake.wait()
                watched.wake.clear()
                key, quiet = (game_id, watched.heard, True), 0.0
            except TimeoutError:
                key = (game_id, int(self.clock() // RECHECK), False)
                quiet += RECHECK
                if quiet >= KEEP_ALIVE:
                    quiet = 0.0
                    for subscriber in list(watched.subscribers):
                        subscriber.nudge(b": still here\n\n")
            try:
                newest = await self._rows.get_or_make(key, lambda: self.storage.game(game_id))
                if newest is not None:
                    self._known_row(newest)
                    await self._fan_out(newest, watched)
            except Exception:
                log.exception("the live page of game %s could not be updated", game_id)

    async def _fan_out(self, game: GameRow, watched: Watched) -> None:
        """The same bytes to every stream of one link; a seat's stream whose member
        no longer holds the seat ends instead, so it never shows the next holder's hand."""
        by_token: dict[str, list[Subscriber]] = {}
        for subscriber in list(watched.subscribers):
            if subscriber.version >= game.version:
                continue
            try:
                still_held(subscriber.link, game)
            except SeatMoved:
                subscriber.offer(None)
                continue
            by_token.setdefault(subscriber.token, []).append(subscriber)
        for subscribers in by_token.values():
            payload = await self._payload(game, subscribers[0])
            for subscriber in subscribers:
                subscriber.version = game.version
                subscriber.offer(payload)

    async def _payload(self, game: GameRow, subscriber: Subscriber) -> bytes:
        """A version's event for one link: built once per view and version, whatever
        the link (its token, in the picture's address, is put in last)."""
        seat = subscriber.link.seat

        async def make() -> bytes:
            board = await self._board(game, seat)
            picture = self._picture_path(self._token_mark, board)
            data = json.dumps({"version": game.version,
                               "html": pages.board_fragment(board, picture)})
            return f"event: board\ndata: {data}\n\n".encode()

        event = await self._events_built.get_or_make((game.id, game.version, seat), make)
        return event.replace(self._token_mark.encode(), subscriber.token.encode())

    async def _live_picture(self, request: web.Request) -> web.Response:
        version = int(request.match_info["version"])
        link, game = await self._linked(request, "public", "seat",
                                        known_will_do=lambda known: known.version == version)
        if version != game.version:
            raise web.HTTPNotFound
        board = await self._board(game, link.seat)
        data = await self._pictures.get_or_make(
            board.digest or (game.id, game.version, None), lambda: _draw(game, load_state(game))
        )
        return _png(data)

    async def _shown_picture(self, request: web.Request) -> web.Response:
        """A picture by its digest: one this game's live page has shown (drawn then,
        or now if it is the board's picture now), never another game's."""
        digest = request.match_info["digest"]
        link, game = await self._linked(
            request, "public", "seat", known_will_do=lambda known: (known.id, digest) in self._shown
        )
        board = await self._board(game, link.seat)
        if board.digest == digest:
            data = await self._pictures.get_or_make(digest, lambda: _draw(game, load_state(game)))
        elif (game.id, digest) in self._shown and (drawn := self._pictures.done(digest)):
            data = drawn
        else:
            raise web.HTTPNotFound
        return _png(data)

    # The replay page

    async def _replay(self, game: GameRow, entries: list[LogEntry] | None = None) -> Replay:
        revealed = await reveals(self.storage, game)

        async def make() -> Replay:
            log = entries or await self.storage.log(game.id, include_undone=False)
            return await off_loop(build, game, log, revealed)

        return await self._replays.get_or_make((game.id, game.version, revealed), make)

    def _step_fragment(self, request: web.Request, replay: Replay, step: int) -> str:
        token = request.match_info["token"]
        board = replay.steps[step]
        return pages.board_fragment(board, f"{token}/step/{step}.png" if board.picture else None)

    async def _replay_page(self, request: web.Request) -> web.Response:
        link, game = await self._linked(request, "replay")
        entries = await self.storage.log(game.id, include_undone=False)
        revealed = await reveals(self.storage, game)
        building = asyncio.ensure_future(self._replay(game, entries))
        building.add_done_callback(_quietly)
        board, label, steps = first_step(game, entries, revealed)
        token = request.match_info["token"]
        fragment = pages.board_fragment(board, f"{token}/step/0.png" if board.picture else None)
        return _html(pages.replay_page(_title(game, link), fragment, steps, label))

    async def _replay_steps(self, request: web.Request) -> web.Response:
        _, game = await self._linked(request, "replay")
        replay = await self._replay(game)
        body = {
            "steps": [{"label": replay.labels[i], "html": self._step_fragment(request, replay, i)}
                      for i in range(len(replay.steps))],
            "luck": replay.luck,
        }
        return web.json_response(body, headers={"Cache-Control": "no-store"})

    async def _step_picture(self, request: web.Request) -> web.Response:
        _, game = await self._linked(request, "replay")
        replay = await self._replay(game)
        step = int(request.match_info["step"])
        if step >= len(replay.steps):
            raise web.HTTPNotFound
        data = await self._pictures.get_or_make(
            replay.steps[step].digest or (game.id, game.version, step),
            lambda: _draw(replay.game, replay.states[step]),
        )
        return _png(data)


async def _draw(game: GameRow, state: Any) -> bytes | None:
    presenter = presenter_for(game.game)
    if state is None or not isinstance(presenter, PicturePresenter):
        return None
    picture = await off_loop(presenter.board_picture, game, state)
    return None if picture is None else picture.data


def _quietly(task: asyncio.Future[Replay]) -> None:
    """A replay built ahead for the page's steps.json: a failure is met there again."""
    if not task.cancelled():
        task.exception()


def _png(data: bytes | None) -> web.Response:
    if data is None:
        raise web.HTTPNotFound
    return web.Response(body=data, content_type="image/png",
                        headers={"Cache-Control": "private, max-age=3600"})


def _html(text: str) -> web.Response:
    return web.Response(text=text, content_type="text/html", headers={"Cache-Control": "no-store"})


def _title(game: GameRow, link: Link) -> str:
    kind = {"public": "live", "seat": f"seat {(link.seat or 0) + 1}'s view", "replay": "replay"}
    return f"{registry.get(game.game).title}, game #{game.id} — {kind[link.view]}"
