"""Every interaction the fake sent, with its token and Discord's 3-second answer deadline.

Discord drops an interaction the bot has not acknowledged within 3 seconds
and the player sees "This interaction failed"; the tracker turns that into a
recorded violation, both when the deadline passes and when the fake stops
with interactions still pending (a test that ended before the bot answered).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable

from tests.fakediscord import records
from tests.fakediscord.interactions import InteractionRecord
from tests.fakediscord.waiting import Pulse
from tests.fakediscord.world import JSON

Violate = Callable[[str, str, str, str], None]


class InteractionTracker:
    """Open interactions by token, their deadline timers, and their answers."""

    def __init__(self, answer_timeout: float, violate: Violate, pulse: Pulse) -> None:
        self.answer_timeout = answer_timeout
        self.records: list[InteractionRecord] = []
        self.by_token: dict[str, InteractionRecord] = {}
        self._violate = violate
        self._pulse = pulse
        self._timers: dict[int, asyncio.TimerHandle] = {}

    def deadline(self) -> float:
        return time.monotonic() + self.answer_timeout

    def open(self, record: InteractionRecord) -> None:
        """Remember a just-sent interaction and start its answer clock."""
        self.records.append(record)
        self.by_token[record.token] = record
        loop = asyncio.get_running_loop()
        self._timers[record.id] = loop.call_later(self.answer_timeout, self._expire, record)

    def answer(self, record: InteractionRecord, body: JSON) -> None:
        """The bot's callback arrived: stop the clock and wake waiting tests."""
        record.response = body
        record.answered_at = time.monotonic()
        timer = self._timers.pop(record.id, None)
        if timer is not None:
            timer.cancel()
        self._pulse.notify()

    def _expire(self, record: InteractionRecord) -> None:
        self._timers.pop(record.id, None)
        if not record.answered:
            self._violate(
                records.UNANSWERED,
                "INTERACTION",
                record.label,
                f"not answered within {self.answer_timeout:.1f}s",
            )

    def close(self) -> None:
        """Stop every clock; interactions still unanswered become violations."""
        for record_id, timer in list(self._timers.items()):
            timer.cancel()
            record = next(r for r in self.records if r.id == record_id)
            if not record.answered:
                self._violate(
                    records.UNANSWERED,
                    "INTERACTION",
                    record.label,
                    "not answered before the fake stopped (did the test await the reply?)",
                )
        self._timers.clear()

    def unanswered(self) -> list[InteractionRecord]:
        return [r for r in self.records if not r.answered]

    def last_modal(self, member_id: int, custom_id: str | None) -> InteractionRecord | None:
        """The newest interaction answered with a modal (``custom_id=None``: any), preferring
        modals opened for ``member_id``, as only that member's client shows it."""
        opened = [r for r in reversed(self.records) if r.modal is not None]
        ranked = [r for r in opened if r.member.id == member_id] + [
            r for r in opened if r.member.id != member_id
        ]
        return next(
            (
                r
                for r in ranked
                if custom_id is None or (r.modal or {}).get("custom_id") == custom_id
            ),
            None,
        )

    def opened_modal_ids(self) -> list[str | None]:
        return [(r.modal or {}).get("custom_id") for r in self.records if r.modal is not None]
