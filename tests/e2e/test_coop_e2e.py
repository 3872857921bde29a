"""A co-operative game through the fake Discord (Vigil, tests/support/vigil.py):
shared buttons pressed by different seats and refused to onlookers, an
out-of-turn reaction button, a physical table whose dice the bot rolls while the
group reports the card (and an onlooker may not), GM corrections through
/game correct that survive undo and `python -m bot replay`, characters, and
reminders that name whom the game waits for and nobody in a free-form phase."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest

from bot.app import PandemoniumBot
from bot.cli import main as cli
from bot.render.games import register_presenter, unregister_presenter
from engines import registry
from tests.e2e.conftest import StartBot
from tests.fakediscord import FakeDiscord, FakeMessage, InteractionHandle
from tests.support.boards import board_now, board_recorded
from tests.support.vigil import ENGINE as VIGIL
from tests.support.vigil import PRESENTER


class Clock:
    def __init__(self) -> None:
        self.now = 1_900_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def vigil_game() -> Iterator[None]:
    registry.register(VIGIL)
    register_presenter(VIGIL.key, PRESENTER)
    yield
    unregister_presenter(VIGIL.key)
    registry.unregister(VIGIL.key)


@pytest.fixture
async def coop_bot(start_bot: StartBot, vigil_game: None) -> AsyncIterator[PandemoniumBot]:
    async with start_bot() as bot:
        yield bot


async def _private(handle: InteractionHandle) -> str:
    assert await handle.ephemeral(), "this answer must be ephemeral"
    return (await handle.original()).text()


async def _open(
    fake: FakeDiscord, bot: PandemoniumBot, mode: str = "digital", options: str | None = None
) -> FakeMessage:
    fields = {"game": "vigil", "mode": mode, **({"options": options} if options else {})}
    handle = await fake.slash("alice", "game new", options=fields)
    board = await handle.original()
    await board_recorded(fake, bot, board)
    for who in ("bob", "carol"):
        await (await fake.slash(who, "game join")).original()
    await (await fake.slash("alice", "game start")).original()
    await bot.boards.flush()
    return await board_now(fake, bot, board)


async def _state(fake: FakeDiscord, bot: PandemoniumBot) -> Any:
    current = await bot.table.current(fake.text_channel.id)
    assert current is not None
    return current.state


async def _press(
    fake: FakeDiscord, bot: PandemoniumBot, board: FakeMessage, who: str, label: str
) -> FakeMessage:
    await (await fake.click(who, board, label=label)).original()
    await bot.boards.flush()
    return await board_now(fake, bot, board)


async def test_shared_buttons_are_anyones_at_the_table(
    fake_discord: FakeDiscord, coop_bot: PandemoniumBot
) -> None:
    """One Chant and one Next phase button for everyone: Bob chants, Carol calls the
    trial; someone not seated is told politely, and nothing changes."""
    board = await _open(fake_discord, coop_bot)
    shared = [c for c in board.custom_ids() if c.startswith("pd:mv:")]
    assert len(shared) == 2 and all(":a:" in c for c in shared), shared
    onlooker = await fake_discord.click("dave", board, label="Chant")
    assert "Only seated players use the table's buttons" in await _private(onlooker)
    board = await _press(fake_discord, coop_bot, board, "bob", "Chant")
    board = await _press(fake_discord, coop_bot, board, "carol", "Next phase")
    state = await _state(fake_discord, coop_bot)
    assert state.chants == 1 and state.phase == "trial"
    current = await coop_bot.table.current(fake_discord.text_channel.id)
    assert current is not None
    log = await coop_bot.storage.log(current.game.id)
    moves = [(e.seat, e.payload["action"]["type"]) for e in log if e.kind == "action"]
    assert moves == [(1, "chant"), (2, "next_phase")]


async def test_an_out_of_turn_reaction_has_its_own_button(
    fake_discord: FakeDiscord, coop_bot: PandemoniumBot
) -> None:
    board = await _open(fake_discord, coop_bot)
    board = await _press(fake_discord, coop_bot, board, "bob", "Next phase")
    board = await _press(fake_discord, coop_bot, board, "alice", "Roll a test: Alice")
    labels = [c.get("label") for c in board.all_components() if "custom_id" in c]
    assert labels == ["Ward: Alice", "Roll a test: Bob", "Roll a test: Carol"], labels
    wrong = await fake_discord.click("bob", board, label="Ward: Alice")
    assert "Those buttons are for Alice" in await _private(wrong)
    await _press(fake_discord, coop_bot, board, "alice", "Ward: Alice")
    state = await _state(fake_discord, coop_bot)
    assert state.wards == [False, True, True] and state.acted == [True, False, False]


async def test_the_bot_rolls_a_physical_tables_dice_and_the_table_reports_the_card(
    fake_discord: FakeDiscord, coop_bot: PandemoniumBot
) -> None:
    board = await _open(fake_discord, coop_bot, mode="physical", options="dice=bot")
    board = await _press(fake_discord, coop_bot, board, "carol", "Next phase")
    for who, name in (("alice", "Alice"), ("bob", "Bob"), ("carol", "Carol")):
        assert not [c for c in board.custom_ids() if c.startswith("pd:rep:")], "dice: no form"
        board = await _press(fake_discord, coop_bot, board, who, f"Roll a test: {name}")
    state = await _state(fake_discord, coop_bot)
    assert state.phase == "omen" and all(state.acted)
    refused = await fake_discord.click("dave", board, label="Report result")
    assert await refused.response_type() == 4, "no form opens for a watcher"
    assert "Only a seated player or a GM reports this one" in await _private(refused)
    assert (await _state(fake_discord, coop_bot)).phase == "omen", "nothing changed"
    modal = await (await fake_discord.click("bob", board, label="Report result")).modal()
    field = modal["components"][0]["components"][0]["custom_id"]
    await (await fake_discord.submit_modal("bob", None, {field: "candle"})).original()
    state = await _state(fake_discord, coop_bot)
    assert state.phase == "council"
    current = await coop_bot.table.current(fake_discord.text_channel.id)
    assert current is not None
    log = await coop_bot.storage.log(current.game.id)
    draws = [(e.payload["reported"], e.payload["physical"]) for e in log if e.kind == "chance"]
    assert draws == [(False, True)] * 3 + [(True, False)]


async def test_gm_corrections_survive_undo_and_replay(
    fake_discord: FakeDiscord,
    coop_bot: PandemoniumBot,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    board = await _open(fake_discord, coop_bot)
    listed = await fake_discord.slash("bob", "game correct")
    assert "`set_doom value=…`" in await _private(listed)
    refused = await fake_discord.slash("bob", "game correct", correction="set_power value=3")
    assert "Only the host" in await _private(refused)
    bad = await fake_discord.slash("alice", "game correct", correction="set_doom value=99")
    assert "That correction doesn't fit Vigil" in await _private(bad)
    fixed = await fake_discord.slash("alice", "game correct", correction="set_power value=3")
    assert "corrected the game" in (await fixed.original()).text()
    await coop_bot.boards.flush()
    board = await board_now(fake_discord, coop_bot, board)
    await _press(fake_discord, coop_bot, board, "bob", "Chant")
    await (await fake_discord.slash("alice", "game undo")).original()
    state = await _state(fake_discord, coop_bot)
    assert state.power == 3 and state.chants == 0, "undo took the chant, not the correction"
    await (await fake_discord.slash("alice", "game end")).original()
    prompt = fake_discord.messages(fake_discord.text_channel, include_ephemeral=True)[-1]
    await (await fake_discord.click("alice", prompt, label="Yes, end the game")).settled()
    log = await fake_discord.slash("carol", "game log")
    reply = await log.original()
    assert "1 GM correction(s), marked `gm`" in reply.text()
    document = json.loads(reply.attachments[0].data)
    (fix,) = [e for e in document["entries"] if e["kind"] == "correction"]
    assert fix["gm"] and fix["payload"] == {"correction": {"type": "set_power", "value": 3}}
    path = tmp_path / "vigil.json"
    path.write_text(json.dumps(document))
    assert cli(["replay", str(path)]) == 0
    assert "OK" in capsys.readouterr().out


async def test_characters_and_several_seats_for_one_member(
    fake_discord: FakeDiscord, coop_bot: PandemoniumBot
) -> None:
    handle = await fake_discord.slash("alice", "game new", game="vigil", mode="physical")
    await handle.original()
    await (await fake_discord.slash("bob", "game join")).original()
    named = await fake_discord.slash("bob", "game character", seat=2, name="Abe Sapien")
    assert "Seat 2 plays **Abe Sapien** (Bob)" in (await named.original()).text()
    taken = await fake_discord.slash(
        "alice", "game seat", member=fake_discord.member("alice"), seat=2, also=True
    )
    assert "Alice also takes seat 2 (was Abe Sapien (Bob))" in (await taken.original()).text()
    current = await coop_bot.table.current(fake_discord.text_channel.id)
    assert current is not None
    assert current.game.seats_of(fake_discord.member("alice").id) == [0, 1]
    assert current.game.seats[1].shown == "Abe Sapien (Alice)"


async def test_reminders_name_whom_the_game_waits_for(
    fake_discord: FakeDiscord, start_bot: StartBot, vigil_game: None
) -> None:
    clock = Clock()
    async with start_bot(clock=clock) as bot:
        board = await _open(fake_discord, bot)
        clock.now += 60 * 60
        assert await bot.timers.run_due() == [], "nobody must act in the council"
        board = await _press(fake_discord, bot, board, "bob", "Next phase")
        await _press(fake_discord, bot, board, "alice", "Roll a test: Alice")
        clock.now += 10 * 60
        assert [t.kind for t in await bot.timers.run_due()] == ["remind"]
        (reminder,) = [
            m for m in fake_discord.messages(fake_discord.text_channel) if "⏰" in m.content
        ]
        bob, carol = fake_discord.member("bob").id, fake_discord.member("carol").id
        assert f"<@{bob}> and <@{carol}>, it's your turns at Vigil" in reminder.content
        assert reminder.notified == [bob, carol], "the reminder pings exactly those awaited"
        assert "Alice" not in reminder.content
