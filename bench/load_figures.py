"""What a bot process of the load bench measures about itself, sent to the bench.

Kept apart from `bench.load_bot` so the bare baseline (`bench.load_bare`) keeps the
same figures without depending on the real bot's module.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import threading
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from contextvars import ContextVar
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from typing import Any

import aiohttp
import discord
from discord.webhook.async_ import AsyncWebhookAdapter

from bench import load_pace, load_split

PROBE_INTERVAL = 0.01
"""How often the probe asks the loop to wake it; the lateness is the loop's lag."""


@dataclass
class BotFigures:
    """What the bot process measured between `mark` and `stop` (sent to the parent)."""

    parsed: dict[int, float] = field(default_factory=dict)
    """Interaction id to when discord.py parsed its INTERACTION_CREATE."""
    handling: dict[int, float] = field(default_factory=dict)
    """Interaction id to when the board's click handler began (after discord.py's
    dispatch: the rest of the wait is the bot's own path to the callback)."""
    answering: dict[int, float] = field(default_factory=dict)
    """Interaction id to when the bot began its callback request."""
    commits: list[float] = field(default_factory=list)
    """How long each step's durable commit took (the lock is held meanwhile)."""
    loop_lag: list[float] = field(default_factory=list)
    cpu_seconds: float = 0.0
    connecting: list[float] = field(default_factory=list)
    """How long each new connection to the (fake) API took to open: a request that
    finds no idle connection waits for one (`bot.http_pool`)."""
    errors: Counter[str] = field(default_factory=Counter)
    """Errors the bot process logged, by the start of their message: the bench's bot
    configures no logging and discord.py's logger has a handler that drops everything,
    so an error on every click went unseen until it was counted."""
    full_collections: list[float] = field(default_factory=list)
    """How long each of the garbage collector's full passes took: one holds the loop
    (and every thread) for as long as it walks every object it tracks."""
    tracked: int = 0
    """Objects the collector tracked when the figures were taken: what a full pass
    walks (what `gc.freeze` kept at start-up is not counted)."""
    code: str = ""
    """The folder the bot's packages were imported from (`--before` runs an older one)."""
    threads: dict[str, float] = field(default_factory=dict)
    """The part's CPU seconds by what the threads do (`thread_kind`): the floor
    (`bench.load_floor`) says how much of a click is the bot's own work, and this
    says where that work runs."""
    parts: dict[str, float] = field(default_factory=dict)
    """With `--split` (`bench.load_split`): the part's CPU seconds by part of the bot's
    own work (rules, layouts, picture); empty otherwise."""
    wrapped_calls: dict[str, int] = field(default_factory=dict)
    """With `--split`: how many wrapped calls the part made, by part."""
    wrapped_cost: float = 0.0
    """With `--split`: the CPU seconds one wrapped call adds in this process."""
    parts_by_thread: dict[str, dict[str, float]] = field(default_factory=dict)
    """With `--split`: `parts` by kind of thread (`thread_kind`), the probe's cost in."""
    pace: list[float] = field(default_factory=list)
    """The machine's pace through the part (`bench.load_pace`): each timing of the fixed
    work, in ms of CPU. Their CPU is not in `cpu_seconds` nor in `threads`."""
    _thread_marks: dict[int, float] = field(default_factory=dict)

    def mark(self) -> None:
        """Start afresh: what follows is one part of the run (the opening, the rest)."""
        for stamps in (self.parsed, self.handling, self.answering):
            stamps.clear()
        self.commits.clear()
        self.loop_lag.clear()
        self.connecting.clear()
        self.errors.clear()
        self.full_collections.clear()
        self.cpu_seconds = -time.process_time()
        self._thread_marks = {ident: seconds for ident, _, seconds in threads_cpu()}
        load_split.mark()
        load_pace.PACE.mark()

    def taken(self) -> BotFigures:
        """The figures so far (the CPU time counted up to now), and start afresh."""
        figures = BotFigures(dict(self.parsed), dict(self.handling), dict(self.answering),
                             list(self.commits), list(self.loop_lag), 0.0,
                             list(self.connecting), Counter(self.errors),
                             list(self.full_collections), len(gc.get_objects()), self.code)
        figures.cpu_seconds, figures.threads, figures.pace = self.cpu_since()
        figures.parts_since()
        self.mark()
        return figures

    def cpu_since(self) -> tuple[float, dict[str, float], list[float]]:
        """The process's CPU seconds since the mark, by kind of thread too, and the pace's
        timings: the pace thread's CPU is in neither (`bench.load_pace`)."""
        pace, spent = load_pace.PACE.since()
        return self.cpu_seconds + time.process_time() - spent, self.threads_since(spent), pace

    def parts_since(self) -> None:
        """Note the parts' CPU since the mark (`bench.load_split`; nothing without it)."""
        if load_split.instrumented():
            self.parts, self.wrapped_calls = load_split.since()
            self.wrapped_cost = load_split.cost()
            kinds = {t.ident: thread_kind(t) for t in threading.enumerate()}
            self.parts_by_thread = {}
            for ident, seconds in load_split.by_thread().items():
                kind = self.parts_by_thread.setdefault(
                    kinds.get(ident, "other"), dict.fromkeys(seconds, 0.0))
                for part, spent in seconds.items():
                    kind[part] += spent

    def threads_since(self, paced: float) -> dict[str, float]:
        """CPU seconds since the mark by kind of thread; a thread that ended meanwhile
        is in "other", as the process's total less the live threads' share. The pace
        thread is left out, and `paced`, its CPU, taken off the total."""
        spent = dict.fromkeys(("loop", "workers", "storage", "other"), 0.0)
        for ident, kind, seconds in threads_cpu():
            if kind != PACE_KIND:
                spent[kind] += seconds - self._thread_marks.get(ident, 0.0)
        spent["other"] += self.cpu_seconds + time.process_time() - paced - sum(spent.values())
        return spent


