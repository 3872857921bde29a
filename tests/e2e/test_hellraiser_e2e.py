"""Hellraiser through the real bot and the fake Discord: two players create their
characters (the board's menu and `/hellraiser create`) and play a whole game to a
victory with the board's buttons, menus and commands; hands only ever shown to
their owner; the drawn board attached as a PNG; wrong-player and stale clicks
refused; a physical-mode game whose map tiles and dice are reported through the
forms. Every payload is checked against Discord's OpenAPI spec by the harness."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from typing import Any

import pytest

from bot.app import PandemoniumBot
from bot.games.hellraiser.codes import encode
from engines.hellraiser import ENGINE, HellraiserState
from engines.hellraiser.cards import catalogue
from engines.hellraiser.models import DrawCard, EndTurn, Move, PlayCard
from tests.e2e.conftest import StartBot
from tests.fakediscord import FakeDiscord, FakeMessage, InteractionHandle
from tests.support.boards import board_now, board_recorded, last_board, retired

SEED = 23
"""A seeded table where a hand fills and the game ends well within MAX_MOVES (58 until
the balanced preset's tie rule changed its 2-player games: no hand ever filled)."""
PNG = b"\x89PNG\r\n\x1a\n"
ROLL = re.compile(r"🎲 .+ — .*[⚀⚁⚂⚃⚄⚅]\d")
"""A test's roll as posted: what was tested and each die's face."""
MAX_MOVES = 150
MEMBERS = ("alice", "bob", "carol")


@pytest.fixture
async def bot(start_bot: StartBot) -> AsyncIterator[PandemoniumBot]:
    async with start_bot(seed=SEED) as started:
        yield started


def hand_growing_move(state: HellraiserState, seat: int, step: int) -> Any:
    """The AI's move, but a card drawn whenever one may be and every other card play
    turned into an end of turn: hands grow, so a secrecy check has secrets to find."""
    legal = ENGINE.legal_actions(state, seat)
    action = ENGINE.ai_action(state, seat)
    if DrawCard() in legal:
        return DrawCard()
    if isinstance(action, PlayCard) and EndTurn() in legal and step % 2:
        return EndTurn()
    return action


async def _state(fake: FakeDiscord, bot: PandemoniumBot) -> tuple[Any, HellraiserState]:
    current = await bot.table.current(fake.text_channel.id)
    assert current is not None and isinstance(current.state, HellraiserState)
    return current.game, current.state


async def _open(fake: FakeDiscord, bot: PandemoniumBot, mode: str = "digital",
                joiners: tuple[str, ...] = ("bob",)) -> FakeMessage:
    """`/game new game:hellraiser` by Alice, the joiners sit down, Alice starts."""
    board = await (await fake.slash("alice", "game new", game="hellraiser", mode=mode)).original()

    await board_recorded(fake, bot, board)
    for who in joiners:
        await (await fake.click(who, board, label="Join")).original()
    await (await fake.click("alice", board, label="Start")).original()
    return fake.message(board.id)


def _moves(board: FakeMessage) -> list[str]:
    return [cid for cid in board.custom_ids() if cid.startswith(("pd:mv:", "pd:sel:"))]


def _member(fake: FakeDiscord, game: Any, seat: int) -> str:
    user_id = game.seats[seat].user_id
    return next(name for name in MEMBERS if fake.member(name).id == user_id)


async def _accepted(handle: InteractionHandle) -> FakeMessage:
    if await handle.ephemeral():
        raise AssertionError(f"refused: {(await handle.original()).text()}")
    return await handle.original()


async def _private(handle: InteractionHandle) -> str:
    assert await handle.ephemeral(), "hidden answers must be ephemeral"
    return (await handle.original()).text()


async def _play(fake: FakeDiscord, bot: PandemoniumBot, board: FakeMessage, seat: int,
                code: str) -> str:
    """Make a move as the seat's member: its button, else its menu option, else
    `/hellraiser do`. Returns how it was made."""
    game, _ = await _state(fake, bot)
    who = _member(fake, game, seat)
    live = await board_now(fake, bot, board)
    for component in live.all_components():
        cid = str(component.get("custom_id", ""))
        if cid.startswith("pd:mv:") and cid.endswith(f":{seat}:{code}"):
            await _accepted(await fake.click(who, live, cid))
            return "button"
        offered = [o["value"] for o in component.get("options") or []]
        if cid.startswith(f"pd:sel:{game.id}:{game.version}:{seat}:") and code in offered:
            await _accepted(await fake.select(who, live, cid, [code]))
            return "menu"
    await _accepted(await fake.slash(who, "hellraiser do", action=code))
    return "command"


def _hand_texts(state: HellraiserState, seat: int) -> list[str]:
    """The printed text of each card in a seat's hand (what must never be public)."""
    c = catalogue()
    texts = []
    for ref in state.hands.get(seat, ()):
        deck, card = ref.split(":", 1)
        texts.append(getattr(c, deck)[card].text)
    return texts


def _public_text(fake: FakeDiscord) -> str:
    return "\n".join(m.text() for m in fake.messages(fake.text_channel))


async def _check_hands(fake: FakeDiscord, bot: PandemoniumBot, board: FakeMessage) -> None:
    """Each player's cards: shown to them alone, ephemerally, and never in the channel."""
    game, state = await _state(fake, bot)
    public = _public_text(fake)
    for seat in range(state.seats):
        who = _member(fake, game, seat)
        mine = await _private(await fake.slash(who, "hellraiser hand"))
        for text in _hand_texts(state, seat):
            assert text in mine, "a player sees each of their cards"
            assert text not in public, "a hand's card is never shown in the channel"
        others = {t for s in range(state.seats) if s != seat for t in _hand_texts(state, s)}
        assert not any(t in mine for t in others - set(_hand_texts(state, seat)))
        live = await board_now(fake, bot, board)
        button = next(cid for cid in live.custom_ids() if cid.startswith("pd:me:"))
        assert await _private(await fake.click(who, live, button)) == mine, "My hand agrees"


async def test_two_players_create_characters_and_play_to_a_victory(
    fake_discord: FakeDiscord, bot: PandemoniumBot
) -> None:
    fake = fake_discord
    board = await _open(fake, bot)
    assert "creating characters" in board.text()
    menus = [cid for cid in board.custom_ids() if cid.startswith("pd:sel:")]
    assert len(menus) == 2, "one character menu per player"
    too_many = await fake.slash("bob", "hellraiser create", strength=4, speed=4, creativity=3,
                                wits=3, morality=3, willpower=3)
    assert "18 points" in await _private(too_many) and "these make 20" in \
        (await too_many.original()).text()
    alice_menu = next(cid for cid in menus if ":0:p.cr" in cid)
    refused = await _private(await fake.select("bob", board, alice_menu, ["cr.333333"]))
    assert refused == "That menu is for Alice.", "a menu pick is refused as a menu's"
    await _accepted(await fake.select("alice", board, alice_menu, ["cr.333333"]))
    await _accepted(await fake.slash("bob", "hellraiser create", strength=2, speed=4,
                                     creativity=3, wits=3, morality=3, willpower=3))
    board = await board_now(fake, bot, board)
    game, state = await _state(fake, bot)
    assert state.phase == "play" and state.created == ((3,) * 6, (2, 4, 3, 3, 3, 3))
    assert board.attachments and board.attachments[0].data.startswith(PNG)
    assert board.embeds[0]["image"]["url"] == f"attachment://{board.attachments[0].filename}"
    assert "```" not in board.text() and "/hellraiser map" in board.text(), \
        "the text map only on request, and the board says how"

    ways: set[str] = set()
    hands_checked = False
    for _ in range(MAX_MOVES):
        if await bot.table.current(fake.text_channel.id) is None:
            break
        game, state = await _state(fake, bot)
        if not hands_checked and any(state.hands.values()):
            await _check_hands(fake, bot, board)
            hands_checked = True
        (seat,) = ENGINE.to_move(state)
        action = ENGINE.ai_action(state, seat)
        if isinstance(action, Move) and "move command" not in ways:
            who = _member(fake, game, seat)
            target = f"{'ABCDEFGHIJKLMNOPQR'[action.to[0]]}{action.to[1] + 1}"
            await _accepted(await fake.slash(who, "hellraiser move", to=target))
            ways.add("move command")
            continue
        ways.add(await _play(fake, bot, board, seat, encode(action)))
    else:
        raise AssertionError(f"no result after {MAX_MOVES} moves")
    assert hands_checked, "some hand held cards during the game"
    assert {"button", "menu", "move command"} <= ways
    games = await bot.storage.games_in_channel(fake.text_channel.id, limit=1)
    assert games[0].status == "finished" and games[0].result is not None
    assert games[0].result["winners"], "the game ends in a victory"
    await bot.boards.flush()
    final = await last_board(fake, bot, fake.text_channel.id)
    assert "game over" in final.text() and not _moves(final)
    public = _public_text(fake)
    assert ROLL.search(public), "every test's roll is posted with its dice"
    assert games[0].result["summary"] in public
    boards = [m for m in fake.messages(fake.text_channel) if m.embeds]
    assert boards == [final], "one live board: each copy left behind is a line pointing below"


async def test_map_sheet_and_suggestions(fake_discord: FakeDiscord, bot: PandemoniumBot) -> None:
    """`/hellraiser map` posts the text map; `sheet` shows public facts only, to the asker;
    `move` suggests the squares the player can reach. Before any game, `map` says how
    to open one."""
    fake = fake_discord
    no_game = await _private(await fake.slash("dave", "hellraiser map"))
    assert "no game of Hellraiser" in no_game and "game:hellraiser" in no_game
    board = await _open(fake, bot)
    await _accepted(await fake.slash("alice", "hellraiser create", strength=3, speed=3,
                                     creativity=3, wits=3, morality=3, willpower=3))
    await _accepted(await fake.slash("bob", "hellraiser create", strength=3, speed=3,
                                     creativity=3, wits=3, morality=3, willpower=3))
    drawn = await _accepted(await fake.slash("dave", "hellraiser map"))
    assert drawn.content.startswith("```") and "R" in drawn.content.splitlines()[1]
    sheet = await _private(await fake.slash("dave", "hellraiser sheet", member=fake.member("bob")))
    assert "Bob" in sheet and "Strength" in sheet and "card(s) in hand" in sheet
    _, state = await _state(fake, bot)
    reply = await fake.autocomplete("alice", "hellraiser move", "to", to="")
    choices = (await reply.response())["data"]["choices"]
    legal = {f"{'ABCDEFGHIJKLMNOPQR'[a.to[0]]}{a.to[1] + 1}"
             for a in ENGINE.legal_actions(state, 0) if isinstance(a, Move)}
    assert choices and {c["value"] for c in choices} <= legal
    nothing = await fake.autocomplete("bob", "hellraiser move", "to", to="")
    assert (await nothing.response())["data"]["choices"] == [], "not Bob's turn"
    await board_now(fake, bot, board)


async def test_wrong_player_and_stale_clicks_change_nothing(
    fake_discord: FakeDiscord, bot: PandemoniumBot
) -> None:
    fake = fake_discord
    board = await _open(fake, bot)
    for who in ("alice", "bob"):
        await _accepted(await fake.slash(who, "hellraiser create", strength=3, speed=3,
                                         creativity=3, wits=3, morality=3, willpower=3))
    await bot.boards.flush()  # a board pushed up by the replies may be posted again first
    board = await board_now(fake, bot, board)
    end = next(cid for cid in board.custom_ids() if cid.endswith(":0:et"))
    before = await _state(fake, bot)
    assert "for Alice" in await _private(await fake.click("bob", board, end))
    assert "for Alice" in await _private(await fake.click("dave", board, end))
    refused = await fake.slash("bob", "hellraiser do", action="et")
    assert "not your" in (await _private(refused)).lower()
    forged = await fake.slash("alice", "hellraiser do", action="mv,to=Z99")
    assert "suggestions" in await _private(forged)
    assert await _state(fake, bot) == before
    live = await _accepted(await fake.slash("alice", "game status"))
    await _accepted(await fake.click("alice", live, end))
    after = await _state(fake, bot)
    await retired(fake, board)  # /game status retires the old copy: no stale button left
    assert await _state(fake, bot) == after and after[0].version > before[0].version


async def _report(fake: FakeDiscord, bot: PandemoniumBot, board: FakeMessage,
                  answers: dict[str, str]) -> None:
    live = await board_now(fake, bot, board)
    button = next(cid for cid in live.custom_ids() if cid.startswith("pd:rep:"))
    opened = await fake.click("alice", live, button)
    await opened.modal()
    await _accepted(await opened.submit_modal(answers))


async def test_physical_mode_reports_tiles_cards_and_dice_through_forms(
    fake_discord: FakeDiscord, bot: PandemoniumBot
) -> None:
    """A solo physical game: the map laid from the form (tile by tile: names, row and
    column, turns; or one map number), then a search whose dice are reported per party,
    and the card it finds, by name."""
    fake = fake_discord
    board = await _open(fake, bot, mode="physical", joiners=())
    await _accepted(await fake.slash("alice", "hellraiser create", strength=3, speed=3,
                                     creativity=4, wits=3, morality=2, willpower=3))
    for _ in range(80):
        _, state = await _state(fake, bot)
        if state.phase != "map":
            break
        request = ENGINE.chance(state)
        assert request is not None
        if [i.key for i in request.items] == ["map"]:  # the house map-number option
            await _report(fake, bot, board, {"field0": "4 2 6"})
            continue
        assert [i.key for i in request.items] == ["tile", "spot", "turn"]
        tile, spot, _ = request.items
        await _report(fake, bot, board, {
            "field0": tile.label_of(tile.options[-1]).upper(),
            "field1": spot.label_of(spot.options[0]),
            "field2": "a quarter turn",
        })
    _, state = await _state(fake, bot)
    assert state.phase == "play" and state.board is not None
    board = await board_now(fake, bot, board)
    assert board.attachments and board.attachments[0].data.startswith(PNG)
    await _play(fake, bot, board, 0, "se")
    _, state = await _state(fake, bot)
    request = ENGINE.chance(state)
    assert request is not None and all(i.options == list("123456") for i in request.items)
    faces = " ".join("6" for _ in request.items)
    bad = await _open_report(fake, bot, board)
    refused = await _private(await bad.submit_modal({"field0": f"{faces} 6"}))
    assert f"type {len(request.items)} face" in refused, "a wrong count of dice is refused"
    await _report(fake, bot, board, {"field0": faces})
    assert re.search(r"🎲 Search the room — .*\*\*⚅6\*\*", _public_text(fake))
    _, state = await _state(fake, bot)
    request = ENGINE.chance(state)
    assert request is not None and request.items[0].key == "card", "a search that finds a card"
    card = request.items[0]
    await _report(fake, bot, board, {"field0": card.label_of(card.options[0]).lower()})
    _, state = await _state(fake, bot)
    assert card.options[0] in [i.card for i in state.figures[0].items], "Alice carries it"


async def _open_report(fake: FakeDiscord, bot: PandemoniumBot,
                       board: FakeMessage) -> InteractionHandle:
    live = await board_now(fake, bot, board)
    button = next(cid for cid in live.custom_ids() if cid.startswith("pd:rep:"))
    opened = await fake.click("alice", live, button)
    await opened.modal()
    return opened


async def test_computer_players_create_and_play_their_own_turns(
    fake_discord: FakeDiscord, bot: PandemoniumBot
) -> None:
    """Alice and a computer player: the computer creates its character and plays its
    turns by itself; once a GM hands Alice's seat to the computer too, the game runs
    to its end on its own."""
    fake = fake_discord
    board = await (await fake.slash("alice", "game new", game="hellraiser")).original()
    await (await fake.click("alice", board, label="Add AI")).original()
    await (await fake.click("alice", board, label="Start")).original()
    board = await board_now(fake, bot, fake.message(board.id))
    (menu,) = [cid for cid in board.custom_ids() if cid.startswith("pd:sel:")]
    assert menu.endswith(":0:p.cr"), "a menu for Alice, none for the computer"
    await _accepted(await fake.select("alice", board, menu, ["cr.362322"]))
    _, state = await _state(fake, bot)
    assert state.phase == "play" and state.created == ((3, 6, 2, 3, 2, 2), (3, 4, 2, 4, 2, 3))
    await _accepted(await fake.slash("alice", "hellraiser do", action="et"))
    _, state = await _state(fake, bot)
    assert state.turn == 0 and state.round == 2, "the computer played its turn"
    await _accepted(await fake.slash("olivia", "game kick", member=fake.member("alice")))
    games = await bot.storage.games_in_channel(fake.text_channel.id, limit=1)
    assert games[0].status == "finished" and games[0].result is not None
    log = await bot.storage.log(games[0].id)
    assert {e.seat for e in log if e.kind == "action" and e.payload.get("ai")} == {0, 1}
