"""Interactions answered under load: the real bot against the fake Discord on 127.0.0.1.

Many tables play at once; clicks arrive at a paced total rate, each on the live
board of a table whose previous click was answered (a player waits for the board
before clicking again). For each click we record how long the bot took to
acknowledge it (Discord's limit is 3 s; past it the player sees "This interaction
failed") and count the unanswered ones. The baseline is the same load on the
table's toy game (Pig), whose rules cost next to nothing: the ratio of the p99s
says what a real game's rules and rendering add to the bot's own path.

Acknowledgement is Discord's measure: the first answer to the click (an edit of
the board, or a deferral when the change is slow), p50/p95/p99 per game; "board
shown" is the click until the board shows the move, which comes after its commit.

The bot runs in a process of its own (`bench.load_bot`), as it would against
Discord, whose JSON, validation and gateway fan-out never run on the bot's CPU;
the fake Discord and the players run here, and find the board and whose move it
is as players do, from the messages (seat 0 is the host, alice; seat 1 bob). The
acknowledgement is split by the bot's own stamps (the monotonic clock is
system-wide): *to the bot* (the fake sends the interaction until discord.py
parses it: the socket and the bot's event loop queue), *dispatch* (parsed until
the board's click handler starts: discord.py's routing and the task's wait for
the loop), *handler* (until the callback request starts: the bot's own work
before acknowledging) and *back* (the callback's way to the fake). `commit` is
each step's durable commit, which a move's acknowledgement does not wait for.
`loop lag` is how late the bot's event loop wakes a 10 ms sleeper; `CPU` is each
process's CPU time per click. The fake's
OpenAPI check of every body (what the e2e tests are for) is off unless
`--check-bodies` is given: it would slow the fake, not the bot.

    .venv/bin/python -m bench.load_bench [--tables 50] [--rate 50] [--seconds 20]
        [--group-commit on|off]
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import re
import statistics
import tempfile
import time
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

from bench.load_bot import BotFigures, serve
from tests.fakediscord import FakeDiscord, FakeMessage, InteractionHandle
from tests.support.pig import ENGINE as PIG

MEMBERS = ("alice", "bob")
"""Seat 0 opens the table (the host), seat 1 joins."""
ANSWER_LIMIT = 3.0
ACKNOWLEDGED = (6, 7)
"""Callback types of a click carried out (the board edited now, or deferred and edited
after); anything else is a refusal, which leaves the board as it is."""
QUIET = 0.5
"""No request for this long after the last click: the bot's follow-ups are done."""
POLL = 0.02
BOARD_TIMEOUT = 60.0
"""How long the players wait, at the end, for the boards still to move."""
RECENT = 16
"""Messages from the bottom of a channel searched for the board (the bot posts it
again below once six messages sit under it)."""
MOVE = re.compile(r"^pd:(?P<kind>mv|sel):(?P<game>\d+):(?P<version>\d+):(?P<seat>\d+):")
LOBBY = re.compile(r"pd:lobby:join:(\d+)")
VERSIONED = re.compile(r"^pd:\w+:(?P<game>\d+):(?P<version>\d+)")


@dataclass
class Table:
    channel_id: int
    game_id: int


@dataclass
class LoadResult:
    game: str
    clicks: int = 0
    latencies: list[float] = field(default_factory=list)
    unanswered: int = 0
    shown: list[float] = field(default_factory=list)
    """Click to the board showing the move (after its commit: the move is durable)."""
    to_bot: list[float] = field(default_factory=list)
    dispatch: list[float] = field(default_factory=list)
    in_bot: list[float] = field(default_factory=list)
    back: list[float] = field(default_factory=list)
    loop_lag: list[float] = field(default_factory=list)
    commits: list[float] = field(default_factory=list)
    cpu_seconds: float = 0.0
    fake_cpu_seconds: float = 0.0
    """The fake Discord's and the players' process, for comparison."""

    def percentile(self, q: float, of: list[float] | None = None) -> float:
        values = self.latencies if of is None else of
        if not values:
            return float("nan")
        ordered = sorted(values)
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))]

    def _split(self, name: str, values: list[float]) -> str:
        return (
            f"{name} p50 {self.percentile(0.5, values) * 1000:.1f}"
            f" p99 {self.percentile(0.99, values) * 1000:.1f}"
        )

    def line(self) -> str:
        median = statistics.median(self.latencies) if self.latencies else float("nan")
        per_click = 1000 / self.clicks if self.clicks else float("nan")
        return (
            f"{self.game:>13}: {self.clicks} clicks, {self.unanswered} unanswered;"
            f" ack p50 {median * 1000:.1f} ms, p95 {self.percentile(0.95) * 1000:.1f} ms,"
            f" p99 {self.percentile(0.99) * 1000:.1f} ms;"
            f" board shown p50 {self.percentile(0.5, self.shown) * 1000:.1f} ms,"
            f" p99 {self.percentile(0.99, self.shown) * 1000:.1f} ms\n"
            f"{'':>15}ack split (ms): {self._split('to the bot', self.to_bot)},"
            f" {self._split('dispatch', self.dispatch)}, {self._split('handler', self.in_bot)},"
            f" {self._split('back', self.back)}\n{'':>15}"
            f"{self._split('commit', self.commits)}, {self._split('loop lag', self.loop_lag)};"
            f" CPU ms/click: bot"
            f" {self.cpu_seconds * per_click:.1f}, fake {self.fake_cpu_seconds * per_click:.1f}"
        )


