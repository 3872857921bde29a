"""Turn flow in the table service: timers, pause, seats, away players, late
joiners, settings fallback, and replay of the new log lines."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bot import turn_timers
from bot.replay import replay
from bot.storage import Storage
from bot.table import Actor, StaleBoard, TableService
from bot.table_settings import parse_value, resolve
from bot.turn_timers import TurnTimers
from engines.core.errors import RuleError
from tests.support.pig import ENGINE as PIG
from tests.unit.table.conftest import ALICE, BOB, CAROL, MOD, FakeClock

CH = 200


def _no_channel(channel_id: int) -> Any:
    raise AssertionError("claiming timers sends nothing")


async def _play(service: TableService, *members: Actor, channel: int = CH) -> None:
    await service.new_game(
        channel_id=channel,
        guild_id=1,
        host=ALICE,
        game_key="pig",
        mode="digital",
        options={"target": 50, "late_join": "open"},
    )
    for m in members:
        await service.join(channel, m)
    await service.start(channel, ALICE, 1)


async def test_every_step_resets_both_turn_timers(
    service: TableService, storage: Storage, clock: FakeClock
) -> None:
    await _play(service, BOB)
    assert await storage.due_timers(clock.now + 9 * 60) == []
    due = await storage.due_timers(clock.now + 10 * 60)
    assert [(t.kind, t.seat) for t in due] == [("remind", 0)]
    clock.now += 5 * 60
    await service.act(CH, ALICE, {"type": "roll"})
    assert await storage.due_timers(clock.now + 9 * 60) == [], "quiet time counts from the move"
    kinds = {t.kind for t in await storage.due_timers(clock.now + 30 * 60)}
    assert kinds == {"remind", "afk"}


async def test_a_timer_is_claimed_once(
    service: TableService, storage: Storage, clock: FakeClock
) -> None:
    await _play(service, BOB)
    (timer,) = await storage.due_timers(clock.now + 10 * 60)
    assert await storage.claim_timers([timer]) == [timer]
    assert await storage.claim_timers([timer]) == []
    assert await storage.due_timers(clock.now + 10 * 60) == []


async def test_every_due_timer_fires_once_when_claimed_in_batches(
    service: TableService, storage: Storage, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Rule: a timer fires at most once, even with a pile of overdue timers claimed a
    batch at a time by two claimants at once (two processes after a restart)."""
    monkeypatch.setattr(turn_timers, "CLAIMED_AT_ONCE", 3)
    channels = range(CH, CH + 7)
    for channel in channels:
        await _play(service, BOB, channel=channel)
    clock.now += 10 * 60
    due = await storage.due_timers(clock.now)
    assert len(due) == 7
    loops = [TurnTimers(storage, service, channel_of=_no_channel) for _ in range(2)]
    first, second = await asyncio.gather(*(loop.claim_due() for loop in loops))
    assert sorted(t.channel_id for t in first + second) == list(channels)
    assert await loops[0].claim_due() == []
    assert await storage.due_timers(clock.now) == []


async def test_a_timer_left_behind_by_a_move_does_not_fire(
    service: TableService, storage: Storage, clock: FakeClock
) -> None:
    """Rule: a step replaces the game's timers, so one set before it no longer applies."""
    await _play(service, BOB)
    (old,) = await storage.due_timers(clock.now + 10 * 60)
    await service.act(CH, ALICE, {"type": "roll"})
    assert await storage.claim_timers([old]) == []
    (new,) = await storage.due_timers(clock.now + 10 * 60)
    assert new.version > old.version
    assert await storage.claim_timers([new, old]) == [new]


async def test_pause_clears_timers_and_blocks_moves(
    service: TableService, storage: Storage, clock: FakeClock
) -> None:
    await _play(service, BOB)
    with pytest.raises(RuleError, match="Only the host"):
        await service.pause(CH, BOB, 1, True)
    await service.pause(CH, ALICE, 1, True)
    assert await storage.due_timers(clock.now + 10**6) == []
    with pytest.raises(RuleError, match="paused"):
        await service.act(CH, ALICE, {"type": "roll"})
    await service.pause(CH, ALICE, 1, False)
    assert await storage.due_timers(clock.now + 10**6) != []
    await service.act(CH, ALICE, {"type": "roll"})


async def test_timers_follow_channel_then_server_then_default(
    service: TableService, storage: Storage, clock: FakeClock
) -> None:
    await service.put_setting("guild", 1, "reminder_minutes", 3)
    await service.put_setting("channel", CH, "reminder_minutes", 2)
    await service.put_setting("guild", 1, "afk_minutes", 0)
    await _play(service, BOB)
    due = await storage.due_timers(clock.now + 10**6)
    assert [(t.kind, t.due_at - clock.now) for t in due] == [("remind", 120)]


def test_settings_fallback_and_sources() -> None:
    values, sources = resolve(
        {"afk_minutes": 5, "pings": True},
        {"afk_minutes": 7, "pings": False, "default_mode": "physical"},
    )
    assert values.afk_minutes == 7 and sources["afk_minutes"] == "channel"
    assert values.pings is False and sources["pings"] == "channel", "a channel overrides pings"
    assert values.default_mode == "physical"
    assert values.reminder_minutes == 10 and sources["reminder_minutes"] == "default"


