"""The live page's narration (issue 28): replayed a version at a time, it must say
exactly what a replay of the whole log says, through moves, rolls and undo."""

from __future__ import annotations

from pathlib import Path

from bot.storage_sqlite import SqliteStorage
from bot.table import TableService
from bot.web.views import Narration
from tests.support.tables import HOST, open_real_table, play_host_move

CHANNEL = 3


async def test_a_version_at_a_time_says_what_the_whole_log_says(tmp_path: Path) -> None:
    """Rule: the newest step's events, replayed from the last version shown, equal
    those replayed from set-up; an undo since replays from set-up."""
    storage = await SqliteStorage.open(tmp_path / "db.sqlite")
    try:
        service = TableService(storage)
        await open_real_table(service, CHANNEL, "hellraiser", ai_seats=2)
        kept = Narration()
        for move in range(14):
            if move in (6, 11):
                await service.undo(CHANNEL, HOST, 1)
            else:
                assert await play_host_move(service, CHANNEL)
            current = await service.current(CHANNEL)
            assert current is not None
            game = await storage.game(current.game.id)
            assert game is not None
            entries = await storage.log(game.id, include_undone=False)
            stepwise = kept.steps(game, entries)
            whole = Narration().steps(game, entries)
            assert [s.events for s in stepwise] == [s.events for s in whole], f"move {move}"
            assert [s.entry.seq for s in stepwise] == [s.entry.seq for s in whole]
            if stepwise:
                assert stepwise[-1].after == current.state
    finally:
        await storage.close()
