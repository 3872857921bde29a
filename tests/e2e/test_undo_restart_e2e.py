"""Issue 9 through the real bot and the fake Discord, for both games: a move, `/game
undo`, a restart on the same database, then `/game status` shows the undone table,
and the exported log replays (`python -m bot replay`) to that same state."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot import cli
from bot.app import PandemoniumBot
from tests.e2e.conftest import StartBot
from tests.fakediscord import FakeDiscord, FakeMessage
from tests.support.boards import board_now, board_recorded, press_first_move

MEMBERS = ("alice", "bob")


async def _open(fake: FakeDiscord, bot: PandemoniumBot, game_key: str) -> FakeMessage:
    board = await (await fake.slash("alice", "game new", game=game_key, mode="digital")).original()
    await board_recorded(fake, bot, board)
    await (await fake.click("bob", board, label="Join")).original()
    await (await fake.click("alice", board, label="Start")).original()
    return fake.message(board.id)


async def _first_move(fake: FakeDiscord, bot: PandemoniumBot, board: FakeMessage) -> None:
    await board_now(fake, bot, board)
    handle = await press_first_move(fake, bot, board, MEMBERS)
    assert not await handle.ephemeral(), (await handle.original()).text()
    await handle.original()


@pytest.mark.parametrize("game_key", ["hellboy-dice", "hellraiser"])
async def test_undo_survives_a_restart_and_the_log_replays_it(
    fake_discord: FakeDiscord,
    start_bot: StartBot,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    game_key: str,
) -> None:
    channel = fake_discord.text_channel.id
    async with start_bot() as bot:
        board = await _open(fake_discord, bot, game_key)
        for _ in range(40):
            before = await bot.table.current(channel)
            await _first_move(fake_discord, bot, board)
            after = await bot.table.current(channel)
            assert before is not None and after is not None
            if after.game.rng_counter > before.game.rng_counter:
                break
        else:
            raise AssertionError("forty moves without a roll or a draw")
        undo = await fake_discord.slash("alice", "game undo")
        assert (await undo.original()).text().startswith("Undid: ")
        undone = await bot.table.current(channel)
        assert undone is not None
        assert undone.state == before.state
        shown_before = (await board_now(fake_discord, bot, board)).text()

    async with start_bot() as bot:
        reloaded = await bot.table.current(channel)
        assert reloaded is not None
        assert reloaded.game.state == undone.game.state, "storage holds what undo showed"
        assert reloaded.game.rng_counter == before.game.rng_counter
        status = await (await fake_discord.slash("carol", "game status")).original()
        assert status.text() == shown_before, "after the restart the board is the undone one"
        log = await fake_discord.slash("alice", "game log")
        document = json.loads((await log.original()).attachments[0].data)

    path = tmp_path / "game.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    assert cli.main(["replay", str(path)]) == 0
    assert "OK:" in capsys.readouterr().out
    assert document["final_state"] == undone.game.state
