"""Bot processes under load through the fake Discord, killed outright (SIGKILL):
the machinery the crash tests of both backends share (tests/e2e/test_*_e2e.py).

The bots run as real processes (tests/support/botproc.py) so they can be
killed; the tests drive several tables at once by button clicks and count what
the bot acknowledged against what the database logged.
"""

from __future__ import annotations

import asyncio
import signal
import subprocess
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from bot.databases import open_storage, parse_database
from tests.fakediscord import FakeChannel, FakeDiscord, FakeMessage, InteractionHandle
from tests.fakediscord.records import UNANSWERED
from tests.support.botproc import spawn

LEASE_SECONDS = 2
TABLES = 3
PLAYERS = ("alice", "bob")
ACKNOWLEDGED = (6, 7)
"""Answer types of a click the bot carries out: the board is updated (at once, or
deferred and edited after; only the edit tells the player the move happened). A click
is acknowledged on arrival, so a refusal is the ephemeral follow-up that completes the
deferred update (`settled`), not the callback."""


@dataclass
class Tally:
    sent: int = 0
    acked: int = 0
    refused: list[str] = field(default_factory=list)
    pending: InteractionHandle | None = None
    """The click sent and not yet seen answered (when the bot is killed: in flight)."""
    mark: int = 0
    reached: asyncio.Event = field(default_factory=asyncio.Event)
    """Set once `acked` reaches `mark` (when the test kills the bot)."""


class Bots:
    """The bot processes of one test; every one still running is killed at the end."""

    def __init__(
        self, fake: FakeDiscord, url: str, logs: Path, env: dict[str, str] | None = None
    ) -> None:
        self.fake = fake
        self.url = url
        self.logs = logs
        self.env = env or {}
        """More of the bots' environment (e.g. PANDEMONIUM_GROUP_COMMIT)."""
        self.procs: list[subprocess.Popen[bytes]] = []
        self.identified = 0

    def environment(self, shards: list[int] | None = None, count: int = 4) -> dict[str, str]:
        """A bot process's environment: this fake Discord and database, the given shards."""
        env = {
            "DISCORD_TOKEN": self.fake.bot_token,
            "DISCORD_API_BASE": self.fake.api_base,
            "DISCORD_GATEWAY_URL": self.fake.gateway_url,
            "PANDEMONIUM_DATABASE": self.url,
            "PANDEMONIUM_SEED": "4242",
            "PANDEMONIUM_LEASE_SECONDS": str(LEASE_SECONDS),
            "PANDEMONIUM_DB_POOL_SIZE": "4",
            **self.env,
        }
        if shards is not None:
            env["PANDEMONIUM_SHARD_IDS"] = ",".join(map(str, shards))
            env["PANDEMONIUM_SHARD_COUNT"] = str(count)
        return env

    async def start(
        self, shards: list[int] | None = None, count: int = 4, wrapper: Sequence[str] = ()
    ) -> None:
        """Start a bot process (under `wrapper`, a command prefix, if given) and wait
        until its gateway sessions are up."""
        env = self.environment(shards, count)
        self.procs.append(spawn(env, self.logs / f"bot-{len(self.procs)}.log", wrapper))
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


async def open_tables(fake: FakeDiscord, tables: int = TABLES) -> dict[int, int]:
    """Pig tables (two players each, long games): channel id -> board id."""
    channels: list[FakeChannel] = [fake.text_channel, fake.other_channel][:tables]
    channels += [fake.add_channel(f"table-{i}") for i in range(tables - len(channels))]
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


MAX_REFUSED = 5
"""Refused clicks after which a table is stuck: every click should be taken."""


def _scene(fake: FakeDiscord, channel_id: int, tally: Tally) -> str:
    """What the players of a stuck table see: the refusals and the newest messages."""
    lines = [f"refused: {tally.refused}"]
    for message in fake.messages(channel_id)[-8:]:
        lines.append(f"{message.id} {message.content[:50]!r} moves={_moves(message)[:2]}")
    return "\n".join(lines)


async def _caught_up(fake: FakeDiscord, channel_id: int, refused: str) -> None:
    """After a refused click (a board left a step behind by the kill), wait, as a
    player would, for the board to show the table's current step."""

    async def changed() -> bool:
        return refused not in _moves(await _live_board(fake, channel_id))

    await fake.wait_until(changed, timeout=30, message="the stale board is brought up to date")


