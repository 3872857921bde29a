"""The table's core: the one change path every operation goes through.

    per-channel lock → load (cached) → engine → one transaction → release

Rendering and talking to Discord happen after the lock is released, from the
`Outcome` this returns. Lobby, play and GM operations (table_lobby.py,
table_play.py, table_gm.py) are written as functions of `_change`, so the rules
of concurrency, staleness and persistence live here and only here.
"""

from __future__ import annotations

import asyncio
import time
import weakref
from collections.abc import Awaitable, Callable
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any, Literal

from bot.checkpoints import History
from bot.log_lines import ActionLine, ChanceLine, UndoLine
from bot.maintenance import fate_sentence
from bot.models import GameRow, LogEntry, TimerRow
from bot.replay import REPLAYED_KINDS, replay, replay_from
from bot.secrecy import SecrecyGuard
from bot.storage import LeaseLost, Storage, StoredCheckpoint, VersionConflict
from bot.table_cache import DEFAULT_MIB, TableCache, estimated_bytes
from bot.table_options import DEFAULT_DICE, DICE_OPTION
from bot.table_settings import Scope, TableSettings, resolve
from bot.workers import off_loop
from engines import registry
from engines.core.chance import ChanceRequest, rng_for, sample
from engines.core.errors import RuleError
from engines.core.protocol import Event, GameResult
from engines.registry import AnyEngine

MAX_AUTOMATIC_STEPS = 5000
"""Chance resolutions and AI moves after one player action; a bound, not a rule."""
ROLLS_ON_LOOP = 8
"""Rolls a table without computer players resolves on the event loop (microseconds
each); a longer run of them, such as the dozens of draws that lay Hellraiser's map
(about 12 ms), goes on in the worker pool."""

ACCEPTED: ContextVar[Callable[[], None] | None] = ContextVar("accepted", default=None)
"""Told, under the channel's lock, that a change passed its checks and the engine and
only its commit is left: a command that changes the table is acknowledged then, not
after the disk (`bot.interactions.acknowledge_once_accepted`). Every refusal for the
player's reasons comes before it; it must not block."""
ACKNOWLEDGING_TURNS = 2
"""Turns of the event loop a change lets pass once the hook was told, before its
commit's own work: the hook sends its acknowledgement from a task, whose first turn
starts the request, and aiohttp writes the request's body from a task of its own in
the next (Python 3.11). Without them the state's dump, split and compression (about
0.35 ms a step of the companion) ran first, and the companion's commands were
acknowledged 0.5-0.6 ms later than its clicks at p50 under the load bench."""


async def accepted() -> None:
    """Tell the hook, if any, and let its acknowledgement leave before the commit."""
    hook = ACCEPTED.get()
    if hook is None:
        return
    hook()
    for _ in range(ACKNOWLEDGING_TURNS):
        await asyncio.sleep(0)


@dataclass(frozen=True)
class Actor:
    """Who is asking, and what Discord says about their powers in this channel."""

    user_id: int
    name: str
    manage_channels: bool = False
    role_ids: frozenset[int] = frozenset()


@dataclass
class Outcome:
    """What a change did, for the renderer. `state` is the engine state after it."""

    game: GameRow
    state: Any
    events: list[Event] = field(default_factory=list)
    notice: str | None = None
    waited_before: frozenset[int] | None = None
    """The seats the game waited for before this change (`waiting_seats`), set by
    `_change`; None when nothing changed (a read). The turn ping tells only seats the
    change newly waits for, and this comes from the stored state before the step, so a
    restart neither repeats a ping nor loses one."""


