"""Logging in: READY and GUILD_CREATE fill discord.py's cache; sync is stored; restarts work."""

from __future__ import annotations

import discord
import pytest

from tests.fakediscord import FakeDiscord, running_client
from tests.fakediscord.permissions import MANAGE_CHANNELS
from tests.fakediscord_selftest.testbot import HarnessBot


async def test_guild_channels_thread_roles_and_members_reach_the_client_cache(
    fake_discord: FakeDiscord, bot: HarnessBot
) -> None:
    guild = bot.get_guild(fake_discord.guild.id)
    assert guild is not None and not guild.unavailable
    assert guild.get_channel(fake_discord.text_channel.id) is not None
    thread = guild.get_thread(fake_discord.thread.id)
    assert thread is not None and thread.parent_id == fake_discord.text_channel.id
    assert discord.utils.get(guild.roles, name="GM") is not None
    erin = guild.get_member(fake_discord.member("erin").id)
    alice = guild.get_member(fake_discord.member("alice").id)
    assert erin is not None and erin.guild_permissions.manage_channels
    assert alice is not None and not alice.guild_permissions.manage_channels
    assert bot.user is not None and bot.user.id == fake_discord.bot_user.id
    assert bot.application_id == fake_discord.application_id


async def test_login_calls_users_me_and_application_and_identify_is_recorded(
    fake_discord: FakeDiscord, bot: HarnessBot
) -> None:
    routes = [r.route for r in fake_discord.requests]
    assert routes[:2] == ["GET /users/@me", "GET /oauth2/applications/@me"]
    assert fake_discord.gateway.identify_payloads[-1]["intents"] == bot.intents.value


async def test_sync_stores_the_command_tree_with_ids(
    fake_discord: FakeDiscord, bot: HarnessBot
) -> None:
    synced = fake_discord.synced_commands(guild=False)
    assert [c["name"] for c in synced] == ["game"]
    subcommands = {o["name"] for o in synced[0]["options"]}
    assert {"new", "note", "log", "kick", "pick"} <= subcommands
    fetched = await bot.tree.fetch_commands()
    assert fetched[0].id == int(synced[0]["id"])


async def test_resync_keeps_command_ids_like_discord(
    fake_discord: FakeDiscord, bot: HarnessBot
) -> None:
    before = fake_discord.synced_commands()[0]["id"]
    await bot.tree.sync()
    assert fake_discord.synced_commands()[0]["id"] == before


async def test_wrong_token_is_refused_at_login(fake_discord: FakeDiscord) -> None:
    client = HarnessBot()
    with fake_discord.point_discord_py_here(), pytest.raises(discord.LoginFailure):
        await client.login("not-the-token")
    await client.close()


async def test_a_new_client_on_the_same_fake_sees_old_messages_and_answers_old_buttons(
    fake_discord: FakeDiscord,
) -> None:
    alice = fake_discord.member("alice")
    first = HarnessBot()
    async with running_client(fake_discord, first):
        await first.tree.sync()
        board = await (
            await fake_discord.slash(alice, "game new", title="Before restart")
        ).original()
    second = HarnessBot()
    async with running_client(fake_discord, second):
        click = await fake_discord.click(fake_discord.member("bob"), board, label="Join")
        assert await click.response_type() == 7
    assert fake_discord.message(board.id).embed["description"] == "players: 1"


async def test_members_added_after_login_are_announced_to_the_bot(
    fake_discord: FakeDiscord, bot: HarnessBot
) -> None:
    zed = fake_discord.add_member("zed", permissions=MANAGE_CHANNELS)
    guild = bot.get_guild(fake_discord.guild.id)
    assert guild is not None

    def zed_is_cached_with_permission() -> bool:
        member = guild.get_member(zed.id)
        return member is not None and member.guild_permissions.manage_channels

    await fake_discord.wait_until(
        zed_is_cached_with_permission, message="zed never reached the bot"
    )


async def test_dropped_connection_is_re_established_and_interactions_flow_again(
    fake_discord: FakeDiscord, bot: HarnessBot
) -> None:
    await fake_discord.drop_connections()
    await fake_discord.wait_for_sessions(2)
    handle = await fake_discord.slash("alice", "game new", title="After the blip")
    assert (await handle.original()).embed["title"] == "After the blip"


@pytest.mark.parametrize("shard_count", [2, 3])
async def test_only_the_shard_owning_the_guild_receives_it(
    fake_discord: FakeDiscord, shard_count: int
) -> None:
    owner = (fake_discord.guild.id >> 22) % shard_count
    for shard_id in range(shard_count):
        client = HarnessBot(shard_id=shard_id, shard_count=shard_count)
        async with running_client(fake_discord, client):
            assert (client.get_guild(fake_discord.guild.id) is not None) == (shard_id == owner)
            assert fake_discord.gateway.identify_payloads[-1]["shard"] == [shard_id, shard_count]
