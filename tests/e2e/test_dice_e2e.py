"""/roll and /odds through the real client and the fake Discord (payloads are
validated against Discord's OpenAPI spec by the harness)."""

from __future__ import annotations

import re

from bot.app import PandemoniumBot
from tests.e2e.conftest import StartBot
from tests.fakediscord import FakeDiscord, InteractionHandle


async def _private(handle: InteractionHandle) -> str:
    assert await handle.ephemeral(), "this answer must be ephemeral"
    return (await handle.original()).text()


async def test_roll_named_dice_shows_faces_and_rerolls(
    fake_discord: FakeDiscord, pandemonium: PandemoniumBot
) -> None:
    handle = await fake_discord.slash("alice", "roll", expression="3 red + blue")
    message = await handle.original()
    assert not await handle.ephemeral()
    text = message.text()
    assert "3 red + blue" in text
    red_faces = re.search(r"\*\*3 red\*\* — (.+) → \*\*(\d+)\*\*", text)
    assert red_faces, text
    assert len(re.findall(r"🟥\d", red_faces.group(1))) == 3, "every die's face is shown"
    assert "house dice (unverified faces)" in text
    assert any(cid.startswith("pd:reroll") for cid in message.custom_ids())
    again = await fake_discord.click("bob", message, label="Re-roll")
    rerolled = await again.original()
    assert "3 red + blue" in rerolled.text()


async def test_private_roll_is_ephemeral(fake_discord: FakeDiscord,
                                         pandemonium: PandemoniumBot) -> None:
    handle = await fake_discord.slash("alice", "roll", expression="6d6>=4", private=True)
    text = await _private(handle)
    assert "success" in text.lower()


async def test_odds_are_exact(fake_discord: FakeDiscord, pandemonium: PandemoniumBot) -> None:
    handle = await fake_discord.slash("carol", "odds", expression="2d6", target=7)
    text = (await handle.original()).text()
    assert "58.3" in text and "7/12" in text
    damage = await fake_discord.slash("carol", "odds", expression="2 damage", target=15)
    assert "44.4" in (await damage.original()).text()
    pool = await fake_discord.slash("carol", "odds", expression="6d6>=4", target=3)
    assert "65.6" in (await pool.original()).text()


async def test_bad_dice_get_one_polite_private_sentence(
    fake_discord: FakeDiscord, pandemonium: PandemoniumBot
) -> None:
    too_many = await fake_discord.slash("carol", "roll", expression="1000d1000")
    assert re.search(r"100 dice", await _private(too_many))
    nonsense = await fake_discord.slash("carol", "roll", expression="3 unicorns")
    assert "unicorn" in (await _private(nonsense)).lower()


async def test_reroll_button_survives_a_restart(fake_discord: FakeDiscord,
                                                start_bot: StartBot) -> None:
    async with start_bot():
        handle = await fake_discord.slash("alice", "roll", expression="2d6+1")
        message = await handle.original()
    async with start_bot():
        again = await fake_discord.click("dave", message, label="Re-roll")
        assert "2d6+1" in (await again.original()).text()