@dataclass
class LiveTable:
    """A channel's game as this process holds it between changes (the cache keeps one per
    live channel): the parsed state is kept beside the row so a click does not parse it
    again, and the checkpoints so undo need not read the log."""

    game: GameRow
    state: Any
    history: History | None = None
    """Checkpoints for cheap undo (`bot/checkpoints.py`); kept by `_change` only."""

    def estimated_bytes(self) -> int:
        """What the cache counts this table as (`bot/table_cache.py`)."""
        held = self.history
        return estimated_bytes(
            len(self.game.state or ""),
            1 + (len(held.checkpoints) if held else 0),
            len(held.tail) if held else 0,
        )


@dataclass(frozen=True)
class Step:
    """What one operation did, handed back to `_change` to commit: the game row and state
    after it, its log lines, and what to tell the channel. `_change` alone turns it into
    the table kept and the `Outcome` shown, so the two cannot disagree."""

    game: GameRow
    state: Any
    entries: list[LogEntry]
    events: list[Event] = field(default_factory=list)
    notice: str | None = None


Operation = Callable[[LiveTable], Awaitable[Step]]
"""An operation of the table service: given the channel's table under its lock, the step
it takes (or a RuleError, and nothing changes)."""


class StaleBoard(RuleError):
    """A click on a board older than the table's current version."""


class NoGame(RuleError):
    """The channel has no game to change (a click may come from a board of one that ended)."""


class PersistenceMismatch(AssertionError):
    """What was committed does not reload as what the table shows (a bug, never a rule)."""


