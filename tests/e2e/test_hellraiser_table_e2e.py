"""Hellraiser at the table, as a group meets it (issue 15, points 3 and 6–7): the
lobby says how to play and which house options exist, `/hellraiser rules` shows the
rules as this table plays them, and a physical table is offered the one-number map
instead of 36 tile forms."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.app import PandemoniumBot
from bot.games.hellraiser import steps as menu_steps
from bot.games.hellraiser.codes import encode
from engines.hellraiser import ENGINE, HellraiserState
from engines.hellraiser.balance import balanced
from engines.hellraiser.cards import catalogue
from engines.hellraiser.models import DrawCard, EndTurn, PlayCard
from tests.e2e import test_hellraiser_e2e as hr
from tests.e2e.conftest import StartBot
from tests.fakediscord import FakeDiscord, InteractionHandle
from tests.support.boards import board_now, board_recorded

SEED_FOR_CARDS = 7
"""A seeded three-player table where a Leviathan hand holds several plays."""


@pytest.fixture
async def bot(start_bot: StartBot) -> AsyncIterator[PandemoniumBot]:
    async with start_bot(seed=55) as started:
        yield started


async def _private(handle: InteractionHandle) -> str:
    assert await handle.ephemeral(), "an answer for one member is ephemeral"
    return (await handle.original()).text()


async def _accepted(handle: InteractionHandle) -> None:
    if await handle.ephemeral():
        raise AssertionError(f"refused: {(await handle.original()).text()}")


async def test_the_lobby_says_how_to_play_and_rules_follow_the_table(
    fake_discord: FakeDiscord, bot: PandemoniumBot
) -> None:
    fake = fake_discord
    general = await _private(await fake.slash("dave", "hellraiser rules"))
    assert "A new table's options" in general and "Preset: balanced" in general
    assert "never fewer than 3 dice" in general, "the balanced puzzle, by default"
    assert "by their character's casualty never shares its win" in general, "issue 24: nobody"\
        " gains by dying"
    assert "died or went mad still wins with them" in general, "issue 24: still a Human player"
    assert "gateway open: the Leviathan side wins" in general
    assert "4 players +1 on Leviathan's total" in general, "issue 24: a pip by table size"
    late = balanced(2).humans_tie_from
    assert f"2 players -1 die and from round {late} a tie counts as the Human's win" in general
    assert "a Skinned Human wearing a skin who closes it wins alone" in general
    typed = {"options": "preset=as_written max_rounds=25"}
    lobby = await (await fake.slash("alice", "game new", game="hellraiser",
                                    options=typed)).original()
    text = lobby.text()
    for words in ("How to play", "First steps", "House options", "Preset: as written",
                  "25 rounds", "/game options game:hellraiser"):
        assert words in text, words
    assert "map number" not in text, "the map tip is for physical tables"
    rules = await _private(await fake.slash("bob", "hellraiser rules"))
    assert "This table's options" in rules and "Preset: as written" in rules
    assert "× 2" in rules and "never below 0" in rules, "the puzzle as written"
    assert "25 rounds" in rules
    assert "gateway open: unfinished (no winner); gateway never opened: unfinished" in rules, \
        "as written, the house limit decides nothing"


async def test_a_physical_table_is_offered_the_one_number_map(
    fake_discord: FakeDiscord, bot: PandemoniumBot
) -> None:
    """The tile-by-tile lobby names the option; opened with it, one report lays the
    whole map and the board says to build it from the printed tiles."""
    fake = fake_discord
    tiles = await (await fake.slash("alice", "game new", game="hellraiser",
                                    mode="physical")).original()
    assert "physical_map=number" in tiles.text() and "one at a time" in tiles.text()
    await (await fake.click("alice", tiles, label="Cancel")).original()
    board = await (await fake.slash("alice", "game new", game="hellraiser", mode="physical",
                                    options={"options": "physical_map=number"})).original()
    await board_recorded(fake, bot, board)
    assert "one **map number**" in board.text() and "cancels and opens" not in board.text()
    await (await fake.click("alice", board, label="Start")).original()
    await _accepted(await fake.slash("alice", "hellraiser create", strength=3, speed=3,
                                     creativity=3, wits=3, morality=3, willpower=3))
    live = await board_now(fake, bot, fake.message(board.id))
    assert "map number" in live.text()
    button = next(cid for cid in live.custom_ids() if cid.startswith("pd:rep:"))
    opened = await fake.click("alice", live, button)
    await opened.modal()
    await _accepted(await opened.submit_modal({"field0": "426"}))
    current = await bot.table.current(fake.text_channel.id)
    assert current is not None and isinstance(current.state, HellraiserState)
    assert current.state.phase == "play", "one number laid the whole map"
    assert ENGINE.chance(current.state) is None or current.state.board is not None


@pytest.fixture
async def long_game_bot(start_bot: StartBot) -> AsyncIterator[PandemoniumBot]:
    async with start_bot(seed=SEED_FOR_CARDS) as started:
        yield started


@pytest.mark.slow(18)
async def test_a_card_is_played_through_the_menu_steps(
    fake_discord: FakeDiscord, long_game_bot: PandemoniumBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With the menu listing at most one play as it is, every hand of two or more plays is
    reached in steps: the board's card menu only opens the player's own (it names no
    card), every step comes to the player alone, and the play picked there is made
    and announced."""
    monkeypatch.setattr(menu_steps, "FLAT", 1)
    fake, bot = fake_discord, long_game_bot
    board = await hr._open(fake, bot, joiners=("bob", "carol"))
    for who in ("alice", "bob", "carol"):
        await _accepted(await fake.slash(who, "hellraiser create", strength=3, speed=3,
                                         creativity=3, wits=3, morality=3, willpower=3))
    for _ in range(hr.MAX_MOVES):
        game, state = await hr._state(fake, bot)
        (seat,) = ENGINE.to_move(state)
        legal = ENGINE.legal_actions(state, seat)
        cards = [a.card for a in legal if isinstance(a, PlayCard)]
        if any(cards.count(c) >= 2 for c in cards) and not state.pending:
            break
        action = ENGINE.ai_action(state, seat)
        if DrawCard() in legal:
            action = DrawCard()  # Leviathan collects cards, so a hand grows to several plays
        elif isinstance(action, PlayCard) and EndTurn() in legal:
            action = EndTurn()
        await hr._play(fake, bot, board, seat, encode(action))
    else:
        raise AssertionError("no hand with two plays")
    who = hr._member(fake, game, seat)
    hand = len(state.hands.get(seat, ()))
    message = await board_now(fake, bot, board)
    cid = next(c for c in message.custom_ids() if c.endswith(":p.cd"))
    value = next(o["value"] for c in message.all_components() if c.get("custom_id") == cid
                 for o in c["options"] if o["value"].startswith("k:"))
    steps = 0
    while value.startswith("k:"):
        handle = await fake.select(who, message, cid, [value])
        assert await handle.ephemeral(), "the next step is for the player alone"
        message = await handle.original()
        (component,) = [c for c in message.all_components() if c.get("options")]
        cid, value = component["custom_id"], component["options"][0]["value"]
        assert component["placeholder"].startswith("🃏 ")
        steps += 1
    played = await fake.select(who, message, cid, [value])
    assert not await played.ephemeral(), f"refused: {(await played.original()).text()}"
    assert "plays" in (await played.original()).text()
    _, after = await hr._state(fake, bot)
    assert steps >= 1 and len(after.hands.get(seat, ())) < hand + 1


