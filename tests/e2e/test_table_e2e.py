"""The table through the real discord.py client and the fake Discord: lobby,
buttons, concurrency, restarts, stale boards, permissions, undo, and the log."""

from __future__ import annotations

import asyncio
import copy
import io
import json
from typing import Any

import discord
import pytest
from PIL import Image

from bot.app import PandemoniumBot, ShardedPandemoniumBot
from bot.models import GameRow
from bot.presenting import render_board
from bot.render.games import (
    BoardPicture,
    GenericPresenter,
    register_presenter,
    unregister_presenter,
)
from bot.table import Actor
from tests.conftest import BACKENDS
from tests.e2e.conftest import SEED, StartBot
from tests.fakediscord import FakeChannel, FakeDiscord, FakeMessage, InteractionHandle
from tests.support.boards import board_recorded, retired


async def _private(handle: InteractionHandle) -> str:
    """The text of a reply that only its member can see (fails if it was public)."""
    assert await handle.ephemeral(), "hidden answers must be ephemeral"
    return (await handle.original()).text()


async def _new_pig(
    fake: FakeDiscord,
    bot: PandemoniumBot,
    host: str = "alice",
    mode: str = "digital",
    channel: FakeChannel | None = None,
) -> FakeMessage:
    handle = await fake.slash(host, "game new", game="pig", mode=mode, channel=channel)
    board = await handle.original()
    await board_recorded(fake, bot, board, channel)
    return board


async def test_login_syncs_every_command_group(
    fake_discord: FakeDiscord, pandemonium: PandemoniumBot
) -> None:
    names = {c["name"] for c in fake_discord.synced_commands()}
    assert {"game", "roll", "odds"} <= names
    game = next(c for c in fake_discord.synced_commands() if c["name"] == "game")
    subs = {o["name"] for o in game["options"]}
    assert {"new", "join", "leave", "start", "status", "end", "undo", "log", "kick"} <= subs


@pytest.mark.parametrize("e2e_backend", BACKENDS)
async def test_lobby_flow_with_three_members_through_buttons(
    fake_discord: FakeDiscord, pandemonium: PandemoniumBot, e2e_backend: str
) -> None:
    board = await _new_pig(fake_discord, pandemonium)
    assert "table open" in board.text()
    for who in ("bob", "carol"):
        click = await fake_discord.click(who, board, label="Join")
        await click.original()
    board = fake_discord.message(board.id)
    assert "Seats (3/" in board.text()
    refused = await fake_discord.click("bob", board, label="Start")
    assert "Only the host" in await _private(refused)
    started = await fake_discord.click("alice", board, label="Start")
    await started.original()
    board = fake_discord.message(board.id)
    assert "Game #" in board.text() and "table open" not in board.text()
    roll = [cid for cid in board.custom_ids() if cid.startswith("pd:mv:")]
    assert roll, "the player to move gets a button"


async def test_fifty_simultaneous_join_clicks(
    fake_discord: FakeDiscord, pandemonium: PandemoniumBot
) -> None:
    board = await _new_pig(fake_discord, pandemonium)
    members = [fake_discord.add_member(f"player{i}") for i in range(50)]
    handles = await asyncio.gather(*(fake_discord.click(m, board, label="Join") for m in members))
    await asyncio.gather(*(h.original() for h in handles))
    current = await pandemonium.table.current(fake_discord.text_channel.id)
    assert current is not None
    seated = sorted(s.user_id or 0 for s in current.game.seats)
    assert seated == sorted([fake_discord.member("alice").id, *(m.id for m in members)])


async def test_second_new_game_points_at_the_running_one(
    fake_discord: FakeDiscord, pandemonium: PandemoniumBot
) -> None:
    await _new_pig(fake_discord, pandemonium)
    again = await fake_discord.slash("bob", "game new", game="pig")
    assert "already has a game of Pig" in await _private(again)
    in_thread = await _new_pig(fake_discord, pandemonium, host="bob", channel=fake_discord.thread)
    assert "table open" in in_thread.text(), "a thread is a channel of its own"