class TableCore:
    def __init__(
        self,
        storage: Storage,
        *,
        clock: Callable[[], float] = time.time,
        seed: int | None = None,
        verify: bool = False,
        cache_mib: float = DEFAULT_MIB,
    ) -> None:
        self.storage = storage
        self._clock = clock
        self._fixed_seed = seed
        self._verify = verify
        self.persistence_failures: list[str] = []
        """With `verify`, every mismatch found after a commit (tests assert it stays empty)."""
        self.secrecy = SecrecyGuard(verify)
        """With `verify`, every public message is checked for seats' secrets before it is
        sent (`bot.secrecy`; tests assert its `leaks` stay empty)."""
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        self._cache: TableCache[LiveTable] = TableCache(
            int(cache_mib * 2**20), LiveTable.estimated_bytes
        )
        self._settings: dict[tuple[str, int], dict[str, Any]] = {}
        self._generation = storage.lease_generation
        self.committed: Callable[[GameRow], None] | None = None
        """Told of every committed change, after the commit and before the lock is
        released; it must not block. The web pages read their server's link key here,
        ahead of the final board that shows the ▶ Replay link."""

    def _fresh(self) -> None:
        """Drop every cached table and setting when this process's shard lease changed
        (claimed anew or lost): another process may have written them meanwhile."""
        if self._generation != self.storage.lease_generation:
            self._cache.clear()
            self._settings.clear()
            self._generation = self.storage.lease_generation

    @property
    def clock(self) -> Callable[[], float]:
        return self._clock

    # Settings (cached: read on every change, written rarely)

    async def _scope_settings(self, scope: Scope, scope_id: int | None) -> dict[str, Any]:
        if scope_id is None:
            return {}
        key = (scope, scope_id)
        self._fresh()
        if key not in self._settings:
            self._settings[key] = await self.storage.get_settings(scope, scope_id)
        return self._settings[key]

    async def settings_for(
        self, guild_id: int | None, channel_id: int | None
    ) -> tuple[TableSettings, dict[str, str]]:
        guild = await self._scope_settings("guild", guild_id)
        channel = await self._scope_settings("channel", channel_id)
        return resolve(guild, channel)

    async def member_pings(self, user_id: int) -> bool:
        """Whether a member lets turn messages notify them: yes unless they chose
        `/game notify off`; stored per member, so it holds in every server."""
        return bool((await self._scope_settings("member", user_id)).get("pings", True))

    async def put_setting(self, scope: Scope, scope_id: int, key: str, value: Any) -> None:
        await self.storage.put_setting(scope, scope_id, key, value)
        self._settings.pop((scope, scope_id), None)

    # Reading

    def lock_for(self, channel_id: int) -> asyncio.Lock:
        lock = self._locks.get(channel_id)
        if lock is None:
            lock = asyncio.Lock()
            self._locks[channel_id] = lock
        return lock

    async def current(self, channel_id: int) -> Outcome | None:
        """The live game in a channel, if any (read-only; no lock needed)."""
        cached = await self._load(channel_id)
        if cached is None:
            return None
        return Outcome(game=cached.game, state=cached.state)

    async def latest(self, game: GameRow) -> Outcome:
        """The newest state of `game`, live or finished (a finished game is no longer
        `current`, but its final board must still be drawn)."""
        live = await self.current(game.channel_id)
        if live is not None and live.game.id == game.id:
            return live
        stored = await self.storage.game(game.id)
        if stored is None or stored.state is None:
            return Outcome(game=game, state=None)
        state = registry.get(stored.game).load_state(stored.state)
        return Outcome(game=stored, state=state)

    async def last_played(self, channel_id: int) -> Outcome | None:
        """The channel's most recent game once it is over, if it was played (not a
        lobby closed before the start): its final board and sheets stay viewable.
        None while a game is live there."""
        recent = await self.storage.games_in_channel(channel_id, limit=1)
        if not recent or recent[0].live or recent[0].state is None:
            return None
        return await self.latest(recent[0])

    def cached_game(self, channel_id: int) -> GameRow | None:
        """The channel's live game as this process last kept it, without the lock or a
        read (None when it is not in the cache): enough to decide how to answer a click
        before its change, never to check it."""
        self._fresh()
        cached = self._cache.get(channel_id)
        return None if cached is None else cached.game

    async def _load(self, channel_id: int) -> LiveTable | None:
        self._fresh()
        cached = self._cache.get(channel_id)
        if cached is not None:
            return cached
        game = await self.storage.live_game(channel_id)
        if game is None:
            return None
        state = None
        if game.state is not None:
            state = registry.get(game.game).load_state(game.state)
        return self._cache.add_if_absent(channel_id, LiveTable(game=game, state=state))

    async def _load_ended(self, channel_id: int) -> LiveTable | None:
        """The channel's latest game if it finished after being played (not a closed
        lobby, not a cancelled one): never cached, as it is not live."""
        recent = await self.storage.games_in_channel(channel_id, limit=1)
        if not recent or recent[0].status != "finished" or recent[0].state is None:
            return None
        game, state = recent[0], recent[0].state
        return LiveTable(game=game, state=registry.get(game.game).load_state(state))

    async def is_gm(self, game: GameRow | None, actor: Actor, guild_id: int | None) -> bool:
        """Host of the game, Manage Channels, or the server's GM role."""
        if actor.manage_channels:
            return True
        if game is not None and game.host_id == actor.user_id:
            return True
        settings, _ = await self.settings_for(guild_id, None)
        return settings.gm_role is not None and settings.gm_role in actor.role_ids

    # The one path for changes

    async def _change(self, channel_id: int, fn: Operation, *, ended: bool = False) -> Outcome:
        """`ended`: with no live game, `fn` gets the channel's latest game if it was
        played to its end (undo may bring it back; nothing else changes a past game)."""
        async with self.lock_for(channel_id):
            table = await self._load(channel_id)
            if table is None and ended:
                table = await self._load_ended(channel_id)
            if table is None:
                raise NoGame("There is no game in this channel. Start one with `/game new`.")
            before = table.game.version
            waited = waiting_seats(table.game, table.state)
            step = await fn(table)
            await accepted()
            new = LiveTable(_with_state_snapshot(step.game, step.state), step.state)
            entries = step.entries
            for entry in entries:
                entry.version = new.game.version
                entry.created_at = new.game.updated_at
            settings, _ = await self.settings_for(new.game.guild_id, channel_id)
            timers = plan_timers(new.game, new.state, settings, self._clock())
            undo_versions = outcome_undo_versions(entries)
            history = _next_history(table.history, new, entries, undo_versions)
            checkpoint = history is not None and history.checkpoints[-1].version == new.game.version
            try:
                await self.storage.commit_step(
                    new.game, before, entries, undo_versions, timers, checkpoint=checkpoint
                )
            except VersionConflict:
                self._cache.pop(channel_id)
                raise RuleError("The table changed at the same moment; please try again.") from None
            except LeaseLost:
                self._cache.pop(channel_id)
                raise RuleError(
                    "This table is moving to another bot process; please try again in a moment."
                ) from None
            new.history = history
            self._cache.put(channel_id, new if new.game.live else None)
            if self.committed is not None:
                self.committed(new.game)
            if self._verify:
                await self._check_persisted(new)
            return Outcome(new.game, new.state, step.events, step.notice, waited_before=waited)

    async def _check_persisted(self, shown: LiveTable) -> None:
        """The guard against a table that shows one state and stores another: reload the
        game from storage (no cache) and rebuild it from its log, and both must equal
        what the table holds. On in tests (`verify=True`); it costs a log replay."""
        problems: list[str] = []
        stored = await self.storage.game(shown.game.id)
        if stored is None:
            problems.append("the game is not in storage")
        elif stored.model_dump(exclude={"board_message_id"}) != shown.game.model_dump(
            exclude={"board_message_id"}
        ):
            problems.append("the stored game row differs from the table's")
        if stored is not None and stored.state is not None:
            engine = registry.get(stored.game)
            if engine.load_state(stored.state) != shown.state:
                problems.append("the stored state does not load as the state shown")
            log = await self.storage.log(stored.id, include_undone=False)
            setup = next((e for e in log if e.kind == "setup"), None)
            if setup is not None:
                kept = [e for e in log if e.kind in REPLAYED_KINDS]
                replayed = replay(engine, setup.payload, kept, seed=stored.rng_seed)
                if replayed.state != shown.state:
                    problems.append("replaying the stored log gives another state")
                if replayed.rng_counter != stored.rng_counter:
                    problems.append(
                        f"the log's RNG counter is {replayed.rng_counter},"
                        f" the snapshot's {stored.rng_counter}"
                    )
            if shown.game.live:
                problems += await self._check_stored_checkpoint(engine, stored, shown.state)
            if shown.history is not None:
                checkpoint, lines = shown.history.latest()
                resumed = replay_from(
                    engine, checkpoint.state, checkpoint.rng_counter, lines, seed=stored.rng_seed
                )
                if resumed.state != shown.state or resumed.rng_counter != stored.rng_counter:
                    problems.append("replaying from the last checkpoint gives another state")
        if problems:
            message = f"game {shown.game.id} v{shown.game.version}: " + "; ".join(problems)
            self.persistence_failures.append(message)
            raise PersistenceMismatch(message)

    async def _check_stored_checkpoint(
        self, engine: AnyEngine, stored: GameRow, shown: Any
    ) -> list[str]:
        """The newest stored checkpoint and the log since must rebuild what is shown."""
        checkpoint = await self.storage.checkpoint_before(stored.id)
        if checkpoint is None:
            return []
        lines = replayed_after(checkpoint)
        resumed = replay_from(
            engine,
            engine.load_state(checkpoint.state),
            checkpoint.rng_counter,
            lines,
            seed=stored.rng_seed,
        )
        if resumed.state != shown or resumed.rng_counter != stored.rng_counter:
            return [f"replaying from the stored checkpoint at v{checkpoint.version} differs"]
        return []

    def _bump(self, game: GameRow, **update: Any) -> GameRow:
        now = self._clock()
        return game.model_copy(update={"version": game.version + 1, "updated_at": now, **update})

    # Automation: chance in digital mode, and AI seats

    async def _advance(
        self,
        engine: AnyEngine,
        game: GameRow,
        state: Any,
        entries: list[LogEntry],
        events: list[Event],
        *,
        stand_in: tuple[int, Actor] | None = None,
        on_loop: int = ROLLS_ON_LOOP,
    ) -> tuple[GameRow, Any]:
        """Resolve digital chance nodes and play AI seats until a human must act.
        `stand_in` = (seat, GM): the AI also plays that seat's current turn. An AI
        play-out can take a hundred milliseconds, so with computer players it runs in
        the worker pool (the channel's lock is held, and nothing else touches these
        objects); rolls alone cost microseconds and stay on the loop, up to `on_loop`
        of them (the rest of a long run goes to the pool too)."""
        if on_loop and stand_in is None and not any(s.ai for s in game.seats):
            game, state = self._advance_now(engine, game, state, entries, events,
                                            steps=on_loop)
            request = engine.chance(state) if engine.result(state) is None else None
            if request is None or not bot_draws(game, request):
                return game, state
        return await off_loop(
            self._advance_now, engine, game, state, entries, events, stand_in=stand_in
        )

    def _advance_now(
        self,
        engine: AnyEngine,
        game: GameRow,
        state: Any,
        entries: list[LogEntry],
        events: list[Event],
        *,
        stand_in: tuple[int, Actor] | None = None,
        steps: int = MAX_AUTOMATIC_STEPS,
    ) -> tuple[GameRow, Any]:
        counter = game.rng_counter
        for _ in range(steps):
            if engine.result(state) is not None:
                break
            request: ChanceRequest | None = engine.chance(state)
            if request is not None:
                if not bot_draws(game, request):
                    break
                outcome = sample(request, rng_for(game.rng_seed, counter))
                line = ChanceLine(
                    values=outcome.values, counter=counter, physical=game.mode == "physical"
                )
                entries.append(LogEntry(payload=line))
                counter += 1
                state, new_events = engine.resolve(state, outcome)
                events.extend(new_events)
                continue
            movers = engine.to_move(state)
            if stand_in is not None and stand_in[0] not in movers:
                stand_in = None
            by: Actor | None = None
            if stand_in is not None:
                seat, by = stand_in
            else:
                found = next((s for s in movers if game.seats[s].ai), None)
                if found is None:
                    break
                seat = found
            action = engine.ai_action(state, seat)
            state, new_events = engine.apply(state, seat, action)
            events.extend(new_events)
            entries.append(
                LogEntry(
                    seat=seat,
                    user_id=by.user_id if by else None,
                    gm=by is not None,
                    payload=ActionLine(
                        action=engine.dump_action(action), ai=True, afk=by is not None
                    ),
                )
            )
        update: dict[str, Any] = {"rng_counter": counter}
        result: GameResult | None = engine.result(state)
        if result is not None:
            update.update(
                status="finished", result=result.model_dump(mode="json"), finished_at=self._clock()
            )
        return game.model_copy(update=update), state

    # Checks

    async def _require_gm(
        self, game: GameRow, actor: Actor, guild_id: int | None, what: str
    ) -> None:
        if not await self.is_gm(game, actor, guild_id):
            raise RuleError(
                f"Only the host, a member with Manage Channels, or the server's GM role can {what}."
            )

    async def _acting_seat(
        self,
        engine: AnyEngine,
        game: GameRow,
        state: Any,
        actor: Actor,
        guild_id: int | None,
        as_seat: int | None,
    ) -> tuple[int, bool]:
        """The seat `actor` acts from, and whether as a GM: `as_seat` when given (their
        own, or any seat for a GM), else the seat they hold that may act now."""
        if as_seat is not None:
            if not 0 <= as_seat < len(game.seats):
                raise RuleError(f"There is no seat {as_seat + 1} at this table.")
            if game.seats[as_seat].user_id == actor.user_id:
                return as_seat, False
            await self._require_gm(game, actor, guild_id, "act for another seat")
            return as_seat, True
        seat = seat_for(engine, game, state, actor.user_id)
        if seat is None:
            raise RuleError("You're not seated at this table; you can watch the board.")
        return seat, False

    async def reporting_seat(
        self, game: GameRow, request: ChanceRequest, actor: Actor, guild_id: int | None
    ) -> tuple[int | None, bool]:
        """Check that `actor` may report `request` (its `who_reports`: the reporting seat,
        any seated player, or only a GM; a GM may always). Returns the seat the report is
        logged under and whether a GM reported it; anyone else gets one sentence."""
        own = game.seats_of(actor.user_id)
        first = own[0] if own else None
        gm = await self.is_gm(game, actor, guild_id)
        who = request.who_reports
        if who == "seat" and request.reporter is not None:
            if request.reporter in own:
                return request.reporter, False
            if gm:
                return first, True
            raise RuleError(f"{game.seats[request.reporter].shown} reports this one (or a GM).")
        if who == "gm":
            if gm:
                return first, True
            raise RuleError("Only a GM reports this one.")
        if own:
            return first, False
        if gm:
            return None, True
        raise RuleError("Only a seated player or a GM reports this one; you can watch the board.")

    async def set_board_message(
        self, channel_id: int, game_id: int, message_id: int
    ) -> int | None:
        """Remember where the live board is; returns where it was, so the caller can
        retire that copy. Not a game change: no version bump."""
        async with self.lock_for(channel_id):
            before = await self.storage.game(game_id)
            await self.storage.set_board_message(game_id, message_id)
            cached = self._cache.get(channel_id)
            if cached is not None and cached.game.id == game_id:
                cached.game = cached.game.model_copy(update={"board_message_id": message_id})
            return before.board_message_id if before is not None else None

    # History

    async def export_log(
        self, game_id: int, actor: Actor | None = None, guild_id: int | None = None
    ) -> dict[str, Any]:
        """The whole game as a document `python -m bot replay` can check.

        While a game runs, its RNG seed is withheld (it would predict every future
        roll and draw), and in games with hidden information only a GM may download
        the log at all, since it holds every hand. `actor=None` is the operator."""
        game = await self.storage.game(game_id)
        if game is None:
            raise RuleError("No such game.")
        live = game.live
        if actor is not None and holds_hands(game) and not await self.is_gm(game, actor, guild_id):
            raise RuleError(
                "While this game runs its log holds everyone's hidden cards, so only a"
                " GM can download it now; everyone can once the game is over."
            )
        fate = await self.storage.log_fate(game_id)
        if fate is not None and fate.fate == "removed":
            raise RuleError(fate_sentence(game_id, fate))
        log = await self.storage.log(game_id)
        return {
            "format": "pandemonium-log/1",
            "game_id": game.id,
            "game": game.game,
            "mode": game.mode,
            "status": game.status,
            "seed": None if live and actor is not None else game.rng_seed,
            "version": game.version,
            "seats": [s.model_dump() for s in game.seats],
            "options": game.options,
            "result": game.result,
            "final_state": game.state,
            "entries": [e.model_dump(mode="json") for e in log],
            "log_archived_at": fate.at if fate is not None else None,
        }


