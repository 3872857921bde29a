"""/help through the fake Discord: an ephemeral overview with first steps, every game
and every command group; a topic lists that group's commands; an unknown topic is
refused in one sentence."""

from __future__ import annotations

from bot.app import PandemoniumBot
from tests.fakediscord import FakeDiscord


async def test_help_shows_first_steps_games_and_groups(
    fake_discord: FakeDiscord, pandemonium: PandemoniumBot
) -> None:
    handle = await fake_discord.slash("dave", "help")
    assert await handle.ephemeral()
    text = (await handle.original()).text()
    assert "/game new game:" in text and "Join" in text and "Start" in text
    assert "Hellboy: The Dice Game" in text and "Hellraiser" in text
    for group in ("/game", "/roll", "/odds", "/hellboy", "/hellraiser", "/help"):
        assert f"`{group}`" in text, group


async def test_help_on_a_group_lists_its_commands(
    fake_discord: FakeDiscord, pandemonium: PandemoniumBot
) -> None:
    text = (await (await fake_discord.slash("dave", "help", topic="game")).original()).text()
    for sub in ("/game new", "/game join", "/game undo", "/game status"):
        assert sub in text, sub
    reply = await fake_discord.autocomplete("dave", "help", "topic", topic="hell")
    choices = (await reply.response())["data"]["choices"]
    assert {c["value"] for c in choices} >= {"hellboy", "hellraiser"}
    games = await fake_discord.autocomplete("dave", "game new", "game", game="helboy")
    assert (await games.response())["data"]["choices"][0]["value"] == "hellboy-dice"
    refused = await fake_discord.slash("dave", "help", topic="chess")
    assert await refused.ephemeral()
    assert "no command group called 'chess'" in (await refused.original()).text()
