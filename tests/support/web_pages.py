"""Reading the web pages as a reader would, for the secrecy checks: every text node
and every attribute a person or a screen reader meets (alt, title, aria-label,
value), from a page, an SSE stream's boards, or a replay's steps."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator
from html.parser import HTMLParser
from typing import Any

import aiohttp

from bot.web.links import Link

READ_ATTRIBUTES = frozenset({"alt", "title", "aria-label", "value", "content", "placeholder"})


class _Texts(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.texts: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.texts += [v for k, v in attrs if k in READ_ATTRIBUTES and v]

    def handle_data(self, data: str) -> None:
        if data.strip():
            self.texts.append(data)


def page_texts(html: str) -> list[str]:
    """What a page says, text node by text node (a secret split by markup, as in
    `<strong>Name</strong>`, still reads whole within its node)."""
    reader = _Texts()
    reader.feed(html)
    return [*reader.texts, " ".join(reader.texts)]


def token_of(url: str) -> str:
    return url.rstrip("/").rsplit("/", 1)[1]


def forged(url: str, **changes: Any) -> str:
    """The link with one field changed and its signature kept: a tampered link."""
    token = token_of(url)
    game, view, seat, expires, signature = token.split(".")
    fields = {"game": game, "view": view, "seat": seat, "expires": expires, **changes}
    new = f"{fields['game']}.{fields['view']}.{fields['seat']}.{fields['expires']}.{signature}"
    return url[: -len(token)] + new


def signed(base: str, link: Link, key: str) -> str:
    return f"{base}/{'r' if link.view == 'replay' else 'g'}/{link.token(key)}"


class Stream:
    """An SSE subscription's boards as they arrive (version and HTML)."""

    def __init__(self) -> None:
        self.boards: list[dict[str, Any]] = []
        self.raw: list[str] = []
        self._arrived = asyncio.Event()

    async def wait_for(self, version: int, timeout: float = 20.0) -> dict[str, Any]:  # noqa: ASYNC109
        async def seen() -> dict[str, Any]:
            while True:
                for board in self.boards:
                    if board["version"] >= version:
                        return board
                self._arrived.clear()
                await self._arrived.wait()

        return await asyncio.wait_for(seen(), timeout)

    async def read(self, response: aiohttp.ClientResponse) -> None:
        event = ""
        async for raw in response.content:
            line = raw.decode().rstrip("\n")
            self.raw.append(line)
            if line.startswith("event: "):
                event = line[7:]
            elif line.startswith("data: ") and event == "board":
                self.boards.append(json.loads(line[6:]))
                self._arrived.set()


@contextlib.asynccontextmanager
async def streaming(session: aiohttp.ClientSession, url: str) -> AsyncIterator[Stream]:
    stream = Stream()
    async with session.get(url + "/events") as response:
        assert response.status == 200
        assert response.headers["Content-Type"].startswith("text/event-stream")
        task = asyncio.get_running_loop().create_task(stream.read(response))
        try:
            yield stream
        finally:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, aiohttp.ClientError):
                await task