def _versions(message: FakeMessage, game_id: int) -> list[int]:
    found = (VERSIONED.match(cid) for cid in message.custom_ids())
    return [int(m["version"]) for m in found if m and int(m["game"]) == game_id]


def _live_board(fake: FakeDiscord, table: Table) -> FakeMessage | None:
    """The newest message with the game's moves, as a player finds the board (it is
    posted again below once the event lines push it out of sight)."""
    for message in reversed(fake.messages(table.channel_id)):
        if any(MOVE.match(cid) for cid in message.custom_ids()):
            return message
    return None


async def _open_tables(fake: FakeDiscord, game: str, tables: int) -> list[Table]:
    opened = []
    for i in range(tables):
        channel = fake.add_channel(f"table-{i}")
        new = await fake.slash("alice", "game new", game=game, mode="digital", channel=channel)
        board = await new.original()
        opened.append(Table(channel.id, int(LOBBY.findall(" ".join(board.custom_ids()))[0])))
        await (await fake.click("bob", board, label="Join")).original()
        await (await fake.click("alice", board, label="Start")).original()
    return opened


async def _drive(
    fake: FakeDiscord, tables: list[Table], rate: float, seconds: float, shown: list[float]
) -> list[InteractionHandle]:
    """Paced clicks over the tables, round robin, skipping a table still waiting."""
    in_flight: dict[int, asyncio.Task[None]] = {}
    handles: list[InteractionHandle] = []
    watch = BoardWatch(fake)
    started = time.perf_counter()
    tick = 0
    while time.perf_counter() - started < seconds:
        table = tables[tick % len(tables)]
        tick += 1
        pending = in_flight.get(table.channel_id)
        if pending is None or pending.done():
            in_flight[table.channel_id] = asyncio.create_task(
                _click(fake, table, watch, handles, shown)
            )
        await asyncio.sleep(max(0.0, started + tick / rate - time.perf_counter()))
    await asyncio.wait_for(asyncio.gather(*in_flight.values()), BOARD_TIMEOUT)
    watch.close()
    return handles


async def _click(
    fake: FakeDiscord,
    table: Table,
    watch: BoardWatch,
    handles: list[InteractionHandle],
    shown: list[float],
) -> None:
    """The first move on the live board (its first button, else the first option of its
    first menu), pressed by the member of its seat; then wait for the board to move on."""
    board = _live_board(fake, table)
    if board is None:
        return
    for component in board.all_components():
        move = MOVE.match(str(component.get("custom_id", "")))
        if move is not None:
            break
    else:
        return
    who, cid, version = MEMBERS[int(move["seat"])], move.string, int(move["version"])
    started = time.perf_counter()
    moved = watch.expect(table, board.id, version)
    if move["kind"] == "mv":
        handle = await fake.click(who, board, cid)
    else:
        handle = await fake.select(who, board, cid, [component["options"][0]["value"]])
    handles.append(handle)
    if (await handle.response(timeout=BOARD_TIMEOUT))["type"] not in ACKNOWLEDGED:
        watch.drop(table)
        return
    await moved
    shown.append(time.perf_counter() - started)


class BoardWatch:
    """One watcher for every table waiting for its board to move past a version: fifty
    tables each polling the fake would cost the fake more than its clicks."""

    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake
        self._waiting: dict[int, tuple[Table, int, int, asyncio.Future[None]]] = {}
        self._task: asyncio.Task[None] | None = None

    def expect(self, table: Table, board_id: int, version: int) -> asyncio.Future[None]:
        moved = asyncio.get_running_loop().create_future()
        self._waiting[table.channel_id] = (table, board_id, version, moved)
        if self._task is None:
            self._task = asyncio.create_task(self._run())
        return moved

    def drop(self, table: Table) -> None:
        """The click was refused: the board will not move."""
        self._waiting.pop(table.channel_id, None)

    def close(self) -> None:
        if self._task is not None:
            self._task.cancel()

    async def _run(self) -> None:
        while True:
            await self.fake.pulse.wait(POLL)
            for channel_id, (table, board_id, version, moved) in list(self._waiting.items()):
                if self._moved_on(table, board_id, version):
                    del self._waiting[channel_id]
                    moved.set_result(None)

    def _moved_on(self, table: Table, board_id: int, version: int) -> bool:
        clicked = self.fake.message(board_id)
        if not clicked.deleted and clicked.custom_ids():  # a re-posted board's old copy goes
            return max(_versions(clicked, table.game_id), default=version) > version
        newest = self.fake.messages(table.channel_id)[-RECENT:]
        return any(v > version for m in newest for v in _versions(m, table.game_id))


