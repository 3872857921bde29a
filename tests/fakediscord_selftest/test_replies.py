"""Replies, follow-ups, files, channel messages, and the rules the harness enforces.

The last tests provoke violations on purpose: the harness must be able to
fail a test, or its green results mean nothing.
"""

from __future__ import annotations

import discord
import pytest
from discord.http import Route

from tests.fakediscord import FakeDiscord, running_client
from tests.fakediscord import permissions as perms
from tests.fakediscord import records as kinds
from tests.fakediscord_selftest.testbot import LOG_BYTES, HarnessBot

EDIT_ROUTE = "PATCH /channels/{channel_id}/messages/{message_id}"


async def test_deferred_reply_is_completed_by_a_follow_up_carrying_the_file(
    fake_discord: FakeDiscord, bot: HarnessBot
) -> None:
    handle = await fake_discord.slash("alice", "game log")
    assert await handle.response_type() == 5
    reply = await handle.original()
    assert not reply.loading
    assert reply.content == "Here is the log"
    [log] = reply.attachments
    assert (log.filename, log.data) == ("log.txt", LOG_BYTES)
    assert log.content_type == "text/plain"
    assert [m.id for m in await handle.followups()] == [reply.id]


async def test_channel_messages_and_their_edits_are_stored_and_recorded(
    fake_discord: FakeDiscord, bot: HarnessBot
) -> None:
    await (await fake_discord.slash("alice", "game announce")).response()
    posted = await fake_discord.wait_for_message(
        predicate=lambda m: m.content == "Announcement (edited)"
    )
    assert posted.edit_count == 1
    edits = fake_discord.requests_to(EDIT_ROUTE)
    assert [r.json["content"] for r in edits] == ["Announcement (edited)"]
    assert edits[0].path == f"/channels/{fake_discord.text_channel.id}/messages/{posted.id}"


async def test_members_chat_reaches_the_bot_through_the_gateway(
    fake_discord: FakeDiscord, bot: HarnessBot
) -> None:
    await fake_discord.post_message("dave", "I roll a 6", fake_discord.other_channel)
    await fake_discord.wait_until(
        lambda: "I roll a 6" in bot.seen_messages, message="MESSAGE_CREATE never reached the bot"
    )


async def test_wait_for_message_times_out_with_what_it_saw(
    fake_discord: FakeDiscord, bot: HarnessBot
) -> None:
    await fake_discord.post_message("dave", "hello")
    with pytest.raises(AssertionError, match=r"no matching message in #general.*hello"):
        await fake_discord.wait_for_message(predicate=lambda m: "nope" in m.content, timeout=0.1)


async def test_expired_token_makes_follow_ups_fail_with_invalid_webhook_token(
    fake_discord: FakeDiscord, bot: HarnessBot
) -> None:
    handle = await fake_discord.slash("alice", "game late")
    await handle.response()
    handle.expire()
    bot.release_late_followup.set()
    await fake_discord.wait_until(lambda: bot.late_followup_error is not None)
    error = bot.late_followup_error
    assert error is not None and (error.status, error.code) == (401, 50027)


async def test_follow_up_before_acknowledging_is_a_protocol_violation(
    fake_discord: FakeDiscord, bot: HarnessBot
) -> None:
    handle = await fake_discord.slash("alice", "game eager")
    assert (await handle.original()).content == "recovered"
    [violation] = fake_discord.take_violations()
    assert violation.kind == kinds.PROTOCOL
    assert "before the interaction was acknowledged" in violation.detail


async def test_an_ephemeral_follow_up_completing_a_public_thinking_reply_is_public(
    fake_discord: FakeDiscord, bot: HarnessBot
) -> None:
    """Discord's rule (Create Followup Message): after a deferred reply, the first
    follow-up edits the "thinking…" message and its ephemeral flag is ignored, so a
    refusal sent there is seen by everyone; the fake shows it so and flags the leak.
    Later follow-ups keep their own flag."""
    handle = await fake_discord.slash("alice", "game leak")
    reply = await handle.original()
    assert reply.content == "only for you" and not reply.ephemeral
    assert not await handle.ephemeral()
    first, second = await handle.followups(2)
    assert first.id == reply.id and second.ephemeral
    [violation] = fake_discord.take_violations()
    assert violation.kind == kinds.PROTOCOL
    assert "ephemeral follow-up completed a public deferred reply" in violation.detail