def thread_kind(thread: threading.Thread) -> str:
    """What a bot process's thread does: the event loop, the worker pool
    (`bot.workers`), SQLite's (aiosqlite's connection thread), or anything else."""
    if thread is threading.main_thread():
        return "loop"
    if load_pace.is_pace_thread(thread):
        return PACE_KIND
    if thread.name.startswith(WORKER_THREADS):
        return "workers"
    if "_connection_worker_thread" in thread.name:
        return "storage"
    return "other"


PACE_KIND = "pace"
"""The pace thread's kind (`bench.load_pace`): the bench's, not the bot's."""

WORKER_THREADS = "pandemonium-cpu"
"""`bot.workers.THREAD_NAME`, spelled here: an older bot (`--before`) may lack it."""


def threads_cpu() -> list[tuple[int, str, float]]:
    """Each live thread's CPU seconds so far (Linux's per-thread clocks)."""
    found = []
    for thread in threading.enumerate():
        if thread.ident is None:
            continue
        try:
            seconds = time.clock_gettime(time.pthread_getcpuclockid(thread.ident))
        except (OSError, ValueError):
            continue
        found.append((thread.ident, thread_kind(thread), seconds))
    return found


class ErrorCount(logging.Handler):
    """Counts the process's logged errors into its figures (`BotFigures.errors`)."""

    def __init__(self, figures: BotFigures) -> None:
        super().__init__(logging.ERROR)
        self.figures = figures

    def emit(self, record: logging.LogRecord) -> None:
        self.figures.errors[record.getMessage()[:ERROR_CHARS]] += 1


ERROR_CHARS = 90
"""How much of an error's message tells one kind from another in the report."""


def time_full_collections(into: list[float]) -> Callable[[str, dict[str, int]], None]:
    """Note the duration of every full collection in `into`, from now on; the callback
    is returned for `gc.callbacks.remove`."""
    started = 0.0

    def timed(phase: str, info: dict[str, int]) -> None:
        nonlocal started
        if info["generation"] != 2:
            return
        if phase == "start":
            started = time.perf_counter()
        else:
            into.append(time.perf_counter() - started)

    gc.callbacks.append(timed)
    return timed


