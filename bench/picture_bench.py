"""Hellraiser board pictures per click, over one game played through the table.

Each click is a move the AI would make (two human seats, digital), played through
the table service; after it the board is rendered as the bot renders it for an
edit of the same board message. With digests (the bot's path) a picture is drawn
and uploaded only when the map or its pieces changed; the baseline draws and
uploads it on every click, as the bot did before. Reported: average render cost
per click, pictures drawn, and bytes uploaded per click.

    .venv/bin/python -m bench.picture_bench [--clicks 100]
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
import time
from pathlib import Path

from bot.frontend import install
from bot.games import GAMES
from bot.presenting import board_embed, board_view, render_board
from bot.render.pictures import Pictures
from bot.storage import SqliteStorage
from bot.table import Actor, TableService
from engines import registry
from engines.hellraiser import ENGINE

PLAYERS = (Actor(user_id=1, name="Ann"), Actor(user_id=2, name="Ben"))
CHANNEL = 1
BOARD_MESSAGE = 99


Figures = tuple[list[float], list[int], list[float], list[int], list[float]]


async def _game(path: Path, clicks: int) -> Figures:
    storage = await SqliteStorage.open(path)
    shown, fresh = Pictures(), Pictures(shown_kept=0, drawn_kept=0)
    digest_ms: list[float] = []
    digest_bytes: list[int] = []
    always_ms: list[float] = []
    always_bytes: list[int] = []
    text_ms: list[float] = []
    try:
        service = TableService(storage, seed=5)
        await service.new_game(
            channel_id=CHANNEL, guild_id=1, host=PLAYERS[0], game_key=ENGINE.key, mode="digital"
        )
        await service.join(CHANNEL, PLAYERS[1])
        await service.start(CHANNEL, PLAYERS[0], 1)
        for _ in range(clicks):
            cur = await service.current(CHANNEL)
            if cur is None or ENGINE.result(cur.state) is not None:
                break
            seat = ENGINE.to_move(cur.state)[0]
            action = ENGINE.dump_action(ENGINE.ai_action(cur.state, seat))
            out = await service.act(CHANNEL, PLAYERS[seat % 2], action)
            started = time.perf_counter()
            board_embed(out.game, out.state)
            board_view(out.game, out.state)
            text_ms.append((time.perf_counter() - started) * 1000)
            for pictures, ms, sizes, message in (
                (fresh, always_ms, always_bytes, None),
                (shown, digest_ms, digest_bytes, BOARD_MESSAGE),
            ):
                started = time.perf_counter()
                board = await render_board(
                    out.game, out.state, pictures=pictures, message_id=message
                )
                ms.append((time.perf_counter() - started) * 1000)
                sizes.append(len(board.picture.data) if board.picture else 0)
                pictures.record(message, board.shows)
    finally:
        await storage.close()
    return digest_ms, digest_bytes, always_ms, always_bytes, text_ms


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clicks", type=int, default=100)
    args = parser.parse_args(argv)
    install(GAMES)
    registry.get(ENGINE.key)
    with tempfile.TemporaryDirectory() as folder:
        figures = asyncio.run(_game(Path(folder) / "p.sqlite", args.clicks))
    d_ms, d_bytes, a_ms, a_bytes, text_ms = figures
    n = len(d_ms)
    text = sum(text_ms) / n
    drawn = sum(1 for b in d_bytes if b)
    print(
        f"{n} clicks; embed and components {text:.1f} ms per click. Picture per click:"
        f" with digests {sum(d_ms) / n - text:.1f} ms ({drawn} drawn),"
        f" {sum(d_bytes) / n / 1024:.1f} KiB uploaded;"
        f" drawing every click {sum(a_ms) / n - text:.1f} ms, {sum(a_bytes) / n / 1024:.1f} KiB"
    )


if __name__ == "__main__":
    main()
