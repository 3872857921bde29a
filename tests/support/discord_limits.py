"""Discord's limits on what the bot sends, checked the same way for every game's renderer.

Discord rejects a whole message for one over-long field or custom_id, so render
tests check every board, button and message they build against these numbers
(from Discord's documentation, written out here rather than read from the bot's
own constants, so a wrong constant in the bot is caught). Tables are built with
ids far beyond any real game's, so custom_id lengths are worst cases.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

import discord

from bot.models import GameRow, SeatRow
from bot.render.games import SelectChoice

BIG_ID, BIG_VERSION = 10**12, 10**7
"""Table ids and versions far beyond any real game, so custom_id lengths are worst cases."""
CODE = re.compile(r"[\w.,=+-]{1,60}")
"""The code part the board's DynamicItems accept (bot/ui/components.py)."""
CUSTOM_ID = 100
BUTTON_LABEL = 80


def worst_case_game(game: str, names: Iterable[str], mode: str = "digital",
                    ai: frozenset[int] = frozenset()) -> GameRow:
    """A live table of `game` with the longest ids and versions a test can think of."""
    seats = [SeatRow(user_id=None if i in ai else 100 + i, name=n, ai=i in ai)
             for i, n in enumerate(names)]
    return GameRow(id=BIG_ID, guild_id=1, channel_id=2, game=game, mode=mode,
                   status="active", host_id=100, version=BIG_VERSION, seats=seats, rng_seed=1)


def check_embed(embed: discord.Embed) -> None:
    """Title 256, description 4096, 25 fields of name 1-256 and value 1-1024,
    footer 2048, 6000 characters in all."""
    assert len(embed.title or "") <= 256 and len(embed.description or "") <= 4096
    assert len(embed.fields) <= 25
    for field in embed.fields:
        assert 0 < len(field.name or "") <= 256 and 0 < len(field.value or "") <= 1024
    assert len(embed.footer.text or "") <= 2048
    assert len(embed) <= 6000


def check_buttons(game: GameRow, buttons: Iterable[tuple[str, str, int]]) -> None:
    """Each move button's label fits, and its code fits the board's custom_id pattern."""
    for label, code, seat in buttons:
        assert 0 < len(label) <= BUTTON_LABEL and CODE.fullmatch(code)
        assert len(f"pd:mv:{game.id}:{game.version}:{seat}:{code}") <= CUSTOM_ID


def check_select(game: GameRow, choice: SelectChoice) -> None:
    """A move menu: 1 to 25 options with distinct values, labels 1-100, descriptions and
    values up to 100, placeholder up to 150, and a custom_id that fits."""
    assert 1 <= len(choice.options) <= 25 and len(choice.placeholder) <= 150
    assert 1 <= choice.min_values <= choice.max_values <= len(choice.options)
    assert len(f"pd:sel:{game.id}:{game.version}:{choice.seat}:{choice.code}") <= CUSTOM_ID
    values = [o.value for o in choice.options]
    assert len(set(values)) == len(values)
    assert all(0 < len(o.label) <= 100 and len(o.description or "") <= 100
               and len(o.value) <= 100 for o in choice.options)
