"""Issue 14, cheap undo after a restart: the table's checkpoints are stored too, so a
table read back from storage undoes from the newest one and the log lines since,
never the whole game; a stored checkpoint never holds an undone step."""

from __future__ import annotations

import pytest

from bot import checkpoints
from bot.models import LogEntry
from bot.storage import Storage, VersionConflict
from bot.table import TableService
from tests.unit.table.conftest import ALICE, BOB, FakeClock

CH = 40


async def _pig(storage: Storage, clock: FakeClock) -> TableService:
    service = TableService(storage, clock=clock, seed=1234, verify=True)
    await service.new_game(
        channel_id=CH, guild_id=1, host=ALICE, game_key="pig", mode="digital",
        options={"target": 1000},
    )
    await service.join(CH, BOB)
    await service.start(CH, ALICE, 1)
    return service


async def _roll(service: TableService, times: int) -> None:
    for _ in range(times):
        current = await service.current(CH)
        assert current is not None
        await service.act(CH, (ALICE, BOB)[current.state.turn], {"type": "roll"})


def _no_full_log(storage: Storage, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    reads: list[int] = []
    original = storage.log

    async def counted(game_id: int, include_undone: bool = True) -> list[LogEntry]:
        reads.append(game_id)
        return await original(game_id, include_undone)

    monkeypatch.setattr(storage, "log", counted)
    return reads


async def test_undo_after_a_restart_replays_from_the_stored_checkpoint(
    storage: Storage, clock: FakeClock, pig: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(checkpoints, "CHECKPOINT_EVERY", 8)
    service = await _pig(storage, clock)
    await _roll(service, 30)
    live = await storage.live_game(CH)
    assert live is not None
    stored = await storage.checkpoint_before(live.id)
    assert stored is not None and live.version - 8 < stored.version <= live.version
    restarted = TableService(storage, clock=clock, seed=1234)
    reads = _no_full_log(storage, monkeypatch)
    undone = await restarted.undo(CH, ALICE, 1)
    assert reads == [], "the undo read only the lines after a stored checkpoint"
    assert undone.game.version == live.version + 1
    monkeypatch.undo()
    checked = TableService(storage, clock=clock, seed=1234, verify=True)
    await _roll(checked, 3)
    assert checked.persistence_failures == [], "the guard's full replay agrees"


async def test_a_restarted_table_undoes_exactly_what_a_running_one_does(
    storage: Storage, clock: FakeClock, pig: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(checkpoints, "CHECKPOINT_EVERY", 8)
    service = await _pig(storage, clock)
    await _roll(service, 25)
    restarted = TableService(storage, clock=clock, seed=1234, verify=True)
    after_restart = await restarted.undo(CH, ALICE, 1)
    again = await restarted.undo(CH, ALICE, 1)
    assert again.state != after_restart.state
    assert restarted.persistence_failures == []


async def test_no_stored_checkpoint_holds_an_undone_step(
    storage: Storage, clock: FakeClock, pig: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Undo the step a checkpoint was taken at: that checkpoint goes before the undo
    is committed, so one found later is always older than every undone step."""
    monkeypatch.setattr(checkpoints, "CHECKPOINT_EVERY", 4)
    service = await _pig(storage, clock)
    await _roll(service, 8)
    live = await storage.live_game(CH)
    assert live is not None
    newest = await storage.checkpoint_before(live.id)
    assert newest is not None and newest.version == live.version
    await TableService(storage, clock=clock, seed=1234, verify=True).undo(CH, ALICE, 1)
    log = await storage.log(live.id)
    undone = min(e.version for e in log if e.undone)
    remaining = await storage.checkpoint_before(live.id, undone + 1)
    assert remaining is None or remaining.version < undone


async def test_a_checkpoint_is_stored_with_its_step_or_not_at_all(
    storage: Storage, clock: FakeClock, pig: None
) -> None:
    """The checkpoint is written in the step's own transaction: a step refused by the
    version guard leaves no checkpoint behind."""
    service = await _pig(storage, clock)
    live = await storage.live_game(CH)
    assert live is not None
    started = await storage.checkpoint_before(live.id)
    assert started is not None and started.version == live.version
    stale = live.model_copy(update={"version": live.version + 1})
    with pytest.raises(VersionConflict):
        await storage.commit_step(stale, live.version - 1, [], checkpoint=True)
    assert await storage.checkpoint_before(live.id) == started
    await _roll(service, 1)
    assert service.persistence_failures == []


async def test_an_ended_game_keeps_no_checkpoints(
    storage: Storage, clock: FakeClock, pig: None
) -> None:
    service = await _pig(storage, clock)
    await _roll(service, 3)
    live = await storage.live_game(CH)
    assert live is not None and await storage.checkpoint_before(live.id) is not None
    await service.end(CH, ALICE, 1)
    assert await storage.checkpoint_before(live.id) is None
