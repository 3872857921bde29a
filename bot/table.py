"""The table service: the single path for every change to a channel's game.

    per-channel lock → load (cached) → engine → one transaction → release

Rendering and talking to Discord happen after the lock is released, from the
`Outcome` this returns. Everything a player can do to a table — lobby moves,
game actions, physical reports, undo, GM powers — goes through `_change`, so
the rules of concurrency, staleness and persistence live here and only here.
"""

from __future__ import annotations

import asyncio
import secrets
import time
import weakref
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, Literal

from pydantic import BaseModel, ValidationError

from bot.models import GameRow, LogEntry, Mode, SeatRow, TimerRow
from bot.replay import replay
from bot.storage import LiveGameExists, Storage, VersionConflict
from bot.table_settings import Scope, TableSettings, resolve
from engines import registry
from engines.core.chance import ChanceOutcome, ChanceRequest, rng_for, sample, validate_outcome
from engines.core.errors import RuleError
from engines.core.protocol import Event, GameResult, Seat
from engines.registry import AnyEngine

MAX_AUTOMATIC_STEPS = 5000
"""Chance resolutions and AI moves after one player action; a bound, not a rule."""

MAX_NAME = 32


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
    board_changed: bool = True


@dataclass
class _Cached:
    game: GameRow
    state: Any


class StaleBoard(RuleError):
    """A click on a board older than the table's current version."""


