"""Issue 23's evening, played by a real group through the fake Discord: Erin runs a
physical table (Manage Channels), Alice and Bob play, Carol passes by.

A player tries to close the case (refused), Carol asks to join mid-game (Bob can't
let her in; Erin does), an area is typed in another case and Krampus's leave-area
toll still reaches the agent there (K4), a typo becomes a new area only when
confirmed, a die shows a pip count the house faces lack, a typo in a command is
refused in one sentence, a player calls off their own pending test, and the GM
closes the case, undoes the close and closes it again. Every message is read, and
the board stays short enough to read on a phone (about 25 lines).
"""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.app import PandemoniumBot
from bot.confirmations import LAPSED
from tests.e2e.conftest import StartBot
from tests.e2e.test_hellboy_board_e2e import _cmd, _private, _report, _state
from tests.e2e.test_hellboy_board_session_e2e import _press, _refused
from tests.fakediscord import FakeDiscord, FakeMessage
from tests.support.boards import board_now, board_recorded

BOARD_LINES = 25
"""What a phone shows of the board without scrolling it away (issue 23: ~40 before)."""


@pytest.fixture
async def hb_bot(start_bot: StartBot) -> AsyncIterator[PandemoniumBot]:
    async with start_bot() as bot:
        yield bot


def _lines(board: FakeMessage) -> int:
    return len(board.text().splitlines())


async def _open(fake: FakeDiscord, bot: PandemoniumBot) -> FakeMessage:
    opened = await fake.slash("erin", "game new", options={
        "game": "hellboy-board", "mode": "physical"})
    board = await opened.original()
    await board_recorded(fake, bot, board)
    assert "the host or a GM lets them in (late_join=ask)" in board.text(), "shown in the lobby"
    for who in ("alice", "bob"):
        await (await fake.slash(who, "game join")).original()
    await (await fake.slash("erin", "game start")).original()
    await _cmd(fake, bot, "alice", "agent", name="Hellboy", fight="red", explore="yellow",
               health=6)
    await _cmd(fake, bot, "bob", "agent", name="Abe Sapien", fight="orange", health=5)
    await _cmd(fake, bot, "erin", "case", doom_deck=2, threat=True, starting_area="Hall")
    await _cmd(fake, bot, "erin", "enemy", key="frog-soldier", name="Frog Soldier", move=2,
               resilience=1, health=3, range=0, ranged=0, melee=3, area="Crypt")
    await bot.boards.flush()
    return await _press(fake, bot, board, "alice", "Start round 1")


async def _a_player_can_t_end_it(fake: FakeDiscord, bot: PandemoniumBot) -> None:
    sentence = await _refused(fake, bot, "bob", "end", won=False)
    assert sentence == ("Only the host, a member with Manage Channels, or the server's GM role"
                        " can close the case.")


async def _carol_asks_to_join(fake: FakeDiscord, bot: PandemoniumBot,
                              board: FakeMessage) -> FakeMessage:
    before = await _state(fake, bot)
    asked = await fake.click("carol", board, label="Join")
    assert await _private(asked) == "The host or a GM has been asked to let you join."
    await fake.wait_until(lambda: "asks to join" in fake.last_message().text(),
                          message="the host was never asked")
    question = fake.last_message()
    assert question.text() == "**Carol** asks to join the game. The host or a GM decides:"
    assert await _state(fake, bot) == before, "nobody is seated unasked"
    no = await fake.click("bob", question, label="Let Carol join")
    assert (await _private(no)).startswith("Only the host, a member with Manage Channels")
    yes = await (await fake.click("erin", question, label="Let Carol join")).original()
    assert yes.text() == "Erin let Carol join in seat 4.", yes.text()
    assert _labels_of(yes) == [], "the question's buttons go once answered"
    said = await _cmd(fake, bot, "carol", "agent", name="Liz Sherman", fight="yellow",
                      area="  hall ")
    assert "Liz Sherman joins the case in Hall, run by Carol" in said, said
    return await board_now(fake, bot, board)


def _labels_of(message: FakeMessage) -> list[str]:
    return [str(c.get("label")) for c in message.all_components() if "custom_id" in c]


async def _areas_in_another_case(fake: FakeDiscord, bot: PandemoniumBot) -> None:
    """The typo 'Cyrpt' asks first (the move is not made), and 'HALL' is the Hall."""
    asked = await fake.slash("erin", "hbboard move", options={"enemy": "frog-soldier",
                                                               "path": "Cyrpt"})
    assert await _private(asked) == "New area 'Cyrpt'? Known: Hall, Crypt."
    assert (await _state(fake, bot)).enemies["frog-soldier"].area == "Crypt"
    typed = await fake.autocomplete("erin", "hbboard move", "path", path="hall, cr")
    choices = (await typed.response())["data"]["choices"]
    assert choices == [{"name": "hall, Crypt", "value": "hall, Crypt"}], choices
    said = await _cmd(fake, bot, "erin", "move", enemy="frog-soldier", path="HALL")
    assert "Frog Soldier moves to Hall." in said, said


