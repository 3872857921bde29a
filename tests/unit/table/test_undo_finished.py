"""Issue 23: a finished game can be undone by its host or a GM while it is the
channel's latest game, and an undo says what it took back."""

from __future__ import annotations

import pytest

from bot.table import TableService
from engines.core.errors import RuleError
from tests.unit.table.conftest import ALICE, BOB, MOD

CH = 100


async def _won_by_a_move(service: TableService) -> None:
    """Pig to 2 points: Alice rolls and holds until someone banks 2."""
    await service.new_game(channel_id=CH, guild_id=1, host=ALICE, game_key="pig",
                           mode="digital", options={"target": 2})
    await service.join(CH, BOB)
    await service.start(CH, ALICE, 1)
    for _ in range(60):
        current = await service.current(CH)
        if current is None:
            return
        seat = current.state.turn
        actor = ALICE if seat == 0 else BOB
        kind = "hold" if current.state.turn_points >= 2 else "roll"
        await service.act(CH, actor, {"type": kind})
    raise AssertionError("sixty moves and nobody banked 2 points")


async def test_the_host_undoes_the_move_that_won_and_the_game_is_in_play_again(
    service: TableService,
) -> None:
    await _won_by_a_move(service)
    assert await service.current(CH) is None, "the game is over"
    with pytest.raises(RuleError, match="Only the host"):
        await service.undo(CH, BOB, 1)
    undone = await service.undo(CH, ALICE, 1)
    assert undone.game.status == "active" and undone.game.result is None
    assert undone.state.winner is None
    assert undone.notice is not None and undone.notice.startswith("Undid: ")
    assert "hold" in undone.notice, undone.notice
    live = await service.current(CH)
    assert live is not None and live.game.id == undone.game.id


async def test_a_gm_s_end_is_undone_and_the_state_is_as_it_was(service: TableService) -> None:
    await service.new_game(channel_id=CH, guild_id=1, host=ALICE, game_key="pig",
                           mode="digital", options={"target": 20})
    await service.start(CH, ALICE, 1)
    rolled = await service.act(CH, ALICE, {"type": "roll"})
    await service.end(CH, ALICE, 1)
    back = await service.undo(CH, MOD, 1)
    assert back.notice == "Mod undid the end of the game: it is in play again."
    assert back.game.status == "active" and back.state == rolled.state
    again = await service.undo(CH, ALICE, 1)
    assert again.notice == "Undid: Alice's roll.", "the roll before the end is next"


async def test_only_the_channel_s_latest_game_comes_back(service: TableService) -> None:
    await _won_by_a_move(service)
    await service.new_game(channel_id=CH, guild_id=1, host=BOB, game_key="pig", mode="digital")
    with pytest.raises(RuleError, match="Nothing to undo: the game hasn't started"):
        await service.undo(CH, BOB, 1)
    await service.end(CH, BOB, 1)
    with pytest.raises(RuleError, match="There is no game in this channel"):
        await service.undo(CH, ALICE, 1)
