"""The confirmations the bot keeps by token (`bot.confirmations`)."""

from __future__ import annotations

from typing import Any

from bot.confirmations import Confirmations


async def _nothing(_: Any) -> None:
    return None


async def _other(_: Any) -> None:
    return None


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_a_confirmation_answers_with_what_it_asked_until_it_lapses() -> None:
    clock = Clock()
    kept = Confirmations(clock, seconds=600.0)
    token = kept.ask(_nothing)
    assert len(token) == 16 and int(token, 16) >= 0, "16 hex digits, as the template reads"
    clock.now = 599.0
    assert kept.answer(token) is _nothing
    assert kept.answer(token) is _nothing, "pressed again, it answers again"
    clock.now = 600.0
    assert kept.answer(token) is None
    assert len(kept) == 0


def test_a_forged_token_finds_nothing() -> None:
    kept = Confirmations(Clock())
    kept.ask(_nothing)
    assert kept.answer("0" * 16) is None


def test_past_the_limit_the_oldest_lapses_first() -> None:
    kept = Confirmations(Clock(), kept=2)
    first, second, third = kept.ask(_nothing), kept.ask(_other), kept.ask(_nothing)
    assert kept.answer(first) is None
    assert kept.answer(second) is _other and kept.answer(third) is _nothing
    assert len(kept) == 2
