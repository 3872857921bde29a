"""A physical Hellbringer table's Tome and Combat reports are reports like any other:
logged, replayed from the log (the table checks its stored game against a replay
after every step), and undone one at a time."""

from __future__ import annotations

import pytest

from bot.storage import Storage
from bot.table import TableService
from engines.hellbringer import ENGINE, HellbringerState
from engines.hellbringer.models import CombatReport, Spawn, TomeReport
from tests.unit.table.conftest import ALICE, FakeClock

CH = 311


@pytest.fixture
def table(storage: Storage, clock: FakeClock) -> TableService:
    return TableService(storage, clock=clock, seed=5, verify=True)


async def _drawn(table: TableService, cid: str) -> HellbringerState:
    """Alice's physical table: her sheet, the Graveyard and its Rat; she ends her turn
    discarding two (six in hand with the Elixir, over a limit of five), and draws `cid`
    off the dungeon pile (the draw form's "Monsters per Combat card" left blank)."""
    await table.new_game(channel_id=CH, guild_id=1, host=ALICE, game_key="hellbringer",
                         mode="physical")
    await table.start(CH, ALICE, 1)
    for values in (["warrior", "35", "10", "2", "2"], ["0", "1"],
                   ["Rat", "0", "5", "5", "1A"]):
        await table.report(CH, ALICE, values)
    current = await table.current(CH)
    assert current is not None and isinstance(current.state, HellbringerState)
    cards = current.state.heroes[0].hand[:2]
    ended = await table.act(CH, ALICE, {"type": "end_turn", "discard": list(cards)})
    request = ENGINE.chance(ended.state)
    assert request is not None and request.items[0].key == "card"
    drawn = await table.report(CH, ALICE, [cid] + [""] * (len(request.items) - 1))
    assert isinstance(drawn.state, HellbringerState)
    return drawn.state


async def test_a_tome_report_replays_and_undoes_like_any_report(table: TableService) -> None:
    asked = await _drawn(table, "tome_ii")
    assert isinstance(asked.queue[0], TomeReport)
    read = await table.report(CH, ALICE, ["weaken_demon", "15"])
    assert isinstance(read.state, HellbringerState) and read.state.seal_armor == 15
    undone = await table.undo(CH, ALICE, 1)
    assert undone.state == asked, "the Tome is asked again, nothing applied"
    again = await table.report(CH, ALICE, ["weaken_demon", "15"])
    assert again.state == read.state
    assert table.persistence_failures == []


async def test_a_combat_report_replays_and_undoes_like_any_report(table: TableService) -> None:
    asked = await _drawn(table, "combat")
    assert isinstance(asked.queue[0], CombatReport)
    brought = await table.report(CH, ALICE, ["2"])
    assert isinstance(brought.state, HellbringerState)
    head = brought.state.queue[0]
    assert isinstance(head, Spawn) and (head.pile, head.count) == ("monster", 2)
    undone = await table.undo(CH, ALICE, 1)
    assert undone.state == asked
    again = await table.report(CH, ALICE, ["2"])
    assert again.state == brought.state
    assert table.persistence_failures == []
