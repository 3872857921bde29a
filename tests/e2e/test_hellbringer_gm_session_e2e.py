"""GM-run physical Hellbringer sessions with the real box (issue 22, "Done when"):
from setup to a win and to a loss, with enemy abilities and an immunity entered on
the enemy form, a pile and a hand count the GM corrects with `/game correct`.

Alice and Bob play; Erin (Manage Channels) is the GM. The Graveyard brings a
Ghoul whose Sap drains AP (hidden: Out of Sight until it is alone, so it lives to
strike), an Imp immune to acid and a Rat; the bot applies the abilities and says
which enemy did what. Early on the group counts its real pile and hand
and finds the bot's model off by one: Erin sets both right, without undo."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator

import pytest

from bot.app import PandemoniumBot
from engines.hellbringer import ENGINE, HellbringerState
from engines.hellbringer.models import EndTurn
from engines.hellbringer.piles import top_segment
from tests.e2e.conftest import StartBot
from tests.e2e.test_hellbringer_physical_e2e import (
    GM,
    PLAYERS,
    SIDE_A,
    Session,
    _answers,
    _choice,
    open_table,
)
from tests.fakediscord import FakeDiscord

pytestmark = pytest.mark.timeout(600)

MAX_STEPS = 1500
GHOUL = ["Ghoul", "0", "5", "5", "1D sap1 hidden"]
IMP = ["Imp", "0", "5", "5", "1A immune-acid"]
RAT = ["Rat", "0", "5", "5", "1D"]
SIDE_B = ["The Ember Maw, Side B", "0", "10", "10", "2D"]
FRAIL = (["warrior", "5", "0", "2", "3"], ["sorcerer", "5", "0", "2", "3"])
"""The losing party: Health 5, no Armor, so any 5 the enemies roll fells a hero."""


@pytest.fixture
async def bot(start_bot: StartBot) -> AsyncIterator[PandemoniumBot]:
    async with start_bot(seed=23) as started:
        yield started


async def _gm(session: Session, fix: str) -> str:
    handle = await session.fake.slash(GM, "game correct", correction=fix)
    text = (await handle.original()).text()
    assert not await handle.ephemeral(), text
    return text


async def _setup(session: Session, sheets: tuple[list[str], ...]) -> None:
    fake = session.fake
    await (await fake.click("bob", session.board, label="Join")).original()
    await (await fake.click("alice", session.board, label="Start")).original()
    await session.report("alice", sheets[0])
    await session.report("bob", sheets[1])
    await session.report("alice", ["0", "3"])
    for enemy in (GHOUL, IMP, RAT):
        await session.report("alice", enemy)
    public = session.public()
    assert "Ghoul enters play (Sap 1, Hidden)." in public
    assert "Imp enters play (immune to acid)." in public
    board = (await session.live()).text()
    assert re.search(r"\*\*Imp\*\* `[a-z_]+#\d+` .* · 0D1A · immune to acid", board), board


async def _fix_pile_and_hand(session: Session, state: HellbringerState) -> None:
    """The group counts its pile and Bob's hand: each is one card off the bot's model.
    Erin sets them right; the board and the next draw's odds follow at once."""
    seg = top_segment(state.dungeon)
    assert seg is not None
    said = await _gm(session, f"set_pile commons={seg.commons - 1} combat={seg.combat}"
                              f" tome={'true' if seg.tome else 'false'}")
    assert f"GM: the pile now holds {seg.commons - 1} Common" in said, said
    bob = len(state.heroes[1].hand) + 1
    said = await _gm(session, f"set_hand_count seat=1 count={bob}")
    assert f"GM: Bob now holds {bob} cards (hand limit " in said, said
    refused = await session.fake.slash("bob", "game correct",
                                       correction="set_hand_count seat=1 count=9")
    assert await refused.ephemeral(), "only a GM corrects"
    after = await session.state()
    assert after is not None and len(after.heroes[1].hand) == bob
    await session.bot.boards.flush()
    assert f"{bob} in hand" in (await session.live()).text()


async def _play(session: Session, *, lose: bool) -> HellbringerState:
    fixed = False
    for _ in range(MAX_STEPS):
        state = await session.state()
        if state is None or state.winners is not None:
            break
        request = ENGINE.chance(state)
        if request is not None:
            who = PLAYERS[request.reporter] if request.reporter is not None else "bob"
            keys = [i.key for i in request.items]
            if keys[0].startswith("enemy_") and "Demon" in request.prompt:
                answer = SIDE_A if state.dungeon.demon_side == "sealed" else SIDE_B
            elif lose and keys == ["enemy"]:
                answer = ["Global Hit"]
            elif lose and request.reporter is None:
                answer = [" ".join(["10"] * len([k for k in keys if k.startswith("d")]))]
                answer += [" ".join(["5"] * len([k for k in keys if k.startswith("a")]))]
                answer = [a for a in answer if a]
            else:
                answer = _answers(state, request, session)
            await session.report(who, answer)
            continue
        seat = ENGINE.to_move(state)[0]
        if not fixed and state.phase == "player":
            await _fix_pile_and_hand(session, state)
            fixed = True
            continue
        choice = _choice(state, seat)
        if lose and not isinstance(choice, EndTurn):
            ends = [a for a in ENGINE.legal_actions(state, seat) if isinstance(a, EndTurn)]
            choice = ends[0] if ends else choice
        await session.move(seat, choice)
    else:
        raise AssertionError(f"the session did not end in {MAX_STEPS} steps")
    games = await session.bot.storage.games_in_channel(session.fake.text_channel.id, limit=1)
    return ENGINE.load_state(games[0].state or "")


@pytest.mark.slow(22)
async def test_a_gm_run_physical_session_with_abilities_and_corrections_is_won(
        fake_discord: FakeDiscord, bot: PandemoniumBot) -> None:
    session = await open_table(fake_discord, bot)
    await _setup(session, (["Warrior", "35", "10", "2", "3"], ["sorcerer", "30", "10", "2", "3"]))
    final = await _play(session, lose=False)
    assert final.outcome == "won", final.summary
    public = session.public()
    assert re.search(r"The Ghoul.s Sap: (Alice|Bob) loses 1 AP on their next turn\.", public), \
        "the hidden Ghoul's Sap, said with the enemy it comes from"
    assert "The Demon's Side A falls; it turns over to Side B, a new enemy." in public


async def test_a_gm_run_physical_session_with_abilities_and_corrections_is_lost(
        fake_discord: FakeDiscord, bot: PandemoniumBot) -> None:
    session = await open_table(fake_discord, bot)
    await _setup(session, FRAIL)
    final = await _play(session, lose=True)
    assert final.outcome == "lost", final.summary
    public = session.public()
    assert re.search(r"(Alice|Bob) suffers \d+ against 5 and is eliminated\.", public)
