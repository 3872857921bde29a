"""Hellbringer through the real bot and the fake Discord: Alice and an AI seat
play a digital game from the class choice to its end with the board's buttons
and menus; hands are only ever shown to their owner, ephemerally; a wrong or
stale click gets one sentence and changes nothing; `/hellbringer rules` and
`hand` answer privately. Every payload is checked against Discord's OpenAPI
spec by the harness."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest

from bot.app import PandemoniumBot
from bot.games.hellbringer import codes
from bot.games.hellbringer.labels import card_name
from bot.render import per_version
from engines.hellbringer import ENGINE, HellbringerState
from engines.hellbringer.stats import stats
from tests.e2e.conftest import StartBot
from tests.fakediscord import FakeDiscord, FakeMessage, InteractionHandle
from tests.fakediscord.interactions import CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE
from tests.support.boards import board_now, board_recorded, panel_of
from tests.support.hellbringer_play import make

MAX_MOVES = 800


@pytest.fixture
async def bot(start_bot: StartBot) -> AsyncIterator[PandemoniumBot]:
    async with start_bot(seed=7) as started:
        yield started


async def _state(fake: FakeDiscord, bot: PandemoniumBot) -> tuple[Any, HellbringerState] | None:
    current = await bot.table.current(fake.text_channel.id)
    if current is None:
        return None
    assert isinstance(current.state, HellbringerState)
    return current.game, current.state


async def _open(fake: FakeDiscord, bot: PandemoniumBot) -> FakeMessage:
    board = await (await fake.slash("alice", "game new", game="hellbringer")).original()
    await board_recorded(fake, bot, board)
    await (await fake.click("alice", board, label="Add AI")).original()
    await (await fake.click("alice", board, label="Start")).original()
    return fake.message(board.id)


async def _private(handle: InteractionHandle) -> str:
    assert await handle.ephemeral(), "hidden answers must be ephemeral"
    return (await handle.original()).text()


def _public(fake: FakeDiscord) -> str:
    return "\n".join(m.text() for m in fake.messages(fake.text_channel))


def _moves(board: FakeMessage) -> list[str]:
    return [cid for cid in board.custom_ids() if cid.startswith(("pd:mv:", "pd:sel:"))]


async def _make(fake: FakeDiscord, board: FakeMessage, state: HellbringerState,
                action: Any) -> str:
    """Alice makes `action`: from the board or her private panel, else with
    `/hellbringer do`; how she made it."""
    try:
        return (await make(fake, "alice", board, state, 0, action))[1]
    except AssertionError as missing:
        if "on neither" not in str(missing):
            raise
    code = codes.encode(ENGINE.legal_actions(state, 0).index(action), action)
    handle = await fake.slash("alice", "hellbringer do", action=code)
    if await handle.ephemeral():
        raise AssertionError(f"refused: {(await handle.original()).text()}")
    await handle.original()
    return "command"


async def _alices_turn(fake: FakeDiscord, bot: PandemoniumBot) -> HellbringerState | None:
    """The state once the game is over (None) or waits on Alice (the AI has moved)."""
    found: list[HellbringerState | None] = []

    async def ready() -> bool:
        now = await _state(fake, bot)
        if now is None:
            found.append(None)
            return True
        state = now[1]
        if ENGINE.chance(state) is None and ENGINE.legal_actions(state, 0) \
                and 0 in ENGINE.to_move(state):
            found.append(state)
            return True
        return False

    await fake.wait_until(ready, message="the game never came back to Alice")
    return found[-1]


def _sensible(state: HellbringerState, legal: list[Any]) -> int:
    """The AI's move for Alice when it is in the legal list (a discard may list its
    cards in another order), else the same kind of move, else the first."""
    choice = ENGINE.ai_action(state, 0)
    if choice in legal:
        return legal.index(choice)
    same = [i for i, a in enumerate(legal) if type(a) is type(choice)]
    return same[0] if same else 0


async def _check_hand(fake: FakeDiscord, state: HellbringerState, board: FakeMessage) -> None:
    mine = await _private(await fake.slash("alice", "hellbringer hand"))
    names = [card_name(state, i) for i in state.heroes[0].hand]
    assert all(n in mine for n in names), "Alice sees each of her cards"
    button = next(cid for cid in board.custom_ids() if cid.startswith("pd:me:"))
    assert await _private(await fake.click("alice", board, button)) == mine


async def test_alice_and_an_ai_seat_play_a_digital_game_to_its_end(
    fake_discord: FakeDiscord, bot: PandemoniumBot
) -> None:
    fake = fake_discord
    board = await _open(fake, bot)
    assert "If the enemies struck now" in board.text() and "In Sight" in board.text()
    rules = await _private(await fake.slash("alice", "hellbringer rules"))
    assert "class" in rules, "the rules of the current step: setup"
    ways: set[str] = set()
    seen_hands: set[str] = set()
    for _ in range(MAX_MOVES):
        now = await _alices_turn(fake, bot)
        if now is None:
            break
        state = now
        live = await board_now(fake, bot, board)
        legal = ENGINE.legal_actions(state, 0)
        if state.heroes[0].hand and len(seen_hands) < 3:
            key = ",".join(state.heroes[0].hand)
            if key not in seen_hands:
                seen_hands.add(key)
                await _check_hand(fake, state, live)
        index = _sensible(state, legal)
        ways.add(await _make(fake, live, state, legal[index]))
    else:
        raise AssertionError(f"no end after {MAX_MOVES} moves")
    games = await bot.storage.games_in_channel(fake.text_channel.id, limit=1)
    assert games[0].state is not None
    final = ENGINE.load_state(games[0].state)
    assert final.winners is not None and games[0].result is not None
    assert "button" in ways and ways & {"panel button", "panel menu"}, \
        f"moves were made from the board's buttons and the panel's controls: {ways}"
    public = _public(fake)
    for inst in {i for h in final.heroes for i in h.hand if not h.hand_shown}:
        assert f"• {card_name(final, inst)}" not in public
    boards = [m for m in fake.messages(fake.text_channel) if m.embeds and
              "If the enemies struck now" in m.text()]
    assert len(boards) == 1, "one live board, edited in place"


async def test_a_wrong_click_gets_one_sentence_and_changes_nothing(
    fake_discord: FakeDiscord, bot: PandemoniumBot
) -> None:
    fake = fake_discord
    board = await _open(fake, bot)
    now = await _state(fake, bot)
    assert now is not None
    _, before = now
    live = await board_now(fake, bot, board)
    panel = await panel_of(fake, "alice", live, 0)
    assert panel is not None, "Alice chooses her class on her own panel"
    menu = next(c for c in panel.all_components() if str(c.get("custom_id", "")).startswith(
        "pd:sel:") and c.get("options"))
    picks = [o["value"] for o in menu["options"][:int(menu.get("min_values", 1))]]
    stranger = await fake.select("dave", panel, str(menu["custom_id"]), picks)
    assert "Alice" in await _private(stranger), "a stranger's pick is refused, politely"
    mine = next(c for c in live.custom_ids() if c.startswith("pd:pan:"))
    assert await _private(await fake.click("dave", live, mine)) == \
        "That panel is Alice's; a GM acts for a player with `/game as`."
    stale = await fake.slash("alice", "hellbringer do", action="0.00000000")
    answer = await _private(stale)
    assert answer.count(".") <= 2 and "no longer matches" in answer
    after = await _state(fake, bot)
    assert after is not None and after[1] == before


async def test_rule_1_3_alice_ends_her_turn_discarding_two_cards_from_her_panel(
    fake_discord: FakeDiscord, bot: PandemoniumBot
) -> None:
    """1.3 'The player can then discard as many cards in hand as they want': on her
    private panel, the end-of-turn multi-pick takes two of Alice's cards at once; both go to
    the discard pile and she draws back up to her hand limit."""
    fake = fake_discord
    board = await _open(fake, bot)
    for _ in range(MAX_MOVES):
        state = await _alices_turn(fake, bot)
        assert state is not None, "the game ended before Alice's first turn"
        if state.phase == "player" and state.active == 0 and not state.queue:
            turn = state
            break
        legal = ENGINE.legal_actions(state, 0)
        index = _sensible(state, legal)
        await _make(fake, await board_now(fake, bot, board), state, legal[index])
    else:
        raise AssertionError("Alice's turn never came")
    live = await board_now(fake, bot, board)
    limit = stats(turn, turn.heroes[0])["hand"]
    over = len(turn.heroes[0].hand) - limit
    panel = await panel_of(fake, "alice", live, 0)
    assert panel is not None, "the discard pick names her cards: it is on her panel"
    menu = next(c for c in panel.all_components()
                if "end turn, discarding" in str(c.get("placeholder", "")))
    assert int(menu["min_values"]) == max(1, over), "at least the cards over the limit"
    assert int(menu["max_values"]) == len(turn.heroes[0].hand), "or as many as she wants"
    picks = [o["value"] for o in menu["options"][:2]]
    tossed = [p.removeprefix("x:") for p in picks]
    handle = await fake.select("alice", panel, str(menu["custom_id"]), picks)
    assert not await handle.ephemeral(), "the move is taken, not refused"
    await handle.original()
    after = await _state(fake, bot)
    assert after is not None
    hero, discard = after[1].heroes[0], after[1].dungeon.discard
    assert all(c in discard and c not in hero.hand for c in tossed)
    assert len(hero.hand) == limit, "she draws (or discards) to exactly her hand limit"


async def test_a_panel_not_yet_laid_out_is_acknowledged_privately_first(
    fake_discord: FakeDiscord, bot: PandemoniumBot
) -> None:
    """Rule (issue 27: nothing slow before the acknowledgement): "🃏 My turn" whose
    panel is not laid out for this step yet (a class choice lays out 100-120 picks)
    is acknowledged at once with a private "thinking…", and the panel fills it in,
    for Alice alone; pressed again at the same step, the kept panel is the answer."""
    fake = fake_discord
    board = await board_now(fake, bot, await _open(fake, bot))
    button = next(cid for cid in board.custom_ids() if cid.startswith("pd:pan:"))
    per_version.forget()
    first = await fake.click("alice", board, button)
    assert await first.response_type() == DEFERRED_CHANNEL_MESSAGE
    assert await first.ephemeral(), "even the thinking is Alice's alone"
    panel = await first.original()
    assert panel.ephemeral and "Your hand" in panel.text()
    assert panel.custom_ids(), "the panel's moves came with it"
    again = await fake.click("alice", board, button)
    assert await again.response_type() == CHANNEL_MESSAGE
    assert (await again.original()).text() == panel.text()
    fake.assert_no_violations()