@pytest.mark.slow(17)
async def test_a_drawn_card_is_shown_to_its_drawer_alone(
    fake_discord: FakeDiscord, long_game_bot: PandemoniumBot
) -> None:
    """Leviathan's Draw: the channel reads that a card was drawn; the drawer alone gets
    its name and text, which never appear in the channel."""
    fake, bot = fake_discord, long_game_bot
    board = await hr._open(fake, bot, joiners=("bob", "carol"))
    for who in ("alice", "bob", "carol"):
        await _accepted(await fake.slash(who, "hellraiser create", strength=3, speed=3,
                                         creativity=3, wits=3, morality=3, willpower=3))
    for _ in range(hr.MAX_MOVES):
        game, state = await hr._state(fake, bot)
        (seat,) = ENGINE.to_move(state)
        if DrawCard() in ENGINE.legal_actions(state, seat):
            break
        await hr._play(fake, bot, board, seat, encode(ENGINE.ai_action(state, seat)))
    else:
        raise AssertionError("Leviathan never had a card to draw")
    who = hr._member(fake, game, seat)
    live = await board_now(fake, bot, board)
    button = next(c for c in live.custom_ids() if c.endswith(f":{seat}:{encode(DrawCard())}"))
    handle = await fake.click(who, live, button)
    await handle.original()
    _, after = await hr._state(fake, bot)
    deck, _, card = after.hands[seat][-1].partition(":")
    name = getattr(catalogue(), deck)[card].name
    messages = await handle.followups(2)
    whispered = [m for m in messages if m.ephemeral]
    assert len(whispered) == 1 and name in whispered[0].text()
    assert "Only you see this" in whispered[0].text()
    public = [m.text() for m in messages if not m.ephemeral]
    assert any("draws a card from the Leviathan deck" in t for t in public)
    channel = "\n".join(m.text() for m in fake.messages(fake.text_channel) if not m.ephemeral)
    assert getattr(catalogue(), deck)[card].text not in channel
