"""Lobby operations: open a table, join, leave, add AI seats, kick, start, end."""

from __future__ import annotations

import secrets
from dataclasses import replace
from typing import Any

from pydantic import ValidationError

from bot.log_lines import CreateLine, EndLine, GmLine, JoinLine, LobbyLine, SetupLine
from bot.models import GameRow, LogEntry, Mode, SeatRow
from bot.plain_errors import clause
from bot.storage import LiveGameExists
from bot.table_core import Actor, LiveTable, Outcome, StaleBoard, Step, TableCore, accepted
from bot.table_options import DEFAULT_DICE, DICE_OPTION, engine_options, late_join_of
from bot.table_packs import embed_chosen_pack
from bot.table_seats import chosen_seats, seat_name, seats_phrase
from bot.workers import off_loop
from engines import registry
from engines.core.errors import RuleError
from engines.core.protocol import Event, Seat
from engines.registry import AnyEngine


class JoinAsked(RuleError):
    """Not a refusal: a member asked to join a game in play, and the host or a GM
    decides (the UI posts the question with its buttons)."""

    def __init__(self, game_id: int, member: Actor) -> None:
        super().__init__("The host or a GM has been asked to let you join.")
        self.game_id, self.member = game_id, member


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
            engine_options(engine, opts)
        except ValidationError as exc:
            problem = clause(exc)
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
                seats=[SeatRow(user_id=host.user_id, name=seat_name(host.name))],
                options=opts,
                rng_seed=seed,
                created_at=now,
                updated_at=now,
            )
            entry = LogEntry(
                version=1,
                user_id=host.user_id,
                payload=CreateLine(game=game_key, mode=mode, options=opts),
                created_at=now,
            )
            await accepted()
            try:
                game = await self.storage.create_game(game, [entry])
            except LiveGameExists:
                self._cache.pop(channel_id)
                raise RuleError("A game was just opened in this channel by someone else.") from None
            self._cache.put(channel_id, LiveTable(game=game, state=None))
            return Outcome(
                game=game, state=None, notice=f"{host.name} opened a table for {engine.title}."
            )

    async def join(self, channel_id: int, actor: Actor, game_id: int | None = None) -> Outcome:
        async def fn(c: LiveTable) -> Step:
            game = c.game
            _check_game_id(game, game_id)
            engine = registry.get(game.game)
            if game.seat_of(actor.user_id) is not None:
                raise RuleError("You already have a seat at this table.")
            if len(game.seats) >= engine.max_seats:
                raise RuleError(f"The table is full ({engine.max_seats} seats).")
            if game.status != "lobby":
                return self._late_join(c, actor, engine, approved=False)
            seats = [*game.seats, SeatRow(user_id=actor.user_id, name=seat_name(actor.name))]
            new = self._bump(game, seats=seats)
            entry = LogEntry(user_id=actor.user_id, payload=LobbyLine(op="join"))
            notice = f"{actor.name} joined ({len(seats)}/{engine.max_seats})."
            return Step(new, None, [entry], notice=notice)

        return await self._change(channel_id, fn)

    async def let_join(
        self, channel_id: int, actor: Actor, guild_id: int | None, game_id: int, member: Actor
    ) -> Outcome:
        """A GM lets in a member who asked to join a game in play (late_join=ask)."""

        async def fn(c: LiveTable) -> Step:
            _check_game_id(c.game, game_id)
            await self._require_gm(c.game, actor, guild_id, "let players join")
            engine = registry.get(c.game.game)
            if c.game.seat_of(member.user_id) is not None:
                raise RuleError(f"{member.name} already has a seat at this table.")
            if len(c.game.seats) >= engine.max_seats:
                raise RuleError(f"The table is full ({engine.max_seats} seats).")
            step = self._late_join(c, member, engine, approved=True)
            notice = f"{actor.name} let {member.name} join in seat {len(step.game.seats)}."
            return replace(step, notice=notice)

        return await self._change(channel_id, fn)

    def _late_join(
        self, c: LiveTable, actor: Actor, engine: AnyEngine, *, approved: bool
    ) -> Step:
        """A seat for a game in play, as the table's `late_join` says: at once (open),
        once the host or a GM lets them in (ask, the default: a passer-by must not
        sit down at a group's evening unasked), or never (closed)."""
        if c.game.status != "active" or not engine.late_joining:
            raise RuleError("This game has already started; you can watch the board.")
        mode = late_join_of(c.game.options)
        if mode == "closed":
            raise RuleError("This table takes no new players once it has started.")
        if mode == "ask" and not approved:
            raise JoinAsked(c.game.id, actor)
        seat = Seat(index=len(c.game.seats), name=seat_name(actor.name))
        state, events = engine.late_join(c.state, seat)
        seats = [*c.game.seats, SeatRow(user_id=actor.user_id, name=seat.name)]
        new = self._bump(c.game, seats=seats)
        entry = LogEntry(seat=seat.index, user_id=actor.user_id, payload=JoinLine(seat=seat))
        notice = f"{actor.name} joins the game in seat {seat.index + 1}."
        return Step(new, state, [entry], events, notice)

    async def leave(
        self, channel_id: int, actor: Actor, game_id: int | None = None, seat: int | None = None
    ) -> Outcome:
        """Give up every seat the member holds, or only `seat` (0-based). Before the
        start the seats go; during play each becomes an AI's or vacant, as a kick does."""

        async def fn(c: LiveTable) -> Step:
            game = c.game
            _check_game_id(game, game_id)
            chosen = chosen_seats(game, actor.user_id, seat, own=True)
            if game.status != "lobby":
                return await self._vacate(c, chosen, actor, by_gm=False)
            return self._remove_seats(game, chosen, actor, by_gm=False)

        return await self._change(channel_id, fn)

    def _remove_seats(
        self, game: GameRow, chosen: list[int], actor: Actor, *, by_gm: bool
    ) -> Step:
        """Before the start: the seats go, and the host passes on if they held none else."""
        leaving = game.seats[chosen[0]]
        seats = [s for i, s in enumerate(game.seats) if i not in chosen]
        update: dict[str, Any] = {"seats": seats}
        keeps = any(s.user_id == leaving.user_id for s in seats)
        notice = f"{leaving.name} left the table."
        if keeps or len(chosen) > 1:
            notice = f"{leaving.name} left {seats_phrase(game, chosen)}."
        if not any(s.user_id is not None for s in seats):
            update.update(status="cancelled", finished_at=self._clock())
            notice = f"{leaving.name} left and the table is empty, so it was closed."
        elif leaving.user_id == game.host_id and not keeps:
            new_host = next(s for s in seats if s.user_id is not None)
            assert new_host.user_id is not None
            update["host_id"] = new_host.user_id
            notice += f" {new_host.name} is the host now."
        new = self._bump(game, **update)
        if keeps and leaving.user_id is not None:
            kept = new.seats_of(leaving.user_id)
            notice += f" {leaving.name} keeps {seats_phrase(new, kept)}."
        entries = [_leave_line(actor, leaving.user_id, i, by_gm) for i in chosen]
        return Step(new, None, entries, notice=notice)

    async def _vacate(
        self, c: LiveTable, chosen: list[int], actor: Actor, *, by_gm: bool
    ) -> Step:
        """During play: each seat keeps its place (and character) for a computer player
        (digital games with AI players) or stays vacant for a GM to play."""
        game = c.game
        engine = registry.get(game.game)
        ai = engine.supports_ai and game.mode == "digital"
        old = game.seats[chosen[0]]
        seats = [_stand_in(s, ai) if i in chosen else s for i, s in enumerate(game.seats)]
        new_game = self._bump(game, seats=seats)
        entries = [_leave_line(actor, old.user_id, i, by_gm) for i in chosen]
        state = c.state
        events: list[Event] = []
        if ai:
            new_game, state = await self._advance(engine, new_game, state, entries, events)
        several = len(chosen) > 1
        if ai:
            how = "computer players take over" if several else "a computer player takes over"
        else:
            how = f"a GM can play the seat{'s' if several else ''}"
        where = seats_phrase(game, chosen)
        kept = new_game.seats_of(old.user_id) if old.user_id is not None else []
        if by_gm:
            notice = f"{old.name} was removed from {where}; {how}."
        else:
            notice = f"{old.name} left {where}; {how}."
        if kept:
            notice += f" {old.name} keeps {seats_phrase(new_game, kept)}."
        return Step(new_game, state, entries, events, notice)

    async def add_ai(self, channel_id: int, actor: Actor, guild_id: int | None) -> Outcome:
        async def fn(c: LiveTable) -> Step:
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
            entry = LogEntry(user_id=actor.user_id, gm=True, payload=GmLine(op="add_ai"))
            notice = f"A computer player joined ({len(seats)}/{engine.max_seats})."
            return Step(new, None, [entry], notice=notice)

        return await self._change(channel_id, fn)

    async def kick(
        self,
        channel_id: int,
        actor: Actor,
        guild_id: int | None,
        target_user_id: int,
        seat: int | None = None,
    ) -> Outcome:
        """Remove a member from every seat they hold, or only from `seat` (0-based)."""

        async def fn(c: LiveTable) -> Step:
            game = c.game
            await self._require_gm(game, actor, guild_id, "kick players")
            chosen = chosen_seats(game, target_user_id, seat, own=False)
            if game.status == "lobby":
                return self._remove_seats(game, chosen, actor, by_gm=True)
            return await self._vacate(c, chosen, actor, by_gm=True)

        return await self._change(channel_id, fn)

    async def start(
        self, channel_id: int, actor: Actor, guild_id: int | None, game_id: int | None = None
    ) -> Outcome:
        async def fn(c: LiveTable) -> Step:
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
            setup = _setup_line(game)
            try:
                state = await off_loop(_set_up, engine, setup, game.options)
            except ValidationError as exc:
                raise RuleError(f"The game's options are not valid: {clause(exc)}") from None
            new = self._bump(game, status="active")
            entries = [LogEntry(user_id=actor.user_id, payload=setup)]
            events: list[Event] = []
            new, state = await self._advance(engine, new, state, entries, events, on_loop=0)
            return Step(new, state, entries, events, f"{engine.title} begins!")

        return await self._change(channel_id, fn)

    async def switch_dice(
        self, channel_id: int, actor: Actor, guild_id: int | None, game_id: int | None = None
    ) -> Outcome:
        """A physical lobby's `dice` option, bot <-> ours, so a group need not know the
        `options` syntax to let the bot roll (cards still come from their box)."""

        async def fn(c: LiveTable) -> Step:
            game = c.game
            _check_game_id(game, game_id)
            if game.status != "lobby":
                raise RuleError("Who rolls the dice is chosen before the game starts.")
            if game.mode != "physical":
                raise RuleError("At a digital table the bot rolls every die.")
            await self._require_gm(game, actor, guild_id, "choose who rolls the dice")
            now = "ours" if game.options.get(DICE_OPTION, DEFAULT_DICE) == "bot" else "bot"
            new = self._bump(game, options={**game.options, DICE_OPTION: now})
            entry = LogEntry(user_id=actor.user_id, gm=True, payload=GmLine(op="dice", name=now))
            notice = (f"{actor.name}: the bot rolls the dice; cards still come from your box."
                      if now == "bot" else f"{actor.name}: you roll your own dice and report them.")
            return Step(new, None, [entry], notice=notice)

        return await self._change(channel_id, fn)

    async def cancel(
        self, channel_id: int, actor: Actor, guild_id: int | None, game_id: int | None = None
    ) -> Outcome:
        """Close a lobby (or end a running game): host or GM."""
        return await self.end(channel_id, actor, guild_id, game_id=game_id)

    async def end(
        self, channel_id: int, actor: Actor, guild_id: int | None, game_id: int | None = None
    ) -> Outcome:
        async def fn(c: LiveTable) -> Step:
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
            entry = LogEntry(user_id=actor.user_id, gm=True, payload=EndLine(by=actor.user_id))
            return Step(new, c.state, [entry], notice=notice)

        return await self._change(channel_id, fn)


