"""Colours and limits shared by every renderer."""

from __future__ import annotations

COLOUR_LOBBY = 0x7A5C3E
COLOUR_PLAY = 0xB3202A
COLOUR_DONE = 0x3B3B3B
COLOUR_INFO = 0x5865F2

EMBED_TITLE = 256
EMBED_DESCRIPTION = 4096
FIELD_NAME = 256
FIELD_VALUE = 1024
MAX_FIELDS = 25
MESSAGE_CONTENT = 2000
MESSAGE_EMBEDS = 10
"""Embeds in one message."""
MESSAGE_EMBED_TEXT = 6000
"""Characters of all a message's embeds together."""


def clip(text: str, limit: int) -> str:
    """Discord rejects over-long text outright, so shorten it visibly instead."""
    return text if len(text) <= limit else text[: limit - 1] + "…"