async def _drive(fake: FakeDiscord, channel_id: int, tally: Tally, until: int) -> None:
    """Click the live board's move for whoever is to move, one click after another."""
    while tally.acked < until:
        board = await _live_board(fake, channel_id)
        move = _moves(board)[0]
        member = PLAYERS[int(move.split(":")[4])]
        tally.pending = await fake.click(member, board, move)
        tally.sent += 1
        body = await tally.pending.settled(timeout=60)
        if body["type"] in ACKNOWLEDGED:
            await tally.pending.original(timeout=60)
            tally.pending = None
            tally.acked += 1
            if tally.acked >= tally.mark:
                tally.reached.set()
        else:
            tally.pending = None
            tally.refused.append(str(body.get("data", {}).get("content")))
            assert len(tally.refused) < MAX_REFUSED, _scene(fake, channel_id, tally)
            await _caught_up(fake, channel_id, move)


async def load(
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
    tasks = [asyncio.create_task(_drive(fake, c, tallies[c], targets[c])) for c in boards]
    if kill is None:
        await asyncio.gather(*tasks)
        return
    await asyncio.gather(*(t.reached.wait() for t in tallies.values()))
    kill()
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)


async def logged_moves(url: str, channels: list[int]) -> dict[int, int]:
    """Player actions in each channel's game log (what the database kept)."""
    storage = await open_storage(parse_database(url), pool_size=1)
    try:
        counts = {}
        for channel in channels:
            game = await storage.live_game(channel)
            assert game is not None
            counts[channel] = sum(1 for e in await storage.log(game.id) if e.kind == "action")
        return counts
    finally:
        await storage.close()


async def settle_unanswered(fake: FakeDiscord, tallies: dict[int, Tally]) -> int:
    """Clicks in flight when the bot died expire as unanswered; take those (only those).
    Returns how many clicks were in flight (answered or not, their moves may be logged).
    An answer the bot had written before it died can still arrive after the kill, so
    the lost ones are counted once every click in flight is answered or past its
    window, not at the kill (a click counted lost and then answered never expired,
    and the wait below ran out: seen once in `make test`)."""
    pending = [t.pending for t in tallies.values() if t.pending is not None]
    await fake.wait_until(
        lambda: all(h.record.answered or time.monotonic() > h.record.deadline for h in pending),
        timeout=10,
        message="the clicks in flight are answered or past their window",
    )
    lost = sum(1 for h in pending if not h.record.answered)
    await fake.wait_until(
        lambda: len([v for v in fake.violations if v.kind == UNANSWERED]) >= lost,
        timeout=10,
        message="the clicks lost with the bot expire",
    )
    taken = fake.take_violations()
    assert all(v.kind == UNANSWERED for v in taken), taken
    return len(pending)


def check(logged: dict[int, int], tallies: dict[int, Tally], in_flight: int) -> None:
    for channel, tally in tallies.items():
        assert logged[channel] >= tally.acked, "an acknowledged move was lost"
        assert tally.refused == [], tally.refused
    extra = sum(logged.values()) - sum(t.acked for t in tallies.values())
    assert 0 <= extra <= in_flight, "only a click in flight at the kill may have landed unseen"


async def kill_under_load_and_recover(
    fake: FakeDiscord,
    bots: Bots,
    restart: Callable[[], Awaitable[None]],
    tables: int = TABLES,
) -> None:
    """Tables play; bot 0 is killed outright while clicks are in flight; `restart`
    brings a bot back. Every move acknowledged before the kill is in the log, at
    most the clicks in flight landed unseen, and the tables play on from there."""
    boards = await open_tables(fake, tables)
    tallies = {c: Tally() for c in boards}
    await load(fake, boards, tallies, 8, kill=lambda: bots.kill(0))
    in_flight = await settle_unanswered(fake, tallies)
    await restart()
    logged = await logged_moves(bots.url, list(boards))
    check(logged, tallies, in_flight)
    for channel, tally in tallies.items():
        tally.acked = logged[channel]
    await load(fake, boards, tallies, 2)
    assert await logged_moves(bots.url, list(boards)) == {c: t.acked for c, t in tallies.items()}