@pytest.mark.parametrize("e2e_backend", BACKENDS)
async def test_restart_keeps_the_table_and_old_buttons_answer(
    fake_discord: FakeDiscord, start_bot: StartBot, pig_game: None, e2e_backend: str
) -> None:
    async with start_bot() as first:
        board = await _new_pig(fake_discord, first)
        await (await fake_discord.click("bob", board, label="Join")).original()
        await (await fake_discord.click("alice", board, label="Start")).original()
    async with start_bot() as bot:
        board = fake_discord.message(board.id)
        roll_id = next(c for c in board.custom_ids() if c.startswith("pd:mv:"))
        click = await fake_discord.click("alice", board, roll_id)
        await click.original()
        current = await bot.table.current(fake_discord.text_channel.id)
        assert current is not None and current.game.version > 3
        status = await fake_discord.slash("carol", "game status")
        assert "Game #" in (await status.original()).text()


async def test_stale_board_and_wrong_player_change_nothing(
    fake_discord: FakeDiscord, pandemonium: PandemoniumBot
) -> None:
    board = await _new_pig(fake_discord, pandemonium)
    await (await fake_discord.click("bob", board, label="Join")).original()
    await (await fake_discord.click("alice", board, label="Start")).original()
    board = fake_discord.message(board.id)
    old_roll = next(c for c in board.custom_ids() if c.startswith("pd:mv:"))
    wrong = await fake_discord.click("bob", board, old_roll)
    assert "Those buttons are for Alice" in await _private(wrong)
    stranger = await fake_discord.click("dave", board, old_roll)
    assert "for Alice" in await _private(stranger)
    before = await pandemonium.table.current(fake_discord.text_channel.id)
    status = await fake_discord.slash("alice", "game status")
    live = await status.original()
    await (await fake_discord.click("alice", live, old_roll)).original()
    after_first = await pandemonium.table.current(fake_discord.text_channel.id)
    await retired(fake_discord, board)  # /game status retires the old copy: no stale button left
    after = await pandemonium.table.current(fake_discord.text_channel.id)
    assert before is not None and after_first is not None and after is not None
    assert after.game.version == after_first.game.version == before.game.version + 1
    assert after.state == after_first.state


async def test_a_live_board_left_a_step_behind_heals_on_the_next_click(
    fake_discord: FakeDiscord, pandemonium: PandemoniumBot
) -> None:
    """Live board: the board always shows who must do what. If an older edit landed
    last (a race under load), a click on it says so and the board catches up."""
    board = await _new_pig(fake_discord, pandemonium)
    await (await fake_discord.click("bob", board, label="Join")).original()
    await (await fake_discord.click("alice", board, label="Start")).original()
    board = fake_discord.message(board.id)
    behind = copy.deepcopy(board.components)
    old_roll = next(c for c in board.custom_ids() if c.startswith("pd:mv:"))
    await (await fake_discord.click("alice", board, old_roll)).original()
    fake_discord.message(board.id).components = behind  # the overtaken edit lands last
    before = await pandemonium.table.current(fake_discord.text_channel.id)
    stale = await fake_discord.click("alice", fake_discord.message(board.id), old_roll)
    assert "a step behind" in await _private(stale)
    await fake_discord.wait_until(
        lambda: old_roll not in fake_discord.message(board.id).custom_ids()
        and any(c.startswith("pd:mv:") for c in fake_discord.message(board.id).custom_ids()),
        message="the live board catches up with the table",
    )
    after = await pandemonium.table.current(fake_discord.text_channel.id)
    assert before is not None and after is not None and after.game.version == before.game.version


async def _pig_started(fake: FakeDiscord, bot: PandemoniumBot) -> FakeMessage:
    board = await _new_pig(fake, bot)
    await (await fake.click("bob", board, label="Join")).original()
    await (await fake.click("alice", board, label="Start")).original()
    return fake.message(board.id)


async def _roll_unseen(fake: FakeDiscord, bot: PandemoniumBot) -> None:
    """A change the board never showed (the bot died after committing it)."""
    current = await bot.table.current(fake.text_channel.id)
    assert current is not None
    name = ("alice", "bob")[current.state.turn]
    member = Actor(user_id=fake.member(name).id, name=name)
    await bot.table.act(fake.text_channel.id, member, {"type": "roll"})


def _versions(message: FakeMessage) -> set[int]:
    return {int(c.split(":")[3]) for c in message.custom_ids() if c.startswith("pd:mv:")}


