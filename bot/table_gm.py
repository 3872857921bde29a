"""GM powers and turn flow: pause, seats and characters, corrections, away players."""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from bot.log_lines import CorrectionLine, GmLine, SkipLine
from bot.models import LogEntry, SeatRow
from bot.plain_errors import clause
from bot.table_core import Actor, LiveTable, Outcome, StaleBoard, Step, TableCore, stalled_seats
from bot.table_seats import seat_name
from engines import registry
from engines.core.errors import RuleError
from engines.core.protocol import Event


class GmOps(TableCore):
    """Powers of the host, Manage Channels members and the GM role."""

    async def pause(
        self, channel_id: int, actor: Actor, guild_id: int | None, paused: bool
    ) -> Outcome:
        async def fn(c: LiveTable) -> Step:
            game = c.game
            await self._require_gm(game, actor, guild_id, "pause or resume the game")
            if paused and game.status != "active":
                raise RuleError("Only a game in play can be paused.")
            if not paused and game.status != "paused":
                raise RuleError("The game isn't paused.")
            new = self._bump(game, status="paused" if paused else "active")
            entry = LogEntry(
                user_id=actor.user_id, gm=True, payload=GmLine(op="pause" if paused else "resume")
            )
            word = "paused" if paused else "resumed"
            return Step(new, c.state, [entry], notice=f"{actor.name} {word} the game.")

        return await self._change(channel_id, fn)

    async def assign_seat(
        self,
        channel_id: int,
        actor: Actor,
        guild_id: int | None,
        member: Actor,
        seat: int,
        *,
        also: bool = False,
    ) -> Outcome:
        """Put `member` in `seat`: swaps two seated members, or hands a seat (an AI's,
        a vacant one, or someone's) to a member who wasn't seated. With `also`, at a
        physical table, the member keeps their seats and takes this one too (a GM
        playing several characters)."""

        async def fn(c: LiveTable) -> Step:
            game = c.game
            await self._require_gm(game, actor, guild_id, "move players between seats")
            if game.status not in ("lobby", "active", "paused"):
                raise RuleError("The game is over.")
            if not 0 <= seat < len(game.seats):
                raise RuleError(f"There is no seat {seat + 1}; seats are 1 to {len(game.seats)}.")
            seats = list(game.seats)
            target = seats[seat]
            held = game.seats_of(member.user_id)
            if seat in held:
                raise RuleError(f"{member.name} already sits in seat {seat + 1}.")
            if also and game.mode != "physical":
                raise RuleError("Only at a physical table can one member hold several seats.")
            current = None if also or not held else held[0]
            incoming = SeatRow(
                user_id=member.user_id, name=seat_name(member.name), character=target.character
            )
            if also:
                notice = f"{member.name} also takes seat {seat + 1} (was {target.shown})."
            elif current is not None:
                seats[current] = target.model_copy(update={"character": seats[current].character})
                notice = f"{member.name} and {target.name} swapped seats."
            else:
                notice = f"{member.name} takes seat {seat + 1} (was {target.name})."
            seats[seat] = incoming
            host = game.host_id
            if not any(s.user_id == host for s in seats):
                host = next((s.user_id for s in seats if s.user_id is not None), member.user_id)
            new = self._bump(game, seats=seats, host_id=host)
            entry = LogEntry(
                user_id=actor.user_id,
                gm=True,
                payload=GmLine(op="seat", seat=seat, user_id=member.user_id),
            )
            return Step(new, c.state, [entry], notice=notice)

        return await self._change(channel_id, fn)

    async def set_character(
        self, channel_id: int, actor: Actor, guild_id: int | None, seat: int, name: str | None
    ) -> Outcome:
        """Name the character a seat plays (None clears it): the seat's member or a GM.
        Set before the start, the engine knows the seat by it; later, the table shows it."""

        async def fn(c: LiveTable) -> Step:
            game = c.game
            if not game.live:
                raise RuleError("The game is over.")
            if not 0 <= seat < len(game.seats):
                raise RuleError(f"There is no seat {seat + 1}; seats are 1 to {len(game.seats)}.")
            target = game.seats[seat]
            if name is not None and not name.strip():
                raise RuleError("Give the character a name, or leave `name` out to clear it.")
            if target.user_id != actor.user_id:
                await self._require_gm(game, actor, guild_id, "name another seat's character")
            character = seat_name(name) if name and name.strip() else None
            seats = list(game.seats)
            seats[seat] = target.model_copy(update={"character": character})
            new = self._bump(game, seats=seats)
            entry = LogEntry(
                user_id=actor.user_id,
                gm=target.user_id != actor.user_id,
                payload=GmLine(op="character", seat=seat, name=character),
            )
            notice = (
                f"Seat {seat + 1} plays **{character}** ({target.name})."
                if character
                else f"Seat {seat + 1} plays as {target.name} again."
            )
            return Step(new, c.state, [entry], notice=notice)

        return await self._change(channel_id, fn)

    async def correct(
        self, channel_id: int, actor: Actor, guild_id: int | None, raw: Any
    ) -> Outcome:
        """A GM's correction of the state, validated by the engine, logged as its own
        kind (replayed by undo and `python -m bot replay`)."""

        async def fn(c: LiveTable) -> Step:
            game, state = c.game, c.state
            await self._require_gm(game, actor, guild_id, "correct the game")
            if game.status not in ("active", "paused") or state is None:
                raise RuleError("There is no game in play to correct.")
            engine = registry.get(game.game)
            try:
                correction = engine.parse_correction(raw)
            except ValidationError as exc:
                problem = clause(exc)
                raise RuleError(f"That correction doesn't fit {engine.title}: {problem}") from None
            state, events = engine.correct(state, correction)
            line = CorrectionLine(correction=engine.dump_correction(correction))
            entries = [LogEntry(user_id=actor.user_id, gm=True, payload=line)]
            new = self._bump(game)
            if game.status == "active":
                new, state = await self._advance(engine, new, state, entries, events)
            notice = f"🛠️ {actor.name} (GM) corrected the game."
            return Step(new, state, entries, events, notice)

        return await self._change(channel_id, fn)

    async def afk(
        self, channel_id: int, actor: Actor, guild_id: int | None, op: str, version: int
    ) -> Outcome:
        """An away player's turn: skip it, or let the AI play it."""

        async def fn(c: LiveTable) -> Step:
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
            stalled = stalled_seats(engine, game, state)
            if not stalled:
                raise RuleError("Nobody is holding up the game right now.")
            seat = stalled[0]
            events: list[Event] = []
            entries: list[LogEntry] = []
            name = game.seats[seat].shown
            if op == "skip":
                for away in stalled:
                    if away not in stalled_seats(engine, game, state):
                        continue
                    state, skipped = engine.skip_turn(state, away)
                    events.extend(skipped)
                    entries.append(
                        LogEntry(
                            seat=away,
                            user_id=actor.user_id,
                            gm=True,
                            payload=SkipLine(afk=True),
                        )
                    )
                names = [game.seats[e.seat or 0].shown for e in entries]
                notice = (
                    f"{actor.name} skipped {names[0]}'s turn."
                    if len(names) == 1
                    else f"{actor.name} skipped the turns of {', '.join(names[:-1])}"
                    f" and {names[-1]}."
                )
            else:
                if not settings.ai_takeover:
                    raise RuleError("This server doesn't let the AI play for away players.")
                if not engine.supports_ai or game.mode != "digital":
                    raise RuleError("An AI can only play digital games that have AI players.")
                notice = f"The AI played {name}'s turn."
            new = self._bump(game)
            stand_in = (seat, actor) if op != "skip" else None
            new, state = await self._advance(engine, new, state, entries, events, stand_in=stand_in)
            return Step(new, state, entries, events, notice)

        return await self._change(channel_id, fn)
