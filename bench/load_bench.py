"""Interactions answered under an open-loop load of players: the real bot against the fake Discord.

Many tables play at once and clicks arrive at a fixed total rate whatever the bot's
speed (open loop): a player does not wait for the board to move before the next
click on that table, so one who clicks a board the bot has not caught up with gets
its polite "a step behind" answer, which counts as answered and is counted apart
(`stale`). Each click is a random legal move of any kind by the seat that owns it,
found on the messages as a player finds it (`bench.load_players`): any button or
menu of the board (a random number of picks within the menu's limits), the private
panel ("🃏 My turn") opened and used, a form filled when a press opens one; the
Hellboy board game companion is driven as a GM reports a session, mostly through
its `/hbboard` commands. A seeded generator makes every choice.

Each game's run has two parts, reported apart: the *opening* (every table opened,
joined and started at once, Hellraiser's characters picked until its map is laid,
the companion's agents and case set up) and the *steady* state that follows at the
fixed rate. A *bare* discord.py bot (`bench.load_bare`: it only acknowledges, by
editing the clicked message) takes the same rate over the same number of tables in
the same run, in its own process against its own fake: the real bot's ack p50 and
p99 divided by its say what the bot's own work adds (an opening is divided by the
bare bot's steady clicks too: it has no opening of its own).

Per game and part: *ack* (the click until Discord has the bot's first answer; past
3 s, or never, it is *unanswered*: the player saw "This interaction failed" and the
bot's late answer met 404 Unknown interaction), *board shown* (a carried-out click
until a board in the channel shows a newer version), how many answers were *stale*
and how many *refused* or private (one ephemeral sentence: a random pick the rules
refuse, an `/hbboard odds`), the bot's CPU per click and as a share of one core,
and the acknowledgement split by the bot's own stamps (monotonic clock, system
wide): *to the bot* (the fake sends it until discord.py parses it; split into the
*fake queue*, until the fake has written the frame to the bot's socket, and the
*bot read*, written until parsed), *dispatch*
(parsed until the board's click handler starts; move clicks only), *handler* (until
the callback leaves: the bot's own work before acknowledging), *back* (the
callback's way to the fake); `commit` is each step's durable commit and `loop lag`
how late the bot's loop wakes a 10 ms sleeper (with its longest stall, `max`). The
errors the bot logged are counted (`bot errors logged`: the bench's bot configures no
logging of its own, and a healthy run logs none), and so are the garbage collector's
full passes, with the longest and the objects tracked at the end (a pass walks them
all, holding the loop), and each part gives the machine's pace through it
(`bench.load_pace`: a fixed piece of work timed in the bot's process, so a run made
while the shared machine ran slow is seen as such). The bot runs in its own process
(`bench.load_bot`), as against Discord, whose JSON and fan-out never run on its CPU.

    .venv/bin/python -m bench.load_bench [--games pig,hellboy-dice,hellraiser,hellbringer,
        hellboy-board] [--tables 50] [--rate 50] [--seconds 30] [--seed 1]
        [--group-commit on|off] [--check-bodies] [--before COMMIT [--rounds N]]
        [--floor [as-sent,edits-answer,lines-on-board,both]] [--split]

`--before COMMIT` runs that commit's bot too, under the same load and players,
alternating with today's (`bench.load_before`), and prints the medians now / before:
issue 27's "half of today's CPU per click" is then measured on one machine, with
each run's pace, and the ratio again without a run made at another pace.
`--floor` follows each of today's runs with the floor's (`bench.load_floor`): the
run's calls replayed by a bot that builds nothing, so the CPU per click splits into
what the calls cost and what the bot's own work adds; with variants, also the calls
as two designs that send fewer would make them (each its own floor run).
`--split` adds an instrumented run of today's bot (`bench.load_split`): its CPU per
click by part (the rules, the layouts, the picture, SQLite's thread, the rest) and,
with `--floor` and `--before`, what the calls and the parts no design drops cost
against the older bot's CPU per click.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import multiprocessing
import os
import random
import statistics
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

from bench import load_bare, load_floor, load_pace, load_split
from bench.load_before import Figures, NoSuchCode, code_at, compared, serve_at
from bench.load_bot import serve
from bench.load_figures import BotFigures, probe_loop, time_full_collections
from bench.load_players import (
    BUTTON,
    COMPANION_SETUP,
    MEMBERS,
    PANEL,
    RECENT,
    REPORT,
    STRING_SELECT,
    CompanionGM,
    Player,
    Sent,
    Table,
    board_version,
    live_board,
    opened,
    picks,
    setting_up,
)
from bot.clicks import BEHIND, OUT_OF_DATE
from bot.presenting import PANEL_STALE
from tests.fakediscord import FakeDiscord
from tests.fakediscord.interactions import (
    APPLICATION_COMMAND,
    MODAL_SUBMIT,
    InteractionHandle,
    InteractionRecord,
)

GAMES = ("hellboy-dice", "hellraiser", "hellbringer", "hellboy-board")
BARE = "bare"
FLOOR = "floor"
"""The floor bot's runs (`bench.load_floor`): a game's calls replayed, nothing built."""
BASELINES = (BARE, FLOOR)
ANSWER_LIMIT = 3.0
STALE = (BEHIND, OUT_OF_DATE, PANEL_STALE)
EPHEMERAL = 64
QUIET = 0.5
"""No request for this long after the last click: the bot's follow-ups are done."""
POLL = 0.02
BOARD_TIMEOUT = 30.0
"""How long a player waits, at the end, for a board to show a carried-out click."""
OPENING_STEPS = 60
"""Random picks a table's players make at most until it is set up (Hellraiser's map
laid, every Hellbringer class chosen)."""
OPENING_TIMEOUT = 120.0
OPENING_MOVE_WAIT = 5.0
"""How long an opening player waits for the board to show a pick before looking
again (a pick that changed nothing, a panel redrawn, never moves it)."""
FIRST_ROUND = "Start round"
"""The companion's button that ends its setting up."""