async def test_a_crash_between_a_change_and_its_board_leaves_no_board_behind(
    fake_discord: FakeDiscord, pandemonium: PandemoniumBot
) -> None:
    """One live board, across a crash: a copy posted just before the bot died (never
    noted as the live board) and a change whose edit never came, so every copy is a
    step behind. A click on the left-over copy changes nothing and says so; that copy
    goes, and the noted board catches up with the table."""
    noted = await _pig_started(fake_discord, pandemonium)
    channel = fake_discord.text_channel.id
    current = await pandemonium.table.current(channel)
    assert current is not None
    drawn = await render_board(current.game, current.state)
    posted = await pandemonium.get_partial_messageable(channel).send(**drawn.new_message())
    await _roll_unseen(fake_discord, pandemonium)
    left = fake_discord.message(posted.id)
    stale = await fake_discord.click("alice", left, left.custom_ids()[0])
    assert "out of date" in await _private(stale)
    await retired(fake_discord, left)
    newest = await pandemonium.table.current(channel)
    assert newest is not None and newest.game.version == current.game.version + 1
    await fake_discord.wait_until(
        lambda: _versions(fake_discord.message(noted.id)) == {newest.game.version},
        message="the noted board shows the current step",
    )
    assert newest.game.board_message_id == noted.id


async def test_a_click_waits_for_a_board_edit_in_flight_and_shows_the_newest_state(
    fake_discord: FakeDiscord, pandemonium: PandemoniumBot
) -> None:
    """Live board: one edit of a board at a time. A click arriving while the board is
    being edited is acknowledged at once and answered after, with the table's newest
    state (a change made meanwhile included), so no older picture lands last."""
    board = await _new_pig(fake_discord, pandemonium)
    await (await fake_discord.click("bob", board, label="Join")).original()
    await (await fake_discord.click("alice", board, label="Start")).original()
    channel = fake_discord.text_channel.id
    board = fake_discord.message(board.id)
    roll = next(c for c in board.custom_ids() if c.startswith("pd:mv:"))
    async with pandemonium.boards.editing(channel):
        click = await fake_discord.click("alice", board, roll)
        assert await click.response_type() == 6, "acknowledged at once, answered after"
        version = int(roll.split(":")[3]) + 1

        async def committed() -> bool:
            now = await pandemonium.table.current(channel)
            return now is not None and now.game.version == version

        await fake_discord.wait_until(committed, message="the click's move is committed")
        clicked = await pandemonium.table.current(channel)
        assert clicked is not None
        name = ("alice", "bob")[clicked.state.turn]
        member = Actor(user_id=fake_discord.member(name).id, name=name)
        await pandemonium.table.act(channel, member, {"type": "roll"})
    shown = await click.original()
    newest = await pandemonium.table.current(channel)
    assert newest is not None and newest.game.version == clicked.game.version + 1
    moves = [c for c in shown.custom_ids() if c.startswith("pd:mv:")]
    assert moves and all(int(c.split(":")[3]) == newest.game.version for c in moves)


def _tamper(message: FakeMessage, old: str, new: str) -> None:
    """Set-up: a button whose custom_id a client forged or copied (the fake's stored
    components are edited, as a modified client would send them)."""
    for row in message.components:
        for component in row.get("components", []):
            if component.get("custom_id") == old:
                component["custom_id"] = new


async def test_a_forged_seat_and_a_board_from_another_channel_are_refused_clearly(
    fake_discord: FakeDiscord, pandemonium: PandemoniumBot
) -> None:
    board = await _new_pig(fake_discord, pandemonium)
    await (await fake_discord.click("bob", board, label="Join")).original()
    await (await fake_discord.click("alice", board, label="Start")).original()
    board = fake_discord.message(board.id)
    roll = next(c for c in board.custom_ids() if c.startswith("pd:mv:"))
    parts = roll.split(":")
    forged = ":".join([*parts[:4], "9", *parts[5:]])
    _tamper(board, roll, forged)
    nobody = await fake_discord.click("bob", board, forged)
    assert "belong to no seat at this table" in await _private(nobody)
    _tamper(board, forged, roll)
    await _new_pig(fake_discord, pandemonium, host="carol", channel=fake_discord.other_channel)
    board.channel_id = fake_discord.other_channel.id  # the board copied into another channel
    copied = await fake_discord.click("alice", board, roll)
    text = await _private(copied)
    assert f"<#{fake_discord.text_channel.id}>" in text and "That game is over" not in text


