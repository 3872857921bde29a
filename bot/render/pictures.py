"""Pictures only when they change.

A board picture is a pure function of what it shows, so a presenter that can say
what that is (`picture_digest`) lets the bot skip both the drawing and the upload
when a change left the picture alone (a card played, a roll reported): the board
is edited without touching its attachment, and Discord keeps showing the picture
it already has. Which picture each board message shows is remembered here, and a
few drawn pictures are kept by digest so a board posted again is not redrawn.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass
from typing import Any, Protocol, cast, runtime_checkable

from bot.models import GameRow
from bot.render.games import BoardPicture, Presenter, offers

SHOWN_KEPT = 4096
"""Board messages whose picture is remembered (a digest each: ~100 bytes)."""

DRAWN_KEPT = 32
"""Drawn pictures kept by digest (tens of KiB each)."""


@dataclass
class LayerCache:
    """How many drawn map layers (the board without its pieces) a game that draws
    pictures keeps; set from `Settings.map_layers` at start-up. Each is held
    uncompressed, in colour and on the palette (~4.3 MiB for Hellraiser's), and a
    table whose layer was dropped pays a full first render again."""

    kept: int = 64


LAYERS = LayerCache()


@runtime_checkable
class DigestPresenter(Protocol):
    """A picture presenter that can name what its picture shows without drawing it
    (optional hook): equal digests must draw equal pictures; None means 'draw'."""

    def picture_digest(self, game: GameRow, state: Any) -> str | None: ...


@dataclass(frozen=True)
class Shown:
    digest: str
    filename: str


class Pictures:
    """Which picture each board message shows, and a few drawn ones, both bounded."""

    def __init__(self, shown_kept: int = SHOWN_KEPT, drawn_kept: int = DRAWN_KEPT) -> None:
        self._shown: OrderedDict[int, Shown] = OrderedDict()
        self._drawn: OrderedDict[str, BoardPicture] = OrderedDict()
        self._shown_kept = shown_kept
        self._drawn_kept = drawn_kept
        self.drawn_count = 0
        """Pictures actually drawn (benchmarks report it)."""

    def shown(self, message_id: int | None, digest: str | None) -> Shown | None:
        """What `message_id` shows, if it is exactly the picture named by `digest`."""
        if message_id is None or digest is None:
            return None
        shown = self._shown.get(message_id)
        if shown is None or shown.digest != digest:
            return None
        self._shown.move_to_end(message_id)
        return shown

    def record(self, message_id: int | None, shown: Shown | None) -> None:
        """After a successful post or edit: `message_id` now shows `shown` (None: a
        picture we cannot name, or none at all)."""
        if message_id is None:
            return
        if shown is None:
            self._shown.pop(message_id, None)
            return
        self._shown[message_id] = shown
        self._shown.move_to_end(message_id)
        while len(self._shown) > self._shown_kept:
            self._shown.popitem(last=False)

    def drawn(self, digest: str | None) -> BoardPicture | None:
        if digest is None:
            return None
        picture = self._drawn.get(digest)
        if picture is not None:
            self._drawn.move_to_end(digest)
        return picture

    def keep_drawn(self, digest: str | None, picture: BoardPicture) -> None:
        self.drawn_count += 1
        if digest is None:
            return
        self._drawn[digest] = picture
        while len(self._drawn) > self._drawn_kept:
            self._drawn.popitem(last=False)


def picture_digest(presenter: Presenter, game: GameRow, state: Any) -> str | None:
    if offers(presenter, DigestPresenter):
        return cast(DigestPresenter, presenter).picture_digest(game, state)
    return None