def test_setting_values_are_parsed_politely() -> None:
    assert parse_value("pings", "on") is True
    assert parse_value("afk_minutes", "45") == 45
    with pytest.raises(RuleError, match="whole number"):
        parse_value("afk_minutes", "soon")
    with pytest.raises(RuleError, match="doesn't fit"):
        parse_value("default_mode", "holographic")
    with pytest.raises(RuleError, match="no setting"):
        parse_value("volume", "11")


async def test_seat_swaps_and_hand_overs_are_gm_only(service: TableService) -> None:
    await _play(service, BOB)
    with pytest.raises(RuleError, match="Only the host"):
        await service.assign_seat(CH, BOB, 1, BOB, 0)
    out = await service.assign_seat(CH, MOD, 1, BOB, 0)
    assert [s.user_id for s in out.game.seats] == [BOB.user_id, ALICE.user_id]
    out = await service.assign_seat(CH, MOD, 1, CAROL, 1)
    assert [s.user_id for s in out.game.seats] == [BOB.user_id, CAROL.user_id]
    assert out.game.host_id == BOB.user_id, "the host left the table, so the host passes on"
    with pytest.raises(RuleError, match="no seat 5"):
        await service.assign_seat(CH, MOD, 1, ALICE, 4)


async def test_gm_acts_for_a_seat_and_the_log_says_so(service: TableService) -> None:
    await _play(service, BOB)
    with pytest.raises(RuleError, match="Only the host"):
        await service.act(CH, BOB, {"type": "roll"}, as_seat=0)
    await service.act(CH, MOD, {"type": "roll"}, as_seat=0, guild_id=1)
    current = await service.current(CH)
    assert current is not None
    log = await service.storage.log(current.game.id)
    action = next(e for e in log if e.kind == "action")
    assert action.gm and action.user_id == MOD.user_id and action.seat == 0


async def test_away_player_skip_and_ai_takeover(service: TableService) -> None:
    await _play(service, BOB)
    current = await service.current(CH)
    assert current is not None
    version = current.game.version
    with pytest.raises(RuleError, match="Only a GM"):
        await service.afk(CH, BOB, 1, "skip", version)
    out = await service.afk(CH, ALICE, 1, "skip", version)
    assert out.state.turn == 1
    with pytest.raises(StaleBoard):
        await service.afk(CH, ALICE, 1, "skip", version)
    await service.put_setting("channel", CH, "table_can_skip", True)
    out = await service.afk(CH, ALICE, 1, "ai", out.game.version)
    assert out.state.turn == 0, "the AI played Bob's turn to its end"
    log = await service.storage.log(out.game.id)
    assert any(e.kind == "action" and e.payload.get("afk") for e in log)
    with pytest.raises(RuleError, match="Only a GM or anyone seated"):
        await service.afk(CH, CAROL, 1, "skip", out.game.version)
    out = await service.afk(CH, BOB, 1, "skip", out.game.version)
    assert out.state.turn == 1, "with table_can_skip, a seated player may skip"


async def test_ai_takeover_can_be_switched_off(service: TableService) -> None:
    await _play(service, BOB)
    await service.put_setting("guild", 1, "ai_takeover", False)
    current = await service.current(CH)
    assert current is not None
    with pytest.raises(RuleError, match="doesn't let the AI"):
        await service.afk(CH, ALICE, 1, "ai", current.game.version)


async def test_late_joiner_and_skips_replay_exactly(service: TableService) -> None:
    await _play(service, BOB)
    out = await service.join(CH, CAROL)
    assert out.state.names == ["Alice", "Bob", "Carol"]
    out = await service.afk(CH, ALICE, 1, "skip", out.game.version)
    await service.act(CH, BOB, {"type": "roll"})
    current = await service.current(CH)
    assert current is not None
    log = await service.storage.log(current.game.id)
    setup = next(e for e in log if e.kind == "setup")
    rebuilt = replay(PIG, setup.payload, log, seed=1234)
    assert rebuilt.state == current.state


async def test_undo_after_a_late_join_and_a_skip_keeps_the_joiner(service: TableService) -> None:
    """Undo replays every state-changing line (joins and skips too), and takes back
    the last move or skip, never a seat."""
    await _play(service, BOB)
    out = await service.join(CH, CAROL)
    out = await service.afk(CH, ALICE, 1, "skip", out.game.version)
    after_skip = out.state
    await service.act(CH, BOB, {"type": "roll"})
    undone = await service.undo(CH, ALICE, 1)
    assert undone.state == after_skip
    assert undone.state.names == ["Alice", "Bob", "Carol"]
    undone = await service.undo(CH, ALICE, 1)
    assert undone.state.turn == 0, "the skip itself is undone"
    assert undone.state.names == ["Alice", "Bob", "Carol"], "the late joiner keeps the seat"
