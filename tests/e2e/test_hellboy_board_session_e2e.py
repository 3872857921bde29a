"""A whole GM-assisted physical session of the companion through the fake Discord,
with the server's own preset library: Erin (Manage Channels) uploads the pack and
runs the table, Alice and Bob play; agents and enemies come from the pack, from the
built-in presets and typed in; the rounds run, the Deck of Doom is drawn until the
Unexpected Threat (Krampus), the agents fight, and the case is closed. Every refused
input gets one sentence and changes nothing; the messages everyone sees are read
for what a player would trip over."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.app import PandemoniumBot
from tests.e2e.conftest import StartBot
from tests.e2e.test_hellboy_board_e2e import (
    _cmd,
    _labels,
    _private,
    _refused_form,
    _report,
    _state,
)
from tests.e2e.test_hellboy_board_e2e import _press as _press_on
from tests.e2e.test_packs_e2e import _upload
from tests.fakediscord import FakeDiscord, FakeMessage
from tests.support.boards import board_now, board_recorded

PACK = (Path(__file__).parents[2] / "docs" / "packs" / "hellboy-board.yaml").read_bytes()
SLIPS = re.compile(r"\b(\w+ \w+) \1\b|  |\.\.(?!\.)|\bin starting area\b|\ba enem|\(s\)\(s\)")
"""Wording slips: a repeated pair of words ("starting area starting area"), double
spaces, a doubled full stop, an unnamed area without its article."""


@pytest.fixture
async def hb_bot(start_bot: StartBot) -> AsyncIterator[PandemoniumBot]:
    async with start_bot() as bot:
        yield bot


async def _refused(fake: FakeDiscord, bot: PandemoniumBot, who: str, command: str,
                   **options: object) -> str:
    """A command that must be refused: its one private sentence; the table unchanged."""
    before = await _state(fake, bot)
    sentence = await _private(await fake.slash(who, f"hbboard {command}", options=options))
    assert await _state(fake, bot) == before, f"/hbboard {command} changed the table"
    assert sentence.endswith((".", "?")) and "Traceback" not in sentence, sentence
    return sentence


async def _press(fake: FakeDiscord, bot: PandemoniumBot, board: FakeMessage, who: str,
                 label: str) -> FakeMessage:
    """Press a button on the board as it is now (a command in between moved it on, and
    an old board's buttons are refused); the board after."""
    return await _press_on(fake, bot, await board_now(fake, bot, board), who, label)


async def _store_the_library(fake: FakeDiscord) -> None:
    refused = await _upload(fake, "alice", PACK)
    assert refused.startswith("Only a table's host, a member with Manage Channels"), refused
    broken = await _upload(fake, "erin", PACK.replace(b"enemy: hag", b"enemy: hagg"))
    assert broken == (
        "That pack can't be stored: line 40, field 'threats': the threat 'hags-curse' brings"
        " the enemy 'hagg', which is neither in this pack's `enemies` nor a built-in preset.")
    typos = await _upload(fake, "erin", PACK.replace(b"move: 3", b"move: three")
                          .replace(b"melee: 3", b"melee: lots", 1))
    assert typos.startswith("That pack can't be stored: line 19, field 'enemies.0.melee': "), typos
    assert "; line 26, field 'enemies.1.move': " in typos, "every problem is named"
    nothing = await _private(await fake.slash("erin", "game pack list"))
    assert "no packs yet" in nothing, "a refused pack stores nothing"
    stored = await _upload(fake, "erin", PACK)
    assert stored.startswith(
        "Stored the pack **ourbox** (Hellboy: The Board Game (companion): enemies frog-soldier,"
        " hag (2 house, unverified); threats hags-curse (1 house, unverified)),"), stored
    assert "`/game new game:hellboy-board options:pack=ourbox`" in stored


async def _open_with_the_pack(fake: FakeDiscord, bot: PandemoniumBot) -> FakeMessage:
    opened = await fake.slash("erin", "game new", options={
        "game": "hellboy-board", "mode": "physical", "options": "pack=ourbox"})
    board = await opened.original()
    await board_recorded(fake, bot, board)
    for who in ("alice", "bob"):
        await (await fake.slash(who, "game join")).original()
    await (await fake.slash("erin", "game start")).original()
    await bot.boards.flush()
    board = await board_now(fake, bot, board)
    assert "You roll your own dice and report them" in board.text()
    assert "pack ourbox" in board.text(), "the footer names the table's pack"
    return board


async def _the_library_is_listed(fake: FakeDiscord) -> None:
    listed = await _private(await fake.slash("alice", "hbboard preset"))
    assert "this server's pack **ourbox**" in listed
    assert "**Krampus** `krampus` · built-in" in listed
    assert "**The Hag (example)** `hag` · pack ourbox · house data, unverified · Boss" in listed
    assert "**The Hag's Curse (example)** `hags-curse` (brings `hag`) · pack ourbox" in listed
    typed = await fake.autocomplete("bob", "hbboard preset", "card", card="frog")
    choices = (await typed.response())["data"]["choices"]
    assert choices == [{"name": "Frog Soldier (example) (frog-soldier) · pack ourbox · house"
                                " data, unverified", "value": "frog-soldier"}], choices


async def _set_up(fake: FakeDiscord, bot: PandemoniumBot, board: FakeMessage) -> FakeMessage:
    said = await _cmd(fake, bot, "alice", "agent", name="Hellboy", fight="red", shoot="orange",
                      explore="yellow", defend="red", health=6, weapon="Samaritan", pistol=True)
    assert "Hellboy joins the case in the starting area, run by Alice" in said, said
    await _cmd(fake, bot, "erin", "agent", name="Abe Sapien", fight="orange", explore="red",
               health=5, player=fake.member("bob"))
    said = await _cmd(fake, bot, "erin", "case", doom_deck=3, threat=True, doom_length=8,
                      starting_area="Hall")
    assert said.startswith("Case set up: the starting area is Hall; Impending Doom has 8"
                           " spaces; the Deck of Doom has 3 cards with one unseen"), said
    said = await _cmd(fake, bot, "erin", "preset", card="frog-soldier", area="Crypt", count=2)
    assert "Frog Soldier (example) (frog-soldier-2) comes into play in Crypt." in said, said
    said = await _cmd(fake, bot, "bob", "enemy", key="deep-one", name="Deep One", move=2,
                      resilience=1, health=3, range=0, ranged=0, melee=3, area="Hall")
    assert "Deep One (deep-one) comes into play in Hall." in said, said
    sentence = await _refused(fake, bot, "bob", "enemy", key="krampus", name="Krampus", move=4,
                              resilience=3, health=16, range=0, ranged=0, melee=8)
    assert sentence.startswith("There is already an enemy card 'krampus' (Krampus)"), sentence
    board = await board_now(fake, bot, board)
    text = board.text()
    assert "**Deep One** · Mv 2 Res 1 Health 3" in text and "`deep-one` in Hall, health 3/3" in text
    assert "**Frog Soldier (example)** · Mv 2" in text and "house card (unverified)" in text
    return board


async def _a_round_without_the_threat(fake: FakeDiscord, bot: PandemoniumBot,
                                      board: FakeMessage) -> FakeMessage:
    board = await _press(fake, bot, board, "bob", "Start round 1")
    board = await _press(fake, bot, board, "alice", "Next phase: Agent")
    board = await _press(fake, bot, board, "alice", "Fight: Hellboy → Deep One")
    assert _labels(board)[:2] == ["Report result", "Call off the test"], "its own dice"
    assert await _refused_form(fake, board, "bob") == "Alice reports this one (or a GM)."
    bad = await _report(fake, board, "alice", ["One dot", "2 12 2"])
    assert await _private(bad) == "A die shows 0 to 9 pips: '12' isn't one."
    assert (await _state(fake, bot)).test is not None, "a bad report changes nothing"
    await (await _report(fake, board, "erin", ["Two dots", "2 1 0"])).settled()
    await bot.boards.flush()
    state = await _state(fake, bot)
    assert "deep-one" not in state.enemies and "deep-one" in state.discard, "5 - 1 = 4 ≥ 3"
    for phase in ("Rest", "Doom"):
        board = await _press(fake, bot, board, "alice", f"Next phase: {phase}")
    board = await _press(fake, bot, board, "bob", "Draw a Doom card")
    await (await _report(fake, board, "bob", ["another"])).settled()
    await bot.boards.flush()
    board = await board_now(fake, bot, board)
    assert "next card is the threat: 1/2 (50.0%)" in board.text()
    for phase in ("End", "round 2"):
        board = await _press(fake, bot, board, "bob", f"Next phase: {phase}")
    return board


async def _krampus_comes(fake: FakeDiscord, bot: PandemoniumBot,
                         board: FakeMessage) -> FakeMessage:
    for phase in ("Agent", "Rest", "Doom"):
        board = await _press(fake, bot, board, "alice", f"Next phase: {phase}")
    board = await _press(fake, bot, board, "alice", "Draw a Doom card")
    modal = await (await fake.click("bob", board, label="Report result")).modal()
    hint = modal["components"][0]["components"][0].get("placeholder", "")
    assert hint == "another, or a threat: The Hag's Curse (example) / What a Wicked Child!", hint
    await (await _report(fake, board, "bob", ["wicked child"])).settled()
    await bot.boards.flush()
    board = await board_now(fake, bot, board)
    assert "Krampus are put in play in Hall" in fake.last_message().text()
    sentence = await _refused(fake, bot, "alice", "move", enemy="krampus", path="Crypt")
    assert sentence.startswith("To resolve What a Wicked Child!: choose the lead agent"), sentence
    return await _press(fake, bot, board, "alice", "Hellboy is the Wicked Child · not a Boss")


async def _fight_krampus(fake: FakeDiscord, bot: PandemoniumBot,
                         board: FakeMessage) -> FakeMessage:
    """Round 3: Krampus leaves the Hall (both agents pay), Hellboy's pistol Shoot is
    capped, he fights a frog, and Die Ruten stuns him; Krampus knocks him out."""
    sentence = await _refused(fake, bot, "bob", "attack", enemy="krampus", target="Abe Sapien",
                              damage=2)
    assert sentence == "Krampus is hunting Hellboy and ignores every other agent."
    for phase in ("End", "round 3"):
        board = await _press(fake, bot, board, "bob", f"Next phase: {phase}")
    said = await _cmd(fake, bot, "erin", "move", enemy="krampus", path="Crypt")
    assert said.count("Krampus leaves Hall: ") == 2 and "Krampus moves to Crypt." in said, said
    board = await _press(fake, bot, board, "alice", "Next phase: Agent")
    said = await _cmd(fake, bot, "alice", "test", agent="Hellboy", skill="shoot",
                      target="krampus", weapon="Samaritan", total=9)
    assert "at most 2" in said or "capped" in said, said
    assert (await _state(fake, bot)).enemies["krampus"].damage == 4
    await _cmd(fake, bot, "bob", "go", agent="Abe Sapien", area="Crypt")
    await _cmd(fake, bot, "alice", "go", agent="Hellboy", area="Crypt")
    said = await _cmd(fake, bot, "bob", "test", agent="Abe Sapien", skill="fight",
                      target="frog-soldier", total=6)
    assert "frog-soldier" not in (await _state(fake, bot)).enemies, said
    sentence = await _refused(fake, bot, "bob", "spend", agent="Abe Sapien", cubes=1)
    assert sentence == "Abe Sapien has no action cubes left.", sentence
    for phase in ("Rest", "Doom", "End", "round 4"):
        board = await _press(fake, bot, board, "bob", f"Next phase: {phase}")
    said = await _cmd(fake, bot, "erin", "attack", enemy="krampus", damage=4)
    assert "Die Ruten: Hellboy is stunned instead of discarding a cube." in said, said
    board = await board_now(fake, bot, board)
    assert "😵 stunned" in board.text()
    said = await _cmd(fake, bot, "erin", "attack", enemy="krampus", damage=2, knocked_out=True)
    state = await _state(fake, bot)
    assert "krampus" not in state.enemies and not state.threats, said
    assert said.endswith("What a Wicked Child! is discarded with Krampus. *(K5)*"), said
    return await board_now(fake, bot, board)


async def _a_player_can_t_close_the_case(fake: FakeDiscord, bot: PandemoniumBot) -> None:
    """Issue 23: any seat could end the case for everyone, for good."""
    sentence = await _refused(fake, bot, "alice", "end", won=False)
    assert sentence == ("Only the host, a member with Manage Channels, or the server's GM role"
                        " can close the case."), sentence


async def _close_the_case(fake: FakeDiscord, bot: PandemoniumBot) -> str:
    """The GM is asked first; the case closes only when the button is pressed."""
    prompt = await (await fake.slash("erin", "hbboard end", options={"won": True})).original()
    assert prompt.ephemeral and prompt.text() == (
        "Close the case as won for everyone? Undo (host or GM) can take it back.")
    assert (await _state(fake, bot)).result is None, "nothing closes before the button"
    done = await (await fake.click("erin", prompt, label="Close the case: won")).original()
    await bot.boards.flush()
    return done.text()


async def test_a_gm_assisted_physical_session_with_the_server_s_preset_library(
    fake_discord: FakeDiscord, hb_bot: PandemoniumBot
) -> None:
    fake, bot = fake_discord, hb_bot
    await _store_the_library(fake)
    board = await _open_with_the_pack(fake, bot)
    await _the_library_is_listed(fake)
    board = await _set_up(fake, bot, board)
    board = await _a_round_without_the_threat(fake, bot, board)
    board = await _krampus_comes(fake, bot, board)
    board = await _fight_krampus(fake, bot, board)
    await _a_player_can_t_close_the_case(fake, bot)
    said = await _close_the_case(fake, bot)
    assert "The case is closed." in said
    await fake.wait_until(lambda: "**The case is closed.**" in fake.message(board.id).text(),
                          message="the board never said the case is closed")
    assert _labels(fake.message(board.id)) == ["Rematch"], "a closed case: no moves, a Rematch"
    seen = [m.text() for m in fake.messages(include_ephemeral=True)]
    assert len(seen) > 40
    for text in seen:
        slip = SLIPS.search(text)
        assert slip is None, f"{slip.group(0)!r} in {text!r}"
