"""A bot that is merely slow keeps serving: players click while the storage's live
path is held up longer than the lease lasts, and once it moves again every click
is carried out and the bot goes on answering.

Under load 5–8 (issue 27's load runs) Hellbringer's SQLite commits took 8.5 s at
p99; the lease renewal, queued behind them, missed its time and the bot stopped
serving its shard (1,162 of 1,612 clicks unanswered). Here the hold is made on
purpose (tests/support/blocked_storage.py), on both backends.
"""

from __future__ import annotations

import asyncio

import pytest

from bot.app import PandemoniumBot
from bot.leases import EXIT_LEASE_LOST
from tests.conftest import BACKENDS
from tests.e2e.conftest import StartBot
from tests.fakediscord import FakeDiscord, FakeMessage
from tests.support.blocked_storage import live_path_held
from tests.support.boards import board_now, board_recorded

LEASE = 2.0
"""The lease once the bot is up: short, so the live path can be held longer than
it. The bot starts on the default lease: its start-up keeps the event loop busy
for seconds on a loaded machine (4.1 s measured), which a lease this short does
not survive."""
HELD = LEASE + 1.5
"""Longer than the lease, shorter than PostgreSQL's 5 s limit on a transaction
left idle (a hold there is commits in flight, idle until the test lets them go)."""


async def _started_pig(fake: FakeDiscord, bot: PandemoniumBot) -> FakeMessage:
    new = await fake.slash("alice", "game new", game="pig", mode="digital")
    board = await new.original()
    await board_recorded(fake, bot, board)
    await (await fake.click("bob", board, label="Join")).original()
    await (await fake.click("alice", board, label="Start")).original()
    return await board_now(fake, bot, board)


async def _on_a_short_lease(bot: PandemoniumBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """Shorten the running bot's lease, and return once two renewals were made on it
    (the first may have been asked before the change)."""
    assert bot.leases is not None
    renewals = asyncio.Semaphore(0)
    renew = bot.storage.renew_lease

    async def counted(ttl: float) -> bool:
        kept = await renew(ttl)
        renewals.release()
        return kept

    monkeypatch.setattr(bot.storage, "renew_lease", counted)
    bot.leases.ttl = LEASE
    for _ in range(2):
        await asyncio.wait_for(renewals.acquire(), 30)


def _move(board: FakeMessage) -> str:
    return next(c for c in board.custom_ids() if c.startswith("pd:mv:"))


@pytest.mark.parametrize("e2e_backend", BACKENDS)
async def test_clicks_held_up_longer_than_the_lease_are_carried_out(
    fake_discord: FakeDiscord,
    start_bot: StartBot,
    pig_game: None,
    e2e_backend: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    async with start_bot() as bot:
        await _on_a_short_lease(bot, monkeypatch)
        board = await _started_pig(fake_discord, bot)
        channel = fake_discord.text_channel.id
        before = await bot.table.current(channel)
        assert before is not None
        async with live_path_held(bot.storage, fake_discord.guild.id):
            held = await fake_discord.click("alice", board, _move(board))
            await held.response()
            await asyncio.sleep(HELD)
        answered = await held.original(timeout=30)
        assert "Those buttons" not in answered.text()
        after = await bot.table.current(channel)
        assert after is not None and after.game.version > before.game.version, "carried out"
        assert bot.storage.lease is not None and not bot.storage.lease.lost
        assert bot.exit_status != EXIT_LEASE_LOST
        board = await board_now(fake_discord, bot, board)
        mover = "alice" if after.state.turn == 0 else "bob"
        again = await fake_discord.click(mover, board, _move(board))
        await again.original(timeout=30)
        last = await bot.table.current(channel)
        assert last is not None and last.game.version > after.game.version, "still serving"