def percentile(values: Sequence[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


@dataclass
class Part:
    """One part of one game's run (the opening, or the steady state), as measured."""

    game: str
    part: str
    records: list[InteractionRecord]
    wall: float
    bot: BotFigures
    bench_cpu: float
    """The fake Discord's and the players' CPU seconds (this process): near one core,
    the load generator, not the bot, sets the pace."""
    shown: list[float] = field(default_factory=list)
    kinds: Counter[str] = field(default_factory=Counter)
    bench_lag: list[float] = field(default_factory=list)
    """This process's loop lag: the fake Discord stamps an answer when its loop reads
    it, so a busy bench lengthens "back" and "to the bot" as much as a busy bot does."""
    bench_collections: list[float] = field(default_factory=list)
    """This process's full garbage collections: the fake keeps every message it was
    sent, and a pass over them stalls the bench, not the bot."""
    acks: list[float] = field(default_factory=list)
    acks_by_kind: dict[str, list[float]] = field(default_factory=dict)
    """The acks by what was sent (`kind_of`): a slow kind is seen, not averaged away."""
    unanswered: int = 0
    missed: list[str] = field(default_factory=list)
    """What each unanswered interaction was, and how late its answer came if it came."""
    stale: int = 0
    refused: int = 0
    sentences: Counter[str] = field(default_factory=Counter)
    """The refusals' and private answers' sentences, to see what the players tripped on."""
    to_bot: list[float] = field(default_factory=list)
    queued: list[float] = field(default_factory=list)
    """To the bot, first part: the fake's gateway queue, until the frame is written."""
    read: list[float] = field(default_factory=list)
    """To the bot, the rest: written until discord.py parsed it (the bot's reading)."""
    dispatch: list[float] = field(default_factory=list)
    handler: list[float] = field(default_factory=list)
    back: list[float] = field(default_factory=list)
    calls: Counter[str] = field(default_factory=Counter)
    """The bot's REST calls in the part, by the spec's route: each costs the bot a request
    sent and a reply parsed, and most bring a gateway event back."""

    def __post_init__(self) -> None:
        for record in self.records:
            self._account(record)

    def _account(self, record: InteractionRecord) -> None:
        sent = record.deadline - ANSWER_LIMIT
        if record.answered_at is None or record.answered_at - sent > ANSWER_LIMIT:
            self.unanswered += 1
            late = "never" if record.answered_at is None else \
                f"after {record.answered_at - sent:.1f} s"
            self.missed.append(f"{record.label} (answered {late})")
            return
        self.acks.append(record.answered_at - sent)
        self.acks_by_kind.setdefault(kind_of(record), []).append(record.answered_at - sent)
        answer = record.answer or {}
        data = answer.get("data") or {}
        if any(str(data.get("content") or "").startswith(s) for s in STALE):
            self.stale += 1
        elif int(data.get("flags") or 0) & EPHEMERAL and int(answer.get("type", 0)) == 4 \
                and not data.get("components") and not data.get("embeds"):
            self.refused += 1
            self.sentences[str(data.get("content") or "(an embed)")[:90]] += 1
        stamps = self.bot
        parsed, answering = stamps.parsed.get(record.id), stamps.answering.get(record.id)
        handling = stamps.handling.get(record.id)
        if parsed is not None and answering is not None:
            self.to_bot.append(parsed - sent)
            if record.written_at is not None:
                self.queued.append(record.written_at - sent)
                self.read.append(parsed - record.written_at)
            self.back.append(record.answered_at - answering)
            if handling is not None:
                self.dispatch.append(handling - parsed)
                self.handler.append(answering - handling)

    @property
    def clicks(self) -> int:
        return len(self.records)

    def ack(self, q: float) -> float:
        return percentile(self.acks, q)

    def cpu_per_click(self) -> float:
        """The bot's CPU in the part, in ms per interaction."""
        return self.bot.cpu_seconds * 1000.0 / self.clicks if self.clicks else float("nan")

    def parts_per_click(self) -> dict[str, float]:
        """With `--split`: the CPU per click by part (`bench.load_split`)."""
        return load_split.per_click(self.bot.cpu_seconds, self.bot.parts, self.bot.wrapped_calls,
                                    self.bot.threads.get("storage", 0.0), self.bot.wrapped_cost,
                                    self.clicks)

    def lines(self, bare: Part | None) -> list[str]:
        """Every figure the issue's targets name, one labelled line each."""
        name = f"{self.game} {self.part}"
        ms = 1000.0

        def most(values: Sequence[float]) -> str:
            """The longest stall: one stall holds every interaction in flight, which
            a percentile of the probe's many wake-ups does not show."""
            return f"{max(values) * ms:.1f}" if values else "nan"

        def split(label: str, values: Sequence[float]) -> str:
            return (f"{label} p50 {percentile(values, 0.5) * ms:.1f}"
                    f" p99 {percentile(values, 0.99) * ms:.1f}")

        per_click = self.cpu_per_click()
        core = 100 * self.bot.cpu_seconds / self.wall if self.wall else float("nan")
        out = [
            f"{name}: interactions {self.clicks} in {self.wall:.1f} s"
            + (f" ({', '.join(f'{k} {n}' for k, n in sorted(self.kinds.items()))})"
               if self.kinds else ""),
            f"{name}: unanswered {self.unanswered}"
            + "".join(f"; {what}" for what in self.missed[:3]),
            f"{name}: stale answers {self.stale}",
            f"{name}: refused (one private sentence) {self.refused}"
            + "".join(f"; {n}x {text!r}" for text, n in self.sentences.most_common(3)),
            f"{name}: ack p50 {self.ack(0.5) * ms:.1f} ms, p95 {self.ack(0.95) * ms:.1f} ms,"
            f" p99 {self.ack(0.99) * ms:.1f} ms",
            f"{name}: ack by kind (ms): " + "; ".join(
                f"{kind} p50 {percentile(acks, 0.5) * ms:.1f} p99 {percentile(acks, 0.99) * ms:.1f}"
                f" ({len(acks)})" for kind, acks in sorted(self.acks_by_kind.items())),
        ]
        if self.shown or self.part == "steady":
            out.append(f"{name}: board shown p50 {percentile(self.shown, 0.5) * ms:.1f} ms,"
                       f" p99 {percentile(self.shown, 0.99) * ms:.1f} ms ({len(self.shown)} shown)")
        if bare is not None and bare.acks:
            out.append(f"{name}: bot / bare ack p50 {self.ack(0.5) / bare.ack(0.5):.2f}x,"
                       f" p99 {self.ack(0.99) / bare.ack(0.99):.2f}x")
        out.append(f"{name}: bot CPU {per_click:.1f} ms per click, {core:.0f} % of a core")
        if self.bot.threads and self.clicks:
            out.append(f"{name}: bot CPU by thread (ms per click): " + ", ".join(
                f"{kind} {seconds * ms / self.clicks:.2f}"
                for kind, seconds in self.bot.threads.items()))
        out.append(load_pace.pace_line(name, self.bot.pace))
        if self.bot.parts and self.clicks:
            out.append(load_split.parts_line(name, self.parts_per_click(),
                                             sum(self.bot.wrapped_calls.values()) / self.clicks))
            out.append(load_split.threads_line(name, self.bot.parts_by_thread,
                                               self.bot.threads, self.clicks))
        if self.calls and self.clicks:
            out.append(f"{name}: REST calls per click {sum(self.calls.values()) / self.clicks:.2f}"
                       + "".join(f"; {route} {n / self.clicks:.2f}"
                                 for route, n in self.calls.most_common(5)))
        out.append(f"{name}: bot errors logged {sum(self.bot.errors.values())}"
                   + "".join(f"; {n}x {text!r}" for text, n in self.bot.errors.most_common(3)))
        out.append(f"{name}: bot full collections {len(self.bot.full_collections)}, longest"
                   f" {most(self.bot.full_collections)} ms; objects tracked at the end"
                   f" {self.bot.tracked}; bench full collections"
                   f" {len(self.bench_collections)}, longest {most(self.bench_collections)} ms")
        out.append(f"{name}: bot connections opened {len(self.bot.connecting)}"
                   f" (each {split('took', self.bot.connecting)} ms)")
        out.append(f"{name}: bench (fake Discord and players) CPU"
                   f" {100 * self.bench_cpu / self.wall if self.wall else float('nan'):.0f} %"
                   " of a core")
        out.append(f"{name}: ack split (ms): {split('to the bot', self.to_bot)}"
                   f" ({split('fake queue', self.queued)}, {split('bot read', self.read)}),"
                   f" {split('dispatch', self.dispatch)}, {split('handler', self.handler)},"
                   f" {split('back', self.back)}; {split('commit', self.bot.commits)},"
                   f" {split('loop lag', self.bot.loop_lag)} max {most(self.bot.loop_lag)},"
                   f" {split('bench loop lag', self.bench_lag)} max {most(self.bench_lag)}")
        return out


def kind_of(record: InteractionRecord) -> str:
    """What a player sent, as the report sorts acks: a command by its name, a form, or
    a button or menu (on a private message, or the board's report or panel button)."""
    data = record.payload.get("data") or {}
    if record.type == APPLICATION_COMMAND:
        return f"command /{data.get('name')}"
    if record.type == MODAL_SUBMIT:
        return "form"
    custom_id = str(data.get("custom_id") or "")
    what = "button" if data.get("component_type") == BUTTON else "menu"
    if REPORT.match(custom_id):
        return f"report {what}"
    if PANEL.match(custom_id):
        return f"panel {what}"
    flags = int((record.payload.get("message") or {}).get("flags") or 0)
    return f"private {what}" if flags & EPHEMERAL else what


@dataclass
class GameRun:
    game: str
    opening: Part | None
    steady: Part
    script: load_floor.Script = field(default_factory=list)
    """The steady part's calls per interaction, for the floor (`bench.load_floor`)."""
    unreplayed: Counter[str] = field(default_factory=Counter)
    """Calls of the steady part the floor cannot replay, by route."""

    def labelled(self, label: str) -> GameRun:
        """The run reported under another name (an older bot's, `--before`)."""
        for part in (self.opening, self.steady):
            if part is not None:
                part.game = label
        self.game = label
        return self

    def figures(self) -> Figures:
        """The figures `--before` compares: the same ones the report prints."""
        ms = 1000.0
        steady = self.steady
        return Figures(
            cpu_per_click=steady.cpu_per_click(),
            ack_p50=steady.ack(0.5) * ms, ack_p99=steady.ack(0.99) * ms,
            shown_p99=percentile(steady.shown, 0.99) * ms,
            opening_ack_p99=self.opening.ack(0.99) * ms if self.opening else float("nan"),
            pace=statistics.median(steady.bot.pace) if steady.bot.pace else float("nan"))


class BoardWatch:
    """One watcher for every carried-out click waiting for its board to show a newer
    version (several per table: the load does not wait); fifty tables each polling
    the fake would cost the fake more than its clicks."""

    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake
        self._waiting: dict[int, list[tuple[Table, int, asyncio.Future[None]]]] = {}
        self._task: asyncio.Task[None] | None = None

    def expect(self, table: Table, version: int) -> asyncio.Future[None]:
        moved = asyncio.get_running_loop().create_future()
        self._waiting.setdefault(table.channel_id, []).append((table, version, moved))
        if self._task is None:
            self._task = asyncio.create_task(self._run())
        return moved

    def close(self) -> None:
        if self._task is not None:
            self._task.cancel()

    async def _run(self) -> None:
        while True:
            await asyncio.sleep(POLL)  # not on every pulse: fifty busy channels pulse often
            for channel_id, waits in list(self._waiting.items()):
                if not waits:
                    continue
                shown = self._newest(waits[0][0])
                keep = []
                for table, version, moved in waits:
                    if shown is not None and shown > version:
                        if not moved.done():
                            moved.set_result(None)
                    elif not moved.done():
                        keep.append((table, version, moved))
                self._waiting[channel_id] = keep

    def _newest(self, table: Table) -> int | None:
        recent = self.fake.newest_messages(table.channel_id, RECENT)
        found = [board_version(m, table.game_id) for m in recent]
        return max((v for v in found if v is not None), default=None)


def carried_out(record: InteractionRecord) -> bool:
    """The bot took the click (edited the board, deferred and not refused after,
    answered in public)."""
    answer = record.answer or {}
    data = answer.get("data") or {}
    if any(str(data.get("content") or "").startswith(s) for s in STALE):
        return False
    kind = int(answer.get("type", 0))
    return kind in (6, 7) or (kind in (4, 5) and not int(data.get("flags") or 0) & EPHEMERAL)


async def follow(sent: Sent, watch: BoardWatch, shown: list[float]) -> None:
    """Wait for the answer, then (for a carried-out move) for the board to show it."""
    record = sent.handle.record
    started = record.deadline - ANSWER_LIMIT
    if sent.version is None:
        return
    moved = watch.expect(sent.table, sent.version)
    try:
        await sent.handle.response(timeout=ANSWER_LIMIT + 1)
    except AssertionError:
        moved.cancel()
        return
    if not carried_out(record):
        moved.cancel()
        return
    refused = asyncio.ensure_future(refused_later(sent.handle))
    try:
        done, _ = await asyncio.wait(
            {moved, refused}, timeout=BOARD_TIMEOUT, return_when=asyncio.FIRST_COMPLETED)
    finally:
        refused.cancel()
        await asyncio.gather(refused, return_exceptions=True)
    if moved in done:
        shown.append(time.monotonic() - started)
    else:
        moved.cancel()


async def refused_later(handle: InteractionHandle) -> None:
    """Return only if a click acknowledged at once is then refused (one private
    sentence instead of the board's edit): its board will not move."""
    with contextlib.suppress(AssertionError):
        await handle.settled(timeout=BOARD_TIMEOUT)
    if handle.record.private_reply is None:
        await asyncio.Event().wait()  # carried out: only the board's move ends the wait


async def drive(player: Player, tables: list[Table], rate: float, seconds: float,
                shown: list[float]) -> list[asyncio.Task[None]]:
    """Clicks at a fixed total rate over the tables, round robin, whatever the bot
    does: the clock decides when the next one leaves, not the previous answer."""
    watch = BoardWatch(player.fake)
    running: set[asyncio.Task[Any]] = set()
    followers: list[asyncio.Task[None]] = []
    player.on_sent = lambda sent: followers.append(
        asyncio.create_task(follow(sent, watch, shown)))
    started = time.monotonic()
    tick = 0
    while time.monotonic() - started < seconds:
        task = asyncio.create_task(player.act(tables[tick % len(tables)]))
        running.add(task)
        task.add_done_callback(running.discard)
        tick += 1
        await asyncio.sleep(max(0.0, started + tick / rate - time.monotonic()))
    if running:
        await asyncio.wait(running, timeout=BOARD_TIMEOUT)
    player.on_sent = None
    await _idle(player.fake)
    await _settle(player.fake)
    await asyncio.sleep(POLL * 2)  # the watch's last look at the boards
    for follower in followers:
        follower.cancel()  # a carried-out press that moves no board (a panel redrawn)
    await asyncio.gather(*followers, return_exceptions=True)
    watch.close()
    return followers


async def open_table(fake: FakeDiscord, player: Player, game: str, index: int) -> Table:
    """A table as a group gets it going: opened, joined, started; Hellraiser's
    characters picked until its map is laid, the companion's agents and case."""
    table = await opened(fake, game, index)
    if game == "hellboy-board":
        for command, options in COMPANION_SETUP:
            handle = await fake.slash(MEMBERS[0], f"hbboard {command}",
                                      channel=table.channel_id, options=options)
            await handle.settled(timeout=OPENING_TIMEOUT)
        board = live_board(fake, table)
        if board is not None:
            start = next((c for c in board.all_components()
                          if str(c.get("label", "")).startswith(FIRST_ROUND)), None)
            if start is not None:
                click = await fake.click(MEMBERS[0], board, str(start["custom_id"]))
                await click.settled(timeout=OPENING_TIMEOUT)
    else:
        for _ in range(OPENING_STEPS):
            board = live_board(fake, table)
            if board is None or not setting_up(game, board):
                break
            before = len(player.sent)
            await player.act(table)
            for sent in player.sent[before:]:
                await sent.handle.settled(timeout=OPENING_TIMEOUT)
            if any(carried_out(s.handle.record) for s in player.sent[before:]):
                await _board_moved(fake, table, board_version(board, table.game_id))

    return table


async def _board_moved(fake: FakeDiscord, table: Table, version: int | None) -> None:
    def moved() -> bool:
        board = live_board(fake, table)
        now = None if board is None else board_version(board, table.game_id)
        return version is None or (now is not None and now > version)

    try:
        await fake.wait_until(moved, timeout=OPENING_MOVE_WAIT)
    except AssertionError:
        return


async def _idle(fake: FakeDiscord) -> None:
    """Wait for the bot to answer what it was sent; what it never answers (a bot that
    stopped serving its tables) is counted unanswered, not a crash of the bench."""
    with contextlib.suppress(AssertionError):
        await fake.wait_idle(timeout=ANSWER_LIMIT + 2)


async def _settle(fake: FakeDiscord) -> None:
    """Wait until the bot has stopped calling the fake (its last follow-ups and board
    edits), so stopping it interrupts nothing."""
    seen = -1
    while seen != len(fake.requests):
        seen = len(fake.requests)
        await asyncio.sleep(QUIET)


def _ask(pipe: Connection, command: Any = None) -> asyncio.Future[Any]:
    """Send `command` (if any) to the bot process and wait for its answer off the loop."""
    if command is not None:
        pipe.send(command)
    return asyncio.get_running_loop().run_in_executor(None, pipe.recv)


@dataclass
class Load:
    tables: int
    rate: float
    seconds: float
    seed: int
    group_commit: bool = True
    check_bodies: bool = False


async def measure(game: str, load: Load, code: Path | None = None,
                  script: load_floor.Script | None = None, split: bool = False) -> GameRun:
    """One game's run (or the bare bot's, or with `script` the floor's): its own fake,
    its own bot process, running today's bot or the one in `code` (`bench.load_before`);
    with `split`, today's bot counting the parts of its work (`bench.load_split`)."""
    rng = random.Random(f"{load.seed}:{game}")
    with tempfile.TemporaryDirectory() as folder:
        fake = await FakeDiscord(check_bodies=load.check_bodies).start()
        ours, theirs = multiprocessing.Pipe()
        settings = {
            "discord_token": fake.bot_token,
            "database": str(Path(folder) / "load.sqlite"),
            "discord_api_base": fake.api_base,
            "discord_gateway_url": fake.gateway_url,
            "seed": load.seed,
            "group_commit": load.group_commit,
            "web_port": 0,
        }
        target: Callable[..., None] = load_bare.serve if game == BARE else serve
        args: tuple[Any, ...] = (settings, theirs, *((True,) if split else ()))
        if code is not None and game not in BASELINES:
            target, args = serve_at, (str(code), *args)
        if game == FLOOR:
            target, args = load_floor.serve, (script or [], *args)
        bot = multiprocessing.get_context("spawn").Process(
            target=target, args=args, name=f"load-bench-{game}")
        bot.start()
        theirs.close()
        try:
            if await _ask(ours) != "ready":
                raise RuntimeError("the bot process did not start")
            player = PLAYERS.get(game, Player)(fake, rng)
            run = await _parts(fake, ours, player, game, load)
        finally:
            bot.join(timeout=30)
            if bot.is_alive():
                bot.kill()
            await fake.stop()
        fake.take_violations()
    return run


NO_FULL_PASSES = 1_000_000
"""Young collections between two full ones, while a run is measured: none happens."""


async def _parts(fake: FakeDiscord, pipe: Connection, player: Player, game: str,
                 load: Load) -> GameRun:
    """A game's run, with this process's loop lag and full collections noted
    throughout. The fake keeps every message it was sent: a full collection walking
    them stalled this process for 140–290 ms, and every interaction in flight was
    then stamped late, charged to the bot. Real Discord does not run in this process,
    so full passes wait until the run is over; young objects are still collected."""
    lags: list[float] = []
    collections: list[float] = []
    probe = asyncio.create_task(probe_loop(lags))
    timed = time_full_collections(collections)
    thresholds = gc.get_threshold()
    gc.set_threshold(thresholds[0], thresholds[1], NO_FULL_PASSES)
    try:
        return await _measured_parts(fake, pipe, player, game, load, lags, collections)
    finally:
        gc.set_threshold(*thresholds)
        gc.callbacks.remove(timed)
        probe.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await probe


async def _measured_parts(fake: FakeDiscord, ours: Connection, player: Player, game: str,
                          load: Load, lags: list[float], collections: list[float]
                          ) -> GameRun:
    opening: Part | None = None
    ours.send("mark")
    began, cpu = time.monotonic(), time.process_time()
    if game in BASELINES:
        channels = [fake.add_channel(f"bare-{i}") for i in range(load.tables)]
        if await _ask(ours, [c.id for c in channels]) != "posted":
            raise RuntimeError(f"the {game} bot did not post its boards")
        tables = [Table(c.id, 0, game) for c in channels]
    else:
        tables = list(await asyncio.gather(
            *(open_table(fake, player, game, i) for i in range(load.tables))))
    await _idle(fake)
    await _settle(fake)
    wall, cpu = time.monotonic() - began, time.process_time() - cpu
    figures: BotFigures = await _ask(ours, "take")
    if game not in BASELINES:
        opening = Part(game, "opening", list(fake.interactions), wall, figures, cpu,
                       bench_lag=list(lags), bench_collections=list(collections))
    lags.clear()
    collections.clear()
    before, calls = len(fake.interactions), len(fake.requests)
    player.sent.clear()
    shown: list[float] = []
    began, cpu = time.monotonic(), time.process_time()
    await drive(player, tables, load.rate, load.seconds, shown)
    wall, cpu = time.monotonic() - began, time.process_time() - cpu
    await _idle(fake)
    await _settle(fake)
    figures = await _ask(ours, "stop")
    steady = Part(game, "steady", list(fake.interactions[before:]), wall, figures, cpu, shown,
                  Counter(s.what for s in player.sent), list(lags),
                  calls=Counter(str(r.route) for r in fake.requests[calls:]),
                  bench_collections=list(collections))
    if game in BASELINES:
        return GameRun(game, opening, steady)
    return GameRun(game, opening, steady,
                   *load_floor.script_of(fake.interactions[before:], fake.requests[calls:]))


class BarePlayer(Player):
    """The bare bot's players: its board's button, or a pick of its menu."""

    async def act(self, table: Table) -> None:
        board = next((m for m in reversed(self.fake.newest_messages(table.channel_id, RECENT))
                      if load_bare.BUTTON in m.custom_ids()), None)
        if board is None:
            return
        who = self.rng.choice(MEMBERS)
        if self.rng.random() < 0.5:
            await self._send(table, "button", None, self.fake.click(who, board, load_bare.BUTTON))
        else:
            await self._send(table, "menu", None, self.fake.select(
                who, board, load_bare.MENU, [self.rng.choice(("one", "two"))]))


class FloorPlayer(Player):
    """The floor bot's players. Its boards carry the real bot's components once an
    edit is replayed on them, and the floor answers any click alike, so a player
    uses any enabled button or menu of the channel's newest message that has one."""

    async def act(self, table: Table) -> None:
        for message in reversed(self.fake.newest_messages(table.channel_id, RECENT)):
            usable = [c for c in message.all_components()
                      if c.get("type") in (BUTTON, STRING_SELECT) and "custom_id" in c
                      and not c.get("disabled")]
            if not usable:
                continue
            used, who = self.rng.choice(usable), self.rng.choice(MEMBERS)
            custom_id = str(used["custom_id"])
            if used["type"] == BUTTON:
                await self._send(table, "button", None, self.fake.click(who, message, custom_id))
            else:
                await self._send(table, "menu", None, self.fake.select(
                    who, message, custom_id, picks(self.rng, used)))
            return


PLAYERS: dict[str, type[Player]] = {
    BARE: BarePlayer, FLOOR: FloorPlayer, "hellboy-board": CompanionGM}


def heading(load: Load) -> str:
    return (f"{load.tables} tables, {load.rate:g} clicks/s for {load.seconds:g} s, seed"
            f" {load.seed} (SQLite, group commit {'on' if load.group_commit else 'off'},"
            f" bodies {'checked' if load.check_bodies else 'not checked'} by the fake)")


def report(game_run: GameRun, bare: GameRun | None) -> list[str]:
    """A run's lines, the load average when it ended first (the machine is shared)."""
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    out = [f"{game_run.game}: load average {load} at its end"]
    if game_run.opening is not None:
        out += game_run.opening.lines(None if bare is None else bare.steady)
    return out + game_run.steady.lines(None if bare is None else bare.steady)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=",".join(GAMES),
                        help=f"comma-separated: {', '.join(GAMES)}, pig")
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--rate", type=float, default=50.0, help="clicks per second in total")
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--group-commit", choices=("on", "off"), default="on")
    parser.add_argument("--check-bodies", action="store_true",
                        help="the fake validates every body (slow)")
    parser.add_argument("--before", metavar="COMMIT",
                        help="also run the bot as it was at COMMIT (git), alternating with"
                             " today's, and print the ratios now / before")
    parser.add_argument("--rounds", type=int, default=1,
                        help="with --before: runs of each bot per game, alternated")
    parser.add_argument("--floor", nargs="?", const=load_floor.AS_SENT, default="",
                        metavar="VARIANTS",
                        help="after each run of today's bot, replay its calls with nothing"
                             " built (bench.load_floor): what the calls alone cost; comma-"
                             f"separated, of: {', '.join(load_floor.VARIANTS)}")
    parser.add_argument("--split", action="store_true",
                        help="after each run of today's bot, an instrumented run that counts"
                             " its CPU by part: rules, layouts, picture (bench.load_split);"
                             " with --floor, the parts a bot keeps against the calls")
    args = parser.parse_args(argv)
    if args.rounds < 1 or (args.rounds != 1 and args.before is None):
        parser.error("--rounds counts the runs of each bot with --before: 1 or more")
    floors = [v for v in args.floor.split(",") if v]
    unknown = [v for v in floors if v not in load_floor.VARIANTS]
    if unknown:
        parser.error(f"--floor: no variant {', '.join(unknown)}; there are"
                     f" {', '.join(load_floor.VARIANTS)}")
    load = Load(args.tables, args.rate, args.seconds, args.seed,
                args.group_commit == "on", args.check_bodies)
    print(heading(load), flush=True)
    games = [g for g in args.games.split(",") if g]
    if args.before is None:
        _run(games, load, None, "", 1, floors, args.split)
        return
    try:
        with code_at(args.before) as code:
            _run(games, load, code, args.before, args.rounds, floors, args.split)
    except NoSuchCode as exc:
        parser.error(f"--before {args.before}: {exc}")


def _run(games: Sequence[str], load: Load, code: Path | None, commit: str, rounds: int,
         floors: Sequence[str] = (), split: bool = False) -> None:
    """Each game's runs after the bare bot's; with `code`, the older bot's and today's
    alternate `rounds` times and the comparison follows; with `floors`, each of today's
    runs is followed by the floor's replay of its calls, once per variant; with
    `split`, by an instrumented run of today's bot too (`bench.load_split`)."""
    bare = asyncio.run(measure(BARE, load))
    for line in report(bare, None):
        print(line, flush=True)
    for game in games:
        before: list[Figures] = []
        now: list[Figures] = []
        floored: dict[str, list[float]] = {variant: [] for variant in floors}
        splits: list[dict[str, float]] = []
        for _ in range(rounds):
            if code is not None:
                old = asyncio.run(measure(game, load, code)).labelled(f"{game} before")
                before.append(old.figures())
                for line in report(old, bare):
                    print(line, flush=True)
            run = asyncio.run(measure(game, load))
            now.append(run.figures())
            for line in report(run, bare):
                print(line, flush=True)
            for variant, cpu in floored.items():
                cpu.append(_floor(game, load, run, bare, variant))
            if split:
                splits.append(_split(game, load, bare))
        if code is not None:
            for line in compared(game, commit, before, now):
                print(line, flush=True)
        for variant, cpu in floored.items():
            for line in load_floor.floor_lines(
                    game, cpu, [f.cpu_per_click for f in now],
                    [f.cpu_per_click for f in before], commit, variant):
                print(line, flush=True)
        if splits:
            for line in load_split.split_lines(
                    game, splits, floored.get(load_floor.AS_SENT, []),
                    [f.cpu_per_click for f in before], commit):
                print(line, flush=True)


def _split(game: str, load: Load, bare: GameRun) -> dict[str, float]:
    """An instrumented run of today's bot, reported; its CPU per click by part."""
    run = asyncio.run(measure(game, load, split=True)).labelled(f"{game} split")
    for line in report(run, bare):
        print(line, flush=True)
    return run.steady.parts_per_click()


def _floor(game: str, load: Load, run: GameRun, bare: GameRun, variant: str) -> float:
    """The floor's run of `run`'s calls (as `variant` makes them), reported; its CPU
    per click."""
    name = f"{game} floor" + ("" if variant == load_floor.AS_SENT else f" {variant}")
    floor = asyncio.run(measure(
        FLOOR, load, script=load_floor.varied(run.script, variant))).labelled(name)
    lines = report(floor, bare)
    if run.unreplayed:
        lines.append(f"{name}: calls not replayed " + "; ".join(
            f"{route} {n}" for route, n in run.unreplayed.most_common()))
    for line in lines:
        print(line, flush=True)
    return floor.steady.cpu_per_click()

if __name__ == "__main__":
    main()
