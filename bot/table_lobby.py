"""Lobby operations: open a table, join, leave, add AI seats, kick, start, end."""

from __future__ import annotations

import secrets
from typing import Any

from pydantic import ValidationError

from bot.models import GameRow, LogEntry, Mode, SeatRow
from bot.storage import LiveGameExists
from bot.table_core import (
    Actor,
    Outcome,
    TableCore,
    _Cached,
    _check_game_id,
    _clean_name,
    _first_error,
    _running_message,
    _setup_payload,
)
from bot.table_packs import embed_chosen_pack
from engines import registry
from engines.core.errors import RuleError
from engines.core.protocol import Event, Seat
from engines.registry import AnyEngine


class LobbyOps(TableCore):
    """Before the game, and its end: seats and who may start or stop it."""

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
        engine = registry.find(game_key)
        opts = await embed_chosen_pack(
            self.storage, engine, guild_id, {**(options or {}), "mode": mode}
        )
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
        new = self._bump(c.game, seats=seats)
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
