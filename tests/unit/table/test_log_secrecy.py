"""`/game log` and hidden hands (issue 21 point 4), on a real Hellraiser table: while
it runs its log holds every hand, so only a GM may download it (anyone else gets one
sentence); once it has ended, anyone may, hands and seed included."""

from __future__ import annotations

import json

import pytest

from bot.storage import Storage
from bot.table import TableService, holds_hands
from engines.core.errors import RuleError
from engines.hellraiser import ENGINE
from tests.support.tables import HOST, open_real_table, play_host_move
from tests.unit.table.conftest import BOB, FakeClock

CH = 300


async def test_a_running_games_log_is_for_a_gm_and_a_finished_ones_for_all(
    storage: Storage, clock: FakeClock
) -> None:
    service = TableService(storage, clock=clock, seed=5, verify=True)
    await open_real_table(service, CH, "hellraiser", ai_seats=1)
    assert await play_host_move(service, CH), "the host creates a character"
    current = await service.current(CH)
    assert current is not None and holds_hands(current.game)
    game_id = current.game.id
    with pytest.raises(RuleError) as refused:
        await service.export_log(game_id, BOB, 1)
    assert "only a GM can download it now" in refused.value.message
    assert refused.value.message.count(". ") == 0, "one sentence"
    by_gm = await service.export_log(game_id, HOST, 1)
    assert by_gm["seed"] is None and by_gm["entries"], "a GM gets the log, not the seed"
    await service.end(CH, HOST, 1)
    ended = await service.storage.game(game_id)
    assert ended is not None and not holds_hands(ended)
    everything = await service.export_log(game_id, BOB, 1)
    assert everything["seed"] == 5
    final = ENGINE.load_state(everything["final_state"])
    assert json.loads(everything["final_state"])["hands"] == {
        str(seat): list(cards) for seat, cards in final.hands.items()}
