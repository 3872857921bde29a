"""Bot processes on one PostgreSQL, through the fake Discord: a SIGKILL under
load loses no acknowledged action, and when a process running two of four
shards is killed, a new process takes its shards over (after its lease ends)
with no action lost or applied twice.

The bots run as real processes (tests/support/botproc.py) so they can be
killed outright; the test drives three tables at once by button clicks and
counts what the bot acknowledged against what the database logged.
"""

from __future__ import annotations

import asyncio
import signal
import subprocess
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from bot.storage_postgres import PostgresStorage
from tests.fakediscord import FakeChannel, FakeDiscord, FakeMessage, InteractionHandle
from tests.fakediscord.records import UNANSWERED
from tests.support.botproc import spawn
from tests.support.pgserver import PostgresServer

pytestmark = pytest.mark.timeout(300)
"""Bot processes start from scratch (imports, login, command sync): on a loaded
machine that has taken tens of seconds, so these two get more than the usual 120."""

LEASE_SECONDS = 2
TABLES = 3
PLAYERS = ("alice", "bob")
ACKNOWLEDGED = (6, 7)
"""Callback types of a click the bot took: the board was updated (7) or will be (6:
deferred, and carried out once the bot's edit of the clicked board arrives)."""


@dataclass
class Tally:
    sent: int = 0
    acked: int = 0
    refused: list[str] = field(default_factory=list)
    pending: InteractionHandle | None = None
    """The click sent and not yet seen carried out (when the bot is killed: in flight)."""
    mark: int = 0
    reached: asyncio.Event = field(default_factory=asyncio.Event)
    """Set once `acked` reaches `mark` (when the test kills the bot)."""


class Bots:
    """The bot processes of one test; every one still running is killed at the end."""

    def __init__(self, fake: FakeDiscord, url: str, logs: Path) -> None:
        self.fake = fake
        self.url = url
        self.logs = logs
        self.procs: list[subprocess.Popen[bytes]] = []
        self.identified = 0

    async def start(self, shards: list[int] | None = None, count: int = 4) -> None:
        env = {
            "DISCORD_TOKEN": self.fake.bot_token,
            "DISCORD_API_BASE": self.fake.api_base,
            "DISCORD_GATEWAY_URL": self.fake.gateway_url,
            "PANDEMONIUM_DATABASE": self.url,
            "PANDEMONIUM_SEED": "4242",
            "PANDEMONIUM_LEASE_SECONDS": str(LEASE_SECONDS),
            "PANDEMONIUM_DB_POOL_SIZE": "4",
        }
        if shards is not None:
            env["PANDEMONIUM_SHARD_IDS"] = ",".join(map(str, shards))
            env["PANDEMONIUM_SHARD_COUNT"] = str(count)
        self.procs.append(spawn(env, self.logs / f"bot-{len(self.procs)}.log"))
        self.identified += len(shards) if shards else 1
        try:
            await self.fake.wait_for_sessions(self.identified, timeout=60)
        except AssertionError:
            raise AssertionError(self.output()) from None

    def kill(self, index: int) -> None:
        self.procs[index].send_signal(signal.SIGKILL)
        self.procs[index].wait()

    def output(self) -> str:
        return "\n".join(p.read_text() for p in sorted(self.logs.glob("bot-*.log")))

    def stop_all(self) -> None:
        for proc in self.procs:
            if proc.poll() is None:
                proc.terminate()
                try:
                    proc.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    proc.kill()
                    proc.wait()


@pytest.fixture
async def bots(
    fake_discord: FakeDiscord, postgres_server: PostgresServer, tmp_path: Path
) -> AsyncIterator[Bots]:
    running = Bots(fake_discord, await postgres_server.create_database(), tmp_path)
    try:
        yield running
    finally:
        running.stop_all()


async def _open_tables(fake: FakeDiscord) -> dict[int, int]:
    """Three Pig tables (two players each, long games): channel id -> board id."""
    channels: list[FakeChannel] = [fake.text_channel, fake.other_channel]
    channels += [fake.add_channel(f"table-{i}") for i in range(TABLES - len(channels))]
    boards = {}
    for channel in channels:
        new = await fake.slash(
            "alice", "game new", channel=channel, options={"game": "pig", "options": "target=1000"}
        )
        board = await new.original()
        await (await fake.click("bob", board, label="Join")).original()
        await (await fake.click("alice", board, label="Start")).original()
        boards[channel.id] = board.id
    return boards


def _moves(message: FakeMessage) -> list[str]:
    return [c for c in message.custom_ids() if c.startswith("pd:mv:")]


async def _live_board(fake: FakeDiscord, channel_id: int) -> FakeMessage:
    """The channel's board with working buttons. The bots run in other processes, so
    it is found as players find it: the newest message with moves (the event lines
    push a board out of sight, and it is then posted again below)."""

    def newest() -> FakeMessage | None:
        return next((m for m in reversed(fake.messages(channel_id)) if _moves(m)), None)

    await fake.wait_until(
        lambda: newest() is not None, timeout=60, message="no board with moves in the channel"
    )
    board = newest()
    assert board is not None
    return board


