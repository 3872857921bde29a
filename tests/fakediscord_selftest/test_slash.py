"""Slash invocations are built from the synced definitions, as a Discord client would."""

from __future__ import annotations

import pytest

from tests.fakediscord import CommandError, FakeDiscord
from tests.fakediscord_selftest.testbot import HarnessBot


async def test_group_subcommand_options_are_nested_and_typed_from_the_sync(
    fake_discord: FakeDiscord, bot: HarnessBot
) -> None:
    handle = await fake_discord.slash("alice", "game new", title="Pit", seats=3, mode="physical")
    data = handle.payload["data"]
    assert data["name"] == "game"
    assert data["options"] == [
        {
            "type": 1,
            "name": "new",
            "options": [
                {"name": "title", "type": 3, "value": "Pit"},
                {"name": "seats", "type": 4, "value": 3},
                {"name": "mode", "type": 3, "value": "physical"},
            ],
        }
    ]
    board = await handle.original()
    assert board.embed["title"] == "Pit"
    assert board.embed["description"] == "3 seats, physical"
    assert fake_discord.last_message().id == board.id
    assert not await handle.ephemeral()


async def test_reply_in_a_thread_lands_in_the_thread(
    fake_discord: FakeDiscord, bot: HarnessBot
) -> None:
    handle = await fake_discord.slash("bob", "game new", channel=fake_discord.thread, title="T")
    board = await handle.original()
    assert board.channel_id == fake_discord.thread.id
    assert fake_discord.messages(fake_discord.text_channel) == []


@pytest.mark.parametrize(
    ("command", "options", "complaint"),
    [
        ("roll", {}, "no synced slash command /roll"),
        ("game nope", {}, "has no sub-command 'nope'"),
        ("game", {}, "needs a sub-command"),
        ("game new", {}, "requires option 'title'"),
        ("game new", {"title": "x", "seats": 9}, "outside [2, 6]"),
        ("game new", {"title": "x", "mode": "psychic"}, "not one of the choices"),
        ("game new", {"title": 5}, "needs a str"),
        ("game new", {"title": "x", "seats": True}, "needs an int"),
        ("game new", {"title": "x", "colour": "red"}, "has no option(s) ['colour']"),
        ("game kick", {"member": "bob"}, "needs a FakeMember"),
    ],
)
async def test_invocations_no_discord_client_could_send_are_refused(
    fake_discord: FakeDiscord,
    bot: HarnessBot,
    command: str,
    options: dict[str, object],
    complaint: str,
) -> None:
    with pytest.raises(CommandError) as raised:
        await fake_discord.slash("alice", command, options=options)
    assert complaint in str(raised.value)
    assert fake_discord.interactions == []


async def test_member_option_arrives_resolved_and_invoker_permissions_flow_through(
    fake_discord: FakeDiscord, bot: HarnessBot
) -> None:
    bob = fake_discord.member("bob")
    by_moderator = await fake_discord.slash("erin", "game kick", member=bob)
    by_player = await fake_discord.slash("alice", "game kick", member=bob)
    assert (await by_moderator.original()).content == "bob (manage_channels=True)"
    assert (await by_player.original()).content == "bob (manage_channels=False)"
    assert await by_player.ephemeral()
    resolved = by_player.payload["data"]["resolved"]
    assert resolved["users"][str(bob.id)]["username"] == "bob"
    assert "permissions" in resolved["members"][str(bob.id)]


async def test_attachment_option_arrives_resolved_and_its_url_serves_the_bytes(
    fake_discord: FakeDiscord, bot: HarnessBot
) -> None:
    upload = fake_discord.upload("pack.yaml", b"dice: []\n")
    handle = await fake_discord.slash("alice", "game read", file=upload)
    assert (await handle.original()).content == "pack.yaml: 9 bytes: dice: []\n"
    resolved = handle.payload["data"]["resolved"]["attachments"][str(upload.id)]
    assert resolved["size"] == 9 and resolved["url"].startswith(fake_discord.base_url)


async def test_ephemeral_replies_stay_out_of_the_channel_listing(
    fake_discord: FakeDiscord, bot: HarnessBot
) -> None:
    handle = await fake_discord.slash("alice", "game kick", member=fake_discord.member("bob"))
    reply = await handle.original()
    assert reply.ephemeral
    assert reply not in fake_discord.messages()
    assert reply in fake_discord.messages(include_ephemeral=True)


async def test_autocomplete_returns_the_bots_choices(
    fake_discord: FakeDiscord, bot: HarnessBot
) -> None:
    handle = await fake_discord.autocomplete("alice", "game join", "table", table="hellb")
    response = await handle.response()
    assert response["type"] == 8
    assert [c["value"] for c in response["data"]["choices"]] == ["hellboy", "hellbringer"]
