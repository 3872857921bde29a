"""GM powers and turn flow: pause, seats, away players."""

from __future__ import annotations

from bot.models import LogEntry, SeatRow
from bot.table_core import (
    Actor,
    Outcome,
    StaleBoard,
    TableCore,
    _Cached,
    _clean_name,
    stalled_seat,
)
from engines import registry
from engines.core.errors import RuleError
from engines.core.protocol import Event


class GmOps(TableCore):
    """Powers of the host, Manage Channels members and the GM role."""

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