async def _drive(fake: FakeDiscord, channel_id: int, tally: Tally, until: int) -> None:
    """Click the live board's move for whoever is to move, one click after another."""
    while tally.acked < until:
        board = await _live_board(fake, channel_id)
        move = _moves(board)[0]
        member = PLAYERS[int(move.split(":")[4])]
        tally.pending = await fake.click(member, board, move)
        tally.sent += 1
        body = await tally.pending.response(timeout=60)
        if body["type"] in ACKNOWLEDGED:
            await tally.pending.original(timeout=60)
        tally.pending = None
        if body["type"] in ACKNOWLEDGED:
            tally.acked += 1
            if tally.acked >= tally.mark:
                tally.reached.set()
        else:
            tally.refused.append(str(body.get("data", {}).get("content")))


async def _load(
    fake: FakeDiscord,
    boards: dict[int, int],
    tallies: dict[int, Tally],
    more: int,
    kill: Callable[[], None] | None = None,
) -> None:
    """Every table plays `more` acknowledged moves; with `kill`, the bot is killed
    once half of them are done, while clicks are in flight."""
    targets = {c: tallies[c].acked + more for c in boards}
    for tally in tallies.values():
        tally.mark = tally.acked + more // 2
        tally.reached.clear()
    tasks = [
        asyncio.create_task(_drive(fake, c, tallies[c], targets[c])) for c in boards
    ]
    if kill is None:
        await asyncio.gather(*tasks)
        return
    await asyncio.gather(*(t.reached.wait() for t in tallies.values()))
    kill()
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)


async def _logged_moves(url: str, channels: list[int]) -> dict[int, int]:
    """Player actions in each channel's game log (what the database kept)."""
    storage = await PostgresStorage.open(url, pool_size=1, migrate=False)
    try:
        counts = {}
        for channel in channels:
            game = await storage.live_game(channel)
            assert game is not None
            counts[channel] = sum(1 for e in await storage.log(game.id) if e.kind == "action")
        return counts
    finally:
        await storage.close()


async def _settle_unanswered(fake: FakeDiscord, tallies: dict[int, Tally]) -> int:
    """Clicks in flight when the bot died expire as unanswered; take those (only those).
    Returns how many clicks were in flight (answered or not, their moves may be logged)."""
    pending = [t.pending for t in tallies.values() if t.pending is not None]
    lost = sum(1 for h in pending if not h.record.answered)
    await fake.wait_until(
        lambda: len([v for v in fake.violations if v.kind == UNANSWERED]) >= lost,
        timeout=10,
        message="the clicks lost with the bot expire",
    )
    taken = fake.take_violations()
    assert all(v.kind == UNANSWERED for v in taken), taken
    return len(pending)


def _check(logged: dict[int, int], tallies: dict[int, Tally], in_flight: int) -> None:
    for channel, tally in tallies.items():
        assert logged[channel] >= tally.acked, "an acknowledged move was lost"
        assert tally.refused == [], tally.refused
    extra = sum(logged.values()) - sum(t.acked for t in tallies.values())
    assert 0 <= extra <= in_flight, "only a click in flight at the kill may have landed unseen"


@pytest.mark.e2e
async def test_sigkill_under_load_loses_no_acknowledged_move(
    fake_discord: FakeDiscord, bots: Bots, pig_game: None
) -> None:
    await bots.start()
    boards = await _open_tables(fake_discord)
    tallies = {c: Tally() for c in boards}
    await _load(fake_discord, boards, tallies, 8, kill=lambda: bots.kill(0))
    in_flight = await _settle_unanswered(fake_discord, tallies)
    await bots.start()
    logged = await _logged_moves(bots.url, list(boards))
    _check(logged, tallies, in_flight)
    for channel, tally in tallies.items():
        tally.acked = logged[channel]
    await _load(fake_discord, boards, tallies, 2)
    assert await _logged_moves(bots.url, list(boards)) == {c: t.acked for c, t in tallies.items()}


@pytest.mark.e2e
async def test_a_killed_processes_shards_are_taken_over(
    fake_discord: FakeDiscord, bots: Bots, pig_game: None
) -> None:
    """Two processes, two shards each, one PostgreSQL; the guild's process dies
    under load and a new one claims its shards once the old lease has ended."""
    owner = (fake_discord.guild.id >> 22) % 4
    mine = sorted([owner, (owner + 1) % 4])
    others = sorted(set(range(4)) - set(mine))
    await bots.start(mine)
    await bots.start(others)
    boards = await _open_tables(fake_discord)
    tallies = {c: Tally() for c in boards}
    await _load(fake_discord, boards, tallies, 8, kill=lambda: bots.kill(0))
    in_flight = await _settle_unanswered(fake_discord, tallies)
    await bots.start(mine)
    logged = await _logged_moves(bots.url, list(boards))
    _check(logged, tallies, in_flight)
    for channel, tally in tallies.items():
        tally.acked = logged[channel]
    await _load(fake_discord, boards, tallies, 2)
    assert await _logged_moves(bots.url, list(boards)) == {c: t.acked for c, t in tallies.items()}
    leases = await _leases(bots.url)
    assert {s: e for s, (_, e) in leases.items()} == {
        mine[0]: 2, mine[1]: 2, others[0]: 1, others[1]: 1
    }, "the new process holds the dead one's shards at a new epoch; the other kept its own"
    assert leases[mine[0]][0] == leases[mine[1]][0] != leases[others[0]][0]


async def _leases(url: str) -> dict[int, tuple[str, int]]:
    storage = await PostgresStorage.open(url, pool_size=1, migrate=False)
    try:
        columns, rows = await storage.dump_table("leases")
    finally:
        await storage.close()
    named = [dict(zip(columns, r, strict=True)) for r in rows]
    return {r["shard_id"]: (r["owner"], r["epoch"]) for r in named if r["shard_count"] == 4}
