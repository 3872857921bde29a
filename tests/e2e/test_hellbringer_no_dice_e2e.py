"""A physical Hellbringer table whose only enemy has no dice (a Rat reported as 0D):
the Enemies' Turn strikes with nothing to roll and the game goes on (2.2, D8).

Before the fix the empty roll was an invalid request: the Enemy Die's report got
no reply the player could read and the table was stuck."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.app import PandemoniumBot
from engines.hellbringer import HellbringerState
from engines.hellbringer.models import EndTurn
from tests.e2e.conftest import StartBot
from tests.fakediscord import FakeDiscord, FakeMessage
from tests.support.boards import board_now, board_recorded
from tests.support.hellbringer_play import make

pytestmark = pytest.mark.timeout(300)


@pytest.fixture
async def bot(start_bot: StartBot) -> AsyncIterator[PandemoniumBot]:
    async with start_bot(seed=5) as started:
        yield started


async def _report(fake: FakeDiscord, bot: PandemoniumBot, board: FakeMessage,
                  answers: list[str]) -> str:
    """Alice fills in the board's report form; the public reply."""
    live = await board_now(fake, bot, board)
    button = next(cid for cid in live.custom_ids() if cid.startswith("pd:rep:"))
    opened = await fake.click("alice", live, button)
    await opened.modal()
    sent = await opened.submit_modal({f"field{i}": v for i, v in enumerate(answers)})
    reply = (await sent.original()).text()
    assert not await sent.ephemeral(), reply
    return reply


async def _state(fake: FakeDiscord, bot: PandemoniumBot) -> HellbringerState:
    current = await bot.table.current(fake.text_channel.id)
    assert current is not None and isinstance(current.state, HellbringerState)
    return current.state


async def test_an_enemy_with_no_dice_strikes_and_the_game_goes_on(
    fake_discord: FakeDiscord, bot: PandemoniumBot
) -> None:
    fake = fake_discord
    opened = await fake.slash("alice", "game new", game="hellbringer", mode="physical")
    board = await opened.original()
    await board_recorded(fake, bot, board)
    await (await fake.click("alice", board, label="Start")).original()
    await _report(fake, bot, board, ["warrior", "35", "10", "2", "2"])
    await _report(fake, bot, board, ["0", "1"])
    said = await _report(fake, bot, board, ["Rat", "0", "5", "5", "0D"])
    assert "Rat enters play." in said
    state = await _state(fake, bot)
    assert state.phase == "player" and len(state.heroes[0].hand) == 6, "five and the Elixir"
    await make(fake, "alice", await board_now(fake, bot, board), state, 0,
               EndTurn(discard=(state.heroes[0].hand[0],)))
    said = await _report(fake, bot, board, ["Player Hit"])
    assert "Alice suffers 0 against 45 and stands." in said
    assert "The enemies roll" not in said, "no dice, no roll"
    state = await _state(fake, bot)
    assert state.phase == "player" and state.round == 2
    live = await board_now(fake, bot, board)
    assert "round 2" in live.text() and "Alice: 0% to fall" in live.text()
