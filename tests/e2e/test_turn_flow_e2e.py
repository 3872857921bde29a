"""Turn flow and GM tools through the fake Discord: reminders and away players
with a controllable clock (also across restarts), coalesced board edits, GM
powers with their permission checks, settings, history, and log replay."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

from bot import turn_timers
from bot.app import PandemoniumBot
from bot.cli import main as cli
from bot.maintenance import DAY, Retention, run_maintenance
from bot.models import GameRow, TimerRow
from tests.conftest import BACKENDS
from tests.e2e.conftest import StartBot
from tests.fakediscord import FakeDiscord, FakeMessage, InteractionHandle
from tests.support.boards import board_now

EDIT_ROUTE = "PATCH /channels/{channel_id}/messages/{message_id}"


class Clock:
    def __init__(self) -> None:
        self.now = 1_900_000_000.0

    def __call__(self) -> float:
        return self.now


async def _private(handle: InteractionHandle) -> str:
    assert await handle.ephemeral(), "this answer must be ephemeral"
    return (await handle.original()).text()


async def _started_pig(fake: FakeDiscord, bot: PandemoniumBot) -> FakeMessage:
    handle = await fake.slash("alice", "game new", game="pig", mode="digital")
    board = await handle.original()
    await (await fake.slash("bob", "game join")).original()
    await (await fake.slash("alice", "game start")).original()
    await bot.boards.flush()
    return fake.message(board.id)


def _said(fake: FakeDiscord, needle: str) -> list[FakeMessage]:
    return [m for m in fake.messages(fake.text_channel) if needle in m.content]


async def test_reminder_then_away_each_fire_once(
    fake_discord: FakeDiscord, start_bot: StartBot, pig_game: None
) -> None:
    clock = Clock()
    async with start_bot(clock=clock) as bot:
        await _started_pig(fake_discord, bot)
        clock.now += 9 * 60
        assert await bot.timers.run_due() == []
        clock.now += 60
        assert [t.kind for t in await bot.timers.run_due()] == ["remind"]
        assert await bot.timers.run_due() == [], "a reminder fires once"
        (reminder,) = _said(fake_discord, "it's your turn at Pig")
        alice = fake_discord.member("alice").id
        assert reminder.notified == [alice], "reminders ping (on by default), Alice alone"
        clock.now += 20 * 60
        assert [t.kind for t in await bot.timers.run_due()] == ["afk"]
        assert await bot.timers.run_due() == []
        (away,) = _said(fake_discord, "seems to be away")
        refused = await fake_discord.click("carol", away, label="Skip the turn")
        assert "Only a GM" in await _private(refused)
        skipped = await fake_discord.click("erin", away, label="Skip the turn")
        await skipped.settled()  # acknowledged at once, then the question's buttons go
        current = await bot.table.current(fake_discord.text_channel.id)
        assert current is not None and current.state.turn == 1


@pytest.mark.parametrize("e2e_backend", BACKENDS)
async def test_overdue_timers_fire_once_after_a_restart(
    fake_discord: FakeDiscord, start_bot: StartBot, pig_game: None, e2e_backend: str
) -> None:
    clock = Clock()
    async with start_bot(clock=clock) as bot:
        await _started_pig(fake_discord, bot)
    clock.now += 60 * 60
    async with start_bot(clock=clock):
        await fake_discord.wait_until(
            lambda: len(_said(fake_discord, "seems to be away")) == 1,
            message="the overdue AFK timer fired after start-up",
        )
        await asyncio.sleep(0.3)
    async with start_bot(clock=clock) as bot:
        assert await bot.timers.run_due() == []
    assert len(_said(fake_discord, "it's your turn at Pig")) == 1
    assert len(_said(fake_discord, "seems to be away")) == 1


async def test_reminder_pings_follow_the_server_setting(
    fake_discord: FakeDiscord, start_bot: StartBot, pig_game: None
) -> None:
    clock = Clock()
    async with start_bot(clock=clock) as bot:
        refused = await fake_discord.slash(
            "carol", "game settings", key="pings", value="off", scope="guild"
        )
        assert "Manage Server" in await _private(refused)
        done = await fake_discord.slash(
            "olivia", "game settings", key="pings", value="off", scope="guild"
        )
        assert "now **False**" in await _private(done)
        await _started_pig(fake_discord, bot)
        clock.now += 10 * 60
        await bot.timers.run_due()
        (quiet,) = _said(fake_discord, "it's your turn at Pig")
        assert "**Alice**" in quiet.content and quiet.notified == [], "the server said off"
        here = await fake_discord.slash("olivia", "game settings", key="pings", value="on")
        assert "for this channel" in await _private(here), "a channel may override"
        clock.now += 20 * 60
        await bot.timers.run_due()
        clock.now += 20 * 60
        await bot.timers.run_due()
    reminder = _said(fake_discord, "away from Pig")[-1]
    assert f"<@{fake_discord.member('alice').id}>" in reminder.content
    sent = fake_discord.requests_to("POST /channels/{channel_id}/messages")
    mentions = [r.json.get("allowed_mentions") for r in sent if "away from" in str(r.json)]
    assert mentions and [int(u) for u in mentions[0]["users"]] == [fake_discord.member("alice").id]


async def test_a_burst_of_thirty_actions_makes_few_board_edits(
    fake_discord: FakeDiscord, start_bot: StartBot, pig_game: None
) -> None:
    async with start_bot(board_interval=0.3) as bot:
        handle = await fake_discord.slash("alice", "game new", game="pig")
        board = await handle.original()
        members = [fake_discord.add_member(f"late{i}") for i in range(30)]
        handles = await asyncio.gather(*(fake_discord.slash(m, "game join") for m in members))
        await asyncio.gather(*(h.original() for h in handles))
        await bot.boards.flush()
        edits = fake_discord.requests_to(EDIT_ROUTE)
        posts = fake_discord.requests_to("POST /channels/{channel_id}/messages")
        assert 1 <= len(edits) + len(posts) <= 8, f"{len(edits)} edits, {len(posts)} posts"
        current = await bot.table.current(fake_discord.text_channel.id)
        assert current is not None and current.game.board_message_id is not None
        live = fake_discord.message(current.game.board_message_id)
        assert "Seats (31/" in live.text(), "the last edit is final"
        if live.id != board.id:
            assert fake_discord.message(board.id).deleted, "one live board"


async def test_gm_powers_and_refusals(
    fake_discord: FakeDiscord, pandemonium: PandemoniumBot
) -> None:
    await _started_pig(fake_discord, pandemonium)
    channel = fake_discord.text_channel.id
    attempts = [
        await fake_discord.slash("bob", "game pause"),
        await fake_discord.slash("bob", "game seat", member=fake_discord.member("carol"), seat=1),
        await fake_discord.slash("bob", "game as", member=fake_discord.member("alice")),
    ]
    for refused in attempts:
        assert "Only the host" in await _private(refused)
    await (await fake_discord.slash("alice", "game pause")).original()
    await pandemonium.boards.flush()
    paused = await pandemonium.table.current(channel)
    assert paused is not None and paused.game.board_message_id is not None
    board_id = paused.game.board_message_id

    def no_moves() -> bool:
        ids = fake_discord.message(board_id).custom_ids()
        return not [c for c in ids if c.startswith("pd:mv:")]

    # the board edit is requested after the reply is sent, so it may trail the reply
    await fake_discord.wait_until(no_moves, message="paused: the board still offers moves")
    assert "paused" in fake_discord.message(board_id).text()
    await (await fake_discord.slash("alice", "game resume")).original()
    panel = await fake_discord.slash("erin", "game as", member=fake_discord.member("alice"))
    assert "Acting for **Alice**" in await _private(panel)
    message = await panel.original()
    gm_button = next(c for c in message.custom_ids() if c.startswith("pd:gmv:"))
    await (await fake_discord.click("erin", message, gm_button)).original()
    current = await pandemonium.table.current(channel)
    assert current is not None
    log = await pandemonium.storage.log(current.game.id)
    assert any(e.kind == "action" and e.gm for e in log)
    swap = await fake_discord.slash(
        "erin", "game seat", member=fake_discord.member("carol"), seat=2
    )
    assert "Carol takes seat 2" in (await swap.original()).text()


async def test_settings_show_their_sources(
    fake_discord: FakeDiscord, pandemonium: PandemoniumBot
) -> None:
    shown = await fake_discord.slash("carol", "game settings")
    assert "`afk_minutes` = **30** (default)" in await _private(shown)
    refused = await fake_discord.slash("carol", "game settings", key="afk_minutes", value="5")
    assert "Only a GM" in await _private(refused)
    done = await fake_discord.slash("erin", "game settings", key="afk_minutes", value="5")
    assert "now **5**" in await _private(done)
    shown = await fake_discord.slash("carol", "game settings", key="afk_minutes")
    assert "**5** (channel)" in await _private(shown)
    bad = await fake_discord.slash("erin", "game settings", key="afk_minutes", value="soon")
    assert "whole number" in await _private(bad)


async def test_history_and_replay_of_a_real_log(
    fake_discord: FakeDiscord,
    pandemonium: PandemoniumBot,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    await _started_pig(fake_discord, pandemonium)
    channel = fake_discord.text_channel.id
    actors = {0: "alice", 1: "bob"}
    for _ in range(400):
        current = await pandemonium.table.current(channel)
        if current is None:
            break
        await pandemonium.boards.flush()
        board = await board_now(fake_discord, pandemonium, fake_discord.last_message())
        buttons = [c for c in board.custom_ids() if c.startswith("pd:mv:")]
        hold = [c for c in buttons if c.endswith(":1")]
        choice = hold[0] if hold and current.state.turn_points >= 10 else buttons[0]
        await (await fake_discord.click(actors[current.state.turn], board, choice)).original()
    assert await pandemonium.table.current(channel) is None, "the game finished"
    history = await fake_discord.slash("carol", "game history")
    assert "wins" in (await history.original()).text()
    log = await fake_discord.slash("carol", "game log")
    document = json.loads((await log.original()).attachments[0].data)
    document_entries = json.loads(json.dumps(document["entries"]))
    path = tmp_path / "game.json"
    path.write_text(json.dumps(document))
    assert cli(["replay", str(path)]) == 0
    assert "OK" in capsys.readouterr().out
    chance = next(e for e in document["entries"] if e["kind"] == "chance")
    chance["payload"]["values"] = ["6" if chance["payload"]["values"] != ["6"] else "5"]
    path.write_text(json.dumps(document))
    assert cli(["replay", str(path)]) == 1
    assert "DIVERGES" in capsys.readouterr().out
    later = document["entries"][-1]["created_at"] + 400 * DAY
    assert await run_maintenance(pandemonium.storage, Retention("archive", 365), later) == 1
    history = await fake_discord.slash("carol", "game history")
    assert "log archived" in (await history.original()).text()
    log = await fake_discord.slash("carol", "game log")
    archived = await log.original()
    assert "log was archived on" in archived.text() and "lines are still here" in archived.text()
    assert json.loads(archived.attachments[0].data)["entries"] == document_entries
    await run_maintenance(pandemonium.storage, Retention("delete", 365), later)
    history = await fake_discord.slash("carol", "game history")
    assert "log deleted" in (await history.original()).text()
    gone = await fake_discord.slash("carol", "game log")
    assert "was deleted on" in await _private(gone)


async def test_late_joiner_and_hidden_information(
    fake_discord: FakeDiscord, pandemonium: PandemoniumBot
) -> None:
    board = await _started_pig(fake_discord, pandemonium)
    joined = await fake_discord.click("carol", board, label="Join")
    assert "asked to let you join" in await _private(joined), "late_join=ask by default"
    await fake_discord.wait_until(lambda: "asks to join" in fake_discord.last_message().text())
    question = fake_discord.last_message()
    await (await fake_discord.click("alice", question, label="Let Carol join")).original()
    current = await pandemonium.table.current(fake_discord.text_channel.id)
    assert current is not None and current.state.names[-1] == "Carol"
    await pandemonium.boards.flush()
    board = fake_discord.message(board.id)
    mine = await fake_discord.click("bob", board, label="My hand")
    text = await _private(mine)
    assert "only for Bob" in text and "only for Alice" not in text
    stranger = await fake_discord.click("dave", board, label="My hand")
    assert "not seated" in await _private(stranger)
    public = " ".join(m.text() for m in fake_discord.messages(fake_discord.text_channel))
    assert "only for" not in public, "secrets never reach the channel"


async def test_overdue_timers_of_many_tables_are_announced_together_within_a_bound(
    fake_discord: FakeDiscord, start_bot: StartBot, pig_game: None,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 14, bounds: after downtime, the overdue reminders of many tables are sent
    several at once (at most ANNOUNCED_AT_ONCE), outside the timers' lock, each once."""
    clock = Clock()
    monkeypatch.setattr(turn_timers, "ANNOUNCE_SPACING", 0.0)
    async with start_bot(clock=clock) as bot:
        for i in range(8):
            channel = fake_discord.add_channel(f"overdue-{i}")
            new = await fake_discord.slash("alice", "game new", game="pig", channel=channel)
            await new.original()
            await (await fake_discord.slash("bob", "game join", channel=channel)).original()
            await (await fake_discord.slash("alice", "game start", channel=channel)).original()
        clock.now += 10 * 60
        in_flight, most = 0, 0
        real = bot.timers._announce

        async def counted(timer: TimerRow, game: GameRow, state: Any) -> None:
            nonlocal in_flight, most
            in_flight += 1
            most = max(most, in_flight)
            assert not bot.timers._running.locked(), "announced outside the lock"
            await asyncio.sleep(0.01)
            await real(timer, game, state)
            in_flight -= 1

        monkeypatch.setattr(bot.timers, "_announce", counted)
        fired = await bot.timers.run_due()
        assert sorted(t.kind for t in fired) == ["remind"] * 8
        assert 1 < most <= turn_timers.ANNOUNCED_AT_ONCE
        assert await bot.timers.run_due() == []