def holds_hands(game: GameRow) -> bool:
    """Whether `game`'s log would show hidden cards to whoever downloads it: while a game
    with hidden information runs (its every deal and draw is a log line). Only a GM may
    download such a log; a finished game's log may reveal everything."""
    return game.live and registry.get(game.game).hidden_information


def bot_draws(game: GameRow, request: ChanceRequest) -> bool:
    """Whether the bot resolves `request` itself: always at a digital table (dice only
    for a game whose cards come from the group's box); at a physical one only dice
    (never cards), and only if the table lets the bot roll."""
    if game.mode == "digital":
        return request.only_dice or not registry.get(game.game).cards_from_box
    return request.only_dice and game.options.get(DICE_OPTION, DEFAULT_DICE) == "bot"


def seat_for(engine: AnyEngine, game: GameRow, state: Any, user_id: int) -> int | None:
    """The seat a member acts from when nothing names one: of the seats they hold (a GM
    may hold several at a physical table), the first whose turn it is, else the first
    that may react out of turn, else the first."""
    own = game.seats_of(user_id)
    if not own:
        return None
    movers = engine.to_move(state)
    turn = next((s for s in own if s in movers), None)
    if turn is not None:
        return turn
    return next((s for s in own if engine.may_act(state, s)), own[0])