async def _settle(fake: FakeDiscord) -> None:
    """Wait until the bot has stopped calling the fake (its last follow-ups and board
    edits), so stopping it interrupts nothing."""
    seen = -1
    while seen != len(fake.requests):
        seen = len(fake.requests)
        await asyncio.sleep(QUIET)


def _ask(pipe: Connection, command: str | None = None) -> asyncio.Future[Any]:
    """Send `command` (if any) to the bot process and wait for its answer off the loop."""
    if command is not None:
        pipe.send(command)
    return asyncio.get_running_loop().run_in_executor(None, pipe.recv)


async def _measure(
    game: str, tables: int, rate: float, seconds: float, group_commit: bool, check_bodies: bool
) -> LoadResult:
    shown: list[float] = []
    with tempfile.TemporaryDirectory() as folder:
        fake = await FakeDiscord(check_bodies=check_bodies).start()
        ours, theirs = multiprocessing.Pipe()
        settings = {
            "discord_token": fake.bot_token,
            "database": str(Path(folder) / "load.sqlite"),
            "discord_api_base": fake.api_base,
            "discord_gateway_url": fake.gateway_url,
            "seed": 11,
            "group_commit": group_commit,
        }
        bot = multiprocessing.get_context("spawn").Process(
            target=serve, args=(settings, theirs), name="load-bench-bot"
        )
        bot.start()
        theirs.close()
        try:
            if await _ask(ours) != "ready":
                raise RuntimeError("the bot process did not start")
            opened = await _open_tables(fake, game, tables)
            ours.send("mark")
            fake_cpu = -time.process_time()
            handles = await _drive(fake, opened, rate, seconds, shown)
            await fake.wait_idle()
            fake_cpu += time.process_time()
            await _settle(fake)
            figures: BotFigures = await _ask(ours, "stop")
        finally:
            bot.join(timeout=30)
            if bot.is_alive():
                bot.kill()
            await fake.stop()
    result = LoadResult(game=game, clicks=len(handles), shown=shown)
    result.loop_lag, result.cpu_seconds = figures.loop_lag, figures.cpu_seconds
    result.commits = figures.commits
    result.fake_cpu_seconds = fake_cpu
    for handle in handles:
        _account(result, handle, figures)
    fake.take_violations()
    return result


def _account(result: LoadResult, handle: InteractionHandle, figures: BotFigures) -> None:
    record = handle.record
    sent = record.deadline - ANSWER_LIMIT
    if record.answered_at is None or record.answered_at - sent > ANSWER_LIMIT:
        result.unanswered += 1
        return
    result.latencies.append(record.answered_at - sent)
    parsed, answering = figures.parsed.get(record.id), figures.answering.get(record.id)
    handling = figures.handling.get(record.id)
    if parsed is not None and answering is not None and handling is not None:
        result.to_bot.append(parsed - sent)
        result.dispatch.append(handling - parsed)
        result.in_bot.append(answering - handling)
        result.back.append(record.answered_at - answering)


def run(
    tables: int,
    rate: float,
    seconds: float,
    games: list[str],
    group_commit: bool = True,
    check_bodies: bool = False,
) -> list[LoadResult]:
    return [
        asyncio.run(_measure(g, tables, rate, seconds, group_commit, check_bodies))
        for g in [PIG.key, *games]
    ]
def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--rate", type=float, default=50.0, help="clicks per second in total")
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--games", default="hellboy-dice,hellraiser")
    parser.add_argument("--group-commit", choices=("on", "off"), default="on")
    parser.add_argument(
        "--check-bodies", action="store_true", help="the fake validates every body (slow)"
    )
    args = parser.parse_args(argv)
    group = args.group_commit == "on"
    results = run(
        args.tables, args.rate, args.seconds, args.games.split(","), group, args.check_bodies
    )
    print(
        f"{args.tables} tables, {args.rate:g} clicks/s for {args.seconds:g} s"
        f" (SQLite, group commit {args.group_commit},"
        f" bodies {'checked' if args.check_bodies else 'not checked'} by the fake)"
    )
    baseline = results[0]
    for result in results:
        ratio = result.percentile(0.99) / baseline.percentile(0.99)
        print(f"{result.line()}  (p99 {ratio:.1f}x the toy game's)")


if __name__ == "__main__":
    main()
