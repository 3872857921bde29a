"""A co-operative game (Vigil) under random table operations, at a physical table
whose dice the bot rolls: moves by any seat that may act (reactions too) or by an
onlooker, card reports by anyone, GM corrections, undo, skips and restarts, with
the table's `verify` check on. Whatever the mix of bot-rolled dice, reported
cards and corrections, the stored game and its replayed log equal what the table
shows, and a refused operation changes nothing."""

from __future__ import annotations

import asyncio
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.storage_sqlite import SqliteStorage
from bot.table import Actor, TableService
from engines import registry
from tests.support.table_ops import run_operations, snapshot
from tests.support.vigil import ENGINE as VIGIL
from tests.support.vigil import OMENS

CH = 600
GUILD = 1
GM = Actor(user_id=9, name="Mod", manage_channels=True)
PLAYERS = [Actor(user_id=1, name="Alice"), Actor(user_id=2, name="Bob")]
ONLOOKER = Actor(user_id=5, name="Eve")
OPS = ["move", "move", "move", "report", "correct", "undo", "skip", "restart"]


async def _operate(service: TableService, op: str, rng: random.Random) -> TableService:
    out = await service.current(CH)
    assert out is not None and out.state is not None
    if op == "move":
        able = [s for s in range(len(out.game.seats)) if VIGIL.may_act(out.state, s)]
        seat = rng.choice(able) if able else 0
        actions = VIGIL.legal_actions(out.state, seat) or [{"type": "chant"}]
        action = rng.choice(actions)
        who = rng.choice([*PLAYERS, ONLOOKER])
        raw = action if isinstance(action, dict) else VIGIL.dump_action(action)
        await service.act(CH, who, raw, expected_version=out.game.version, guild_id=GUILD)
    elif op == "report":
        who = rng.choice([*PLAYERS, ONLOOKER, GM])
        await service.report(CH, who, [rng.choice([*OMENS, "raven"])], guild_id=GUILD)
    elif op == "correct":
        kind = rng.choice(["set_doom", "set_power"])
        await service.correct(CH, GM, GUILD, {"type": kind, "value": rng.randrange(0, 8)})
    elif op == "undo":
        await service.undo(CH, GM, GUILD)
    elif op == "skip":
        await service.afk(CH, GM, GUILD, "skip", out.game.version)
    else:
        fresh = TableService(service.storage, seed=1, verify=True)
        again = await fresh.current(CH)
        assert again is not None and snapshot(again) == snapshot(out)
        assert again.state == out.state, "a restart rebuilds another state"
        return fresh
    return service


async def _play(seed: int, ops: list[str]) -> None:
    registry.register(VIGIL)
    storage = await SqliteStorage.open(":memory:")
    try:
        service = TableService(storage, seed=seed, verify=True)
        await service.new_game(
            channel_id=CH,
            guild_id=GUILD,
            host=PLAYERS[0],
            game_key=VIGIL.key,
            mode="physical",
            options={"dice": "bot", "target": 20},
        )
        await service.join(CH, PLAYERS[1])
        await service.start(CH, PLAYERS[0], GUILD)
        rng = random.Random(seed)
        await run_operations(service, CH, ops, rng, _operate, playing=("active",))
    finally:
        await storage.close()
        registry.unregister(VIGIL.key)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**16), ops=st.lists(st.sampled_from(OPS), max_size=40))
def test_cooperative_tables_with_mixed_chance_store_what_they_show(
    seed: int, ops: list[str]
) -> None:
    asyncio.run(_play(seed, ops))