async def test_unanswered_interaction_is_a_violation() -> None:
    async with FakeDiscord(answer_timeout=0.2) as fake:
        client = HarnessBot()
        async with running_client(fake, client):
            await client.tree.sync()
            handle = await fake.slash("alice", "game silent")
            await fake.wait_until(lambda: bool(fake.violations), timeout=2)
        assert not handle.answered
        [violation] = fake.take_violations()
        assert violation.kind == kinds.UNANSWERED
        assert violation.path == "/game silent by alice"


async def test_embed_title_over_256_characters_is_caught_and_rejected(
    fake_discord: FakeDiscord, bot: HarnessBot
) -> None:
    embed = discord.Embed(title="t" * 257)
    with pytest.raises(discord.HTTPException) as raised:
        await bot.http.send_message(
            fake_discord.text_channel.id, params=discord.http.handle_message_parameters(embed=embed)
        )
    assert (raised.value.status, raised.value.code) == (400, 50035)
    [violation] = fake_discord.take_violations()
    assert violation.kind == kinds.SCHEMA
    assert violation.method == "POST"
    assert "body.embeds[0].title" in violation.detail and "maxLength=256" in violation.detail
    assert fake_discord.messages() == []


async def test_bot_content_over_2000_characters_is_caught(
    fake_discord: FakeDiscord, bot: HarnessBot
) -> None:
    channel = bot.get_channel(fake_discord.text_channel.id)
    assert isinstance(channel, discord.TextChannel)
    with pytest.raises(discord.HTTPException):
        await channel.send("x" * 2001)
    [violation] = fake_discord.take_violations()
    assert violation.kind == kinds.LIMIT


async def test_routes_the_fake_does_not_serve_are_reported(
    fake_discord: FakeDiscord, bot: HarnessBot
) -> None:
    route = Route("GET", "/guilds/{guild_id}/bans", guild_id=fake_discord.guild.id)
    with pytest.raises(discord.NotFound):
        await bot.http.request(route)
    [violation] = fake_discord.take_violations()
    assert violation.kind == kinds.UNHANDLED
    assert violation.path == f"/guilds/{fake_discord.guild.id}/bans"


async def test_fixture_style_check_lists_every_violation() -> None:
    fake = FakeDiscord()
    fake.violate(kinds.SCHEMA, "POST", "/channels/1/messages", "body.content: too long")
    with pytest.raises(AssertionError, match=r"(?s)broke 1 Discord rule.*body.content: too long"):
        fake.assert_no_violations()


async def test_bot_reads_history_newest_first_and_fetches_single_messages(
    fake_discord: FakeDiscord, bot: HarnessBot
) -> None:
    for text in ("one", "two", "three"):
        await fake_discord.post_message("dave", text)
    channel = bot.get_channel(fake_discord.text_channel.id)
    assert isinstance(channel, discord.TextChannel)
    assert [m.content async for m in channel.history(limit=2)] == ["three", "two"]
    first = fake_discord.messages()[0]
    assert (await channel.fetch_message(first.id)).content == "one"
    with pytest.raises(discord.NotFound):
        await channel.fetch_message(first.id + 12345)


async def test_a_bot_deletes_its_own_messages_and_others_only_with_manage_messages(
    fake_discord: FakeDiscord, bot: HarnessBot
) -> None:
    """As on Discord: deleting one's own message needs no permission; a member's
    message needs Manage Messages (the README asks for it, so the fake grants it)."""
    fake = fake_discord
    channel = fake.text_channel.id
    own = await bot.http.send_message(channel, params=discord.http.handle_message_parameters(
        content="mine"))
    await bot.http.delete_message(channel, int(own["id"]))
    assert fake.message(int(own["id"])).deleted
    chat = await fake.post_message("dave", "hello")
    fake.guild.bot_role.permissions &= ~perms.MANAGE_MESSAGES
    with pytest.raises(discord.Forbidden):
        await bot.http.delete_message(channel, chat.id)
    assert not fake.message(chat.id).deleted
    fake.guild.bot_role.permissions |= perms.MANAGE_MESSAGES
    await bot.http.delete_message(channel, chat.id)
    assert fake.message(chat.id).deleted


async def test_newest_messages_are_the_bottom_of_what_everyone_sees(
    fake_discord: FakeDiscord, bot: HarnessBot
) -> None:
    """The load bench's players look at a channel's bottom only: the same messages as
    the end of `messages()`, deleted ones skipped, in order."""
    posted = [await fake_discord.post_message("dave", f"line {i}") for i in range(6)]
    posted[4].deleted = True
    newest = fake_discord.newest_messages(fake_discord.text_channel, 3)
    assert newest == fake_discord.messages()[-3:]
    assert [m.content for m in newest] == ["line 2", "line 3", "line 5"]
    assert fake_discord.newest_messages(fake_discord.text_channel, 50) == fake_discord.messages()
