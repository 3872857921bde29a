"""Random operation sequences on a table, for property tests of the change path: each
operation either commits (and the service's `verify` check holds) or is refused and
changes nothing."""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable, Iterable
from typing import Any

from bot.table import TableService
from engines.core.errors import RuleError

Operate = Callable[[TableService, str, random.Random], Awaitable[TableService]]
"""One named operation; returns the service to use next (a restart makes a new one)."""


def snapshot(out: Any) -> tuple[Any, ...]:
    """What a refused operation must leave as it was, and a restart must show again."""
    game = out.game
    return (game.version, game.state, game.rng_counter, game.status, game.seats)


async def run_operations(
    service: TableService,
    channel_id: int,
    ops: Iterable[str],
    rng: random.Random,
    operate: Operate,
    playing: tuple[str, ...] = ("active", "paused"),
) -> TableService:
    for step, op in enumerate(ops):
        before = await service.current(channel_id)
        if before is None or before.game.status not in playing:
            break
        try:
            service = await operate(service, op, rng)
        except RuleError:
            after = await service.current(channel_id)
            assert after is not None and snapshot(after) == snapshot(before), (
                f"step {step}: a refused {op} changed the table"
            )
    assert not service.persistence_failures, service.persistence_failures
    return service