async def _krampus_comes(fake: FakeDiscord, bot: PandemoniumBot,
                         board: FakeMessage) -> FakeMessage:
    for phase in ("Agent", "Rest", "Doom"):
        board = await _press(fake, bot, board, "alice", f"Next phase: {phase}")
    board = await _press(fake, bot, board, "alice", "Draw a Doom card")
    await (await _report(fake, board, "bob", ["wicked child"])).settled()
    await bot.boards.flush()
    board = await board_now(fake, bot, board)
    board = await _press(fake, bot, board, "alice", "Hellboy is the Wicked Child · not a Boss")
    for phase in ("End", "round 2"):
        board = await _press(fake, bot, board, "bob", f"Next phase: {phase}")
    said = await _cmd(fake, bot, "erin", "move", enemy="krampus", path="crypt")
    assert said.count("Krampus leaves Hall: ") == 3, said
    assert "Liz Sherman discards" in said, "K4 reaches Liz, whose area was typed 'hall'"
    return await board_now(fake, bot, board)


async def _a_die_the_house_faces_lack(fake: FakeDiscord, bot: PandemoniumBot,
                                      board: FakeMessage) -> FakeMessage:
    board = await _press(fake, bot, board, "alice", "Next phase: Agent")
    said = await _cmd(fake, bot, "bob", "go", agent="Abe Sapien", area="crypt")
    assert "Abe Sapien moves to Crypt." in said, said
    board = await _press(fake, bot, board, "bob", "Fight: Abe Sapien → Krampus")
    called_off = await _press(fake, bot, board, "bob", "Call off the test")
    assert (await _state(fake, bot)).test is None, "Bob called off his own test"
    await fake.wait_until(lambda: "Abe Sapien's Fight test is called off; 1 action cube back."
                          in fake.last_message().text(), message="no word of the call-off")
    board = await _press(fake, bot, called_off, "bob", "Fight: Abe Sapien → Krampus")
    await (await _report(fake, board, "bob", ["Two dots", "7 0 9"])).settled()
    await bot.boards.flush()
    report = (await _state(fake, bot)).last_test
    assert report is not None and report.values == (7, 0, 9), report
    return await board_now(fake, bot, board)


async def _gm_closes_undoes_and_closes(fake: FakeDiscord, bot: PandemoniumBot,
                                       board: FakeMessage) -> FakeMessage:
    prompt = await (await fake.slash("erin", "hbboard end", options={"won": True})).original()
    done = await (await fake.click("erin", prompt, label="Close the case: won")).original()
    assert done.text() == "🛠️ Erin (GM) closes the case.\nThe case is closed.", done.text()
    assert await bot.table.current(fake.text_channel.id) is None
    undo = await (await fake.slash("erin", "game undo")).original()
    assert undo.text() == "Undid: the GM's closing of the case.", undo.text()
    assert (await _state(fake, bot)).result is None, "the case is open again"
    prompt = await (await fake.slash("erin", "hbboard end", options={"won": True})).original()
    await (await fake.click("erin", prompt, label="Close the case: won")).original()
    await bot.boards.flush()
    return await board_now(fake, bot, board)


async def test_a_gm_run_evening_with_a_passer_by_typos_and_a_closed_case(
    fake_discord: FakeDiscord, hb_bot: PandemoniumBot
) -> None:
    fake, bot = fake_discord, hb_bot
    board = await _open(fake, bot)
    seen = [_lines(board)]
    await _a_player_can_t_end_it(fake, bot)
    board = await _carol_asks_to_join(fake, bot, board)
    await _areas_in_another_case(fake, bot)
    sentence = await _refused(fake, bot, "bob", "enemy", key="Frog Monster", name="Frog",
                              move=2, resilience=1, health=3, range=0, ranged=0, melee=3)
    assert sentence == ("'key' is a short id of lowercase letters, digits and dashes:"
                        " 'frog-monster'?"), sentence
    board = await board_now(fake, bot, board)
    seen.append(_lines(board))
    board = await _krampus_comes(fake, bot, board)
    seen.append(_lines(board))
    board = await _a_die_the_house_faces_lack(fake, bot, board)
    seen.append(_lines(board))
    board = await _gm_closes_undoes_and_closes(fake, bot, board)
    seen.append(_lines(board))
    assert max(seen) <= BOARD_LINES, (seen, board.text())