async def test_gm_powers_are_checked(
    fake_discord: FakeDiscord, pandemonium: PandemoniumBot
) -> None:
    await _new_pig(fake_discord, pandemonium)
    await (await fake_discord.slash("bob", "game join")).original()
    refused = await fake_discord.slash("bob", "game end")
    assert "Only the host" in await _private(refused)
    kick = await fake_discord.slash("bob", "game kick", member=fake_discord.member("alice"))
    assert "Only the host" in await _private(kick)
    by_gm = await fake_discord.slash("erin", "game kick", member=fake_discord.member("bob"))
    assert "Bob left" in (await by_gm.original()).text()
    role = f"<@&{fake_discord.gm_role.id}>"
    refused = await fake_discord.slash("erin", "game settings", key="gm_role", value=role)
    assert "Manage Server" in await _private(refused), "the GM role is the server's to set"
    gmrole = await fake_discord.slash("olivia", "game settings", key="gm_role", value=role)
    assert await _private(gmrole) == f"`gm_role` is now {role} for this server."
    confirm = await fake_discord.slash("frank", "game end")
    assert await confirm.ephemeral()
    prompt = await confirm.original()
    done = await fake_discord.click("frank", prompt, label="Yes, end the game")
    assert "closed the table" in (await done.original()).text()
    assert await pandemonium.table.current(fake_discord.text_channel.id) is None


async def test_undo_and_log_replay_exactly(
    fake_discord: FakeDiscord, pandemonium: PandemoniumBot
) -> None:
    board = await _new_pig(fake_discord, pandemonium)
    await (await fake_discord.click("bob", board, label="Join")).original()
    await (await fake_discord.click("alice", board, label="Start")).original()
    channel = fake_discord.text_channel.id
    before = await pandemonium.table.current(channel)
    board = fake_discord.message(board.id)
    roll = next(c for c in board.custom_ids() if c.startswith("pd:mv:"))
    await (await fake_discord.click("alice", board, roll)).original()
    rolled = await pandemonium.table.current(channel)
    undo = await fake_discord.slash("alice", "game undo")
    assert (await undo.original()).text().startswith("Undid: ")
    after = await pandemonium.table.current(channel)
    assert before is not None and rolled is not None and after is not None
    assert after.state == before.state and after.game.rng_counter == before.game.rng_counter
    peek = await fake_discord.slash("carol", "game log")
    assert "only a GM can download it now" in await _private(peek), "hands stay hidden"
    log = await fake_discord.slash("alice", "game log")
    assert await log.ephemeral()
    reply = await log.original()
    assert "only a GM can download it while the game runs" in reply.text(), "and says so"
    document = json.loads(reply.attachments[0].data)
    assert document["seed"] is None, "a running game's seed would predict every roll"
    kinds = [e["kind"] for e in document["entries"]]
    assert kinds.count("undo") == 1 and "setup" in kinds
    await (await fake_discord.slash("alice", "game end")).original()
    prompt = fake_discord.messages(fake_discord.text_channel, include_ephemeral=True)[-1]
    await (await fake_discord.click("alice", prompt, label="Yes, end the game")).settled()
    carols = await (await fake_discord.slash("carol", "game log")).original()
    finished = json.loads(carols.attachments[0].data)
    assert finished["seed"] == SEED, "after the game everyone may check every roll"
    assert "only a GM" not in carols.text(), "a finished game's log may reveal everything"


async def test_physical_mode_report_form(
    fake_discord: FakeDiscord, pandemonium: PandemoniumBot
) -> None:
    board = await _new_pig(fake_discord, pandemonium, mode="physical")
    assert "Add AI" not in board.text()
    await (await fake_discord.click("alice", board, label="Start")).original()
    board = fake_discord.message(board.id)
    roll = next(c for c in board.custom_ids() if c.startswith("pd:mv:"))
    await (await fake_discord.click("alice", board, roll)).original()
    board = fake_discord.message(board.id)
    opened = await fake_discord.click("alice", board, label="Report result")
    modal = await opened.modal()
    field = modal["components"][0]["components"][0]["custom_id"]
    bad = await fake_discord.submit_modal("alice", None, {field: "9"})
    assert "not a possible result" in await _private(bad)
    opened = await fake_discord.click("alice", board, label="Report result")
    await opened.modal()
    good = await fake_discord.submit_modal("alice", None, {field: "4"})
    await good.original()
    current = await pandemonium.table.current(fake_discord.text_channel.id)
    assert current is not None and current.state.turn_points == 4


