"""Hellbringer's private panels through the real bot and the fake Discord (issue 21).

Alice, Bob and Carol play a digital game. Every move that names a card in a hand
(the class choice with its Starter swap, equip, a trade offer and its answer, the
end-of-turn discard) is made on the player's own ephemeral panel, opened with the
board's "🃏 My turn (…)" button; the board keeps controls that name no hand card.
After every move, no public message (the board, its components, the event lines)
names a card still hidden in a hand: the check reads the hands straight from the
stored state. A trade partner learns the offered card on their panel only; the
channel reads "Alice offers Bob a trade." A stale panel is redrawn with one
sentence and another player's "My turn" is refused in one; neither changes
anything. The same holds at a physical table with a GM (the session's helpers
come from the physical session's test), where Erin makes one of Carol's private
moves through `/game as`."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest

from bot.app import PandemoniumBot
from bot.games.hellbringer.labels import card_name
from bot.presenting import PANEL_EMPTY, PANEL_ON_BOARD, PANEL_STALE
from engines.hellbringer import ENGINE, HellbringerState
from engines.hellbringer.models import MULE, ChooseClass, EndTurn, Equip, Trade, TradeReply
from tests.e2e.conftest import StartBot
from tests.e2e.test_hellbringer_physical_e2e import PLAYERS as TABLE
from tests.e2e.test_hellbringer_physical_e2e import _answers as physical_answers
from tests.e2e.test_hellbringer_physical_e2e import _choice as physical_choice
from tests.e2e.test_hellbringer_physical_e2e import open_table
from tests.fakediscord import FakeDiscord, FakeMessage, InteractionHandle
from tests.support.boards import board_now, board_recorded, panel_of
from tests.support.hands import leaks, public_texts
from tests.support.hellbringer_play import make, offered

pytestmark = pytest.mark.timeout(600)

PLAYERS = TABLE
MAX_MOVES = 400
GOALS = {"class", "equip", "trade", "reply", "discard"}


@pytest.fixture
async def bot(start_bot: StartBot) -> AsyncIterator[PandemoniumBot]:
    async with start_bot(seed=5) as started:
        yield started


async def _state(fake: FakeDiscord, bot: PandemoniumBot) -> HellbringerState:
    current = await bot.table.current(fake.text_channel.id)
    assert current is not None and isinstance(current.state, HellbringerState)
    return current.state


async def _private(handle: InteractionHandle) -> str:
    assert await handle.ephemeral(), "a refusal is only ever ephemeral"
    return (await handle.original()).text()


def _choice(state: HellbringerState, seat: int, done: set[str]) -> tuple[Any, str]:
    """A move for `seat`, steering towards the moves under test: equip, a trade with
    a player (not the Mule), answering it with a card, an end-of-turn discard."""
    legal = ENGINE.legal_actions(state, seat)
    wanted: list[tuple[str, type, Any]] = [
        ("equip", Equip, lambda a: True),
        ("trade", Trade, lambda a: a.partner != MULE),
        ("reply", TradeReply, lambda a: a.give is not None),
        ("discard", EndTurn, lambda a: bool(a.discard)),
        ("class", ChooseClass, lambda a: a.swap is not None),
    ]
    for goal, kind, fits in wanted:
        found = [a for a in legal if isinstance(a, kind) and fits(a)]
        if found and (goal not in done or kind in (TradeReply, ChooseClass)):
            return found[0], goal
    choice = ENGINE.ai_action(state, seat)
    if choice not in legal:
        choice = next((a for a in legal if type(a) is type(choice)), legal[0])
    return choice, ""


async def _stale_panel(fake: FakeDiscord, bot: PandemoniumBot, board: FakeMessage) -> None:
    """Alice opens her panel twice and chooses her class on the second: the first is
    then a step behind, and a pick on it redraws it with one sentence, changing
    nothing. Bob pressing "🃏 My turn (Alice)" gets one sentence too."""
    state = await _state(fake, bot)
    older = await panel_of(fake, "alice", board, 0)
    newer = await panel_of(fake, "alice", board, 0)
    assert older is not None and newer is not None
    assert "Your hand" in older.text(), "the panel shows the hand it plays from"
    action = ENGINE.legal_actions(state, 0)[0]
    made = await offered(fake, "alice", newer, state, 0, action)
    assert made is not None and not await made[0].ephemeral()
    await made[0].original()
    after = await _state(fake, bot)
    menu = next(c for c in older.all_components() if c.get("options"))
    picks = [o["value"] for o in menu["options"][:int(menu.get("min_values", 1))]]
    stale = await fake.select("alice", older, str(menu["custom_id"]), picks)
    redrawn = await stale.original()
    assert redrawn.id == older.id and redrawn.text().startswith(PANEL_STALE)
    assert await _state(fake, bot) == after, "a stale panel changes nothing"
    live = await board_now(fake, bot, board)
    theirs = next((c for c in live.custom_ids() if c.startswith("pd:pan:")), None)
    if theirs is not None:
        owner = PLAYERS[int(theirs.rsplit(":", 1)[1])]
        stranger = next(p for p in PLAYERS if p != owner)
        said = await _private(await fake.click(stranger, live, theirs))
        assert said.startswith("That panel is ") and said.count(".") == 1
        assert await _state(fake, bot) == after


async def _trade_answered(fake: FakeDiscord, bot: PandemoniumBot, board: FakeMessage,
                          offer: Trade, offerer: int) -> None:
    """The partner reads the offered card on their own panel, never in public."""
    state = await _state(fake, bot)
    said = f"{state.names[offerer]} offers {state.names[offer.partner]} a trade."
    await fake.wait_until(lambda: said in "\n".join(public_texts(fake)), message=said)
    panel = await panel_of(fake, PLAYERS[offer.partner], await board_now(fake, bot, board),
                           offer.partner)
    assert panel is not None, "the partner answers on their panel"
    assert f"offers you **{card_name(state, offer.give)}**" in panel.text()


async def test_three_players_make_their_hand_moves_on_private_panels(
    fake_discord: FakeDiscord, bot: PandemoniumBot
) -> None:
    fake = fake_discord
    board = await (await fake.slash("alice", "game new", game="hellbringer")).original()
    await board_recorded(fake, bot, board)
    for member in PLAYERS[1:]:
        await (await fake.click(member, board, label="Join")).original()
    await (await fake.click("alice", board, label="Start")).original()
    await _stale_panel(fake, bot, await board_now(fake, bot, board))
    done: set[str] = {"class"}
    ways: set[str] = set()
    for _ in range(MAX_MOVES):
        state = await _state(fake, bot)
        if state.winners is not None or (done >= GOALS and ways & {"button", "menu"}):
            break
        seat = ENGINE.to_move(state)[0]
        action, goal = _choice(state, seat, done)
        live = await board_now(fake, bot, board)
        handle, how = await make(fake, PLAYERS[seat], live, state, seat, action)
        ways.add(how)
        if goal:
            assert how.startswith("panel"), f"{goal} names a hand card: on the panel only"
            done.add(goal)
        if how.startswith("panel"):
            redrawn = await handle.original()
            assert redrawn.ephemeral and (any(c.startswith(("pd:mv:", "pd:sel:")) for c in
                                              redrawn.custom_ids()) or
                                          PANEL_EMPTY in redrawn.text() or
                                          PANEL_ON_BOARD in redrawn.text()), \
                "the panel is redrawn for the new state: its next moves, or where they are"
        after = await _state(fake, bot)
        await board_now(fake, bot, board)
        assert not leaks(public_texts(fake), after), f"after {action}"
        if isinstance(action, Trade):
            await _trade_answered(fake, bot, board, action, seat)
    assert done >= GOALS, f"only {done} were played"
    await fake.wait_until(lambda: "trade a card." in "\n".join(public_texts(fake)),
                          message="after the trade, only that it happened")
    assert ways & {"button", "menu"}, "the board's own controls still play the public moves"


async def test_a_gm_makes_a_private_move_for_a_seat_with_game_as(
    fake_discord: FakeDiscord, bot: PandemoniumBot
) -> None:
    """Erin (GM) chooses Alice's class through `/game as`: the seat's private moves
    come to Erin alone, the move is logged as a GM's, and the channel names no card.
    Alice's **My hand** is her panel (her one seat has private moves)."""
    fake = fake_discord
    board = await (await fake.slash("alice", "game new", game="hellbringer")).original()
    await board_recorded(fake, bot, board)
    await (await fake.click("bob", board, label="Join")).original()
    await (await fake.click("alice", board, label="Start")).original()
    live = await board_now(fake, bot, board)
    mine = next(c for c in live.custom_ids() if c.startswith("pd:me:"))
    hand = await fake.click("alice", live, mine)
    assert await hand.ephemeral()
    assert any(c.startswith("pd:sel:") for c in (await hand.original()).custom_ids())
    state = await _state(fake, bot)
    asked = await fake.slash("erin", "game as", member=fake.member("alice"))
    assert await asked.ephemeral()
    panel = await asked.original()
    assert "Acting for **Alice**" in panel.text()
    menu = next(c for c in panel.all_components() if c.get("options"))
    assert str(menu["custom_id"]).startswith("pd:gms:"), "a GM's own custom ids"
    action = ENGINE.legal_actions(state, 0)[0]
    made = await offered(fake, "erin", panel, state, 0, action)
    assert made is not None and not await made[0].ephemeral()
    await made[0].original()
    after = await _state(fake, bot)
    assert after != state, "the GM's pick is played"
    await board_now(fake, bot, board)
    assert not leaks(public_texts(fake), after)
    current = await bot.table.current(fake.text_channel.id)
    assert current is not None
    assert (await bot.storage.log(current.game.id))[-1].gm, "the log says a GM did it"