def _stand_in(old: SeatRow, ai: bool) -> SeatRow:
    """Who holds a seat its member left during play: 'Alice (AI)', 'Alice (vacant)', or
    for a character's seat the character, shown as 'Liz Sherman (vacant)'."""
    tag = "AI" if ai else "vacant"
    name = tag if old.character else f"{old.name} ({tag})"
    return SeatRow(user_id=None, name=name, ai=ai, character=old.character)


def _leave_line(actor: Actor, user_id: int | None, seat: int, by_gm: bool) -> LogEntry:
    payload = (
        GmLine(op="kick", user_id=user_id, seat=seat)
        if by_gm
        else LobbyLine(op="leave", user_id=user_id, seat=seat)
    )
    return LogEntry(user_id=actor.user_id, gm=by_gm, payload=payload)


def _setup_line(game: GameRow) -> SetupLine:
    """What the engine is set up from; a seat with a character plays under its name."""
    seats = [Seat(index=i, name=s.character or s.name, ai=s.ai) for i, s in enumerate(game.seats)]
    return SetupLine(seats=seats, options=game.options, rng_counter=game.rng_counter)


def _set_up(engine: AnyEngine, setup: SetupLine, options: dict[str, Any]) -> Any:
    return engine.setup(setup.seats, engine_options(engine, options))


def _check_game_id(game: GameRow, game_id: int | None) -> None:
    if game_id is not None and game_id != game.id:
        raise StaleBoard("That lobby is closed; use the newest message in the channel.")


def _running_message(game: GameRow) -> str:
    engine = registry.get(game.game)
    where = "in its lobby" if game.status == "lobby" else "under way"
    return (
        f"This channel already has a game of {engine.title} {where}."
        " Use `/game status` to see it, or play in another channel or a thread."
    )
