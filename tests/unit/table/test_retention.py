"""Issue 14, bounds: finished games' logs are archived (compressed, still readable)
or deleted after the retention period, never a live game's, and the database is
compacted. Time is passed in; nothing reads the wall clock."""

from __future__ import annotations

import argparse
import asyncio
import json
from pathlib import Path
from typing import Any

import asyncpg
import pytest

from bot import storage as storage_module
from bot.cli import replay_file
from bot.maintenance import DAY, Retention, fate_sentence, run_maintenance
from bot.settings import Settings
from bot.storage import Pruned, Storage, plan_slice
from bot.storage_postgres import PostgresStorage
from bot.table import TableService
from engines.core.errors import RuleError
from tests.unit.table.conftest import ALICE, BOB, FakeClock

FINISHED, RECENT, LIVE = 1, 2, 3


async def _game(service: TableService, channel: int, rolls: int, end: bool) -> int:
    await service.new_game(
        channel_id=channel, guild_id=1, host=ALICE, game_key="pig", mode="digital",
        options={"target": 1000},
    )
    await service.join(channel, BOB)
    outcome = await service.start(channel, ALICE, 1)
    for _ in range(rolls):
        current = await service.current(channel)
        assert current is not None
        outcome = await service.act(channel, (ALICE, BOB)[current.state.turn], {"type": "roll"})
    if end:
        outcome = await service.end(channel, ALICE, 1)
    return outcome.game.id


async def _three_games(service: TableService, clock: FakeClock) -> dict[int, int]:
    """A game that ended 40 days ago, one that ended 5 days ago, one still in play."""
    ids = {FINISHED: await _game(service, FINISHED, 6, end=True)}
    clock.now += 35 * DAY
    ids[RECENT] = await _game(service, RECENT, 4, end=True)
    ids[LIVE] = await _game(service, LIVE, 5, end=False)
    clock.now += 5 * DAY
    return ids


async def test_archived_logs_read_back_whole_and_live_games_are_untouched(
    storage: Storage, service: TableService, clock: FakeClock, tmp_path: Path
) -> None:
    ids = await _three_games(service, clock)
    before = {k: await storage.log(i) for k, i in ids.items()}
    handled = await run_maintenance(storage, Retention("archive", 30), clock.now)
    assert handled == 1
    _, rows = await storage.dump_table("log")
    assert {r[1] for r in rows} == {ids[RECENT], ids[LIVE]}, "only the old game's rows went"
    assert await storage.log(ids[FINISHED]) == before[FINISHED]
    assert await storage.log(ids[FINISHED], include_undone=False) == [
        e for e in before[FINISHED] if not e.undone
    ]
    fate = await storage.log_fate(ids[FINISHED])
    assert fate is not None and fate.fate == "archived" and fate.at == clock.now
    assert fate.lines == len(before[FINISHED])
    assert await storage.log_fate(ids[RECENT]) is None
    assert await storage.log_fate(ids[LIVE]) is None
    document = await service.export_log(ids[FINISHED])
    assert document["log_archived_at"] == clock.now and document["entries"]
    exported = tmp_path / "game.json"
    exported.write_text(json.dumps(document), encoding="utf-8")
    assert replay_file(argparse.Namespace(file=str(exported))) == 0, "the archive replays"
    assert await run_maintenance(storage, Retention("archive", 30), clock.now) == 0


DEADLOCK_GUARD = 30.0
"""Seconds to wait for the live move between two slices before calling it a deadlock."""