def stalled_seats(engine: AnyEngine, game: GameRow, state: Any) -> list[int]:
    """The human seats the game is waiting for: the reporter of a physical roll, or the
    humans among `waiting_for` (several in a co-operative phase, none in a free-form one)."""
    if state is None or engine.result(state) is not None:
        return []
    request = engine.chance(state)
    if request is not None:
        if bot_draws(game, request) or request.who_reports != "seat":
            return []
        return [] if request.reporter is None else [request.reporter]
    return [s for s in engine.waiting_for(state) if not game.seats[s].ai]


def waiting_seats(game: GameRow, state: Any) -> frozenset[int]:
    """The seats a game in play waits for (none while in the lobby or paused): what its
    last change told them."""
    if game.status != "active" or state is None:
        return frozenset()
    return frozenset(stalled_seats(registry.get(game.game), game, state))


def plan_timers(game: GameRow, state: Any, settings: TableSettings, now: float) -> list[TimerRow]:
    """The turn timers after a change: reset on every step, so 'quiet time' counts
    from the last thing that happened. None while not in play."""
    if game.status != "active":
        return []
    seats = stalled_seats(registry.get(game.game), game, state)
    if not seats:
        return []
    timers = []
    kinds: tuple[tuple[Literal["remind", "afk"], int], ...] = (
        ("remind", settings.reminder_minutes),
        ("afk", settings.afk_minutes),
    )
    for kind, minutes in kinds:
        if minutes > 0:
            timers.append(
                TimerRow(
                    game_id=game.id,
                    kind=kind,
                    channel_id=game.channel_id,
                    seat=seats[0],
                    due_at=now + minutes * 60,
                    version=game.version,
                )
            )
    return timers


