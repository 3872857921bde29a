"""How many Discord interactions an active physical Hellbringer turn costs (issue 22,
point 5), counted as the fake Discord receives them, and the lobby's dice choice.

The turn is the audit's: Alice shows a weapon and fills in its form, equips it,
attacks, places the Attribute Point the kill earns, ends her turn discarding two
cards, and draws two, one of them a Combat card (its form, then the Monster it
brings). Every press of a button or menu, every form sent and every `My turn`
press that opens a panel counts; reading the board does not."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.app import PandemoniumBot
from engines.hellbringer import ENGINE, HellbringerState
from engines.hellbringer.models import Activate, EndTurn, Equip, PlacePoint, ShowCard
from tests.e2e.conftest import StartBot
from tests.e2e.test_hellbringer_physical_e2e import Session
from tests.fakediscord import FakeDiscord
from tests.support.boards import board_recorded
from tests.support.hellbringer_play import drawn

pytestmark = pytest.mark.timeout(300)

MAUL = ["Great Maul", "1", "single 2D+10", "", "red"]
RAT = ["Rat", "0", "5", "5", "1D"]
TURN_BUDGET = {"bot": 14, "ours": 16}
"""Interactions the audit's turn costs now (issue 22 asks for 8; see the report)."""


@pytest.fixture
async def bot(start_bot: StartBot) -> AsyncIterator[PandemoniumBot]:
    async with start_bot(seed=5) as started:
        yield started


async def _open(fake: FakeDiscord, bot: PandemoniumBot, dice: str) -> Session:
    """Alice opens a physical table; if `dice` is `bot` she lets the bot roll with the
    lobby's 🎲 button (Bob, not the host, may not)."""
    opened = await fake.slash("alice", "game new", game="hellbringer", mode="physical",
                              options={"options": "pile_commons=older"})
    board = await opened.original()
    await board_recorded(fake, bot, board)
    assert "yours: roll them and report" in board.text()
    await (await fake.click("bob", board, label="Join")).original()
    if dice == "bot":
        lobby = fake.message(board.id)
        switch = next(c for c in lobby.custom_ids() if c.startswith("pd:lobby:dice:"))
        refused = await fake.click("bob", lobby, switch)
        assert await refused.ephemeral()
        assert "choose who rolls the dice" in (await refused.original()).text()
        switched = await fake.click("alice", lobby, switch)
        assert "Dice\nthe bot rolls them" in (await switched.original()).text()
        current = await bot.table.current(fake.text_channel.id)
        assert current is not None and current.game.options["dice"] == "bot"
        assert "the bot rolls them" in fake.message(board.id).text()
    await (await fake.click("alice", fake.message(board.id), label="Start")).original()
    session = Session(fake, bot, board)
    await session.report("alice", ["warrior", "35", "10", "2", "3"])
    await session.report("bob", ["sorcerer", "30", "10", "2", "3"])
    await session.report("alice", ["0", "1"])
    await session.report("alice", RAT)
    return session


async def _state(session: Session) -> HellbringerState:
    state = await session.state()
    assert state is not None
    return state


async def _report_all(session: Session, monster: list[str]) -> list[str]:
    """Every form the table waits for, answered as the group reads its box: the cards
    of the draw (a Common, then the Combat card, whose one Monster is left blank on
    the same form), the Monster itself, the table's own dice."""
    titles: list[str] = []
    for _ in range(10):
        state = await _state(session)
        request = ENGINE.chance(state)
        if request is None:
            return titles
        keys = [i.key for i in request.items]
        who = "alice" if request.reporter in (0, None) else "bob"
        if keys[0] == "card":
            kinds = drawn(state, request)
            combat = [o for o in request.items[0].options if o in ("combat", "showdown")]
            if len(kinds) == 2 and combat:
                kinds = ["common", combat[0]]
            answer = [", ".join(request.items[0].label_of(k) for k in kinds)]
        elif keys == ["combat_monsters"]:
            answer = []
        elif keys[0].startswith("enemy_"):
            answer = monster
        else:
            answer = [" ".join(["10"] * len([k for k in keys if k.startswith("d")]))]
        titles.append(request.prompt)
        await session.report(who, answer)
    raise AssertionError("the reports never ended")


@pytest.mark.parametrize("dice", ["bot", "ours"])
async def test_an_active_physical_turn_and_the_interactions_it_costs(
        fake_discord: FakeDiscord, bot: PandemoniumBot, dice: str) -> None:
    fake = fake_discord
    session = await _open(fake, bot, dice)
    state = await _state(session)
    assert state.phase == "player" and state.active == 0
    assert len(state.heroes[0].hand) == 6, "4 Commons, the Starter Card and the Elixir"
    start = len(fake.interactions)
    await session.move(0, ShowCard(form="gear"))
    await session.report("alice", MAUL)
    state = await _state(session)
    maul = next(c for c in state.heroes[0].hand if c.startswith("x"))
    await session.move(0, Equip(card=maul))
    rat = (await _state(session)).enemies[0].uid
    await session.move(0, Activate(card=maul, target=rat))
    await _report_all(session, RAT)
    state = await _state(session)
    assert not state.enemies, "the Maul's +10 fells the Rat (threshold 10)"
    await session.move(0, PlacePoint(attr="health"))
    state = await _state(session)
    await session.move(0, EndTurn(discard=tuple(state.heroes[0].hand[:2])))
    prompts = await _report_all(session, ["Ghoul", "1", "10", "5", "2D sap1 immune-acid"])
    used = len(fake.interactions) - start
    print(f"\nactive physical turn, dice={dice}: {used} interactions")
    assert any("Draw 2 cards" in p for p in prompts), "both cards on one form"
    assert not any("Monsters it brings" in p for p in prompts), "no second Combat form"
    public = session.public()
    assert "Alice draws a Combat card." in public
    assert "Ghoul enters play (Sap 1, immune to acid)." in public
    assert used <= TURN_BUDGET[dice], f"{used} interactions"
