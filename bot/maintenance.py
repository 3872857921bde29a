"""Keeping the database from growing without end: finished games' logs are archived
(compressed, still downloadable) or deleted once they are older than the retention
setting, and the database gives the space back (SQLite: WAL checkpoint and
incremental vacuum; PostgreSQL: VACUUM).

A live game's log is never touched (the SQL picks only games that ended before the
cutoff). The job takes no table lock: it works only on finished games, which no
table changes, in slices of about `LINES_PER_SLICE` log lines, each its own
short transaction, so live tables keep committing between them.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from bot.background import BackgroundLoop
from bot.storage import LINES_PER_SLICE, LogFate, LogFateKind, Storage

log = logging.getLogger(__name__)

DAY = 86_400.0
Policy = Literal["keep", "archive", "delete"]
FATES: dict[Policy, LogFateKind | None] = {"keep": None, "archive": "archived", "delete": "removed"}

FATE_NOTES: dict[LogFateKind, str] = {"archived": "log archived", "removed": "log deleted"}
"""What `/game history` says beside a game whose log retention handled."""


@dataclass(frozen=True)
class Retention:
    policy: Policy = "keep"
    days: float = 90.0


async def run_maintenance(
    storage: Storage, retention: Retention, now: float, max_lines: int = LINES_PER_SLICE
) -> int:
    """Apply `retention` as of `now` and compact the database; returns how many games'
    logs were archived or removed. Each slice is a transaction of about `max_lines`
    log lines: a backlog of 10,000 games in batches of 50 games held the storage
    thread, the one live commits use, for 35 s in slices of up to seconds. The slices
    walk the games by id once (`GAMES_LOOKED_AT` a slice), so no slice looks again
    at games handled before it."""
    fate = FATES[retention.policy]
    handled = 0
    if fate is not None:
        cutoff = now - retention.days * DAY
        looked_to: int | None = 0
        while looked_to is not None:
            pruned = await storage.prune_logs(cutoff, fate, now, max_lines=max_lines,
                                              after=looked_to)
            handled += pruned.games
            looked_to = pruned.looked_to
            await asyncio.sleep(0)
    await storage.compact()
    return handled


def fate_sentence(game_id: int, fate: LogFate) -> str:
    """How a player is told what became of a game's log."""
    when = f"<t:{int(fate.at)}:d>"
    if fate.fate == "archived":
        return (
            f"Game #{game_id}'s log was archived on {when} (kept compressed);"
            f" all {fate.lines} lines are still here."
        )
    return (
        f"Game #{game_id}'s log ({fate.lines} lines) was deleted on {when} under this bot's"
        " retention setting; only the game's result is kept."
    )


class Maintenance(BackgroundLoop):
    """Runs `run_maintenance` every `every` seconds while the bot is up."""

    def __init__(
        self,
        storage: Storage,
        retention: Retention,
        every: float,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self._storage = storage
        self._retention = retention
        self._every = every
        self._clock = clock

    async def _loop(self) -> None:
        while True:
            try:
                handled = await run_maintenance(self._storage, self._retention, self._clock())
                if handled:
                    log.info("retention: %d finished games' logs %s", handled,
                             FATES[self._retention.policy])
            except Exception:
                log.exception("maintenance failed; it runs again later")
            await asyncio.sleep(self._every)