async def test_a_backlog_is_archived_in_slices_that_let_live_commits_through(
    storage: Storage, service: TableService, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Rule: retention holds the storage thread (the one live commits use) for one
    small transaction at a time, and archiving in slices loses no line."""
    ended = [await _game(service, channel, 4, end=True) for channel in range(10, 16)]
    live = await _game(service, LIVE, 0, end=False)
    clock.now += 40 * DAY
    before = {i: await storage.log(i) for i in ended}
    events: list[str] = []
    prune = storage.prune_logs
    moves: list[asyncio.Task[object]] = []

    async def live_move() -> None:
        current = await service.current(LIVE)
        assert current is not None
        await service.act(LIVE, (ALICE, BOB)[current.state.turn], {"type": "roll"})
        events.append("live commit")

    async def slice_spy(*args: Any, **kwargs: Any) -> Pruned:
        if not moves:
            moves.append(asyncio.ensure_future(live_move()))
        elif len(events) == 1:
            # Between two slices nothing is held, so the live move finishes; were the
            # slices one transaction, SQLite's one storage thread would deadlock here
            # (the guard turns that into a failure). Waiting makes the order the same
            # on PostgreSQL, whose pool would otherwise let the slices race ahead.
            await asyncio.wait_for(asyncio.shield(moves[0]), DEADLOCK_GUARD)
        pruned = await prune(*args, **kwargs)
        events.append(f"slice of {pruned.games}")
        return pruned

    monkeypatch.setattr(storage, "prune_logs", slice_spy)
    lines = len(before[ended[0]])
    assert await run_maintenance(storage, Retention("archive", 30), clock.now, lines) == 6
    await moves[0]
    slices = [i for i, event in enumerate(events) if event == "slice of 1"]
    assert len(slices) == 6 and events.index("live commit") < slices[-1], events
    for game_id, log in before.items():
        assert await storage.log(game_id) == log
    assert await storage.log_fate(live) is None


async def test_each_slice_looks_on_from_the_last_never_back_at_handled_games(
    storage: Storage, service: TableService, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Rule: retention walks the games by id once, a bounded window a slice, so a slice
    never looks again at games handled before it (it used to look from the first game,
    over every archived one, each slice); live games in the window are never picked."""
    monkeypatch.setattr(storage_module, "GAMES_LOOKED_AT", 2)
    for module in ("bot.storage_sqlite", "bot.storage_postgres"):
        monkeypatch.setattr(f"{module}.GAMES_LOOKED_AT", 2)
    ended = []
    for channel in range(10, 15):
        ended.append(await _game(service, channel, 2, end=True))
        if channel == 12:
            await _game(service, LIVE, 1, end=False)
    clock.now += 40 * DAY
    prune = storage.prune_logs
    slices: list[tuple[int, Pruned]] = []

    async def spy(*args: Any, **kwargs: Any) -> Pruned:
        pruned = await prune(*args, **kwargs)
        slices.append((kwargs["after"], pruned))
        return pruned

    monkeypatch.setattr(storage, "prune_logs", spy)
    assert await run_maintenance(storage, Retention("archive", 30), clock.now) == 5
    starts = [after for after, _ in slices]
    assert starts == sorted(set(starts)) and starts[0] == 0, slices
    assert slices[-1][1].looked_to is None
    assert len(slices) <= 4, "six games, two a slice, then an empty window"
    assert None not in [await storage.log_fate(i) for i in ended]
    live = await service.current(LIVE)
    assert live is not None and await storage.log_fate(live.game.id) is None


@pytest.mark.parametrize("database_url", ["postgresql"], indirect=True)
async def test_a_log_archived_by_another_process_meanwhile_keeps_its_text(
    storage: Storage, service: TableService, clock: FakeClock, database_url: str
) -> None:
    """Rule: a slice that finds a game's log gone once it holds the game (another
    process archived it after this one looked) leaves that archive as it is."""
    assert isinstance(storage, PostgresStorage), "a SQLite file has one writing process"
    game_id = await _game(service, FINISHED, 4, end=True)
    clock.now += 40 * DAY
    other = await asyncpg.connect(database_url)
    try:
        holding = other.transaction()
        await holding.start()
        await other.execute("SELECT id FROM games WHERE id = $1 FOR UPDATE", game_id)
        pruning = asyncio.ensure_future(
            storage.prune_logs(clock.now - 30 * DAY, "archived", clock.now)
        )
        waiting = (
            "SELECT count(*) FROM pg_stat_activity"
            " WHERE wait_event_type = 'Lock' AND datname = current_database()"
        )
        async with asyncio.timeout(DEADLOCK_GUARD):  # until the slice waits for the game
            while True:
                if await other.fetchval(waiting) > 0:
                    break
                await asyncio.sleep(0.01)
        await other.execute(
            "INSERT INTO log_archives (game_id, fate, lines, body, at)"
            " VALUES ($1, 'archived', 9, 'the other process''s text', $2)",
            game_id, clock.now,
        )
        await other.execute("DELETE FROM log WHERE game_id = $1", game_id)
        await holding.commit()
        await pruning
        body = await other.fetchval("SELECT body FROM log_archives WHERE game_id = $1", game_id)
    finally:
        await other.close()
    assert body == "the other process's text"


def test_a_slice_resumes_after_its_last_handled_game_when_candidates_wait() -> None:
    """Rule: a slice full of lines leaves the rest of its window to the next slice."""
    looked_at = [(1, None), (2, 1500), (3, 900), (4, None)]
    assert plan_slice(looked_at, limit=50, lines=2000) == ([2], 2)
    assert plan_slice(looked_at, limit=50, lines=3000) == ([2, 3], 4)
    assert plan_slice(looked_at, limit=1, lines=3000) == ([2], 2)
    assert plan_slice([], limit=50, lines=2000) == ([], None)


async def test_deleted_logs_are_said_to_be_deleted_and_the_result_stays(
    storage: Storage, service: TableService, clock: FakeClock
) -> None:
    ids = await _three_games(service, clock)
    lines = len(await storage.log(ids[FINISHED]))
    assert await run_maintenance(storage, Retention("delete", 30), clock.now) == 1
    assert await storage.log(ids[FINISHED]) == []
    game = await storage.game(ids[FINISHED])
    assert game is not None and game.result is not None and game.status == "finished"
    with pytest.raises(RuleError, match=f"log \\({lines} lines\\) was deleted"):
        await service.export_log(ids[FINISHED])
    assert len(await storage.log(ids[LIVE])) > 0


async def test_deleting_after_archiving_drops_the_archive_too(
    storage: Storage, service: TableService, clock: FakeClock
) -> None:
    ids = await _three_games(service, clock)
    await run_maintenance(storage, Retention("archive", 30), clock.now)
    clock.now += 30 * DAY
    assert await run_maintenance(storage, Retention("delete", 30), clock.now) == 2
    _, archives = await storage.dump_table("log_archives")
    assert sorted((r[0], r[1], r[3]) for r in archives) == [
        (ids[FINISHED], "removed", None), (ids[RECENT], "removed", None)
    ]
    assert len(await storage.log(ids[LIVE])) > 0


async def test_keep_touches_nothing(
    storage: Storage, service: TableService, clock: FakeClock
) -> None:
    ids = await _three_games(service, clock)
    clock.now += 1000 * DAY
    assert await run_maintenance(storage, Retention("keep", 0), clock.now) == 0
    assert all([await storage.log(i) for i in ids.values()])


def test_the_sentences_say_plainly_what_happened() -> None:
    from bot.storage import LogFate

    archived = fate_sentence(7, LogFate("archived", 12, 1_800_000_000.0))
    removed = fate_sentence(7, LogFate("removed", 12, 1_800_000_000.0))
    assert "archived on <t:1800000000:d>" in archived and "all 12 lines" in archived
    assert "deleted on <t:1800000000:d>" in removed and "only the game's result" in removed


def test_retention_settings_come_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PANDEMONIUM_LOG_RETENTION", "archive")
    monkeypatch.setenv("PANDEMONIUM_LOG_RETENTION_DAYS", "14")
    settings = Settings(_env_file=None)
    assert (settings.log_retention, settings.log_retention_days) == ("archive", 14)
    monkeypatch.setenv("PANDEMONIUM_LOG_RETENTION", "forever")
    with pytest.raises(ValueError, match="keep"):
        Settings(_env_file=None)
