"""Issue 23: a mid-game Join at a co-op table is the host's (or a GM's) to allow,
as the table's `late_join` option says (open, ask by default, or closed)."""

from __future__ import annotations

import pytest

from bot.table import JoinAsked, TableService
from bot.table_options import parse
from engines import registry
from engines.core.errors import RuleError
from tests.unit.table.conftest import ALICE, BOB, CAROL, MOD

CH = 100


async def _playing(service: TableService, late_join: str | None = None) -> int:
    options = {"late_join": late_join} if late_join else {}
    await service.new_game(channel_id=CH, guild_id=1, host=ALICE, game_key="hellboy-board",
                           mode="physical", options=options)
    await service.join(CH, BOB)
    return (await service.start(CH, ALICE, 1)).game.id


async def test_by_default_a_passer_by_is_asked_about_and_the_host_lets_them_in(
    service: TableService,
) -> None:
    game_id = await _playing(service)
    before = await service.current(CH)
    with pytest.raises(JoinAsked) as asked:
        await service.join(CH, CAROL)
    assert asked.value.member == CAROL and asked.value.game_id == game_id
    after = await service.current(CH)
    assert before is not None and after is not None and after.game == before.game
    with pytest.raises(RuleError, match="Only the host"):
        await service.let_join(CH, BOB, 1, game_id, CAROL)
    seated = await service.let_join(CH, ALICE, 1, game_id, CAROL)
    assert seated.notice == "Alice let Carol join in seat 3."
    assert seated.game.seat_of(CAROL.user_id) == 2 and seated.state.names[-1] == "Carol"
    with pytest.raises(RuleError, match="already has a seat"):
        await service.let_join(CH, MOD, 1, game_id, CAROL)


async def test_an_open_table_seats_at_once_and_a_closed_one_never(
    service: TableService,
) -> None:
    await _playing(service, "open")
    joined = await service.join(CH, CAROL)
    assert joined.game.seat_of(CAROL.user_id) == 2
    await service.end(CH, ALICE, 1)
    await _playing(service, "closed")
    with pytest.raises(RuleError, match="takes no new players once it has started"):
        await service.join(CH, CAROL)


def test_the_option_takes_only_its_three_values() -> None:
    engine = registry.get("hellboy-board")
    assert parse(engine, "late_join=open") == {"late_join": "open"}
    with pytest.raises(RuleError, match="late_join=open"):
        parse(engine, "late_join=maybe")