class TableService:
    def __init__(
        self,
        storage: Storage,
        *,
        clock: Callable[[], float] = time.time,
        seed: int | None = None,
    ) -> None:
        self.storage = storage
        self._clock = clock
        self._fixed_seed = seed
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        self._cache: dict[int, _Cached | None] = {}
        self._settings: dict[tuple[str, int], dict[str, Any]] = {}

    @property
    def clock(self) -> Callable[[], float]:
        return self._clock

    # Settings (cached: read on every change, written rarely)

    async def _scope_settings(self, scope: Scope, scope_id: int | None) -> dict[str, Any]:
        if scope_id is None:
            return {}
        key = (scope, scope_id)
        if key not in self._settings:
            self._settings[key] = await self.storage.get_settings(scope, scope_id)
        return self._settings[key]

    async def settings_for(
        self, guild_id: int | None, channel_id: int | None
    ) -> tuple[TableSettings, dict[str, str]]:
        guild = await self._scope_settings("guild", guild_id)
        channel = await self._scope_settings("channel", channel_id)
        return resolve(guild, channel)

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
        return Outcome(game=cached.game, state=cached.state, board_changed=False)

    async def _load(self, channel_id: int) -> _Cached | None:
        if channel_id in self._cache:
            return self._cache[channel_id]
        game = await self.storage.live_game(channel_id)
        cached = None
        if game is not None:
            state = None
            if game.state is not None:
                state = registry.get(game.game).load_state(game.state)
            cached = _Cached(game=game, state=state)
        self._cache[channel_id] = cached
        return cached

    async def is_gm(self, game: GameRow | None, actor: Actor, guild_id: int | None) -> bool:
        """Host of the game, Manage Channels, or the server's GM role."""
        if actor.manage_channels:
            return True
        if game is not None and game.host_id == actor.user_id:
            return True
        settings, _ = await self.settings_for(guild_id, None)
        return settings.gm_role is not None and settings.gm_role in actor.role_ids

    # The one path for changes

    async def _change(
        self,
        channel_id: int,
        fn: Callable[[_Cached], Awaitable[tuple[_Cached, list[LogEntry], Outcome]]],
    ) -> Outcome:
        async with self.lock_for(channel_id):
            cached = await self._load(channel_id)
            if cached is None:
                raise RuleError("There is no game in this channel. Start one with `/game new`.")
            before = cached.game.version
            new, entries, outcome = await fn(cached)
            for entry in entries:
                entry.version = new.game.version
                entry.created_at = new.game.updated_at
            settings, _ = await self.settings_for(new.game.guild_id, channel_id)
            timers = plan_timers(new.game, new.state, settings, self._clock())
            try:
                undo_versions = outcome_undo_versions(entries)
                await self.storage.commit_step(new.game, before, entries, undo_versions, timers)
            except VersionConflict:
                self._cache.pop(channel_id, None)
                raise RuleError("The table changed at the same moment; please try again.") from None
            self._cache[channel_id] = None if not new.game.live else new
            return outcome

    def _bump(self, game: GameRow, **update: Any) -> GameRow:
        now = self._clock()
        return game.model_copy(update={"version": game.version + 1, "updated_at": now, **update})

    # Lobby

    async def new_game(
        self,
        *,
        channel_id: int,
        guild_id: int | None,
        host: Actor,
        game_key: str,
        mode: Mode,
        options: dict[str, Any] | None = None,
    ) -> Outcome:
        try:
            engine = registry.get(game_key)
        except KeyError:
            known = ", ".join(sorted(registry.all_engines()))
            raise RuleError(f"There is no game called '{game_key}'. Try one of: {known}.") from None
        opts = {**(options or {}), "mode": mode}
        try:
            engine.parse_options(opts)
        except ValidationError as exc:
            problem = _first_error(exc)
            raise RuleError(f"Those options don't fit {engine.title}: {problem}") from None
        async with self.lock_for(channel_id):
            existing = await self._load(channel_id)
            if existing is not None:
                raise RuleError(_running_message(existing.game))
            now = self._clock()
            seed = self._fixed_seed if self._fixed_seed is not None else secrets.randbits(63)
            game = GameRow(
                guild_id=guild_id,
                channel_id=channel_id,
                game=game_key,
                mode=mode,
                status="lobby",
                host_id=host.user_id,
                version=1,
                seats=[SeatRow(user_id=host.user_id, name=_clean_name(host.name))],
                options=opts,
                rng_seed=seed,
                created_at=now,
                updated_at=now,
            )
            entry = LogEntry(
                version=1,
                kind="create",
                user_id=host.user_id,
                payload={"game": game_key, "mode": mode, "options": opts},
                created_at=now,
            )
            try:
                game = await self.storage.create_game(game, [entry])
            except LiveGameExists:
                self._cache.pop(channel_id, None)
                raise RuleError("A game was just opened in this channel by someone else.") from None
            cached = _Cached(game=game, state=None)
            self._cache[channel_id] = cached
            return Outcome(
                game=game, state=None, notice=f"{host.name} opened a table for {engine.title}."
            )

    async def join(self, channel_id: int, actor: Actor, game_id: int | None = None) -> Outcome:
        async def fn(c: _Cached) -> tuple[_Cached, list[LogEntry], Outcome]:
            game = c.game
            _check_game_id(game, game_id)
            engine = registry.get(game.game)
            if game.seat_of(actor.user_id) is not None:
                raise RuleError("You already have a seat at this table.")
            if len(game.seats) >= engine.max_seats:
                raise RuleError(f"The table is full ({engine.max_seats} seats).")
            if game.status != "lobby":
                return self._late_join(c, actor, engine)
            seats = [*game.seats, SeatRow(user_id=actor.user_id, name=_clean_name(actor.name))]
            new = self._bump(game, seats=seats)
            entry = LogEntry(version=0, kind="lobby", user_id=actor.user_id, payload={"op": "join"})
            notice = f"{actor.name} joined ({len(seats)}/{engine.max_seats})."
            return _Cached(new, None), [entry], Outcome(game=new, state=None, notice=notice)

        return await self._change(channel_id, fn)

    def _late_join(
        self, c: _Cached, actor: Actor, engine: AnyEngine
    ) -> tuple[_Cached, list[LogEntry], Outcome]:
        if c.game.status != "active" or not engine.late_joining:
            raise RuleError("This game has already started; you can watch the board.")
        seat = Seat(index=len(c.game.seats), name=_clean_name(actor.name))
        state, events = engine.late_join(c.state, seat)
        seats = [*c.game.seats, SeatRow(user_id=actor.user_id, name=seat.name)]
        new = self._bump(c.game, seats=seats, state=engine.dump_state(state))
        entry = LogEntry(
            version=0,
            kind="join",
            seat=seat.index,
            user_id=actor.user_id,
            payload={"seat": seat.model_dump()},
        )
        notice = f"{actor.name} joins the game in seat {seat.index + 1}."
        return _Cached(new, state), [entry], Outcome(new, state, events, notice)

    async def leave(self, channel_id: int, actor: Actor, game_id: int | None = None) -> Outcome:
        async def fn(c: _Cached) -> tuple[_Cached, list[LogEntry], Outcome]:
            game = c.game
            _check_game_id(game, game_id)
            seat = game.seat_of(actor.user_id)
            if seat is None:
                raise RuleError("You don't have a seat at this table.")
            if game.status != "lobby":
                raise RuleError(
                    "The game is under way. The host or a GM can `/game kick` you,"
                    " or `/game end` the game."
                )
            return self._remove_seat(game, seat, actor, by_gm=False)

        return await self._change(channel_id, fn)

    def _remove_seat(
        self, game: GameRow, seat: int, actor: Actor, *, by_gm: bool
    ) -> tuple[_Cached, list[LogEntry], Outcome]:
        leaving = game.seats[seat]
        seats = [s for i, s in enumerate(game.seats) if i != seat]
        update: dict[str, Any] = {"seats": seats}
        notice = f"{leaving.name} left the table."
        if not any(s.user_id is not None for s in seats):
            update.update(status="cancelled", finished_at=self._clock())
            notice = f"{leaving.name} left and the table is empty, so it was closed."
        elif leaving.user_id == game.host_id:
            new_host = next(s for s in seats if s.user_id is not None)
            assert new_host.user_id is not None
            update["host_id"] = new_host.user_id
            notice += f" {new_host.name} is the host now."
        new = self._bump(game, **update)
        entry = LogEntry(
            version=0,
            kind="gm" if by_gm else "lobby",
            user_id=actor.user_id,
            gm=by_gm,
            payload={"op": "kick" if by_gm else "leave", "user_id": leaving.user_id},
        )
        return _Cached(new, None), [entry], Outcome(game=new, state=None, notice=notice)

    async def add_ai(self, channel_id: int, actor: Actor, guild_id: int | None) -> Outcome:
        async def fn(c: _Cached) -> tuple[_Cached, list[LogEntry], Outcome]:
            game = c.game
            engine = registry.get(game.game)
            await self._require_gm(game, actor, guild_id, "add computer players")
            if not engine.supports_ai:
                raise RuleError(f"{engine.title} has no computer players yet.")
            if game.mode != "digital":
                raise RuleError("Computer players only play in digital mode (they have no box).")
            if game.status != "lobby":
                raise RuleError("Computer players can only be added before the game starts.")
            if len(game.seats) >= engine.max_seats:
                raise RuleError(f"The table is full ({engine.max_seats} seats).")
            number = sum(1 for s in game.seats if s.ai) + 1
            seats = [*game.seats, SeatRow(user_id=None, name=f"AI {number}", ai=True)]
            new = self._bump(game, seats=seats)
            entry = LogEntry(
                version=0, kind="gm", user_id=actor.user_id, gm=True, payload={"op": "add_ai"}
            )
            notice = f"A computer player joined ({len(seats)}/{engine.max_seats})."
            return _Cached(new, None), [entry], Outcome(game=new, state=None, notice=notice)

        return await self._change(channel_id, fn)

    async def kick(
        self, channel_id: int, actor: Actor, guild_id: int | None, target_user_id: int
    ) -> Outcome:
        async def fn(c: _Cached) -> tuple[_Cached, list[LogEntry], Outcome]:
            game = c.game
            await self._require_gm(game, actor, guild_id, "kick players")
            seat = game.seat_of(target_user_id)
            if seat is None:
                raise RuleError("That member has no seat at this table.")
            if game.status == "lobby":
                return self._remove_seat(game, seat, actor, by_gm=True)
            engine = registry.get(game.game)
            old = game.seats[seat]
            replacement = SeatRow(user_id=None, name=f"{old.name} (AI)", ai=True)
            if not engine.supports_ai or game.mode != "digital":
                replacement = SeatRow(user_id=None, name=f"{old.name} (vacant)", ai=False)
            seats = [replacement if i == seat else s for i, s in enumerate(game.seats)]
            new_game = self._bump(game, seats=seats)
            entries = [
                LogEntry(
                    version=0,
                    kind="gm",
                    user_id=actor.user_id,
                    gm=True,
                    payload={"op": "kick", "user_id": target_user_id, "seat": seat},
                )
            ]
            state = c.state
            events: list[Event] = []
            if replacement.ai:
                new_game, state = self._advance(engine, new_game, state, entries, events)
            how = "a computer player takes over" if replacement.ai else "a GM can play the seat"
            notice = f"{old.name} was removed from the game; {how}."
            return (
                _Cached(new_game, state),
                entries,
                Outcome(game=new_game, state=state, events=events, notice=notice),
            )

        return await self._change(channel_id, fn)

    async def start(
        self, channel_id: int, actor: Actor, guild_id: int | None, game_id: int | None = None
    ) -> Outcome:
        async def fn(c: _Cached) -> tuple[_Cached, list[LogEntry], Outcome]:
            game = c.game
            _check_game_id(game, game_id)
            if game.status != "lobby":
                raise RuleError("This game has already started.")
            await self._require_gm(game, actor, guild_id, "start the game")
            engine = registry.get(game.game)
            if len(game.seats) < engine.min_seats:
                raise RuleError(
                    f"{engine.title} needs at least {engine.min_seats} players;"
                    f" {len(game.seats)} seated."
                )
            setup = _setup_payload(game)
            seats = [Seat.model_validate(s) for s in setup["seats"]]
            try:
                state = engine.setup(seats, engine.parse_options(game.options))
            except ValidationError as exc:
                raise RuleError(f"The game's options are not valid: {_first_error(exc)}") from None
            new = self._bump(game, status="active")
            entries = [LogEntry(version=0, kind="setup", user_id=actor.user_id, payload=setup)]
            events: list[Event] = []
            new, state = self._advance(engine, new, state, entries, events)
            return (
                _Cached(new, state),
                entries,
                Outcome(game=new, state=state, events=events, notice=f"{engine.title} begins!"),
            )

        return await self._change(channel_id, fn)

    async def cancel(
        self, channel_id: int, actor: Actor, guild_id: int | None, game_id: int | None = None
    ) -> Outcome:
        """Close a lobby (or end a running game): host or GM."""
        return await self.end(channel_id, actor, guild_id, game_id=game_id)

    async def end(
        self, channel_id: int, actor: Actor, guild_id: int | None, game_id: int | None = None
    ) -> Outcome:
        async def fn(c: _Cached) -> tuple[_Cached, list[LogEntry], Outcome]:
            game = c.game
            _check_game_id(game, game_id)
            await self._require_gm(game, actor, guild_id, "end the game")
            now = self._clock()
            if game.status == "lobby":
                new = self._bump(game, status="cancelled", finished_at=now)
                notice = f"{actor.name} closed the table."
            else:
                result = {"winners": [], "summary": f"Ended early by {actor.name}."}
                new = self._bump(game, status="finished", finished_at=now, result=result)
                notice = f"{actor.name} ended the game. It is kept in the channel's history."
            entry = LogEntry(
                version=0, kind="end", user_id=actor.user_id, gm=True, payload={"by": actor.user_id}
            )
            return _Cached(new, c.state), [entry], Outcome(game=new, state=c.state, notice=notice)

        return await self._change(channel_id, fn)

    # Play

    async def act(
        self,
        channel_id: int,
        actor: Actor,
        action: Any,
        *,
        expected_version: int | None = None,
        guild_id: int | None = None,
        as_seat: int | None = None,
    ) -> Outcome:
        """A player's move. `action` is the engine action or its JSON form.
        `as_seat` lets a GM act for a seat; the log marks it."""

        async def fn(c: _Cached) -> tuple[_Cached, list[LogEntry], Outcome]:
            game, state = c.game, c.state
            engine = registry.get(game.game)
            _check_playing(game, expected_version)
            seat, by_gm = await self._acting_seat(game, actor, guild_id, as_seat)
            if engine.chance(state) is not None:
                raise RuleError("The table is waiting for a roll or a card to be reported first.")
            if seat not in engine.to_move(state):
                raise RuleError(_not_your_turn(engine, game, state))
            try:
                parsed = engine.parse_action(action)
            except ValidationError:
                raise RuleError("That move isn't one this game understands.") from None
            new_state, events = engine.apply(state, seat, parsed)
            new_game = self._bump(game)
            entries = [
                LogEntry(
                    version=0,
                    kind="action",
                    seat=seat,
                    user_id=actor.user_id,
                    gm=by_gm,
                    payload={"action": engine.dump_action(parsed)},
                )
            ]
            new_game, new_state = self._advance(engine, new_game, new_state, entries, events)
            return (
                _Cached(new_game, new_state),
                entries,
                Outcome(game=new_game, state=new_state, events=events),
            )

        return await self._change(channel_id, fn)

    async def report(
        self,
        channel_id: int,
        actor: Actor,
        values: list[str],
        *,
        expected_version: int | None = None,
        guild_id: int | None = None,
    ) -> Outcome:
        """Physical mode: a player reports what their real dice or cards show."""

        async def fn(c: _Cached) -> tuple[_Cached, list[LogEntry], Outcome]:
            game, state = c.game, c.state
            engine = registry.get(game.game)
            _check_playing(game, expected_version)
            request = engine.chance(state)
            if request is None:
                raise RuleError("Nothing needs reporting right now.")
            if game.mode != "physical":
                raise RuleError("In digital mode the bot rolls and draws by itself.")
            seat = game.seat_of(actor.user_id)
            gm = await self.is_gm(game, actor, guild_id)
            if request.reporter is not None and seat != request.reporter and not gm:
                who = game.seats[request.reporter].name
                raise RuleError(f"{who} reports this one (or a GM).")
            outcome = ChanceOutcome(values=[v.strip() for v in values])
            validate_outcome(request, outcome)
            new_state, events = engine.resolve(state, outcome)
            new_game = self._bump(game)
            entries = [
                LogEntry(
                    version=0,
                    kind="chance",
                    seat=seat,
                    user_id=actor.user_id,
                    gm=gm and seat != request.reporter,
                    payload={"values": outcome.values, "reported": True},
                )
            ]
            new_game, new_state = self._advance(engine, new_game, new_state, entries, events)
            return (
                _Cached(new_game, new_state),
                entries,
                Outcome(game=new_game, state=new_state, events=events),
            )

        return await self._change(channel_id, fn)

    async def undo(self, channel_id: int, actor: Actor, guild_id: int | None) -> Outcome:
        """Restore the state before the last step exactly, RNG counter included."""

        async def fn(c: _Cached) -> tuple[_Cached, list[LogEntry], Outcome]:
            game = c.game
            await self._require_gm(game, actor, guild_id, "undo")
            if game.status not in ("active", "paused", "finished") or game.state is None:
                raise RuleError("Nothing to undo: the game hasn't started.")
            engine = registry.get(game.game)
            log = [e for e in await self.storage.log(game.id) if not e.undone]
            setup = next((e for e in log if e.kind == "setup"), None)
            playable = [e for e in log if e.kind in ("action", "chance")]
            if setup is None or not playable:
                raise RuleError("Nothing to undo yet.")
            last_version = playable[-1].version
            keep = [e for e in playable if e.version != last_version]
            replayed = replay(engine, setup.payload, keep)
            status = "active" if game.status == "finished" else game.status
            new = self._bump(
                game,
                status=status,
                rng_counter=replayed.rng_counter,
                result=None if game.status == "finished" else game.result,
                finished_at=None if game.status == "finished" else game.finished_at,
            )
            entry = LogEntry(
                version=0,
                kind="undo",
                user_id=actor.user_id,
                gm=True,
                payload={"undid_version": last_version},
            )
            return (
                _Cached(new, replayed.state),
                [entry],
                Outcome(
                    game=new, state=replayed.state, notice=f"{actor.name} undid the last move."
                ),
            )

        return await self._change(channel_id, fn)

    # GM powers and turn flow

    async def pause(
        self, channel_id: int, actor: Actor, guild_id: int | None, paused: bool
    ) -> Outcome:
        async def fn(c: _Cached) -> tuple[_Cached, list[LogEntry], Outcome]:
            game = c.game
            await self._require_gm(game, actor, guild_id, "pause or resume the game")
            if paused and game.status != "active":
                raise RuleError("Only a game in play can be paused.")
            if not paused and game.status != "paused":
                raise RuleError("The game isn't paused.")
            new = self._bump(game, status="paused" if paused else "active")
            entry = LogEntry(
                version=0,
                kind="gm",
                user_id=actor.user_id,
                gm=True,
                payload={"op": "pause" if paused else "resume"},
            )
            word = "paused" if paused else "resumed"
            return (
                _Cached(new, c.state),
                [entry],
                Outcome(new, c.state, notice=f"{actor.name} {word} the game."),
            )

        return await self._change(channel_id, fn)

    async def assign_seat(
        self, channel_id: int, actor: Actor, guild_id: int | None, member: Actor, seat: int
    ) -> Outcome:
        """Put `member` in `seat`: swaps two seated members, or hands a seat (an AI's,
        a vacant one, or someone's) to a member who wasn't seated."""

        async def fn(c: _Cached) -> tuple[_Cached, list[LogEntry], Outcome]:
            game = c.game
            await self._require_gm(game, actor, guild_id, "move players between seats")
            if game.status not in ("lobby", "active", "paused"):
                raise RuleError("The game is over.")
            if not 0 <= seat < len(game.seats):
                raise RuleError(f"There is no seat {seat + 1}; seats are 1 to {len(game.seats)}.")
            seats = list(game.seats)
            target = seats[seat]
            current = game.seat_of(member.user_id)
            if current == seat:
                raise RuleError(f"{member.name} already sits in seat {seat + 1}.")
            incoming = SeatRow(user_id=member.user_id, name=_clean_name(member.name))
            if current is not None:
                seats[current] = target.model_copy(update={"ai": target.ai})
                notice = f"{member.name} and {target.name} swapped seats."
            else:
                notice = f"{member.name} takes seat {seat + 1} (was {target.name})."
            seats[seat] = incoming
            host = game.host_id
            if not any(s.user_id == host for s in seats):
                host = next((s.user_id for s in seats if s.user_id is not None), member.user_id)
            new = self._bump(game, seats=seats, host_id=host)
            entry = LogEntry(
                version=0,
                kind="gm",
                user_id=actor.user_id,
                gm=True,
                payload={"op": "seat", "seat": seat, "user_id": member.user_id},
            )
            return _Cached(new, c.state), [entry], Outcome(new, c.state, notice=notice)

        return await self._change(channel_id, fn)

    async def afk(
        self, channel_id: int, actor: Actor, guild_id: int | None, op: str, version: int
    ) -> Outcome:
        """An away player's turn: skip it, or let the AI play it."""

        async def fn(c: _Cached) -> tuple[_Cached, list[LogEntry], Outcome]:
            game, state = c.game, c.state
            if game.status != "active" or game.version != version:
                raise StaleBoard("That turn has moved on; nothing to do.")
            engine = registry.get(game.game)
            settings, _ = await self.settings_for(guild_id, channel_id)
            allowed = await self.is_gm(game, actor, guild_id) or (
                settings.table_can_skip and game.seat_of(actor.user_id) is not None
            )
            if not allowed:
                who = "a GM or anyone seated" if settings.table_can_skip else "a GM"
                raise RuleError(f"Only {who} can handle an away player's turn here.")
            seat = stalled_seat(engine, game, state)
            if seat is None:
                raise RuleError("Nobody is holding up the game right now.")
            events: list[Event] = []
            entries: list[LogEntry] = []
            name = game.seats[seat].name
            if op == "skip":
                state, events = engine.skip_turn(state, seat)
                entries.append(
                    LogEntry(
                        version=0,
                        kind="skip",
                        seat=seat,
                        user_id=actor.user_id,
                        gm=True,
                        payload={"afk": True},
                    )
                )
                notice = f"{actor.name} skipped {name}'s turn."
            else:
                if not settings.ai_takeover:
                    raise RuleError("This server doesn't let the AI play for away players.")
                if not engine.supports_ai or game.mode != "digital":
                    raise RuleError("An AI can only play digital games that have AI players.")
                notice = f"The AI played {name}'s turn."
            new = self._bump(game)
            stand_in = (seat, actor) if op != "skip" else None
            new, state = self._advance(engine, new, state, entries, events, stand_in=stand_in)
            return _Cached(new, state), entries, Outcome(new, state, events, notice)

        return await self._change(channel_id, fn)

    async def claim_timer(self, timer: TimerRow) -> tuple[GameRow, Any] | None:
        """The game a due timer belongs to, if the timer still applies; it is marked
        fired first, so it fires once even if the bot stops right after."""
        async with self.lock_for(timer.channel_id):
            cached = await self._load(timer.channel_id)
            claimed = await self.storage.claim_timer(timer)
            if not claimed or cached is None or cached.game.id != timer.game_id:
                return None
            if cached.game.status != "active" or cached.game.version != timer.version:
                return None
            return cached.game, cached.state

    # Automation: chance in digital mode, and AI seats

    def _advance(
        self,
        engine: AnyEngine,
        game: GameRow,
        state: Any,
        entries: list[LogEntry],
        events: list[Event],
        *,
        stand_in: tuple[int, Actor] | None = None,
    ) -> tuple[GameRow, Any]:
        """Resolve digital chance nodes and play AI seats until a human must act.
        `stand_in` = (seat, GM): the AI also plays that seat's current turn."""
        counter = game.rng_counter
        for _ in range(MAX_AUTOMATIC_STEPS):
            if engine.result(state) is not None:
                break
            request: ChanceRequest | None = engine.chance(state)
            if request is not None:
                if game.mode == "physical":
                    break
                outcome = sample(request, rng_for(game.rng_seed, counter))
                entries.append(
                    LogEntry(
                        version=0,
                        kind="chance",
                        payload={"values": outcome.values, "counter": counter},
                    )
                )
                counter += 1
                state, new_events = engine.resolve(state, outcome)
                events.extend(new_events)
                continue
            movers = engine.to_move(state)
            if stand_in is not None and stand_in[0] not in movers:
                stand_in = None
            extra: dict[str, Any] = {}
            by: Actor | None = None
            if stand_in is not None:
                seat, by = stand_in
                extra["afk"] = True
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
                    version=0,
                    kind="action",
                    seat=seat,
                    user_id=by.user_id if by else None,
                    gm=by is not None,
                    payload={"action": engine.dump_action(action), "ai": True, **extra},
                )
            )
        update: dict[str, Any] = {"rng_counter": counter, "state": engine.dump_state(state)}
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
        self, game: GameRow, actor: Actor, guild_id: int | None, as_seat: int | None
    ) -> tuple[int, bool]:
        if as_seat is not None:
            await self._require_gm(game, actor, guild_id, "act for another seat")
            if not 0 <= as_seat < len(game.seats):
                raise RuleError(f"There is no seat {as_seat + 1} at this table.")
            return as_seat, True
        seat = game.seat_of(actor.user_id)
        if seat is None:
            raise RuleError("You're not seated at this table; you can watch the board.")
        return seat, False

    async def set_board_message(self, channel_id: int, game_id: int, message_id: int) -> None:
        """Remember where the live board is. Not a game change: no version bump."""
        async with self.lock_for(channel_id):
            await self.storage.set_board_message(game_id, message_id)
            cached = self._cache.get(channel_id)
            if cached is not None and cached.game.id == game_id:
                cached.game = cached.game.model_copy(update={"board_message_id": message_id})

    # History

    async def export_log(self, game_id: int) -> dict[str, Any]:
        """The whole game as a document `python -m bot replay` can check."""
        game = await self.storage.game(game_id)
        if game is None:
            raise RuleError("No such game.")
        log = await self.storage.log(game_id)
        return {
            "format": "pandemonium-log/1",
            "game_id": game.id,
            "game": game.game,
            "mode": game.mode,
            "status": game.status,
            "seed": game.rng_seed,
            "version": game.version,
            "seats": [s.model_dump() for s in game.seats],
            "options": game.options,
            "result": game.result,
            "final_state": game.state,
            "entries": [e.model_dump(mode="json") for e in log],
        }