def replayed_after(checkpoint: StoredCheckpoint) -> list[LogEntry]:
    """The log lines after a stored checkpoint that change the engine state."""
    return [e for e in checkpoint.after if e.kind in REPLAYED_KINDS]


def _with_state_snapshot(game: GameRow, state: Any) -> GameRow:
    """The stored snapshot is always the dump of the state the table will show: one
    place derives it, so no operation can persist one state and display another."""
    if state is None:
        return game
    raw = registry.get(game.game).dump_state(state)
    if raw == game.state:
        return game
    return game.model_copy(update={"state": raw})


def _next_history(
    history: History | None, new: LiveTable, entries: list[LogEntry], undo_versions: list[int]
) -> History | None:
    """The table's checkpoints after a step, made before its commit (which stores the
    newest checkpoint when this step made one) on a copy, so a failed commit leaves
    the cached table as it was: undone steps forgotten, this step's lines added; a
    table without one (just started or read back from storage) starts one at the
    state it shows now. The table keeps it once the commit succeeded."""
    if new.state is None or not new.game.live:
        return None
    history = None if history is None else history.copy()
    for version in undo_versions:
        if history is not None and not history.take_back(version):
            history = None
    if history is None:
        return History.starting_at(new.game.version, new.state, new.game.rng_counter)
    history.record(new.game.version, entries, new.state, new.game.rng_counter)
    return history


def outcome_undo_versions(entries: list[LogEntry]) -> list[int]:
    return [e.payload.undid_version for e in entries if isinstance(e.payload, UndoLine)]