@pytest.mark.parametrize("e2e_backend", BACKENDS)
async def test_a_report_form_is_read_from_the_table_not_from_memory(
    fake_discord: FakeDiscord, start_bot: StartBot, pig_game: None, e2e_backend: str
) -> None:
    """A form opened before a restart, sent twice, or with a forged id is answered
    (the load bench found forms sent twice left unanswered: discord.py kept one copy
    per custom id and dropped it after the first submission)."""
    async with start_bot() as first:
        board = await _new_pig(fake_discord, first, mode="physical")
        await (await fake_discord.click("alice", board, label="Start")).original()
        roll = next(c for c in fake_discord.message(board.id).custom_ids()
                    if c.startswith("pd:mv:"))
        await (await fake_discord.click("alice", fake_discord.message(board.id), roll)).original()
        opened = await fake_discord.click("alice", fake_discord.message(board.id),
                                          label="Report result")
        form = await opened.modal()
        again = await fake_discord.click("alice", fake_discord.message(board.id),
                                         label="Report result")
        await again.modal()
    field = form["components"][0]["components"][0]["custom_id"]
    async with start_bot() as bot:
        done = await fake_discord.submit_modal("alice", form["custom_id"], {field: "4"})
        await done.original()
        current = await bot.table.current(fake_discord.text_channel.id)
        assert current is not None and current.state.turn_points == 4
        twice = await fake_discord.submit_modal("alice", form["custom_id"], {field: "5"})
        assert "earlier step" in await _private(twice)
        record = fake_discord.tracker.last_modal(fake_discord.member("alice").id, None)
        assert record is not None and record.modal is not None
        record.modal["custom_id"] = "pd:repm:forged"
        forged = await fake_discord.submit_modal("alice", "pd:repm:forged", {field: "6"})
        assert "can't read that form" in await _private(forged)
        after = await bot.table.current(fake_discord.text_channel.id)
        assert after is not None and after.game.version == current.game.version
        assert after.state.turn_points == 4


async def test_slash_commands_edit_the_live_board_in_place(
    fake_discord: FakeDiscord, pandemonium: PandemoniumBot
) -> None:
    """Board edits go through the channel route with the bot's token, so they never
    depend on an interaction token (which Discord expires after 15 minutes)."""
    board = await _new_pig(fake_discord, pandemonium)
    join = await fake_discord.slash("bob", "game join")
    assert "Bob joined" in (await join.original()).text()
    await fake_discord.wait_until(
        lambda: "Bob" in fake_discord.message(board.id).text(), message="the lobby board shows Bob"
    )
    edits = fake_discord.requests_to("PATCH /channels/{channel_id}/messages/{message_id}")
    assert [e.path.rsplit("/", 1)[-1] for e in edits] == [str(board.id)]
    assert len(fake_discord.messages(fake_discord.text_channel)) == 2, "no second board"


async def test_deleted_board_is_posted_again(
    fake_discord: FakeDiscord, pandemonium: PandemoniumBot
) -> None:
    board = await _new_pig(fake_discord, pandemonium)
    await fake_discord.publisher.delete_message(fake_discord.message(board.id))
    await (await fake_discord.slash("bob", "game join")).original()
    fresh = await fake_discord.wait_for_message(
        fake_discord.text_channel, lambda m: "table open" in m.text() and m.id != board.id
    )
    assert "Bob" in fresh.text()


async def test_follow_ups_survive_an_expired_interaction_token(
    fake_discord: FakeDiscord, pandemonium: PandemoniumBot
) -> None:
    """Discord kills an interaction's token after 15 minutes; late messages then go
    through the channel with the bot's own token."""
    captured: list[discord.Interaction[Any]] = []

    async def keep(interaction: discord.Interaction[Any]) -> None:
        captured.append(interaction)

    pandemonium.add_listener(keep, "on_interaction")
    handle = await fake_discord.slash("alice", "game new", game="pig")
    await handle.original()
    handle.expire()
    await pandemonium.tables_ui.followup(captured[-1], "late news")
    late = await fake_discord.wait_for_message(
        fake_discord.text_channel, lambda m: m.content == "late news"
    )
    assert late.webhook_id is None, "posted with the bot's token, not the dead webhook"


class _DrawnPig(GenericPresenter):
    """The generic presenter plus a tiny picture: one pixel column per banked point."""

    def board_picture(self, game: GameRow, state: Any) -> BoardPicture | None:
        image = Image.new("RGB", (64, 16), "black")
        for x in range(min(64, sum(state.scores) + state.turn_points)):
            image.putpixel((x, 8), (255, 0, 0))
        out = io.BytesIO()
        image.save(out, format="PNG")
        return BoardPicture("board.png", out.getvalue())


