"""The Enemies' Turn as issue 22 fixed it, played through the real bot and the fake
Discord: Alice and an AI seat play a digital game to its end from the board and her
panel, answering every defence window, and the channel reads what a table needs
(2.2: each ability names its enemy, and lands before the pool is rolled; 1.3: a
line when a turn ends)."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator

import pytest

from bot.app import PandemoniumBot
from engines.hellbringer import ENGINE
from engines.hellbringer.cards import catalogue
from engines.hellbringer.models import Window
from tests.e2e.conftest import StartBot
from tests.e2e.test_hellbringer_e2e import MAX_MOVES, _alices_turn, _make, _open, _sensible
from tests.fakediscord import FakeDiscord
from tests.support.boards import board_now

ABILITY = re.compile(
    r"^(?P<enemy>The [\w' ,]+)'s (?:Sap|Blind|Discard): (?P<who>\w[\w ]*?) (loses|discards) ")


@pytest.fixture
async def bot(start_bot: StartBot) -> AsyncIterator[PandemoniumBot]:
    async with start_bot(seed=11) as started:
        yield started


@pytest.mark.slow(72)
async def test_rule_2_2_abilities_name_their_enemy_and_land_before_the_pool(
    fake_discord: FakeDiscord, bot: PandemoniumBot
) -> None:
    fake = fake_discord
    board = await _open(fake, bot)
    windows: set[str] = set()
    for _ in range(MAX_MOVES):
        state = await _alices_turn(fake, bot)
        if state is None:
            break
        head = state.queue[0] if state.queue else None
        if isinstance(head, Window):
            windows.add(head.step)
        legal = ENGINE.legal_actions(state, 0)
        await _make(fake, await board_now(fake, bot, board), state, legal[_sensible(state, legal)])
    else:
        raise AssertionError(f"no end after {MAX_MOVES} moves")
    lines = [line for m in fake.messages(fake.text_channel) if not m.embeds
             for line in m.text().splitlines()]
    abilities = [i for i, line in enumerate(lines) if ABILITY.match(line.lstrip("• "))]
    assert abilities, "some enemy's ability landed in the game"
    enemies = {ABILITY.match(lines[i].lstrip("• ")).group("enemy")  # type: ignore[union-attr]
               for i in abilities}
    names = _enemy_names()
    assert all(e in names or e.removeprefix("The ") in names for e in enemies), \
        f"each names an enemy card: {enemies}"
    for i in abilities:
        rest = lines[i:]
        pool = next((j for j, line in enumerate(rest) if "The enemies roll:" in line), None)
        die = next((j for j, line in enumerate(rest) if "Enemy Die:" in line), None)
        assert pool is not None and (die is None or pool < die), \
            "the pool of the same Enemies' Turn is rolled after the ability"
    assert "abilities" in windows, "Alice met the window before the abilities"
    assert any(re.search(r"alice (discards \d+ and draws \d+|ends the turn)", line, re.I)
               for line in lines), "ending a turn posts a line"


def _enemy_names() -> set[str]:
    pack = catalogue().enemies
    return {e.name for e in [*pack.starters, *pack.monsters, *pack.moose]} | {
        pack.demon.side_a.name, pack.demon.side_b.name}
