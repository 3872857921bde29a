"""The table service: lobby rules, the one change path, staleness, undo, replay."""

from __future__ import annotations

import asyncio

import pytest

from bot.models import Mode
from bot.replay import replay
from bot.storage import Storage
from bot.table import Actor, StaleBoard, TableService
from engines.core.errors import RuleError
from tests.support.pig import ENGINE as PIG
from tests.unit.table.conftest import ALICE, BOB, CAROL, MOD, FakeClock

CH = 100


async def _started(service: TableService, *members: Actor, mode: Mode = "digital") -> int:
    out = await service.new_game(
        channel_id=CH, guild_id=1, host=ALICE, game_key="pig", mode=mode, options={"target": 20}
    )
    for m in members:
        await service.join(CH, m)
    out = await service.start(CH, ALICE, 1)
    return out.game.id


async def test_new_game_seats_the_host(service: TableService) -> None:
    out = await service.new_game(
        channel_id=CH, guild_id=1, host=ALICE, game_key="pig", mode="digital"
    )
    assert out.game.status == "lobby"
    assert [s.user_id for s in out.game.seats] == [ALICE.user_id]
    assert out.game.host_id == ALICE.user_id


async def test_second_new_game_points_at_the_running_one(service: TableService) -> None:
    await service.new_game(channel_id=CH, guild_id=1, host=ALICE, game_key="pig", mode="digital")
    with pytest.raises(RuleError, match="already has a game of Pig"):
        await service.new_game(channel_id=CH, guild_id=1, host=BOB, game_key="pig", mode="digital")


async def test_unknown_game_and_bad_options_are_refused(service: TableService) -> None:
    with pytest.raises(RuleError, match="no game called"):
        await service.new_game(
            channel_id=CH, guild_id=1, host=ALICE, game_key="chess", mode="digital"
        )
    with pytest.raises(RuleError, match="target"):
        await service.new_game(
            channel_id=CH,
            guild_id=1,
            host=ALICE,
            game_key="pig",
            mode="digital",
            options={"target": -3},
        )
    assert await service.current(CH) is None


async def test_join_twice_and_leave_rules(service: TableService) -> None:
    await service.new_game(channel_id=CH, guild_id=1, host=ALICE, game_key="pig", mode="digital")
    await service.join(CH, BOB)
    with pytest.raises(RuleError, match="already have a seat"):
        await service.join(CH, BOB)
    with pytest.raises(RuleError, match="don't have a seat"):
        await service.leave(CH, CAROL)
    out = await service.leave(CH, ALICE)
    assert out.game.host_id == BOB.user_id, "the host passes to the next seated member"
    out = await service.leave(CH, BOB)
    assert out.game.status == "cancelled"
    assert await service.current(CH) is None


async def test_only_host_or_gm_starts(service: TableService, storage: Storage) -> None:
    await service.new_game(channel_id=CH, guild_id=1, host=ALICE, game_key="pig", mode="digital")
    await service.join(CH, BOB)
    with pytest.raises(RuleError, match="Only the host"):
        await service.start(CH, BOB, 1)
    await service.put_setting("guild", 1, "gm_role", 555)
    gm_by_role = Actor(user_id=BOB.user_id, name="Bob", role_ids=frozenset({555}))
    out = await service.start(CH, gm_by_role, 1)
    assert out.game.status == "active"


async def test_manage_channels_is_gm(service: TableService) -> None:
    await service.new_game(channel_id=CH, guild_id=1, host=ALICE, game_key="pig", mode="digital")
    out = await service.end(CH, MOD, 1)
    assert out.game.status == "cancelled"


async def test_fifty_simultaneous_joins_seat_each_once(service: TableService) -> None:
    await service.new_game(channel_id=CH, guild_id=1, host=ALICE, game_key="pig", mode="digital")
    members = [Actor(user_id=1000 + i, name=f"m{i}") for i in range(50)]
    results = await asyncio.gather(*(service.join(CH, m) for m in members))
    assert len(results) == 50
    current = await service.current(CH)
    assert current is not None
    seated = [s.user_id or 0 for s in current.game.seats]
    assert sorted(seated[1:]) == [m.user_id for m in members]
    assert current.game.version == 51, "every join is its own version: no lost update"


async def test_not_your_turn_and_unseated_change_nothing(service: TableService) -> None:
    await _started(service, BOB)
    before = await service.current(CH)
    assert before is not None
    with pytest.raises(RuleError, match="not your turn; waiting for Alice"):
        await service.act(CH, BOB, {"type": "roll"})
    with pytest.raises(RuleError, match="not seated"):
        await service.act(CH, CAROL, {"type": "roll"})
    with pytest.raises(RuleError, match="isn't one this game understands"):
        await service.act(CH, ALICE, {"type": "teleport"})
    after = await service.current(CH)
    assert after is not None and after.game.version == before.game.version
    assert after.state == before.state