def stalled_seat(engine: AnyEngine, game: GameRow, state: Any) -> int | None:
    """The human seat the game is waiting for: the reporter of a physical roll, or
    the first human among the seats to move."""
    if state is None or engine.result(state) is not None:
        return None
    request = engine.chance(state)
    if request is not None:
        return request.reporter if game.mode == "physical" else None
    return next((s for s in engine.to_move(state) if not game.seats[s].ai), None)


def plan_timers(game: GameRow, state: Any, settings: TableSettings, now: float) -> list[TimerRow]:
    """The turn timers after a change: reset on every step, so 'quiet time' counts
    from the last thing that happened. None while not in play."""
    if game.status != "active":
        return []
    seat = stalled_seat(registry.get(game.game), game, state)
    if seat is None:
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
                    seat=seat,
                    due_at=now + minutes * 60,
                    version=game.version,
                )
            )
    return timers


def outcome_undo_versions(entries: list[LogEntry]) -> list[int]:
    return [int(e.payload["undid_version"]) for e in entries if e.kind == "undo"]


def _setup_payload(game: GameRow) -> dict[str, Any]:
    seats = [Seat(index=i, name=s.name, ai=s.ai).model_dump() for i, s in enumerate(game.seats)]
    return {"seats": seats, "options": game.options, "rng_counter": game.rng_counter}


