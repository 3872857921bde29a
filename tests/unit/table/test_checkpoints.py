"""Issue 14, cheap undo: checkpoints every K steps, so undo replays a few dozen log
lines, not the game; the persistence guard (verify=True) checks after every change
that replaying from the newest checkpoint gives the state shown."""

from __future__ import annotations

import gc
from pathlib import Path

import pytest

from bot import checkpoints
from bot.checkpoints import History
from bot.log_lines import ActionLine, ChanceLine
from bot.models import LogEntry
from bot.storage_sqlite import SqliteStorage
from bot.table import TableService
from engines import registry
from engines.hellboy_dice import ENGINE as HELLBOY
from tests.unit.table.conftest import ALICE, BOB

CH = 400


def _line(version: int) -> LogEntry:
    return LogEntry(version=version, seat=0, payload=ActionLine(action={"type": "x"}))


def test_a_checkpoint_is_taken_every_k_versions_and_old_ones_dropped() -> None:
    history = History.starting_at(1, "s1", 0)
    history.every, history.kept = 3, 2
    for version in range(2, 11):
        history.record(version, [_line(version)], f"s{version}", version)
    assert [c.version for c in history.checkpoints] == [7, 10]
    assert all(version > 7 for version, _, _ in history.tail), "lines before the oldest are dropped"


def test_without_a_step_replays_from_the_newest_checkpoint_before_it() -> None:
    history = History.starting_at(1, "s1", 0)
    history.every = 3
    for version in range(2, 9):
        history.record(version, [_line(version)], f"s{version}", version)
    found = history.without(8)
    assert found is not None
    checkpoint, lines = found
    assert checkpoint.version == 7 and lines == []
    earlier = history.without(7)
    assert earlier is not None
    checkpoint, lines = earlier
    assert checkpoint.version == 4
    assert [e.version for e in lines] == [5, 6, 8], "later lines stay, the undone one goes"
    assert history.without(1) is None, "no checkpoint reaches before the start"


def test_taking_back_every_checkpoint_ends_the_history() -> None:
    history = History.starting_at(5, "s5", 0)
    history.record(6, [_line(6)], "s6", 0)
    assert history.take_back(6) and history.tail == []
    assert not history.take_back(5)


async def _play(service: TableService, moves: int) -> None:
    for _ in range(moves):
        cur = await service.current(CH)
        assert cur is not None
        engine = registry.get(cur.game.game)
        if engine.result(cur.state) is not None:
            return
        seat = engine.to_move(cur.state)[0]
        actor = ALICE if cur.game.seats[seat].user_id == ALICE.user_id else BOB
        await service.act(CH, actor, engine.dump_action(engine.ai_action(cur.state, seat)))


async def test_undo_after_many_steps_uses_checkpoints_and_stays_exact(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Undo three times after 40 moves with a checkpoint every 8: each undo is
    rebuilt from a checkpoint without reading the log, and the guard (full replay
    and checkpoint replay, RNG counter included) agrees after every step."""
    monkeypatch.setattr(checkpoints, "CHECKPOINT_EVERY", 8)
    storage = await SqliteStorage.open(tmp_path / "c.sqlite")
    try:
        service = TableService(storage, seed=77, verify=True)
        await service.new_game(
            channel_id=CH, guild_id=1, host=ALICE, game_key=HELLBOY.key, mode="digital"
        )
        await service.join(CH, BOB)
        await service.start(CH, ALICE, 1)
        await _play(service, 40)
        cached = service._cache.get(CH)
        assert cached is not None and cached.history is not None
        assert len(cached.history.checkpoints) == checkpoints.CHECKPOINTS_KEPT
        reads: list[int] = []
        original_log = storage.log

        async def counted_log(game_id: int, include_undone: bool = True) -> list[LogEntry]:
            reads.append(game_id)
            return await original_log(game_id, include_undone)

        monkeypatch.setattr(service, "_verify", False)
        monkeypatch.setattr(storage, "log", counted_log)
        for _ in range(3):
            await service.undo(CH, ALICE, 1)
        assert reads == [], "undo never read the stored log"
        monkeypatch.setattr(storage, "log", original_log)
        monkeypatch.setattr(service, "_verify", True)
        after = service._cache.get(CH)
        assert after is not None and after.history is not None
        await service._check_persisted(after)
        await _play(service, 5)
        assert service.persistence_failures == []
    finally:
        await storage.close()


def test_kept_lines_read_back_as_they_were_recorded() -> None:
    """Issue 27 (memory by bytes, and the collector's full passes): a history keeps each
    line as its JSON, and undo reads back the very lines that were recorded."""
    history = History.starting_at(1, "s1", 0)
    history.every = 3
    recorded = {v: [_line(v), LogEntry(version=v, payload=ChanceLine(values=["4", "a"],
                                                                      counter=v))]
                for v in range(2, 9)}
    for version, lines in recorded.items():
        history.record(version, lines, f"s{version}", version)
    assert history.lines_at(5) == recorded[5]
    found = history.without(8)
    assert found is not None and found[1] == []
    checkpoint, since = history.latest()
    assert checkpoint.version == 7 and since == recorded[8]
    earlier = history.without(7)
    assert earlier is not None
    assert earlier[1] == [*recorded[5], *recorded[6], *recorded[8]]


def test_kept_lines_are_not_walked_by_the_collector() -> None:
    """A full collection walks every object the collector tracks, holding the loop: the
    kept lines are plain values it stops tracking once it has seen them."""
    history = History.starting_at(1, "s1", 0)
    for version in range(2, 20):
        history.record(version, [_line(version)], f"s{version}", version)
    gc.collect()
    assert history.tail and not any(gc.is_tracked(line) for line in history.tail)
