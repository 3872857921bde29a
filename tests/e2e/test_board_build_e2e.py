"""A click asks the rules for a seat's legal moves once (issue 27): the board drawn
after it, each seat's panel, and the decoder of the next click on it share them
(`bot.render.per_version`), where Hellbringer used to ask two or three times (the
click's decode, then the board's buttons, its menus and each panel laying the same
moves out again).

Alice and Bob play a digital Hellbringer game through the real bot and the fake
Discord, every move from the board or their own panels; the engine's
`legal_actions` calls made by the bot are counted per click."""

from __future__ import annotations

import sys
from collections.abc import AsyncIterator, Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from bot.app import PandemoniumBot
from engines.hellbringer import ENGINE, HellbringerState
from tests.e2e.conftest import StartBot
from tests.fakediscord import FakeDiscord
from tests.support.boards import board_now, board_recorded
from tests.support.hellbringer_play import make
from tests.support.settled import settled

PLAYERS = ("alice", "bob")
CLICKS = 24


@pytest.fixture
async def bot(start_bot: StartBot) -> AsyncIterator[PandemoniumBot]:
    async with start_bot(seed=11) as started:
        yield started


@contextmanager
def bot_calls(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[tuple[Any, int]]]:
    """The (state, seat) of each `legal_actions` call the bot makes (not the test's);
    the states are held, so no two of them can share an identity."""
    calls: list[tuple[Any, int]] = []
    original = ENGINE.legal_actions

    def counted(state: HellbringerState, seat: int) -> Any:
        if sys._getframe(1).f_globals["__name__"].startswith(("bot.", "cogs.")):
            calls.append((state, seat))
        return original(state, seat)

    with monkeypatch.context() as patch:
        patch.setattr(ENGINE, "legal_actions", counted)
        yield calls


async def _state(fake: FakeDiscord, bot: PandemoniumBot) -> HellbringerState:
    current = await bot.table.current(fake.text_channel.id)
    assert current is not None and isinstance(current.state, HellbringerState)
    return current.state


def _served(state: HellbringerState) -> int:
    """The seats a board serves: those that may act now."""
    return sum(ENGINE.may_act(state, seat) for seat in range(len(PLAYERS)))


async def test_a_hellbringer_click_asks_for_each_seats_legal_moves_once(
    fake_discord: FakeDiscord, bot: PandemoniumBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake = fake_discord
    board = await (await fake.slash("alice", "game new", game="hellbringer")).original()
    await board_recorded(fake, bot, board)
    await (await fake.click("bob", board, label="Join")).original()
    await (await fake.click("alice", board, label="Start")).original()
    per_click: list[tuple[int, int]] = []
    with bot_calls(monkeypatch) as calls:
        for _ in range(CLICKS):
            await settled(bot)
            state = await _state(fake, bot)
            if state.winners is not None:
                break
            seat = ENGINE.to_move(state)[0]
            legal = ENGINE.legal_actions(state, seat)
            choice = ENGINE.ai_action(state, seat)
            action = choice if choice in legal else legal[0]
            live = await board_now(fake, bot, board)
            before = len(calls)
            await make(fake, PLAYERS[seat], live, state, seat, action)
            await settled(bot)
            per_click.append((len(calls) - before, _served(await _state(fake, bot))))
    assert len(per_click) == CLICKS, "the game went on for every click"
    for made, served in per_click:
        assert made <= served, f"{made} legal_actions calls for {served} seats served"
    asked = [(id(state), seat) for state, seat in calls]
    assert len(asked) == len(set(asked)), "a state's legal moves were asked twice"
    live = await board_now(fake, bot, board)
    assert "Hellbringer" in live.text() and live.custom_ids(), "the board plays on"