def _check_game_id(game: GameRow, game_id: int | None) -> None:
    if game_id is not None and game_id != game.id:
        raise StaleBoard("That lobby is closed; use the newest message in the channel.")


def _check_playing(game: GameRow, expected_version: int | None) -> None:
    if game.status == "lobby":
        raise RuleError("The game hasn't started yet.")
    if game.status == "paused":
        raise RuleError("The game is paused; a GM can resume it.")
    if expected_version is not None and expected_version != game.version:
        raise StaleBoard("That board is out of date; use the newest one (`/game status`).")


def _not_your_turn(engine: AnyEngine, game: GameRow, state: BaseModel) -> str:
    movers = engine.to_move(state)
    names = ", ".join(game.seats[m].name for m in movers) or "nobody"
    return f"It's not your turn; waiting for {names}."


def _running_message(game: GameRow) -> str:
    engine = registry.get(game.game)
    where = "in its lobby" if game.status == "lobby" else "under way"
    return (
        f"This channel already has a game of {engine.title} {where}."
        " Use `/game status` to see it, or play in another channel or a thread."
    )


def _clean_name(name: str) -> str:
    cleaned = " ".join(name.split())[:MAX_NAME]
    return cleaned or "player"


def _first_error(exc: ValidationError) -> str:
    err = exc.errors()[0]
    where = ".".join(str(p) for p in err["loc"])
    return f"{where}: {err['msg']}" if where else str(err["msg"])
