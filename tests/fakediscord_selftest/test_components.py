"""Buttons, selects and modals: the player's side of components, with the client's limits."""

from __future__ import annotations

import asyncio

import pytest

from tests.fakediscord import FakeDiscord, FakeMessage
from tests.fakediscord_selftest.testbot import HarnessBot


async def _board(fake: FakeDiscord) -> FakeMessage:
    return await (await fake.slash("alice", "game new", title="Lobby")).original()


async def test_dynamic_button_click_updates_the_message_in_place(
    fake_discord: FakeDiscord, bot: HarnessBot
) -> None:
    board = await _board(fake_discord)
    assert board.custom_ids() == ["join:0"]
    click = await fake_discord.click("bob", board, "join:0")
    assert await click.response_type() == 7
    updated = await click.original()
    assert updated.id == board.id
    assert updated.embed["description"] == "players: 1"
    assert updated.custom_ids() == ["join:1"]
    assert updated.edit_count == 1
    assert click.payload["message"]["id"] == str(board.id)


async def test_click_by_label_follows_the_current_custom_id(
    fake_discord: FakeDiscord, bot: HarnessBot
) -> None:
    board = await _board(fake_discord)
    for _ in range(3):
        await (await fake_discord.click("carol", board, label="Join")).response()
    assert fake_discord.message(board.id).embed["description"] == "players: 3"


async def test_buttons_that_are_not_there_or_disabled_cannot_be_pressed(
    fake_discord: FakeDiscord, bot: HarnessBot
) -> None:
    board = await _board(fake_discord)
    with pytest.raises(AssertionError, match="no component with custom_id='join:7'"):
        await fake_discord.click("bob", board, "join:7")
    board.components[0]["components"][0]["disabled"] = True
    with pytest.raises(AssertionError, match="disabled"):
        await fake_discord.click("bob", board, label="Join")
    assert fake_discord.interactions[1:] == []


async def test_select_pick_reaches_the_view_and_only_offered_values_are_allowed(
    fake_discord: FakeDiscord, bot: HarnessBot
) -> None:
    menu = await (await fake_discord.slash("alice", "game pick")).original()
    handle = await fake_discord.select("dave", menu, "pick", ["c", "a"])
    reply = await handle.original()
    assert reply.content == "picked ['a', 'c']"
    assert reply.ephemeral
    with pytest.raises(AssertionError, match="offers"):
        await fake_discord.select("dave", menu, "pick", ["z"])
    with pytest.raises(AssertionError, match=r"takes 1\.\.2 values, got 3"):
        await fake_discord.select("dave", menu, "pick", ["a", "b", "c"])


async def test_modal_opened_by_a_command_is_submitted_with_field_values(
    fake_discord: FakeDiscord, bot: HarnessBot
) -> None:
    opened = await fake_discord.slash("carol", "game note")
    modal = await opened.modal()
    assert modal["title"] == "Table note"
    submitted = await opened.submit_modal({"note": "bring snacks", "mood": "grim"})
    reply = await submitted.original()
    assert reply.content == "Noted: bring snacks (grim)"
    assert reply.ephemeral


async def test_modal_submit_by_custom_id_and_optional_fields_may_stay_empty(
    fake_discord: FakeDiscord, bot: HarnessBot
) -> None:
    opened = await fake_discord.slash("carol", "game note")
    custom_id = (await opened.modal())["custom_id"]
    submitted = await fake_discord.submit_modal("carol", custom_id, {"note": "hi"})
    assert (await submitted.original()).content == "Noted: hi (no mood)"


async def test_modal_fields_are_checked_like_the_discord_client_does(
    fake_discord: FakeDiscord, bot: HarnessBot
) -> None:
    opened = await fake_discord.slash("carol", "game note")
    await opened.modal()
    with pytest.raises(AssertionError, match="'note' is required"):
        await fake_discord.submit_modal("carol", None, {"mood": "calm"})
    with pytest.raises(AssertionError, match=r"length 51 outside \[None, 50\]"):
        await fake_discord.submit_modal("carol", None, {"note": "n" * 51})
    with pytest.raises(AssertionError, match="no field"):
        await fake_discord.submit_modal("carol", None, {"colour": "red", "note": "x"})
    with pytest.raises(AssertionError, match="never opened a modal 'other'"):
        await fake_discord.submit_modal("carol", "other", {"note": "x"})


async def test_fifty_simultaneous_clicks_from_different_members_are_all_answered(
    fake_discord: FakeDiscord, bot: HarnessBot
) -> None:
    board = await _board(fake_discord)
    players = [fake_discord.add_member(f"player{i}") for i in range(50)]
    handles = await asyncio.gather(*(fake_discord.click(p, board, label="Join") for p in players))
    await fake_discord.wait_idle()
    assert {h.record.member.name for h in handles} == {p.name for p in players}
    assert [await h.response_type() for h in handles] == [7] * 50


async def test_deferred_update_then_edit_original_changes_the_components_message(
    fake_discord: FakeDiscord, bot: HarnessBot
) -> None:
    menu = await (await fake_discord.slash("alice", "game pick")).original()
    handle = await fake_discord.click("bob", menu, label="Done")
    assert await handle.response_type() == 6
    closed = await fake_discord.wait_for_message(predicate=lambda m: m.content == "Closed")
    assert closed.id == menu.id
    assert closed.components == []
