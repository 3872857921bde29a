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
The fake Discord runs on the bot's own event loop, and its OpenAPI check of every
JSON body (what the e2e tests are for) costs tens of milliseconds a body, more
than a click's whole work in the bot: the bench leaves it off unless
`--check-bodies` is given, so the figures are the bot's.

    .venv/bin/python -m bench.load_bench [--tables 50] [--rate 50] [--seconds 20]
        [--group-commit on|off]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from bot.app import PandemoniumBot, create_bot
from bot.settings import Settings
from engines import registry
from tests.fakediscord import FakeDiscord, FakeMessage, InteractionHandle, running_client
from tests.support.boards import board_now, board_recorded, press_first_move
from tests.support.pig import ENGINE as PIG

MEMBERS = ("alice", "bob")
ANSWER_LIMIT = 3.0


@dataclass
class LoadResult:
    game: str
    clicks: int = 0
    latencies: list[float] = field(default_factory=list)
    unanswered: int = 0
    shown: list[float] = field(default_factory=list)
    """Click to the board showing the move (after its commit: the move is durable)."""

    def percentile(self, q: float, of: list[float] | None = None) -> float:
        values = self.latencies if of is None else of
        if not values:
            return float("nan")
        ordered = sorted(values)
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))]

    def line(self) -> str:
        median = statistics.median(self.latencies) if self.latencies else float("nan")
        return (
            f"{self.game:>13}: {self.clicks} clicks, {self.unanswered} unanswered;"
            f" ack p50 {median * 1000:.1f} ms, p95 {self.percentile(0.95) * 1000:.1f} ms,"
            f" p99 {self.percentile(0.99) * 1000:.1f} ms;"
            f" board shown p50 {self.percentile(0.5, self.shown) * 1000:.1f} ms,"
            f" p99 {self.percentile(0.99, self.shown) * 1000:.1f} ms"
        )


async def _open_tables(
    fake: FakeDiscord, bot: PandemoniumBot, game: str, tables: int
) -> list[FakeMessage]:
    boards = []
    for i in range(tables):
        channel = fake.add_channel(f"table-{i}")
        new = await fake.slash("alice", "game new", game=game, mode="digital", channel=channel)
        board = await new.original()
        await board_recorded(fake, bot, board, channel)
        await (await fake.click("bob", board, label="Join")).original()
        await (await fake.click("alice", board, label="Start")).original()
        boards.append(fake.message(board.id))
    return boards


def _ack_latency(handle: InteractionHandle) -> float | None:
    record = handle.record
    if record.answered_at is None:
        return None
    return record.answered_at - (record.deadline - ANSWER_LIMIT)


async def _drive(
    fake: FakeDiscord,
    bot: PandemoniumBot,
    boards: list[FakeMessage],
    rate: float,
    seconds: float,
    shown: list[float],
) -> list[InteractionHandle]:
    """Paced clicks over the tables, round robin, skipping a table still waiting."""
    in_flight: dict[int, asyncio.Task[InteractionHandle]] = {}
    handles: list[InteractionHandle] = []
    started = time.perf_counter()
    tick = 0
    while time.perf_counter() - started < seconds:
        board = boards[tick % len(boards)]
        tick += 1
        pending = in_flight.get(board.id)
        if pending is None or pending.done():
            in_flight[board.id] = asyncio.create_task(_click(fake, bot, board, handles, shown))
        await asyncio.sleep(max(0.0, started + tick / rate - time.perf_counter()))
    await asyncio.gather(*in_flight.values(), return_exceptions=True)
    return handles


async def _click(
    fake: FakeDiscord,
    bot: PandemoniumBot,
    board: FakeMessage,
    handles: list[InteractionHandle],
    shown: list[float],
) -> InteractionHandle:
    current = await bot.table.current(board.channel_id)
    if current is None:
        raise LookupError("game over")
    started = time.perf_counter()
    handle = await press_first_move(fake, bot, board, MEMBERS)
    handles.append(handle)
    await handle.response()
    await board_now(fake, bot, board)
    shown.append(time.perf_counter() - started)
    return handle


async def _measure(
    game: str, tables: int, rate: float, seconds: float, group_commit: bool, check_bodies: bool
) -> LoadResult:
    shown: list[float] = []
    with tempfile.TemporaryDirectory() as folder:
        fake = await FakeDiscord(check_bodies=check_bodies).start()
        try:
            settings = Settings(
                discord_token=fake.bot_token,
                database=Path(folder) / "load.sqlite",
                discord_api_base=fake.api_base,
                discord_gateway_url=fake.gateway_url,
                seed=11,
                group_commit=group_commit,
            )
            bot = create_bot(settings, board_interval=0.2)
            async with running_client(fake, bot):
                boards = await _open_tables(fake, bot, game, tables)
                handles = await _drive(fake, bot, boards, rate, seconds, shown)
                await fake.wait_idle()
        finally:
            await fake.stop()
    result = LoadResult(game=game, clicks=len(handles), shown=shown)
    for handle in handles:
        latency = _ack_latency(handle)
        if latency is None or latency > ANSWER_LIMIT:
            result.unanswered += 1
        else:
            result.latencies.append(latency)
    fake.take_violations()
    return result


def run(
    tables: int,
    rate: float,
    seconds: float,
    games: list[str],
    group_commit: bool = True,
    check_bodies: bool = False,
) -> list[LoadResult]:
    registry.register(PIG)
    try:
        return [
            asyncio.run(_measure(g, tables, rate, seconds, group_commit, check_bodies))
            for g in [PIG.key, *games]
        ]
    finally:
        registry.unregister(PIG.key)


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
