"""`bot.interactions.acknowledged_in_time` on a click already acknowledged: every move
click is deferred as it arrives, so its change is simply awaited, with no task and no
0.25 s timer of its own (issue 27), and its result or error comes back unchanged."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any, cast

import discord
import pytest

from bot import interactions
from engines.core.errors import RuleError


def _click(done: bool) -> discord.Interaction[Any]:
    deferred: list[bool] = []
    response = SimpleNamespace(is_done=lambda: done or bool(deferred))

    async def defer(**_: Any) -> None:
        deferred.append(True)

    response.defer = defer
    return cast(discord.Interaction[Any], SimpleNamespace(response=response, id=1))


def _tasks_started(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    started: list[object] = []
    ensure = asyncio.ensure_future

    def counting(awaitable: Any) -> Any:
        started.append(awaitable)
        return ensure(awaitable)

    monkeypatch.setattr(asyncio, "ensure_future", counting)
    return started


async def _change(result: str) -> str:
    await asyncio.sleep(0)
    return result


async def test_an_acknowledged_click_awaits_its_change_without_a_task(
    monkeypatch: pytest.MonkeyPatch
) -> None:
    started = _tasks_started(monkeypatch)
    assert await interactions.acknowledged_in_time(
        _click(done=True), _change("moved"), update=True) == "moved"
    assert started == []


async def test_an_acknowledged_click_s_refusal_still_reaches_the_handler(
    monkeypatch: pytest.MonkeyPatch
) -> None:
    async def refused() -> None:
        raise RuleError("Not your turn.")

    with pytest.raises(RuleError, match="Not your turn"):
        await interactions.acknowledged_in_time(_click(done=True), refused(), update=True)


async def test_a_click_not_yet_acknowledged_is_still_watched(
    monkeypatch: pytest.MonkeyPatch
) -> None:
    """Rule: an interaction not acknowledged within `DEFER_AFTER` is deferred first, so
    it never misses Discord's 3 s; that needs the change in a task of its own."""
    started = _tasks_started(monkeypatch)
    monkeypatch.setattr(interactions, "DEFER_AFTER", 0.01)
    click = _click(done=False)

    async def slow() -> str:
        await asyncio.sleep(0.05)
        return "moved"

    assert await interactions.acknowledged_in_time(click, slow(), update=True) == "moved"
    assert len(started) == 1 and click.response.is_done()