async def probe_loop(lags: list[float]) -> None:
    while True:
        asked = time.monotonic()
        await asyncio.sleep(PROBE_INTERVAL)
        lags.append(time.monotonic() - asked - PROBE_INTERVAL)


async def serve_commands(
    bot: discord.Client, pipe: Connection, figures: BotFigures,
    post: Callable[[list[Any]], Awaitable[None]] | None = None,
) -> None:
    """A bench bot process's life once logged in, the same for the bot and the bare
    baseline: connect, then do what the bench asks over the pipe ("mark", "take", a
    list for `post`, "stop"), and send its figures back once closed."""
    loop = asyncio.get_running_loop()
    logging.getLogger().addHandler(ErrorCount(figures))
    time_full_collections(figures.full_collections)
    load_pace.PACE.start()
    runner = asyncio.create_task(bot.connect(reconnect=False))
    probe: asyncio.Task[None] | None = None
    try:
        await bot.wait_until_ready()
        pipe.send("ready")
        while (command := await loop.run_in_executor(None, pipe.recv)) != "stop":
            if isinstance(command, list) and post is not None:
                await post(command)
                pipe.send("posted")
            elif command == "mark":
                figures.mark()
                probe = asyncio.create_task(probe_loop(figures.loop_lag))
            elif command == "take":
                pipe.send(figures.taken())
        figures.cpu_seconds, figures.threads, figures.pace = figures.cpu_since()
        figures.parts_since()
        figures.tracked = len(gc.get_objects())
    finally:
        if probe is not None:
            probe.cancel()
        await bot.close()
        runner.cancel()
        with contextlib.suppress(asyncio.CancelledError, discord.ConnectionClosed):
            await runner
    pipe.send(figures)


TOPPING_UP: ContextVar[bool] = ContextVar("topping_up", default=False)
"""Set while the warm pool opens an idle connection (no request waits for it)."""


def time_connections(client: discord.Client, figures: BotFigures) -> None:
    """Note how long each connection a request opens takes (after login: the session is
    made there), by wrapping the connector's `_create_connection`, the span aiohttp's
    connection trace reports. A trace made every request await a dozen trace signals,
    found or not: 3 % of the bot's busy loop in the Hellbringer bench, paid by the bot
    per request and so more by a bot that sends more. A warm pool's top-up
    (`bot.http_pool`) is no request's wait and is not noted. The bot never reads it."""
    session: aiohttp.ClientSession = client.http._HTTPClient__session  # type: ignore[attr-defined]
    connector: Any = session.connector
    create = connector._create_connection

    async def timed(*args: Any, **kwargs: Any) -> Any:
        if TOPPING_UP.get():
            return await create(*args, **kwargs)
        started = time.monotonic()
        made = await create(*args, **kwargs)
        figures.connecting.append(time.monotonic() - started)
        return made

    connector._create_connection = timed
    open_idle = getattr(connector, "open_idle", None)
    if open_idle is None:
        return

    async def topping_up(*args: Any, **kwargs: Any) -> Any:
        token = TOPPING_UP.set(True)
        try:
            return await open_idle(*args, **kwargs)
        finally:
            TOPPING_UP.reset(token)

    connector.open_idle = topping_up


def stamp_interactions(client: discord.Client, figures: BotFigures) -> None:
    """Note when each interaction is parsed and when its callback leaves: the same
    stamps in the bot and in the bare baseline."""
    parsers = client._connection.parsers
    parse = parsers["INTERACTION_CREATE"]

    def parse_stamped(data: Any) -> None:
        figures.parsed[int(data["id"])] = time.monotonic()
        parse(data)

    parsers["INTERACTION_CREATE"] = parse_stamped
    respond = AsyncWebhookAdapter.create_interaction_response

    def respond_stamped(self: AsyncWebhookAdapter, interaction_id: int, *a: Any, **k: Any) -> Any:
        figures.answering.setdefault(int(interaction_id), time.monotonic())
        return respond(self, interaction_id, *a, **k)

    AsyncWebhookAdapter.create_interaction_response = respond_stamped  # type: ignore[method-assign]
