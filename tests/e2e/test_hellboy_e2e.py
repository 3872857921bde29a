"""Hellboy: The Dice Game through the real bot and the fake Discord: whole games by
clicking the board's buttons (digital, with and without computer players), turns in
physical mode with reported cards and rolls, /hellboy, and clicks that must change
nothing. Every payload the bot sends is checked against Discord's OpenAPI spec by
the harness."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator, Callable
from typing import Any

import discord
import pytest

from bot import presenting
from bot.app import PandemoniumBot
from bot.games.hellboy_dice.codes import encode
from bot.render.games import action_selects, presenter_for
from bot.ui.components import MoveSelect
from engines.hellboy_dice import ENGINE, HellboyState
from tests.e2e.conftest import StartBot
from tests.fakediscord import FakeDiscord, FakeMessage, InteractionHandle
from tests.support.boards import board_now, board_recorded, last_board, retired

ROLL = re.compile(r"🎲 \*\*\w+\*\* rolls blue .*(yellow 🟨|orange 🟧|red 🟥|black ⬛)")
"""An attack's roll as posted: who rolled, the blue face, and each Attack Die's face,
each die named in words beside its colour."""
SQUARES = {"🟨": "yellow", "🟧": "orange", "🟥": "red", "⬛": "black"}
MAX_CLICKS = 600
"""A bound on one game's clicks, far above the ~150 a 3-player game takes."""


@pytest.fixture
async def bot(start_bot: StartBot) -> AsyncIterator[PandemoniumBot]:
    async with start_bot() as started:
        yield started


async def _private(handle: InteractionHandle) -> str:
    """The text of a reply that only its member can see (fails if it was public)."""
    assert await handle.ephemeral(), "hidden answers must be ephemeral"
    return (await handle.original()).text()


async def _state(fake: FakeDiscord, bot: PandemoniumBot) -> tuple[Any, HellboyState]:
    current = await bot.table.current(fake.text_channel.id)
    assert current is not None and isinstance(current.state, HellboyState)
    return current.game, current.state


async def _open_table(
    fake: FakeDiscord, bot: PandemoniumBot, mode: str = "digital", joiners: tuple[str, ...] = ()
) -> FakeMessage:
    """`/game new game:hellboy-dice` by Alice (seat 1 starts, not drawn by lot), joins, then
    the board once the bot recorded it."""
    handle = await fake.slash("alice", "game new", options={
        "game": "hellboy-dice", "mode": mode, "options": "first_seat=1"})
    board = await handle.original()

    await board_recorded(fake, bot, board)
    for who in joiners:
        await (await fake.click(who, board, label="Join")).original()
    return board


async def _start(fake: FakeDiscord, board: FakeMessage) -> FakeMessage:
    await (await fake.click("alice", board, label="Start")).original()
    return fake.message(board.id)


async def _click(
    fake: FakeDiscord, bot: PandemoniumBot, who: str, board: FakeMessage, code: str
) -> None:
    """Press the live board's button for a move code; it must be accepted."""
    live = await board_now(fake, bot, board)
    custom_id = next((cid for cid in _moves(live) if cid.endswith(f":{code}")), None)
    assert custom_id is not None, f"no '{code}' button among {_moves(live)}"
    handle = await fake.click(who, live, custom_id)
    if await handle.ephemeral():
        raise AssertionError(f"{custom_id} refused: {(await handle.original()).text()}")
    await handle.original()


def _moves(board: FakeMessage) -> list[str]:
    return [cid for cid in board.custom_ids() if cid.startswith("pd:mv:")]


def _member_of(fake: FakeDiscord, game: Any, seat: int) -> str:
    user_id = game.seats[seat].user_id
    return next(name for name in ("alice", "bob", "carol") if fake.member(name).id == user_id)


async def _play_to_the_end(fake: FakeDiscord, bot: PandemoniumBot, board: FakeMessage) -> int:
    """Click the board until the game ends, as the player to move: the button for the
    move the computer players would make when the board offers it, else the first one.
    Returns the number of clicks."""
    for clicks in range(MAX_CLICKS):
        if await bot.table.current(fake.text_channel.id) is None:
            return clicks
        game, state = await _state(fake, bot)
        board = await board_now(fake, bot, board)
        moves = _moves(board)
        assert moves, f"no buttons for the player to move in phase {state.phase}"
        for label in (str(c.get("label", "")) for c in board.all_components()):
            named = all(word in label for square, word in SQUARES.items() if square in label)
            assert named, f"a button shows a colour without its name: {label}"
        seats = {int(cid.split(":")[4]) for cid in moves}
        assert seats == {state.turn}, "only the player to move gets buttons"
        wanted = f":{encode(ENGINE.ai_action(state, state.turn))}"
        choice = next((cid for cid in moves if cid.endswith(wanted)), moves[0])
        handle = await fake.click(_member_of(fake, game, state.turn), board, choice)
        if await handle.ephemeral():
            raise AssertionError(f"{choice} refused: {(await handle.original()).text()}")
        await handle.original()
    raise AssertionError(f"no winner after {MAX_CLICKS} clicks")