async def test_the_issue_s_own_typos_an_arm_and_a_reported_total(
    fake_discord: FakeDiscord, hb_bot: PandemoniumBot
) -> None:
    """The values issue 23 found crashing ("Something went wrong" and a traceback):
    a path of only commas, a path of 11 areas, 10 upgrades, a key with spaces, each
    one sentence through the real client, the table unchanged. Then what had no
    command or no form before: Abe takes a second weapon (`/hbboard arm`), Bob
    confirms a new area with its button, and Hellboy's test is settled from the
    form's total alone."""
    fake, bot = fake_discord, hb_bot
    board = await _open(fake, bot)
    said = {
        "commas": await _refused(fake, bot, "bob", "move", enemy="frog-soldier", path=" , , "),
        "11 areas": await _refused(fake, bot, "erin", "move", enemy="frog-soldier",
                                   path=", ".join(["Hall", "Crypt"] * 5 + ["Hall"])),
        "10 upgrades": await _refused(fake, bot, "alice", "test", agent="Hellboy",
                                      skill="fight", upgrades=", ".join(["Hellboy"] * 10)),
        "key": await _refused(fake, bot, "bob", "enemy", key="Frog Monster", name="Frog",
                              move=2, resilience=1, health=3, range=0, ranged=0, melee=3),
    }
    assert said == {
        "commas": "Name the areas it moves through, in order: 'hall, crypt'.",
        "11 areas": "'path' takes at most 10.",
        "10 upgrades": "'upgrades' takes at most 9.",
        "key": "'key' is a short id of lowercase letters, digits and dashes: 'frog-monster'?",
    }, said
    armed = await _cmd(fake, bot, "bob", "arm", agent="abe sapien", weapon="Trident",
                       ranged=False)
    assert "Abe Sapien carries Trident." in armed, armed
    abe = (await _state(fake, bot)).agents["abe-sapien"]
    assert [(w.name, w.ranged) for w in abe.weapons] == [("Trident", False)]
    board = await _press(fake, bot, board, "alice", "Next phase: Agent")
    asked = await fake.slash("bob", "hbboard go", options={"agent": "Abe Sapien",
                                                            "area": "attic"})
    assert await _private(asked) == "New area 'attic'? Known: Hall, Crypt."
    confirmed = await fake.click("bob", await asked.original(), label="Yes, a new area: attic")
    assert "Abe Sapien moves to attic." in (await confirmed.original()).text()
    assert (await _state(fake, bot)).agents["abe-sapien"].area == "attic"
    board = await board_now(fake, bot, board)
    board = await _press(fake, bot, board, "alice", "Explore: Hellboy")
    await (await _report(fake, board, "alice", ["", "", "11"])).settled()
    await bot.boards.flush()
    report = (await _state(fake, bot)).last_test
    assert report is not None and report.total == 11 and report.reported, report
    board = await board_now(fake, bot, board)
    assert "11" in board.text() and _lines(board) <= BOARD_LINES, board.text()
    await _ended_by_the_gm_and_back(fake, bot, board)


async def _ended_by_the_gm_and_back(fake: FakeDiscord, bot: PandemoniumBot,
                                    board: FakeMessage) -> None:
    """`/game end` (not /hbboard end) ends the evening too; a player may not undo it,
    the GM does, and the table is as it was, the test's report next to undo."""
    before = await _state(fake, bot)
    refused = await _private(await fake.slash("bob", "game undo"))
    assert refused.startswith("Only the host"), refused
    prompt = await (await fake.slash("erin", "game end")).original()
    await (await fake.click("erin", prompt, label="Yes, end the game")).settled()
    await bot.boards.flush()
    assert await bot.table.current(fake.text_channel.id) is None
    back = await (await fake.slash("erin", "game undo")).original()
    assert back.text() == "Erin undid the end of the game: it is in play again.", back.text()
    assert await _state(fake, bot) == before
    board = await board_now(fake, bot, board)
    assert "Explore: Hellboy" in _labels_of(board), "the board plays on"
    again = await (await fake.slash("erin", "game undo")).original()
    assert again.text().startswith("Undid: the reported result.\n🔔 "), again.text()
    assert (await _state(fake, bot)).test is not None, "the test waits for its dice again"


async def test_a_confirmation_is_ours_to_route_and_lapses_in_a_sentence(
    fake_discord: FakeDiscord, start_bot: StartBot
) -> None:
    """"Yes, a new area" is one of the bot's routed buttons (`pd:ok:…`), not a View
    discord.py keeps: a press discord.py read before the reply carrying the View was
    never answered. After a restart the kept answer is gone, and a press of the old
    button gets one sentence and changes nothing; a new confirmation works again."""
    fake = fake_discord
    async with start_bot() as bot:
        await _open(fake, bot)
        await _press(fake, bot, await board_now(fake, bot, fake.last_message()), "alice",
                     "Next phase: Agent")
        asked = await fake.slash("bob", "hbboard go", options={"agent": "Abe Sapien",
                                                                "area": "attic"})
        assert await _private(asked) == "New area 'attic'? Known: Hall, Crypt."
        old = await asked.original()
        assert [c.split(":")[:2] for c in old.custom_ids()] == [["pd", "ok"]]
        store = bot._connection._view_store
        assert not store._views, "discord.py keeps no View of the confirmation"
    async with start_bot() as bot:
        before = await _state(fake, bot)
        lapsed = await fake.click("bob", old, label="Yes, a new area: attic")
        assert await _private(lapsed) == LAPSED
        assert await _state(fake, bot) == before
        asked = await fake.slash("bob", "hbboard go", options={"agent": "Abe Sapien",
                                                                "area": "attic"})
        assert await _private(asked) == "New area 'attic'? Known: Hall, Crypt."
        confirmed = await fake.click("bob", await asked.original(),
                                     label="Yes, a new area: attic")
        assert "Abe Sapien moves to attic." in (await confirmed.original()).text()
        assert (await _state(fake, bot)).agents["abe-sapien"].area == "attic"
