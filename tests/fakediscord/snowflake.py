"""Snowflake ids shaped like Discord's, so discord.py's ``created_at`` maths stays sensible."""

from __future__ import annotations

import time

DISCORD_EPOCH_MS = 1_420_070_400_000


class SnowflakeFactory:
    """Hands out strictly increasing snowflakes.

    Ids are time-based like Discord's (timestamp in the top bits) because
    discord.py derives ``created_at`` from them and some code sorts by id;
    strict monotonicity keeps message order equal to id order even when many
    ids are minted within the same millisecond.
    """

    def __init__(self, worker: int = 1) -> None:
        self._worker = worker & 0x1F
        self._last = 0

    def next(self) -> int:
        """A fresh id, larger than every id this factory gave before."""
        now_ms = int(time.time() * 1000) - DISCORD_EPOCH_MS
        candidate = (now_ms << 22) | (self._worker << 17)
        if candidate <= self._last:
            candidate = self._last + 1
        self._last = candidate
        return candidate
