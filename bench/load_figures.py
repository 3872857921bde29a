"""What a bot process of the load bench measures about itself, sent to the bench.

Kept apart from `bench.load_bot` so the bare baseline (`bench.load_bare`) keeps the
same figures without depending on the real bot's module.
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field

PROBE_INTERVAL = 0.01
"""How often the probe asks the loop to wake it; the lateness is the loop's lag."""


@dataclass
class BotFigures:
    """What the bot process measured between `mark` and `stop` (sent to the parent)."""

    parsed: dict[int, float] = field(default_factory=dict)
    """Interaction id to when discord.py parsed its INTERACTION_CREATE."""
    handling: dict[int, float] = field(default_factory=dict)
    """Interaction id to when the board's click handler began (after discord.py's
    dispatch: the rest of the wait is the bot's own path to the callback)."""
    answering: dict[int, float] = field(default_factory=dict)
    """Interaction id to when the bot began its callback request."""
    commits: list[float] = field(default_factory=list)
    """How long each step's durable commit took (the lock is held meanwhile)."""
    loop_lag: list[float] = field(default_factory=list)
    cpu_seconds: float = 0.0

    def mark(self) -> None:
        """Start afresh: what follows is one part of the run (the opening, the rest)."""
        for stamps in (self.parsed, self.handling, self.answering):
            stamps.clear()
        self.commits.clear()
        self.loop_lag.clear()
        self.cpu_seconds = -time.process_time()

    def taken(self) -> BotFigures:
        """The figures so far (the CPU time counted up to now), and start afresh."""
        figures = BotFigures(dict(self.parsed), dict(self.handling), dict(self.answering),
                             list(self.commits), list(self.loop_lag),
                             self.cpu_seconds + time.process_time())
        self.mark()
        return figures


async def probe_loop(lags: list[float]) -> None:
    while True:
        asked = time.monotonic()
        await asyncio.sleep(PROBE_INTERVAL)
        lags.append(time.monotonic() - asked - PROBE_INTERVAL)
