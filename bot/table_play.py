"""Play: a player's move, a physical report, and undo by exact replay."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from pydantic import ValidationError

from bot.log_lines import ActionLine, ChanceLine, CorrectionLine, SkipLine, UndoLine
from bot.models import GameRow, LogEntry
from bot.replay import (
    REPLAYED_KINDS,
    UNDOABLE_KINDS,
    Replayed,
    logged_move,
    replay,
    replay_from,
)
from bot.table_core import (
    Actor,
    LiveTable,
    Outcome,
    StaleBoard,
    Step,
    TableCore,
    bot_draws,
    replayed_after,
)
from bot.workers import off_loop
from engines import registry
from engines.core.chance import ChanceOutcome, validate_outcome
from engines.core.errors import RuleError
from engines.registry import AnyEngine

Chooser = Callable[[GameRow, Any], Awaitable[tuple[int | None, Any]]]
"""From the live table (under its lock), the seat a move is made from and the move."""


class PlayOps(TableCore):
    """Moves, physical reports and undo, each checked against turn and version."""

    async def act(
        self,
        channel_id: int,
        actor: Actor,
        action: Any = None,
        *,
        expected_version: int | None = None,
        guild_id: int | None = None,
        as_seat: int | None = None,
        choose: Chooser | None = None,
    ) -> Outcome:
        """A player's move. `action` is the engine action or its JSON form.
        `as_seat` lets a GM act for a seat; the log marks it. A click passes `choose`
        instead: the seat and the move are read off the table under its lock, so the
        click's checks (its board's version, whose button it is) read the table once
        with the move itself."""

        async def fn(c: LiveTable) -> Step:
            game, state = c.game, c.state
            engine = registry.get(game.game)
            move, wanted = action, as_seat
            if choose is not None:
                wanted, move = await choose(game, state)
            _check_playing(game, expected_version)
            seat, by_gm = await self._acting_seat(engine, game, state, actor, guild_id, wanted)
            if engine.chance(state) is not None and not engine.acts_during_chance(state, seat):
                raise RuleError("The table is waiting for a roll or a card to be reported first.")
            if not engine.may_act(state, seat):
                raise RuleError(_not_your_turn(engine, game, state))
            try:
                parsed = engine.parse_action(move)
            except ValidationError:
                raise RuleError("That move isn't one this game understands.") from None
            new_state, events = engine.apply(state, seat, parsed)
            new_game = self._bump(game)
            entries = [
                LogEntry(
                    seat=seat,
                    user_id=actor.user_id,
                    gm=by_gm,
                    payload=ActionLine(action=engine.dump_action(parsed)),
                )
            ]
            new_game, new_state = await self._advance(engine, new_game, new_state, entries, events)
            return Step(new_game, new_state, entries, events)

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

        async def fn(c: LiveTable) -> Step:
            game, state = c.game, c.state
            engine = registry.get(game.game)
            _check_playing(game, expected_version)
            request = engine.chance(state)
            if request is None:
                raise RuleError("Nothing needs reporting right now.")
            if bot_draws(game, request):
                raise RuleError("The bot rolls and draws this one by itself.")
            seat, by_gm = await self.reporting_seat(game, request, actor, guild_id)
            outcome = ChanceOutcome(values=[v.strip() for v in values])
            validate_outcome(request, outcome)
            new_state, events = engine.resolve(state, outcome)
            new_game = self._bump(game)
            entries = [
                LogEntry(
                    seat=seat,
                    user_id=actor.user_id,
                    gm=by_gm,
                    payload=ChanceLine(values=outcome.values, reported=True),
                )
            ]
            new_game, new_state = await self._advance(engine, new_game, new_state, entries, events)
            shown = ", ".join(
                item.label_of(v) if item.open_hint is None else v
                for item, v in zip(request.items, outcome.values, strict=True)
            )
            notice = None if events else f"{actor.name} reported: {shown[:300]}."
            return Step(new_game, new_state, entries, events, notice)

        return await self._change(channel_id, fn)

    async def undo(self, channel_id: int, actor: Actor, guild_id: int | None) -> Outcome:
        """Restore the state before the last step exactly, RNG counter included, and
        say what was taken back. A game that ended, by its last step or a GM's end,
        comes back into play while it is the channel's latest game: one stray end
        must not cost a group its evening."""

        async def fn(c: LiveTable) -> Step:
            game = c.game
            await self._require_gm(game, actor, guild_id, "undo")
            if game.state is None:
                raise RuleError("Nothing to undo: the game hasn't started.")
            engine = registry.get(game.game)
            revive: dict[str, Any] = {}
            if game.status == "finished":
                revive = {"status": "active", "finished_at": None, "result": None}
                ended_at = await self._ended_by_gm(game)
                if ended_at is not None:
                    new = self._bump(game, **revive)
                    entry = LogEntry(user_id=actor.user_id, gm=True,
                                     payload=UndoLine(undid_version=ended_at))
                    notice = f"{actor.name} undid the end of the game: it is in play again."
                    return Step(new, c.state, [entry], notice=notice)
            last_version, replayed, undone = await self._replay_without_last_step(engine, c)
            new = self._bump(game, rng_counter=replayed.rng_counter, **revive)
            entry = LogEntry(
                user_id=actor.user_id, gm=True, payload=UndoLine(undid_version=last_version)
            )
            notice = f"Undid: {undone_words(engine, game, replayed.state, undone)}."
            return Step(new, replayed.state, [entry], notice=notice)

        return await self._change(channel_id, fn, ended=True)

    async def _ended_by_gm(self, game: GameRow) -> int | None:
        """The version of the GM's end that finished `game`, if that was its last step
        (undo then only brings it back; the state is as it was)."""
        log = await self.storage.log(game.id, include_undone=False)
        return log[-1].version if log and log[-1].kind == "end" else None

    async def _replay_without_last_step(
        self, engine: AnyEngine, c: LiveTable
    ) -> tuple[int, Replayed, list[LogEntry]]:
        """The last undoable step's version, the game replayed without it, and its lines:
        from the table's newest checkpoint before it (a few dozen lines), else from the
        newest stored checkpoint before it (a table just read back), else the whole
        stored log from set-up. Always in the worker pool, off the event loop."""
        history = c.history
        last = history.last_undoable(UNDOABLE_KINDS) if history is not None else None
        found = history.without(last) if history is not None and last is not None else None
        if history is not None and last is not None and found is not None:
            checkpoint, lines = found
            replayed = await off_loop(
                replay_from, engine, checkpoint.state, checkpoint.rng_counter, lines
            )
            return last, replayed, history.lines_at(last)
        stored = await self._replay_from_stored_checkpoint(engine, c.game.id)
        if stored is not None:
            return stored
        log = await self.storage.log(c.game.id, include_undone=False)
        setup = next((e for e in log if e.kind == "setup"), None)
        steps = [e for e in log if e.kind in UNDOABLE_KINDS]
        if setup is None or not steps:
            raise RuleError("Nothing to undo yet.")
        last_version = steps[-1].version
        keep = [e for e in log if e.kind in REPLAYED_KINDS and e.version != last_version]
        undone = [e for e in log if e.version == last_version]
        return last_version, await off_loop(replay, engine, setup.payload, keep), undone

    async def _replay_from_stored_checkpoint(
        self, engine: AnyEngine, game_id: int
    ) -> tuple[int, Replayed, list[LogEntry]] | None:
        """Undo from the stored checkpoints: the newest one with an undoable step after
        it, and only the log lines since (a few dozen, not the whole game)."""
        before: int | None = None
        while (checkpoint := await self.storage.checkpoint_before(game_id, before)) is not None:
            lines = replayed_after(checkpoint)
            steps = [e.version for e in lines if e.kind in UNDOABLE_KINDS]
            if steps:
                keep = [e for e in lines if e.version != steps[-1]]
                replayed = await off_loop(
                    _replay_stored, engine, checkpoint.state, checkpoint.rng_counter, keep
                )
                return steps[-1], replayed, [e for e in lines if e.version == steps[-1]]
            before = checkpoint.version
        return None


def _replay_stored(
    engine: AnyEngine, state: str, counter: int, lines: list[LogEntry]
) -> Replayed:
    """Parse a stored checkpoint and replay from it (both in the worker pool)."""
    return replay_from(engine, engine.load_state(state), counter, lines)


def undone_words(engine: AnyEngine, game: GameRow, before: Any, lines: list[LogEntry]) -> str:
    """What an undo took back, from the step's log lines: "Bob's Fight against Frog
    Soldier 2", "the reported result", "the GM's set track"."""
    for line in lines:
        payload = line.payload
        seat = line.seat if line.seat is not None and line.seat < len(game.seats) else None
        who = game.seats[seat].shown if seat is not None else "the table"
        if isinstance(payload, ActionLine):
            what = engine.describe_action(before, logged_move(engine, payload))
            return f"{who}'s {what}" + (" (AI)" if payload.ai else "")
        if isinstance(payload, CorrectionLine):
            what = engine.describe_action(before, engine.parse_correction(payload.correction))
            return f"the GM's {what}"
        if isinstance(payload, SkipLine):
            return f"the skip of {who}'s turn"
        if isinstance(payload, ChanceLine):
            return "the reported result" if payload.reported else "the roll"
    return "the last move"


def _check_playing(game: GameRow, expected_version: int | None) -> None:
    if game.status == "lobby":
        raise RuleError("The game hasn't started yet.")
    if game.status == "paused":
        raise RuleError("The game is paused; a GM can resume it.")
    if expected_version is not None and expected_version != game.version:
        raise StaleBoard("That board is out of date; use the newest one (`/game status`).")


def _not_your_turn(engine: AnyEngine, game: GameRow, state: Any) -> str:
    movers = engine.waiting_for(state) or engine.to_move(state)
    names = ", ".join(game.seats[m].shown for m in movers) or "nobody"
    return f"It's not your turn; waiting for {names}."
