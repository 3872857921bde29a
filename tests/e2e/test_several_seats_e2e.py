"""One GM holding two Hellbringer seats at a physical table, through the real bot and
the fake Discord: "My hand" (and `/hellbringer hand`) shows both seats' hands in one
ephemeral answer, each labelled by seat and character; the GM leaves one seat (named
by its character, suggested as they type) and a member with Manage Channels kicks
them from the other; every message says which seat. A wrong member or seat gets one
sentence and changes nothing. Every payload is checked against Discord's OpenAPI spec
by the harness."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.app import PandemoniumBot
from bot.models import GameRow
from tests.e2e.conftest import StartBot
from tests.fakediscord import FakeDiscord, FakeMessage, InteractionHandle
from tests.support.boards import board_now, board_recorded


@pytest.fixture
async def bot(start_bot: StartBot) -> AsyncIterator[PandemoniumBot]:
    async with start_bot(seed=11) as started:
        yield started


async def _game(fake: FakeDiscord, bot: PandemoniumBot) -> GameRow:
    current = await bot.table.current(fake.text_channel.id)
    assert current is not None
    return current.game


async def _public(handle: InteractionHandle) -> str:
    assert not await handle.ephemeral(), (await handle.original()).text()
    return (await handle.original()).text()


async def _refused(handle: InteractionHandle) -> str:
    assert await handle.ephemeral(), "a refusal is only for the one who asked"
    return (await handle.original()).text()


async def _table_with_a_gm_at_two_seats(fake: FakeDiscord, bot: PandemoniumBot) -> FakeMessage:
    """Alice (the host, so a GM) plays Thorn in seat 1 and Mira in seat 2 — the seat
    Dave gave up for her — and Bob plays seat 3; the hero sheets and the Graveyard
    are reported on the board's forms."""
    board = await (await fake.slash("alice", "game new", game="hellbringer",
                                    mode="physical")).original()
    await board_recorded(fake, bot, board)
    await (await fake.slash("dave", "game join")).original()
    taken = await fake.slash("alice", "game seat", member=fake.member("alice"), seat=2, also=True)
    assert "Alice also takes seat 2 (was Dave)" in await _public(taken)
    await (await fake.slash("bob", "game join")).original()
    for seat, name in ((1, "Thorn"), (2, "Mira")):
        await _public(await fake.slash("alice", "game character", seat=seat, name=name))
    await (await fake.click("alice", board, label="Start")).original()
    sheet = ["30", "10", "2", "2"]
    for who, values in (("alice", ["warrior", *sheet]), ("alice", ["sorcerer", *sheet]),
                        ("bob", ["monk", *sheet]), ("alice", ["0", "0"])):
        live = await board_now(fake, bot, board)
        report = next(cid for cid in live.custom_ids() if cid.startswith("pd:rep:"))
        opened = await fake.click(who, live, report)
        await _public(await opened.submit_modal({f"field{i}": v for i, v in enumerate(values)}))
    return await board_now(fake, bot, board)


async def test_a_gm_at_two_seats_sees_both_hands_leaves_one_and_is_kicked_from_the_other(
    fake_discord: FakeDiscord, bot: PandemoniumBot
) -> None:
    fake = fake_discord
    alice = fake.member("alice").id
    board = await _table_with_a_gm_at_two_seats(fake, bot)
    assert (await _game(fake, bot)).seats_of(alice) == [0, 1]

    hand = next(cid for cid in board.custom_ids() if cid.startswith("pd:me:"))
    mine = await fake.click("alice", board, hand)
    assert await mine.ephemeral(), "hands are only ever shown to their owner"
    shown = await mine.original()
    assert shown.content == "Only you see this: seats 1 (Thorn) and 2 (Mira)."
    assert [e["author"]["name"] for e in shown.embeds] == [
        "Seat 1 — Thorn (Alice)", "Seat 2 — Mira (Alice)"]
    assert [e["title"] for e in shown.embeds] == ["Your hand — Thorn", "Your hand — Mira"]
    typed = await fake.slash("alice", "hellbringer hand")
    assert await typed.ephemeral() and (await typed.original()).embeds == shown.embeds
    bobs = await (await fake.click("bob", board, hand)).original()
    assert len(bobs.embeds) == 1 and "author" not in bobs.embeds[0], "one seat: as before"

    suggested = await fake.autocomplete("alice", "game leave", "seat", seat="mi")
    assert (await suggested.response())["data"]["choices"] == [
        {"name": "Seat 2 — Mira (Alice)", "value": "2"}]
    everyone = await fake.autocomplete("erin", "game kick", "seat",
                                       member=fake.member("alice"), seat="")
    assert [c["value"] for c in (await everyone.response())["data"]["choices"]] == ["1", "2"]

    before = await _game(fake, bot)
    refusals = [
        (await fake.slash("alice", "game leave", seat="3"),
         "Seat 3 isn't yours; you sit in seats 1 (Thorn) and 2 (Mira)."),
        (await fake.slash("alice", "game leave", seat="Gorlak"),
         "No seat here plays 'Gorlak'; give a seat number from 1 to 3 or a character's name."),
        (await fake.slash("erin", "game kick", member=fake.member("alice"), seat="3"),
         "Seat 3 isn't Alice's; they sit in seats 1 (Thorn) and 2 (Mira)."),
        (await fake.slash("erin", "game kick", member=fake.member("carol")),
         "That member has no seat at this table."),
        (await fake.slash("bob", "game kick", member=fake.member("alice"), seat="1"),
         "Only the host, a member with Manage Channels, or the server's GM role can kick"
         " players."),
    ]
    for handle, sentence in refusals:
        assert await _refused(handle) == sentence
    after = await _game(fake, bot)
    assert (after.version, after.seats) == (before.version, before.seats), "nothing changed"

    left = await _public(await fake.slash("alice", "game leave", seat="Mira"))
    assert "Alice left seat 2 (Mira); a GM can play the seat. Alice keeps seat 1 (Thorn)." in left
    game = await _game(fake, bot)
    assert game.seats_of(alice) == [0] and game.seats[1].shown == "Mira (vacant)"
    one = await (await fake.click("alice", await board_now(fake, bot, board), hand)).original()
    assert [e["title"] for e in one.embeds] == ["Your hand — Thorn"]

    kicked = await _public(await fake.slash("erin", "game kick", member=fake.member("alice")))
    assert "Alice was removed from seat 1 (Thorn); a GM can play the seat." in kicked
    game = await _game(fake, bot)
    assert game.seats_of(alice) == []
    assert [s.shown for s in game.seats] == ["Thorn (vacant)", "Mira (vacant)", "Bob"]
    unseated = await fake.click("alice", await board_now(fake, bot, board), hand)
    assert await _refused(unseated) == (
        "You're not seated at this table, so there is nothing hidden for you.")