async def test_three_players_play_a_whole_game_by_buttons(
    fake_discord: FakeDiscord, bot: PandemoniumBot
) -> None:
    """Digital mode, seeded: every move is a button on the one live board until a winner."""
    board = await _open_table(fake_discord, bot, joiners=("bob", "carol"))
    board = await _start(fake_discord, board)
    assert "Hellboy: The Dice Game" in board.text() and "Explore" in board.text()
    assert "house deck, house dice faces — unverified" in board.text()
    clicks = await _play_to_the_end(fake_discord, bot, board)
    game, state = await _state_after(fake_discord, bot)
    assert state.winners and game.result is not None
    assert max(state.scores) >= 15 and clicks > 30
    await bot.boards.flush()
    final = await last_board(fake_discord, bot, fake_discord.text_channel.id)
    assert "game over" in final.text() and not _moves(final)
    others = [m for m in fake_discord.messages(fake_discord.text_channel) if m.id != final.id]
    assert all(not _moves(m) for m in others), "one live board: no old copy keeps buttons"
    assert not any("moved below" in m.text() for m in others), "no stub of an old copy"
    posted = fake_discord.requests_to("POST /channels/{channel_id}/messages")
    assert any(r.json.get("embeds") for r in posted), "the board was posted again below"
    texts = [m.text() for m in fake_discord.messages(fake_discord.text_channel)]
    assert any(ROLL.search(t) for t in texts), "each attack's roll is posted with its faces"
    assert any("wins with" in t or "share the win" in t for t in texts)
    boards = [m for m in fake_discord.messages(fake_discord.text_channel) if m.embeds]
    assert len(boards) == 1, "one live board, edited in place"


async def _state_after(fake: FakeDiscord, bot: PandemoniumBot) -> tuple[Any, HellboyState]:
    """A finished game's row and state (no longer live, so read from storage)."""
    games = await bot.storage.games_in_channel(fake.text_channel.id, limit=1)
    game = games[0]
    assert game.state is not None
    return game, ENGINE.load_state(game.state)


async def test_computer_players_take_their_turns_by_themselves(
    fake_discord: FakeDiscord, bot: PandemoniumBot
) -> None:
    """Alice against two AI seats: she only ever clicks on her own turns."""
    board = await _open_table(fake_discord, bot)
    for _ in range(2):
        await (await fake_discord.click("alice", board, label="Add AI")).original()
    board = await _start(fake_discord, board)
    await _play_to_the_end(fake_discord, bot, board)
    game, state = await _state_after(fake_discord, bot)
    assert state.winners is not None and game.result is not None
    log = await bot.storage.log(game.id)
    ai_seats = {e.seat for e in log if e.kind == "action" and e.payload.get("ai")}
    assert ai_seats == {1, 2}, "both computer players moved"
    human = {e.seat for e in log if e.kind == "action" and not e.payload.get("ai")}
    assert human == {0}


async def test_wrong_player_and_stale_clicks_change_nothing(
    fake_discord: FakeDiscord, bot: PandemoniumBot
) -> None:
    board = await _open_table(fake_discord, bot, joiners=("bob",))
    board = await _start(fake_discord, board)
    explore = next(cid for cid in _moves(board) if cid.endswith(":x"))
    before = await _state(fake_discord, bot)
    wrong = await fake_discord.click("bob", board, explore)
    assert "Those buttons are for Alice" in await _private(wrong)
    stranger = await fake_discord.click("dave", board, explore)
    assert "for Alice" in await _private(stranger)
    assert await _state(fake_discord, bot) == before
    live = await (await fake_discord.slash("alice", "game status")).original()
    await (await fake_discord.click("alice", live, explore)).original()
    after = await _state(fake_discord, bot)
    await retired(fake_discord, board)  # /game status retires the old copy: no stale button left
    assert await _state(fake_discord, bot) == after
    assert after[0].version > before[0].version


