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


def fit_lines(rows: list[tuple[str, int]], limit: int, noun: str) -> str:
    """As many whole rows as fit in `limit`, then "…and N more <noun>" counting what
    the rows left out hold (each row says how many things it shows), so a long list
    is never cut silently or mid-line."""
    total = sum(n for _, n in rows)
    reserve = len(f"\n…and {total} more {noun}")
    kept: list[str] = []
    used = shown = 0
    for i, (row, n) in enumerate(rows):
        last = i == len(rows) - 1
        if used + len(row) + (0 if last else reserve) > limit:
            break
        kept.append(row)
        used += len(row) + 1
        shown += n
    if total > shown:
        kept.append(f"…and {total - shown} more {noun}")
    return clip("\n".join(kept), limit)