async def test_drawn_boards_travel_as_attachments(
    fake_discord: FakeDiscord, pandemonium: PandemoniumBot
) -> None:
    register_presenter("pig", _DrawnPig())
    try:
        board = await _new_pig(fake_discord, pandemonium)
        await (await fake_discord.click("alice", board, label="Start")).original()
        board = fake_discord.message(board.id)
        assert board.embed is not None
        assert board.embed["image"]["url"] == "attachment://board.png"
        (first,) = board.attachments
        assert first.data.startswith(b"\x89PNG")
        roll = next(c for c in board.custom_ids() if c.startswith("pd:mv:"))
        await (await fake_discord.click("alice", board, roll)).original()
        board = fake_discord.message(board.id)
        assert len(board.attachments) == 1, "the picture is replaced, not piled up"
    finally:
        unregister_presenter("pig")


class _BankedPig(GenericPresenter):
    """A picture of the banked points only, which names itself by them (a digest)."""

    def picture_digest(self, game: GameRow, state: Any) -> str | None:
        return f"banked {list(state.scores)}"

    def board_picture(self, game: GameRow, state: Any) -> BoardPicture | None:
        image = Image.new("RGB", (64, 16), "black")
        for x in range(min(64, sum(state.scores))):
            image.putpixel((x, 8), (255, 0, 0))
        out = io.BytesIO()
        image.save(out, format="PNG")
        return BoardPicture("board.png", out.getvalue())


async def test_an_unchanged_picture_is_neither_drawn_nor_uploaded_again(
    fake_discord: FakeDiscord, pandemonium: PandemoniumBot
) -> None:
    """Issue 14, pictures only when they change: a roll leaves the banked points (all
    the picture shows) alone, so the board keeps its attachment and nothing is drawn;
    holding banks points, and the new picture replaces the old one."""
    register_presenter("pig", _BankedPig())
    pictures = pandemonium.boards.pictures
    try:
        board = await _new_pig(fake_discord, pandemonium)
        await (await fake_discord.click("alice", board, label="Start")).original()
        board = fake_discord.message(board.id)
        (first,) = board.attachments
        drawn = pictures.drawn_count
        await (await fake_discord.click("alice", board, label="Roll")).original()
        board = fake_discord.message(board.id)
        assert [a.id for a in board.attachments] == [first.id], "the same upload is kept"
        assert board.embed is not None and board.embed["image"]["url"] == "attachment://board.png"
        assert pictures.drawn_count == drawn, "nothing was drawn for an unchanged picture"
        current = await pandemonium.table.current(board.channel_id)
        assert current is not None
        if current.state.turn_points:
            await (await fake_discord.click("alice", board, label="Hold")).original()
            board = fake_discord.message(board.id)
            (second,) = board.attachments
            assert second.id != first.id, "banked points change the picture"
            assert pictures.drawn_count == drawn + 1
    finally:
        unregister_presenter("pig")


async def test_house_options_when_opening_a_table(
    fake_discord: FakeDiscord, pandemonium: PandemoniumBot
) -> None:
    listed = await fake_discord.slash("alice", "game options", game="hellboy-dice")
    text = await _private(listed)
    assert "`target`" in text and "deck_path" not in text
    bad = await fake_discord.slash(
        "alice", "game new", options={"game": "pig", "options": "target=-4"}
    )
    assert "don't fit Pig" in await _private(bad)
    good = await fake_discord.slash(
        "alice", "game new", options={"game": "pig", "options": "target=5"}
    )
    await good.original()
    current = await pandemonium.table.current(fake_discord.text_channel.id)
    assert current is not None and current.game.options["target"] == "5"


async def test_a_process_running_two_shards_serves_its_guild(
    fake_discord: FakeDiscord, start_bot: StartBot, pig_game: None
) -> None:
    """Scale-out: one process may run several shards (its own database file); the
    guild lives on shard (guild_id >> 22) % shard_count and is served from there."""
    owner = (fake_discord.guild.id >> 22) % 3
    others = [i for i in range(3) if i != owner]
    async with start_bot(shard_ids=f"{owner},{others[0]}", shard_count=3) as bot:
        assert isinstance(bot, ShardedPandemoniumBot)
        assert bot.shard_ids == sorted([owner, others[0]])
        assert bot.storage is not None and ".shards-" in bot.settings.database_target().target
        board = await _new_pig(fake_discord, bot)
        assert "table open" in board.text()
    async with start_bot(shard_ids=str(others[1]), shard_count=3) as lonely:
        assert lonely.get_guild(fake_discord.guild.id) is None, "not this shard's guild"
