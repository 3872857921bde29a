"""A group's own pack through the real bot and the fake Discord: a GM uploads the YAML
as an attachment, the server lists it, a physical Hellboy table chooses it, reports are
checked against the pack's faces and the odds are the pack's."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.app import PandemoniumBot
from tests.e2e.conftest import StartBot
from tests.fakediscord import FakeChannel, FakeDiscord, FakeMessage, InteractionHandle
from tests.support.boards import board_now, board_recorded

EXAMPLE = (Path(__file__).parents[2] / "docs" / "packs" / "hellboy-dice.yaml").read_bytes()
ROOM = ["Loading Bay", "1", "4", "1", ""]
"""The card form's fields: name, Clues, Fight Value, Skulls, boss effects."""
YELLOW_ODDS = re.compile(r"^🟨 yellow \*\*([^*]+)\*\*", re.MULTILINE)
"""The single yellow die's line in `/hellboy odds` (its colour named in words)."""


@pytest.fixture
async def bot(start_bot: StartBot) -> AsyncIterator[PandemoniumBot]:
    async with start_bot() as started:
        yield started


async def _private(handle: InteractionHandle) -> str:
    assert await handle.ephemeral(), "pack replies are only for the member who asked"
    return (await handle.original()).text()


async def _upload(fake: FakeDiscord, who: str, data: bytes, name: str = "ourbox") -> str:
    upload = fake.upload("ourbox.yaml", data)
    return await _private(await fake.slash(who, "game pack upload", file=upload, name=name))


async def _report(fake: FakeDiscord, bot: PandemoniumBot, who: str, board: FakeMessage,
                  channel: FakeChannel, values: list[str]) -> str:
    opened = await fake.click(who, await board_now(fake, bot, board), label="Report result")
    modal = await opened.modal()
    fields = [row["components"][0]["custom_id"] for row in modal["components"]]
    handle = await fake.submit_modal(who, None, dict(zip(fields, values, strict=True)),
                                     channel=channel)
    if await handle.ephemeral():
        return "refused: " + (await handle.original()).text()
    return (await handle.original()).text()


async def _table_in_attack(
    fake: FakeDiscord, bot: PandemoniumBot, channel: FakeChannel, options: str | None
) -> FakeMessage:
    """A physical table opened by Erin (Manage Channels), started, with a Fight 4 room in play."""
    opened = await fake.slash("erin", "game new", channel=channel, game="hellboy-dice",
                              mode="physical", options={"options": options} if options else None)
    board = await opened.original()
    await board_recorded(fake, bot, board, channel)
    await (await fake.click("erin", board, label="Start")).original()
    board = await board_now(fake, bot, board)
    explore = next(cid for cid in board.custom_ids() if cid.endswith(":x"))
    await (await fake.click("erin", board, explore)).original()
    drawn = await _report(fake, bot, "erin", board, channel, ROOM)
    assert "Loading Bay" in drawn
    return await board_now(fake, bot, board)


async def _yellow_odds(fake: FakeDiscord, channel: FakeChannel) -> str:
    listing = await _private(await fake.slash("erin", "hellboy odds", channel=channel))
    found = YELLOW_ODDS.search(listing)
    assert found is not None, listing
    return found.group(1)


async def test_upload_list_show_and_refusals(
    fake_discord: FakeDiscord, bot: PandemoniumBot
) -> None:
    fake = fake_discord
    refused = await _upload(fake, "alice", EXAMPLE)
    assert "Only a table's host" in refused
    broken = await _upload(fake, "erin", EXAMPLE.replace(b"kind: pips", b"kind: pip"))
    assert broken.startswith("That pack can't be stored: line 10, field 'dice.0.kind':")
    oversize = await _upload(fake, "erin", b"#" * 70_000)
    assert oversize.endswith("the file is 68 KiB; a pack may be at most 64 KiB.")
    nothing = await _private(await fake.slash("erin", "game pack list"))
    assert "no packs yet" in nothing, "a refused pack stores nothing"

    stored = await _upload(fake, "erin", EXAMPLE)
    assert "Stored the pack **ourbox**" in stored and "options:pack=ourbox" in stored
    listing = await fake.slash("alice", "game pack list")
    assert await listing.ephemeral()
    assert "ourbox" in (await listing.original()).text()
    shown = await fake.slash("alice", "game pack show", name="ourbox")
    message = await shown.original()
    assert "dice yellow" in message.text()
    assert message.attachments[0].data == EXAMPLE
    typed = await fake.autocomplete("alice", "game pack delete", "name", name="our")
    assert [c["value"] for c in (await typed.response())["data"]["choices"]] == ["ourbox"]
    not_yours = await _private(await fake.slash("alice", "game pack delete", name="ourbox"))
    assert "Only whoever uploaded" in not_yours
    deleted = await _private(await fake.slash("erin", "game pack delete", name="ourbox"))
    assert "Deleted the pack **ourbox**" in deleted


async def test_a_physical_table_plays_with_the_packs_faces_and_odds(
    fake_discord: FakeDiscord, bot: PandemoniumBot
) -> None:
    fake = fake_discord
    assert "Stored" in await _upload(fake, "erin", EXAMPLE)
    ours = fake.text_channel
    board = await _table_in_attack(fake, bot, ours, "pack=ourbox")
    assert "pack ourbox" in board.text(), "the board's footer names the pack"
    house = fake.other_channel
    await _table_in_attack(fake, bot, house, None)
    assert await _yellow_odds(fake, ours) != await _yellow_odds(fake, house)

    attack = next(cid for cid in board.custom_ids() if cid.endswith(":a.y"))
    await (await fake.click("erin", board, attack)).original()
    before = await bot.table.current(ours.id)
    assert before is not None
    wrong = await _report(fake, bot, "erin", board, ours, ["Cancel", "3"])
    assert wrong.startswith("refused") and "not a possible result" in wrong
    after = await bot.table.current(ours.id)
    assert after is not None and after.game.version == before.game.version
    rolled = await _report(fake, bot, "erin", board, ours, ["Cancel", "4"])
    assert "defeated" in rolled, "the pack's yellow 4 beats Fight 4; no house die shows a 4"
