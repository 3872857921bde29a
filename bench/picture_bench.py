"""Hellraiser board pictures per click, over games played through the table.

Each click is a move the AI would make (two human seats, digital), played through
the table service; after it the board is rendered as the bot renders it for an
edit of the same board message. Games follow one another (a new table, the next
seed) until `--clicks` clicks are played. With digests (the bot's path) a picture
is drawn and uploaded only when the map or its pieces changed; the baseline draws
and uploads it on every click, as the bot did before. Reported: the picture's cost
per click (its digest, plus drawing and encoding when it changed: timed where they
run), the whole board's render per click, pictures drawn, and bytes uploaded.

    .venv/bin/python -m bench.picture_bench [--clicks 100]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.frontend import install
from bot.games import GAMES
from bot.games.hellraiser.presenter import PRESENTER, HellraiserPresenter
from bot.models import GameRow
from bot.presenting import render_board
from bot.render.games import BoardPicture, register_presenter
from bot.render.pictures import Pictures
from bot.storage_sqlite import SqliteStorage
from bot.table import Actor, TableService
from engines import registry
from engines.hellraiser import ENGINE

PLAYERS = (Actor(user_id=1, name="Ann"), Actor(user_id=2, name="Ben"))
BOARD_MESSAGE = 99


@dataclass
class Figures:
    picture_ms: list[float] = field(default_factory=list)
    """Digest, and drawing when the digest changed, per click (the bot's path)."""
    board_ms: list[float] = field(default_factory=list)
    """The whole `render_board` per click (embed and components too)."""
    digest_bytes: list[int] = field(default_factory=list)
    always_ms: list[float] = field(default_factory=list)
    always_bytes: list[int] = field(default_factory=list)


class _Timed(HellraiserPresenter):
    """Hellraiser's presenter with its picture hooks timed where they run (drawing
    runs in a worker thread, so timing around `render_board` would count the hop)."""

    spent = 0.0

    def picture_digest(self, game: GameRow, state: Any) -> str | None:
        started = time.perf_counter()
        try:
            return super().picture_digest(game, state)
        finally:
            self.spent += time.perf_counter() - started

    def board_picture(self, game: GameRow, state: Any) -> BoardPicture | None:
        started = time.perf_counter()
        try:
            return super().board_picture(game, state)
        finally:
            self.spent += time.perf_counter() - started


async def _games(path: Path, clicks: int) -> Figures:
    storage = await SqliteStorage.open(path)
    figures = Figures()
    timed = _Timed()
    try:
        channel = 0
        while len(figures.board_ms) < clicks:
            channel += 1
            service = TableService(storage, seed=4 + channel)
            await service.new_game(
                channel_id=channel, guild_id=1, host=PLAYERS[0], game_key=ENGINE.key,
                mode="digital",
            )
            await service.join(channel, PLAYERS[1])
            await service.start(channel, PLAYERS[0], 1)
            await _play(service, channel, clicks, figures, timed)
    finally:
        await storage.close()
    return figures


async def _play(
    service: TableService, channel: int, clicks: int, figures: Figures, timed: _Timed
) -> None:
    shown, fresh = Pictures(), Pictures(shown_kept=0, drawn_kept=0)
    while len(figures.board_ms) < clicks:
        cur = await service.current(channel)
        if cur is None or ENGINE.result(cur.state) is not None:
            return
        seat = ENGINE.to_move(cur.state)[0]
        action = ENGINE.dump_action(ENGINE.ai_action(cur.state, seat))
        out = await service.act(channel, PLAYERS[seat % 2], action)
        for pictures, ms, sizes, message in (
            (fresh, figures.always_ms, figures.always_bytes, None),
            (shown, figures.board_ms, figures.digest_bytes, BOARD_MESSAGE + channel),
        ):
            timed.spent = 0.0
            started = time.perf_counter()
            with _presenting(timed):
                board = await render_board(
                    out.game, out.state, pictures=pictures, message_id=message
                )
            ms.append((time.perf_counter() - started) * 1000)
            sizes.append(len(board.picture.data) if board.picture else 0)
            pictures.record(message, board.shows)
        figures.picture_ms.append(timed.spent * 1000)


@contextlib.contextmanager
def _presenting(timed: _Timed) -> Iterator[None]:
    """Hellraiser's presenter, timed, for the length of one render."""
    register_presenter(ENGINE.key, timed)
    try:
        yield
    finally:
        register_presenter(ENGINE.key, PRESENTER)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clicks", type=int, default=100)
    args = parser.parse_args(argv)
    install(GAMES)
    registry.get(ENGINE.key)
    with tempfile.TemporaryDirectory() as folder:
        f = asyncio.run(_games(Path(folder) / "p.sqlite", args.clicks))
    n = len(f.board_ms)
    drawn = sum(1 for b in f.digest_bytes if b)
    print(
        f"{n} clicks: picture {sum(f.picture_ms) / n:.1f} ms per click with digests"
        f" ({drawn} drawn, {sum(f.digest_bytes) / n / 1024:.1f} KiB uploaded per click);"
        f" whole board render {sum(f.board_ms) / n:.1f} ms per click; drawing every click"
        f" {sum(f.always_ms) / n:.1f} ms, {sum(f.always_bytes) / n / 1024:.1f} KiB"
    )


if __name__ == "__main__":
    main()
