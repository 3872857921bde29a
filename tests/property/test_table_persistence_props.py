"""Issue 9's guard, as a property: random sequences of table operations (moves, undo,
GM seat swaps, kicks, skips, AI take-overs, late joins, pause and resume, restarts,
a GM's end and the companion's closing of a case) on three games, with the table
service's `verify` check on. A game that ends is played on: undo brings it back
while it is the channel's latest (issue 23), and anything else is refused.

After every committed change `verify` reloads the game from SQLite (no cache) and
replays its log, and both must equal the state the table shows; a refused operation
must change nothing; a restart (a new service on the same database, empty cache)
must show exactly the state the old one showed. A failure names the operation.
"""

from __future__ import annotations

import asyncio
import random

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from bot.storage_sqlite import SqliteStorage
from bot.table import Actor, TableService
from engines import registry
from engines.hellboy_board import ENGINE as COMPANION
from engines.hellboy_dice import ENGINE as HELLBOY
from engines.hellraiser import ENGINE as HELLRAISER
from tests.support.table_ops import run_operations, snapshot, table_of

CH = 500
GUILD = 1
GM = Actor(user_id=9, name="Mod", manage_channels=True)
PLAYERS = [Actor(user_id=1, name="Alice"), Actor(user_id=2, name="Bob")]
LATE = Actor(user_id=3, name="Carol")
OPS = ["move", "move", "move", "move", "undo", "swap", "kick", "skip", "ai", "join", "pause",
       "restart", "end"]
CLOSING = ["close", "report", "report"]
"""The companion's `end_case` (the GM closes the case, won or lost), and the cards
its group reports from their box (a digital table draws none)."""
ENDED_AND_UNDONE = [*["move"] * 40, "end", "move", "restart", "undo", "restart", "undo",
                    *["move"] * 6, "end", "undo", "move", "end", "restart", "undo"]
"""Past the table's checkpoints (every 32 versions), ended, undone across restarts."""
CLOSED_AND_UNDONE = [*["move", "move", "report"] * 20, "close", "move", "restart", "undo",
                     "undo", "restart", *["move"] * 6, "close", "end", "undo", "restart", "undo"]
"""The companion's GM closes the case (replayed without it) and ends it (undone alone)."""
COMPANION_ENDED = [*["move", "move", "report"] * 20, *ENDED_AND_UNDONE[40:]]


async def _move(service: TableService, rng: random.Random) -> None:
    out = await service.current(CH)
    assert out is not None and out.state is not None
    engine = registry.get(out.game.game)
    movers = [s for s in engine.to_move(out.state) if not out.game.seats[s].ai]
    if not movers:
        return
    seat = rng.choice(movers)
    action = rng.choice(engine.legal_actions(out.state, seat))
    member = out.game.seats[seat].user_id
    actor = next((p for p in [*PLAYERS, LATE] if p.user_id == member), None)
    await service.act(
        CH,
        actor or GM,
        engine.dump_action(action),
        expected_version=out.game.version,
        guild_id=GUILD,
        as_seat=None if actor else seat,
    )


async def _operate(service: TableService, op: str, rng: random.Random) -> TableService:
    """One operation; returns the service to use next (a restart makes a new one)."""
    out = await table_of(service, CH, finished_too=True)
    assert out is not None
    if op == "restart":
        fresh = TableService(service.storage, seed=1, verify=True)
        again = await table_of(fresh, CH, finished_too=True)
        assert again is not None
        assert snapshot(again) == snapshot(out), "a restart shows another table"
        assert again.state == out.state, "a restart rebuilds another state"
        return fresh
    if op == "undo":
        back = await service.undo(CH, GM, GUILD)
        if out.game.status == "finished":
            live = await service.current(CH)
            assert live is not None and live.game.status == "active", "the end stayed"
            if str((out.game.result or {}).get("summary", "")).startswith("Ended early"):
                assert back.state == out.state, "undoing a GM's end changed the state"
    elif out.game.status == "finished":
        await service.act(CH, PLAYERS[0], {"type": "roll"}, guild_id=GUILD)
        raise AssertionError("a move was taken at a finished table")
    elif op == "end":
        await service.end(CH, GM, GUILD)
    elif op == "report":
        request = registry.get(out.game.game).chance(out.state)
        if request is None:
            return service
        values = [rng.choice(i.options) if i.options else "Stalk" for i in request.items]
        await service.report(CH, GM, values, guild_id=GUILD)
    elif op == "close":
        await service.correct(CH, GM, GUILD, {"type": "end_case", "won": rng.random() < 0.5})
    elif op == "move":
        await _move(service, rng)
    elif op == "swap":
        member = rng.choice([*PLAYERS, LATE])
        await service.assign_seat(CH, GM, GUILD, member, rng.randrange(len(out.game.seats)))
    elif op == "kick":
        seated = [s.user_id for s in out.game.seats if s.user_id is not None]
        if not seated:
            return service
        await service.kick(CH, GM, GUILD, rng.choice(seated))
    elif op in ("skip", "ai"):
        await service.afk(CH, GM, GUILD, op, out.game.version)
    elif op == "join":
        await service.let_join(CH, GM, GUILD, out.game.id, LATE)
    else:
        assert op == "pause", op
        paused = out.game.status == "active"
        await service.pause(CH, GM, GUILD, paused)
    return service


async def _play(game_key: str, seed: int, ops: list[str]) -> None:
    storage = await SqliteStorage.open(":memory:")
    try:
        service = TableService(storage, seed=seed, verify=True)
        await service.new_game(
            channel_id=CH, guild_id=GUILD, host=PLAYERS[0], game_key=game_key, mode="digital"
        )
        await service.join(CH, PLAYERS[1])
        if registry.get(game_key).supports_ai:
            await service.add_ai(CH, GM, GUILD)
        await service.start(CH, PLAYERS[0], GUILD)
        rng = random.Random(seed)
        await run_operations(service, CH, ops, rng, _operate, after_the_end=True)
    finally:
        await storage.close()


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**16), ops=st.lists(st.sampled_from(OPS), max_size=30))
@example(seed=3, ops=ENDED_AND_UNDONE)
def test_hellboy_tables_store_what_they_show(seed: int, ops: list[str]) -> None:
    asyncio.run(_play(HELLBOY.key, seed, ops))


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**16), ops=st.lists(st.sampled_from(OPS), max_size=30))
@example(seed=3, ops=ENDED_AND_UNDONE)
def test_hellraiser_tables_store_what_they_show(seed: int, ops: list[str]) -> None:
    asyncio.run(_play(HELLRAISER.key, seed, ops))


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**16),
       ops=st.lists(st.sampled_from([*OPS, *CLOSING, "move", "move"]), max_size=30))
@example(seed=3, ops=COMPANION_ENDED)
@example(seed=4, ops=CLOSED_AND_UNDONE)
def test_companion_tables_store_what_they_show_closed_and_undone(
    seed: int, ops: list[str]
) -> None:
    asyncio.run(_play(COMPANION.key, seed, ops))
