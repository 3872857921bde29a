"""Hellboy: The Board Game (companion) through the fake Discord, as a group plays it:
the Unexpected Threat drawn from the group's own Deck of Doom, Krampus hunting the
Wicked Child, agents paying cubes when he leaves their area, a pistol Shoot capped
at 2, Die Ruten stunning, and both knock-out branches ending as the card says.
Bad reports and an illegal Krampus attack get one sentence and change nothing."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest

from bot.app import PandemoniumBot
from engines.hellboy_board import HBBoardState
from tests.e2e.conftest import StartBot
from tests.fakediscord import FakeDiscord, FakeMessage, InteractionHandle
from tests.support.boards import board_now, board_recorded


@pytest.fixture
async def hb_bot(start_bot: StartBot) -> AsyncIterator[PandemoniumBot]:
    async with start_bot() as bot:
        yield bot


async def _private(handle: InteractionHandle) -> str:
    assert await handle.ephemeral(), "this answer must be ephemeral"
    return (await handle.original()).text()


async def _state(fake: FakeDiscord, bot: PandemoniumBot) -> HBBoardState:
    current = await bot.table.current(fake.text_channel.id)
    assert current is not None and isinstance(current.state, HBBoardState)
    return current.state


async def _open(fake: FakeDiscord, bot: PandemoniumBot, mode: str = "digital",
                options: str | None = None) -> FakeMessage:
    fields = {"game": "hellboy-board", "mode": mode, **({"options": options} if options else {})}
    board = await (await fake.slash("alice", "game new", options=fields)).original()
    await board_recorded(fake, bot, board)
    await (await fake.slash("bob", "game join")).original()
    await (await fake.slash("alice", "game start")).original()
    await bot.boards.flush()
    return await board_now(fake, bot, board)


async def _cmd(fake: FakeDiscord, bot: PandemoniumBot, who: str, command: str,
               **options: Any) -> str:
    """A /hbboard command whose answer is public; its text."""
    reply = await (await fake.slash(who, f"hbboard {command}", options=options)).original()
    await bot.boards.flush()
    return reply.text()


async def _press(fake: FakeDiscord, bot: PandemoniumBot, board: FakeMessage, who: str,
                 label: str) -> FakeMessage:
    await (await fake.click(who, board, label=label)).original()
    await bot.boards.flush()
    return await board_now(fake, bot, board)


def _labels(board: FakeMessage) -> list[str]:
    return [str(c.get("label")) for c in board.all_components() if "custom_id" in c]


async def _report(fake: FakeDiscord, board: FakeMessage, who: str,
                  answers: list[str]) -> InteractionHandle:
    modal = await (await fake.click(who, board, label="Report result")).modal()
    fields = [row["components"][0]["custom_id"] for row in modal["components"]]
    assert len(answers) <= len(fields), "more answers than the form has fields"
    left_empty = [""] * (len(fields) - len(answers))
    return await fake.submit_modal(who, None, dict(zip(fields, answers + left_empty,
                                                       strict=True)))


async def _refused_form(fake: FakeDiscord, board: FakeMessage, who: str) -> str:
    """Pressing Report result as someone who may not report: refused before any form
    opens (nobody fills in a form only to be told it was not theirs)."""
    handle = await fake.click(who, board, label="Report result")
    assert await handle.response_type() == 4, "no form for who may not report"
    return await _private(handle)


async def _krampus_in_play(fake: FakeDiscord, bot: PandemoniumBot) -> FakeMessage:
    """Two agents in the starting area, a 4-card Deck of Doom with the threat inside,
    rounds run to the Doom phase, the card drawn and reported, Hellboy chosen."""
    board = await _open(fake, bot)
    assert "Setting up the case" in board.text()
    await _cmd(fake, bot, "alice", "agent", name="Hellboy", fight="red", shoot="orange",
               explore="yellow", defend="red", health=6, weapon="Samaritan", pistol=True)
    await _cmd(fake, bot, "bob", "agent", name="Abe Sapien", fight="orange", explore="red",
               health=5)
    await _cmd(fake, bot, "alice", "case", doom_deck=4, threat=True, doom_length=10)
    board = await board_now(fake, bot, board)
    assert "next card is the threat: 1/4 (25.0%)" in board.text()
    assert "`/hbboard rules` lists them" in board.text(), "unknowns are counted, not repeated"
    board = await _press(fake, bot, board, "bob", "Start round 1")
    assert "Round 1 · Enemy phase" in board.text() and "■■■" in board.text()
    for phase in ("Agent", "Rest", "Doom"):
        board = await _press(fake, bot, board, "alice", f"Next phase: {phase}")
    board = await _press(fake, bot, board, "bob", "Draw a Doom card")
    assert _labels(board) == ["Report result"], "the Doom card comes from the group's box"
    bad = await _report(fake, board, "bob", ["a banana"])
    assert "Say which card you drew" in await _private(bad)
    assert (await _state(fake, bot)).doom_deck.drawn == 0, "a bad report changes nothing"
    await (await _report(fake, board, "bob", ["wicked child"])).settled()
    await bot.boards.flush()
    board = await board_now(fake, bot, board)
    text = board.text()
    assert "Unexpected Threat: What a Wicked Child!" in text and "starting area" in text
    assert "Hellboy is the Wicked Child · not a Boss" in _labels(board)
    board = await _press(fake, bot, board, "bob", "Hellboy is the Wicked Child · not a Boss")
    assert "hunts **Hellboy**" in board.text() and "🎯 the Wicked Child" in board.text()
    return board


async def test_krampus_hunts_tolls_caps_stuns_and_leaves(
    fake_discord: FakeDiscord, hb_bot: PandemoniumBot
) -> None:
    fake, bot = fake_discord, hb_bot
    board = await _krampus_in_play(fake, bot)
    before = await _state(fake, bot)
    refused = await fake.slash("bob", "hbboard attack",
                               options={"enemy": "krampus", "target": "Abe Sapien", "damage": 2})
    sentence = await _private(refused)
    assert sentence == "Krampus is hunting Hellboy and ignores every other agent.", sentence
    assert await _state(fake, bot) == before, "an illegal attack changes nothing"

    said = await _cmd(fake, bot, "alice", "move", enemy="krampus", path="Hall")
    state = await _state(fake, bot)
    assert state.agents["hellboy"].cubes == 2 and state.agents["abe-sapien"].cubes == 2, said
    assert state.enemies["krampus"].damage == 2 and state.enemies["krampus"].area == "Hall"

    said = await _cmd(fake, bot, "alice", "test", agent="Hellboy", skill="shoot",
                      target="krampus", total=9)
    assert "at most 2" in said or "capped" in said.lower(), said
    assert (await _state(fake, bot)).enemies["krampus"].damage == 4

    await _cmd(fake, bot, "bob", "go", agent="Hellboy", area="Hall")
    said = await _cmd(fake, bot, "bob", "attack", enemy="krampus", damage=4)
    state = await _state(fake, bot)
    hellboy = state.agents["hellboy"]
    assert hellboy.stunned and hellboy.damage == 4 and hellboy.cubes == 0, said
    board = await board_now(fake, bot, board)
    assert "😵 stunned" in board.text()

    said = await _cmd(fake, bot, "alice", "ko", agent="Hellboy", by="krampus")
    state = await _state(fake, bot)
    assert not state.threats and "krampus" not in state.enemies, said
    assert "discarded" in said

    await (await fake.slash("alice", "game undo")).original()
    said = await _cmd(fake, bot, "alice", "ko", agent="Hellboy")
    state = await _state(fake, bot)
    (threat,) = state.threats.values()
    assert threat.runs_wild and "krampus" in state.enemies, said
    board = await board_now(fake, bot, board)
    assert "🔥 runs wild" in board.text()
    assert "melee" in board.text().lower()
    await _cmd(fake, bot, "bob", "go", agent="Abe Sapien", area="Hall")
    await _cmd(fake, bot, "bob", "attack", enemy="krampus", target="Abe Sapien", damage=1)
    assert (await _state(fake, bot)).agents["abe-sapien"].damage == 1, "wild: anyone"


async def test_rules_and_odds_answer_privately(
    fake_discord: FakeDiscord, hb_bot: PandemoniumBot
) -> None:
    fake, bot = fake_discord, hb_bot
    board = await _krampus_in_play(fake, bot)
    for phase in ("End", "round 2", "Agent"):
        board = await _press(fake, bot, board, "bob", f"Next phase: {phase}")
    board = await _press(fake, bot, board, "bob", "Fight: Abe Sapien → Krampus")
    state = await _state(fake, bot)
    assert state.last_test is not None and state.last_test.target == "krampus"
    assert state.agents["abe-sapien"].cubes == 2 and "Last test" in board.text()
    rules = await _private(await fake.slash("bob", "hbboard rules"))
    assert "Rules now: Agent" in rules and "What a Wicked Child!" in rules
    here = await _private(await fake.slash("alice", "hbboard odds", options={
        "agent": "Hellboy", "skill": "shoot", "target": "krampus"}))
    assert here == "A Shoot targets an enemy in another area: Fight it here instead."
    await _cmd(fake, bot, "alice", "move", enemy="krampus", path="Hall")
    odds = await _private(await fake.slash("alice", "hbboard odds", options={
        "agent": "Hellboy", "skill": "shoot", "target": "krampus", "dice": 4,
        "upgrades": "Hellboy"}))
    assert "capped at 2" in odds and "Chance this test defeats the target: **0.0%**" in odds
    assert (await _state(fake, bot)).agents["hellboy"].cubes == 2, "odds spend nothing"
    tested = await fake.slash("alice", "hbboard test", options={
        "agent": "Hellboy", "skill": "shoot", "target": "krampus", "dice": 4})
    reply = await tested.original()
    (said,) = [m for m in await tested.followups(2) if m.id != reply.id]
    assert "(capped at 2), defeats the target 0.0% · house dice." in said.text(), said.text()
    suggested = await fake.autocomplete("bob", "hbboard attack", "target", enemy="krampus",
                                        target="ab")
    choices = (await suggested.response())["data"]["choices"]
    assert choices == [{"name": "Abe Sapien", "value": "abe-sapien"}], choices
    enemies = await fake.autocomplete("bob", "hbboard move", "enemy", enemy="")
    choices = (await enemies.response())["data"]["choices"]
    assert choices == [{"name": "Krampus (krampus) · Hall", "value": "krampus"}], choices
    listed = await _private(await fake.slash("bob", "game correct"))
    assert "set_enemy_damage" in listed
    fixed = await fake.slash("alice", "game correct", correction="set_track track=doom value=3")
    assert "corrected the game" in (await fixed.original()).text()
    assert (await _state(fake, bot)).tracks.doom == 3


async def test_a_physical_table_reports_its_own_dice(
    fake_discord: FakeDiscord, hb_bot: PandemoniumBot
) -> None:
    fake, bot = fake_discord, hb_bot
    board = await _open(fake, bot, mode="physical")
    assert "You roll your own dice" in board.text()
    await _cmd(fake, bot, "bob", "agent", name="Abe Sapien", explore="yellow")
    board = await board_now(fake, bot, board)
    for label in ("Start round 1", "Next phase: Agent", "Explore: Abe Sapien"):
        board = await _press(fake, bot, board, "alice", label)
    assert "Bob reports this one" in await _refused_form(fake, board, "carol")
    wrong = await _report(fake, board, "bob", ["One dot", "1 2"])
    assert "Give 3 coloured dice" in await _private(wrong)
    assert (await _state(fake, bot)).test is not None, "nothing changed"
    await (await _report(fake, board, "bob", ["two dots", "1 1 0"])).settled()
    state = await _state(fake, bot)
    assert state.test is None and state.last_test is not None and state.last_test.total == 4


async def test_a_physical_table_with_bot_dice_still_reports_its_cards(
    fake_discord: FakeDiscord, hb_bot: PandemoniumBot
) -> None:
    """`dice=bot`: the bot rolls a test at once; the Doom card is still the group's."""
    fake, bot = fake_discord, hb_bot
    board = await _open(fake, bot, mode="physical", options="dice=bot")
    assert "The bot rolls the dice" in board.text()
    await _cmd(fake, bot, "bob", "agent", name="Abe Sapien", explore="yellow")
    await _cmd(fake, bot, "bob", "case", doom_deck=3, threat=True)
    board = await board_now(fake, bot, board)
    for label in ("Start round 1", "Next phase: Agent", "Explore: Abe Sapien"):
        board = await _press(fake, bot, board, "alice", label)
    assert (await _state(fake, bot)).last_test is not None, "rolled by the bot"
    for label in ("Next phase: Rest", "Next phase: Doom", "Draw a Doom card"):
        board = await _press(fake, bot, board, "alice", label)
    assert _labels(board)[0] == "Report result"
    await (await _report(fake, board, "bob", ["another"])).settled()
    state = await _state(fake, bot)
    assert state.doom_deck.drawn == 1 and not state.threats


async def test_a_click_right_after_a_command_meets_a_current_board(
    fake_discord: FakeDiscord, hb_bot: PandemoniumBot
) -> None:
    """Live board (issue 23, point 5): a command that changes the game answers only
    once the board shows the change, so a click on the board straight after the
    answer is current, never "That board was a step behind"."""
    fake, bot = fake_discord, hb_bot
    await _krampus_in_play(fake, bot)
    current = await bot.table.current(fake.text_channel.id)
    assert current is not None and current.game.board_message_id is not None
    await (await fake.slash("alice", "hbboard move", options={
        "enemy": "krampus", "path": "Hall"})).original()
    live = fake.message(current.game.board_message_id)
    moved = f":{current.game.id}:{current.game.version + 1}:"
    assert any(moved in cid for cid in live.custom_ids()), "the board shows the move"
    clicked = await fake.click("bob", live, label="Next phase: End")
    assert not await clicked.ephemeral(), (await clicked.original()).text()
