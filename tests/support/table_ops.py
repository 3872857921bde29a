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


async def table_of(service: TableService, channel_id: int, finished_too: bool) -> Any:
    """The channel's live game, or with `finished_too` its latest finished one."""
    live = await service.current(channel_id)
    if live is not None or not finished_too:
        return live
    return await service.last_played(channel_id)


def after(the_end: bool) -> tuple[str, ...]:
    return ("finished",) if the_end else ()


async def run_operations(
    service: TableService,
    channel_id: int,
    ops: Iterable[str],
    rng: random.Random,
    operate: Operate,
    playing: tuple[str, ...] = ("active", "paused"),
    after_the_end: bool = False,
) -> TableService:
    """`after_the_end`: go on once the game has finished, as a group whose game ended
    by mistake would (undo brings it back while it is the channel's latest)."""
    for step, op in enumerate(ops):
        before = await table_of(service, channel_id, after_the_end)
        if before is None or before.game.status not in (*playing, *after(after_the_end)):
            break
        try:
            service = await operate(service, op, rng)
        except RuleError:
            now = await table_of(service, channel_id, after_the_end)
            assert now is not None and snapshot(now) == snapshot(before), (
                f"step {step}: a refused {op} changed the table"
            )
    assert not service.persistence_failures, service.persistence_failures
    return service
