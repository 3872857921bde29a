"""Signed links to a game's pages.

A link names a game, a view (`public`, one `seat`'s own, or the `replay`), the seat
for a seat's view and the member who held it (a seat that changes hands ends its old
holder's link: they must not read the next player's hand), and when it expires, and
carries an HMAC-SHA256 of exactly those under the server's key, which lives in the
database (`Storage.link_key`): links survive restarts, any process sharing the
database checks them, and a GM's rotation (`/game unshare`) stops every old link of
that server at once. The key is per server so that one server's GM cannot break
another server's links.
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import hmac
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from bot.models import GameRow
from bot.storage import Storage

View = Literal["public", "seat", "replay"]
VIEWS: tuple[View, ...] = ("public", "seat", "replay")
EXPIRY_DAYS = 30
DAY = 86_400.0


class BadLink(Exception):
    """The link is not one the bot signed (tampered, truncated, or signed with a
    rotated key): 403."""


class ExpiredLink(Exception):
    """The link was signed but its time is up: 410."""


class SeatMoved(Exception):
    """A seat's own link whose seat another member (or an AI) holds now: 410."""


@dataclass(frozen=True)
class Link:
    game_id: int
    view: View
    seat: int | None
    expires: int
    holder: int | None = None
    """For a seat's view, the member who held the seat when the link was made."""

    def _seat(self) -> str:
        return "-" if self.seat is None else f"{self.seat}-{self.holder or 0}"

    def message(self) -> bytes:
        """What the signature covers: every field, so none can be changed alone."""
        return f"{self.game_id}:{self.view}:{self._seat()}:{self.expires}".encode()

    def token(self, key: str) -> str:
        return f"{self.game_id}.{self.view}.{self._seat()}.{self.expires}.{_signature(key, self)}"


def _signature(key: str, link: Link) -> str:
    digest = hmac.new(key.encode(), link.message(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).decode().rstrip("=")


def parse(token: str) -> tuple[Link, str]:
    """The link a token claims to be and its signature, unchecked; BadLink if it
    does not even read as one."""
    parts = token.split(".")
    if len(parts) != 5 or parts[1] not in VIEWS:
        raise BadLink
    game, view, seat, expires, signature = parts
    if not (game.isdigit() and expires.isdigit() and len(game) <= 18 and len(expires) <= 12):
        raise BadLink
    number, _, holder = seat.partition("-")
    numbered = number.isdigit() and len(number) <= 2 and holder.isdigit() and len(holder) <= 20
    if (seat == "-") != (view != "seat") or (seat != "-" and not numbered):
        raise BadLink
    chosen: View = "public" if view == "public" else "seat" if view == "seat" else "replay"
    if seat == "-":
        return Link(int(game), chosen, None, int(expires)), signature
    return Link(int(game), chosen, int(number), int(expires), int(holder)), signature


def still_held(link: Link, game: GameRow) -> None:
    """A seat's link reads only while its member still holds the seat."""
    if link.seat is None:
        return
    if link.seat >= len(game.seats) or game.seats[link.seat].user_id != link.holder:
        raise SeatMoved


def check(link: Link, signature: str, key: str, now: float) -> Link:
    """The link if `signature` is the key's (compared in constant time) and it has
    not expired; the signature is checked first, so an expired link can only be
    told from a forged one by someone holding a real one."""
    if not hmac.compare_digest(_signature(key, link).encode(), signature.encode()):
        raise BadLink
    if link.expires < now:
        raise ExpiredLink
    return link


def new_key() -> str:
    return secrets.token_urlsafe(32)


def guild_of(game: GameRow) -> int:
    """The key's server: games are played in servers, so 0 stands only for none."""
    return game.guild_id or 0


KEY_SECONDS = 5.0
"""How long a process trusts a key it read: a rotation in another process reaches
its pages within this; in the rotating process at once."""


class Keys:
    """The servers' link keys, read from storage (created on first use) and kept a
    few seconds, so a page under load costs no query per request."""

    def __init__(self, storage: Storage, clock: Callable[[], float]) -> None:
        self.storage = storage
        self.clock = clock
        self._kept: dict[int, tuple[str, float]] = {}

    async def key(self, guild_id: int) -> str:
        now = self.clock()
        kept = self._kept.get(guild_id)
        if kept is not None and now - kept[1] < KEY_SECONDS:
            return kept[0]
        key = await self.storage.link_key(guild_id, new_key(), now)
        self._kept[guild_id] = (key, now)
        return key

    def known(self, guild_id: int) -> str | None:
        """The key last read, however old: for the final board, drawn without I/O."""
        kept = self._kept.get(guild_id)
        return None if kept is None else kept[0]

    async def rotate(self, guild_id: int) -> None:
        await self.storage.put_link_key(guild_id, new_key(), self.clock())
        self._kept.pop(guild_id, None)
        await self.key(guild_id)


class Links:
    """Makes a server's links under the public base of the web pages."""

    def __init__(self, keys: Keys, base_url: str) -> None:
        self.keys = keys
        self.base_url = base_url.rstrip("/")
        self._warming: dict[int, asyncio.Task[str]] = {}

    async def url(self, game: GameRow, view: View, seat: int | None = None,
                  days: float = EXPIRY_DAYS) -> str:
        key = await self.keys.key(guild_of(game))
        holder = None if seat is None else game.seats[seat].user_id
        expires = int(self.keys.clock() + days * DAY)
        return self._url(key, Link(game.id, view, seat, expires, holder))

    def warm(self, game: GameRow) -> None:
        """Read the server's key, if this process has not yet, ahead of the game's
        final board (`replay_url`): called at each commit, it reads once a server."""
        guild = guild_of(game)
        if self.keys.known(guild) is None and guild not in self._warming:
            task = asyncio.get_running_loop().create_task(self.keys.key(guild))
            self._warming[guild] = task
            task.add_done_callback(lambda _: self._warming.pop(guild, None))

    def replay_url(self, game: GameRow) -> str | None:
        """The ▶ Replay button's link, made with a key this process already read (at
        the table's first commit), or None: the board then goes without the button
        and `/game replay` answers one."""
        key = self.keys.known(guild_of(game))
        if key is None:
            return None
        return self._url(key, Link(game.id, "replay", None,
                                   int(self.keys.clock() + EXPIRY_DAYS * DAY)))

    def _url(self, key: str, link: Link) -> str:
        path = "r" if link.view == "replay" else "g"
        return f"{self.base_url}/{path}/{link.token(key)}"


class ReplayButtons:
    """Where a finished game's final board finds its ▶ Replay link: the board is
    built without I/O or services (`bot.presenting.board_view`), so the app sets
    `links` while its web server runs, as it sets the map layers it keeps."""

    def __init__(self) -> None:
        self.links: Links | None = None

    def url(self, game: GameRow) -> str | None:
        return None if self.links is None else self.links.replay_url(game)


REPLAY_BUTTONS = ReplayButtons()