async def test_hellboy_commands_odds_rules_and_any_attack(
    fake_discord: FakeDiscord, bot: PandemoniumBot
) -> None:
    nothing = await _private(await fake_discord.slash("alice", "hellboy odds"))
    assert "no game of Hellboy: The Dice Game" in nothing and "game:hellboy-dice" in nothing
    board = await _open_table(fake_discord, bot, joiners=("bob",))
    early = await fake_discord.slash("alice", "hellboy odds")
    assert "hasn't started" in await _private(early)
    board = await _start(fake_discord, board)
    rules = await fake_discord.slash("carol", "hellboy rules")
    text = await _private(rules)
    assert "Knocked Out" in text and "💀" in text and "house dice" in text
    while (await _state(fake_discord, bot))[1].phase != "attack":
        board = await board_now(fake_discord, bot, board)
        game, state = await _state(fake_discord, bot)
        explore = next(cid for cid in _moves(board) if cid.endswith((":x", ":bm.n", ":lf.n")))
        await (await fake_discord.click(_member_of(fake_discord, game, state.turn), board,
                                        explore)).original()
    game, state = await _state(fake_discord, bot)
    odds = await fake_discord.slash("carol", "hellboy odds")
    listing = await _private(odds)
    assert "Odds against" in listing and "🟨🟨🟨" in listing, "every dice set is listed"
    mover = _member_of(fake_discord, game, state.turn)
    other = "bob" if mover == "alice" else "alice"
    refused = await fake_discord.slash(other, "hellboy attack", dice="yellow")
    assert "not your turn" in await _private(refused)
    garbled = await fake_discord.slash(mover, "hellboy attack", dice="purple")
    assert "not an Attack Die" in await _private(garbled)
    assert (await _state(fake_discord, bot))[0].version == game.version
    attack = await fake_discord.slash(mover, "hellboy attack", dice="y o r")
    reply = (await attack.original()).text()
    assert ROLL.search(reply) and "🟨" in reply
    assert (await _state(fake_discord, bot))[0].version > game.version


async def _report(
    fake: FakeDiscord, bot: PandemoniumBot, who: str, board: FakeMessage, values: list[str]
) -> str:
    """Open the report form on the board and submit `values` in field order; returns the
    reply's text (ephemeral when refused)."""
    opened = await fake.click(who, await board_now(fake, bot, board), label="Report result")
    if await opened.response_type() == 4:  # refused before the form opens: not theirs
        assert await opened.ephemeral()
        return "refused: " + (await opened.original()).text()
    modal = await opened.modal()
    fields = [row["components"][0]["custom_id"] for row in modal["components"]]
    assert len(fields) == len(values), f"the form has {len(fields)} inputs: {modal}"
    handle = await fake.submit_modal(who, None, dict(zip(fields, values, strict=True)))
    if await handle.ephemeral():
        return "refused: " + (await handle.original()).text()
    return (await handle.original()).text()


async def test_physical_mode_reports_cards_and_rolls(
    fake_discord: FakeDiscord, bot: PandemoniumBot
) -> None:
    """The group's own box: the bot asks for each card and each roll, and applies the rules."""
    fake = fake_discord
    board = await _open_table(fake, bot, mode="physical", joiners=("bob",))
    assert "Add AI" not in board.text()
    board = await _start(fake, board)
    await _click(fake, bot, "alice", board, "x")
    board = await board_now(fake, bot, board)
    assert "Report result" in board.text() and not _moves(board)
    version = (await _state(fake, bot))[0].version
    bad = await _report(fake, bot, "alice", board, ["Frog Swarm", "1", "abc", "1", ""])
    assert bad.startswith("refused") and "Fight Value must be a whole number" in bad
    bad = await _report(fake, bot, "alice", board, ["Frog Swarm", "1", "3", "9", ""])
    assert bad.startswith("refused") and "skulls" in bad, "the engine's own check"
    assert (await _state(fake, bot))[0].version == version, "bad reports change nothing"
    drawn = await _report(fake, bot, "alice", board, ["Frog Swarm", "1", "3", "1", ""])
    assert "Frog Swarm" in drawn
    assert "In play: Frog Swarm" in (await board_now(fake, bot, board)).text()
    await _click(fake, bot, "alice", board, "a.y")
    bad = await _report(fake, bot, "alice", board, ["Double burst", "7"])
    assert bad.startswith("refused") and "not a possible result" in bad
    rolled = await _report(fake, bot, "alice", board, ["double BURST", "2"])
    assert "Double burst" in rolled and "defeated" in rolled, "2 pips + 2 beat Fight 3"
    await _click(fake, bot, "alice", board, "b")
    _, state = await _state(fake, bot)
    assert state.scores == (1, 0) and state.turn == 1

    await _click(fake, bot, "bob", board, "x")
    event_only = ["", "", "", ""]
    not_yours = await _report(fake, bot, "carol", board, ["event brave move", *event_only])
    assert not_yours.startswith("refused") and "Bob reports" in not_yours
    event = await _report(fake, bot, "bob", board, ["Brave Move", *event_only])
    assert "Brave Move" in event
    await _click(fake, bot, "bob", board, "bm.y")
    _, state = await _state(fake, bot)
    assert state.wounds == 2 and state.turn_clues == 1 and state.phase == "explore"
    await _click(fake, bot, "bob", board, "x")
    boss = ["boss Hecate", "3", "8", "2", "no bursts, re-roll highest"]
    assert "Hecate" in await _report(fake, bot, "bob", board, boss)
    _, state = await _state(fake, bot)
    assert state.in_play is not None and state.in_play.effects == ("no_bursts", "reroll_highest")