async def test_a_physical_table_with_a_gm_makes_hand_moves_on_private_panels(
    fake_discord: FakeDiscord, bot: PandemoniumBot
) -> None:
    """Alice, Bob and Carol at a physical table with Erin as GM: a 📝 Show, equip, a
    trade offer and its answer are made on the players' own panels, an end-of-turn
    discard of unshown cards on the board (it names nothing the bot knows), and Erin
    makes one of Carol's private moves through `/game as`; after every move no public
    message names a card still in a hand."""
    fake = fake_discord
    session = await open_table(fake, bot)
    board = session.board
    for member in PLAYERS[1:]:
        await (await fake.click(member, board, label="Join")).original()
    await (await fake.click("alice", board, label="Start")).original()
    by_gm = False
    wanted = {"ShowCard", "Equip", "Trade", "TradeReply"}
    for _ in range(MAX_MOVES):
        state = await session.state()
        assert state is not None and state.winners is None, "the goals came first"
        if wanted <= {k for k, how in session.made.items() if how.startswith("panel")} \
                and by_gm and "EndTurn+discard" in session.made:
            break
        request = ENGINE.chance(state)
        if request is not None:
            who = PLAYERS[request.reporter] if request.reporter is not None else "bob"
            await session.report(who, physical_answers(state, request, session))
            continue
        seat = ENGINE.to_move(state)[0]
        choice = physical_choice(state, seat)
        partner = (seat + 1) % len(PLAYERS)
        offer = [a for a in ENGINE.legal_actions(state, seat)
                 if isinstance(a, Trade) and a.partner == partner]
        if "Trade" not in session.made and isinstance(choice, EndTurn) and offer:
            choice = offer[0]
        if seat == 2 and not by_gm and isinstance(choice, EndTurn) and choice.discard:
            await _as_gm(fake, bot, board, state, seat, choice)
            by_gm = True
            continue
        await session.move(seat, choice)
    else:
        raise AssertionError(f"only {session.made} after {MAX_MOVES} moves")


async def _as_gm(fake: FakeDiscord, bot: PandemoniumBot, board: FakeMessage,
                 state: HellbringerState, seat: int, action: Any) -> None:
    """Erin makes Carol's private move from `/game as`'s second panel."""
    asked = await fake.slash("erin", "game as", member=fake.member(PLAYERS[seat]))
    await asked.original()
    panels = [await asked.original(), *await asked.followups()]
    for panel in panels:
        made = await offered(fake, "erin", panel, state, seat, action)
        if made is not None:
            assert not await made[0].ephemeral()
            await made[0].original()
            break
    else:
        raise AssertionError(f"{action} is on none of the GM's panels")
    after = await _state(fake, bot)
    await board_now(fake, bot, board)
    assert not leaks(public_texts(fake), after)