async def test_stale_board_is_refused(service: TableService) -> None:
    await _started(service, BOB)
    cur = await service.current(CH)
    assert cur is not None
    old = cur.game.version
    await service.act(CH, ALICE, {"type": "roll"}, expected_version=old)
    with pytest.raises(StaleBoard):
        await service.act(CH, ALICE, {"type": "roll"}, expected_version=old)


async def test_digital_rolls_come_from_the_seeded_counter(
    service: TableService, storage: Storage
) -> None:
    game_id = await _started(service, BOB)
    for _ in range(5):
        cur = await service.current(CH)
        assert cur is not None
        mover = cur.state.turn
        await service.act(CH, [ALICE, BOB][mover], {"type": "roll"})
    log = await storage.log(game_id)
    chances = [e for e in log if e.kind == "chance"]
    assert [e.payload["counter"] for e in chances] == list(range(5))
    setup = next(e for e in log if e.kind == "setup")
    cur = await service.current(CH)
    assert cur is not None
    rebuilt = replay(PIG, setup.payload, log, seed=1234)
    assert rebuilt.state == cur.state
    assert rebuilt.rng_counter == cur.game.rng_counter == 5


async def test_undo_restores_exact_state_and_rng(service: TableService) -> None:
    await _started(service, BOB)
    before = await service.current(CH)
    assert before is not None
    first = await service.act(CH, ALICE, {"type": "roll"})
    with pytest.raises(RuleError, match="Only the host"):
        await service.undo(CH, BOB, 1)
    undone = await service.undo(CH, ALICE, 1)
    assert undone.state == before.state
    assert undone.game.rng_counter == before.game.rng_counter
    again = await service.act(CH, ALICE, {"type": "roll"})
    assert again.state == first.state, "undo cannot fish for a better roll"


async def test_nothing_to_undo_before_a_move(service: TableService) -> None:
    await _started(service, BOB)
    with pytest.raises(RuleError, match="Nothing to undo"):
        await service.undo(CH, ALICE, 1)


async def test_physical_mode_waits_for_a_valid_report(service: TableService) -> None:
    await _started(service, BOB, mode="physical")
    out = await service.act(CH, ALICE, {"type": "roll"})
    assert out.state.rolling
    with pytest.raises(RuleError, match="not a possible result"):
        await service.report(CH, ALICE, ["7"])
    with pytest.raises(RuleError, match="Alice reports this one"):
        await service.report(CH, BOB, ["3"])
    with pytest.raises(RuleError, match="waiting for a roll"):
        await service.act(CH, ALICE, {"type": "hold"})
    out = await service.report(CH, ALICE, ["5"])
    assert out.state.turn_points == 5 and not out.state.rolling


async def test_ai_seats_play_their_turns(service: TableService) -> None:
    await service.new_game(
        channel_id=CH,
        guild_id=1,
        host=ALICE,
        game_key="pig",
        mode="digital",
        options={"target": 20},
    )
    await service.add_ai(CH, ALICE, 1)
    await service.start(CH, ALICE, 1)
    for _ in range(200):
        cur = await service.current(CH)
        if cur is None:
            break
        assert cur.state.turn == 0, "the AI seat plays its whole turn before control returns"
        await service.act(CH, ALICE, {"type": "roll"})
        cur = await service.current(CH)
        if cur is not None and cur.state.turn_points >= 6:
            await service.act(CH, ALICE, {"type": "hold"})
    history = await service.storage.games_in_channel(CH)
    assert history[0].status == "finished"
    assert history[0].result is not None
    log = await service.storage.log(history[0].id)
    assert any(e.kind == "action" and e.seat == 1 and e.payload.get("ai") for e in log)


async def test_kick_in_play_hands_the_seat_to_an_ai(service: TableService) -> None:
    await _started(service, BOB)
    with pytest.raises(RuleError, match="Only the host"):
        await service.kick(CH, BOB, 1, ALICE.user_id)
    out = await service.kick(CH, ALICE, 1, BOB.user_id)
    assert out.game.seats[1].ai and out.game.seats[1].user_id is None


async def test_end_keeps_the_game_in_history(service: TableService, clock: FakeClock) -> None:
    game_id = await _started(service, BOB)
    clock.now += 60
    out = await service.end(CH, ALICE, 1)
    assert out.game.status == "finished" and out.game.finished_at == clock.now
    exported = await service.export_log(game_id)
    assert exported["status"] == "finished"
    assert [e["kind"] for e in exported["entries"]][:2] == ["create", "lobby"]
    assert await service.current(CH) is None


async def test_restart_reloads_the_table(storage: Storage, service: TableService) -> None:
    await _started(service, BOB)
    await service.act(CH, ALICE, {"type": "roll"})
    cur = await service.current(CH)
    fresh = TableService(storage, seed=1)
    reloaded = await fresh.current(CH)
    assert cur is not None and reloaded is not None
    assert reloaded.state == cur.state and reloaded.game.version == cur.game.version