def _with_selects(board_view: Callable[..., discord.ui.View]) -> Callable[..., discord.ui.View]:
    """board_view plus the presenter's select menus (the `action_selects` hook), unless
    the board already shows them."""

    def view(game: Any, state: Any, **kwargs: Any) -> discord.ui.View:
        built = board_view(game, state, **kwargs)
        if kwargs.get("gm_seat") is not None or any(
            isinstance(item, MoveSelect) for item in built.children
        ):
            return built
        for choice in action_selects(presenter_for(game.game), game, state):
            built.add_item(MoveSelect(
                game.id, game.version, choice.seat, choice.code, choice.options,
                choice.placeholder, choice.min_values, choice.max_values,
            ))
        return built

    return view


async def test_attack_select_rolls_any_dice_set(
    fake_discord: FakeDiscord, bot: PandemoniumBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The dice select (one option per die left, one to three picks) through Discord:
    the payload is valid, the picked dice are rolled, and a wrong member is refused."""
    monkeypatch.setattr(presenting, "board_view", _with_selects(presenting.board_view))
    fake = fake_discord
    board = await _open_table(fake, bot, joiners=("bob",))
    board = await _start(fake, board)
    while (await _state(fake, bot))[1].phase != "attack":
        game, state = await _state(fake, bot)
        live = await board_now(fake, bot, board)
        code = next(c for c in ("x", "bm.n", "lf.n", "b") if any(
            cid.endswith(f":{c}") for cid in _moves(live)))
        await _click(fake, bot, _member_of(fake, game, state.turn), board, code)
    game, state = await _state(fake, bot)
    live = await board_now(fake, bot, board)
    select = next(cid for cid in live.custom_ids() if cid.startswith("pd:sel:"))
    options = [o["value"] for o in live.find_component(select)["options"]]
    assert len(options) == sum(state.hand)
    mover = _member_of(fake, game, state.turn)
    wrong = await fake.select("carol", live, select, ["y1"])
    assert (await _private(wrong)).startswith("That menu is for "), "a menu, not buttons"
    picked = [options[0], options[-1]]
    handle = await fake.select(mover, live, select, picked)
    assert not await handle.ephemeral()
    await handle.original()
    log = await bot.storage.log(game.id)
    attack = next(e for e in reversed(log) if e.kind == "action")
    assert attack.payload["action"] == {"type": "attack", "dice": ["yellow", "black"]}


async def test_rules_show_the_tables_target_and_house_choices(
    fake_discord: FakeDiscord, bot: PandemoniumBot
) -> None:
    """`/hellboy rules` reads the open table's options: its target, not always 15."""
    plain = await _private(await fake_discord.slash("carol", "hellboy rules"))
    assert "Race to 15 Clues" in plain and "Played as written" in plain
    handle = await fake_discord.slash("alice", "game new", options={
        "game": "hellboy-dice", "options": "target=20 always_ask_x2=on"})
    await board_recorded(fake_discord, bot, await handle.original())
    text = await _private(await fake_discord.slash("carol", "hellboy rules"))
    assert "Race to 20 Clues" in text and "banks 20 or more" in text
    assert "Race to 15" not in text
    assert "`target=20`" in text and "`always_ask_x2=on`" in text
