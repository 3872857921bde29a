"""The Hellraiser presenter: boards, buttons, menus, sheets, hands and roll messages
within Discord's limits over many random states; every button and menu option is a
legal action, and its code decodes back to it; malformed codes are refusals, never
tracebacks; the picture's pieces are built from the state; hands stay private; the
physical-mode forms write the values the engine reads; commands find the action meant."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.errors import ChooseFurther
from bot.games.hellraiser import commands
from bot.games.hellraiser.board import private, sheet, text_map
from bot.games.hellraiser.card_menu import NARROW, parse_path
from bot.games.hellraiser.codes import decode, encode
from bot.games.hellraiser.events import dice_line, event_lines
from bot.games.hellraiser.forms import CARD_FORM, DICE_FORM, FORMS, MAP_FORM, TILE_FORM
from bot.games.hellraiser.menu import (
    BUILDS,
    HAND_MOVES,
    MAX_OPTIONS,
    SELECT_CARD,
    SELECT_MOVE,
    SELECT_OTHER,
    card_select,
    spread,
)
from bot.games.hellraiser.picture import SEAT_COLOURS
from bot.games.hellraiser.pieces import initials, pieces
from bot.games.hellraiser.presenter import PRESENTER
from bot.models import GameRow
from bot.presenting import board_embed, board_view
from bot.ui.components import MoveSelect, PrivateViewButton
from bot.ui.report import form_for
from engines.core.chance import ChanceItem, ChanceOutcome, ChanceRequest, sample
from engines.core.errors import RuleError
from engines.core.protocol import Event, Seat
from engines.hellraiser import ENGINE, HellraiserOptions, HellraiserState
from engines.hellraiser.board import square_name, tile_index
from engines.hellraiser.cards import catalogue
from engines.hellraiser.models import (
    Action,
    Attack,
    CardDrawn,
    CardPlayed,
    CreateCharacter,
    DiceRolled,
    EndTurn,
    FloorItem,
    Item,
    Move,
    MoveFigure,
    PlayCard,
    Roll,
    UsePower,
    clone,
)
from engines.hellraiser.stats import check_creation
from tests.support.discord_limits import (
    check_buttons,
    check_embed,
    check_select,
    worst_case_game,
)
from tests.support.random_tables import Table
from tests.unit.hellraiser.support import center, edit, gate_opened, new_game

NAMES = ["**Kirsty** Cotton_the_survivor", "Frank `Cotton`", "Julia ~~Cotton~~",
         "Dr Channard || the surgeon", "Tiffany > 9000", "Kyle *MacRae*"]
GAMES = [(1, 2, "digital"), (2, 3, "digital"), (3, 4, "physical"), (4, 6, "digital"),
         (5, 1, "digital")]


def _game(state: HellraiserState, mode: str = "digital",
          ai: frozenset[int] = frozenset()) -> GameRow:
    return worst_case_game("hellraiser", state.names, mode, ai)


def _play(seed: int, players: int, mode: str,
          steps: int = 900) -> Iterator[tuple[HellraiserState, list[Event]]]:
    """Every decision point of a seeded game (mostly the AI's moves, a third random
    legal ones so unusual menus show up), with the events that led to it."""
    rng = random.Random(seed)
    seats = [Seat(index=i, name=NAMES[i]) for i in range(players)]
    state = ENGINE.setup(seats, HellraiserOptions(mode=mode))
    events: list[Event] = []
    for _ in range(steps):
        request = ENGINE.chance(state)
        if request is not None:
            state, new = ENGINE.resolve(state, sample(request, rng))
            events = events + new
            continue
        yield state, events
        if ENGINE.result(state) is not None:
            return
        seat = ENGINE.to_move(state)[0]
        legal = ENGINE.legal_actions(state, seat)
        action = ENGINE.ai_action(state, seat) if rng.random() < 0.65 else rng.choice(legal)
        state, events = ENGINE.apply(state, seat, action)


@cache
def _states() -> list[tuple[HellraiserState, list[Event], str]]:
    return [(state, events, mode) for seed, players, mode in GAMES
            for state, events in _play(seed, players, mode)]


@pytest.mark.slow(17)
def test_boards_components_and_messages_fit_discord_limits_in_random_games() -> None:
    """Discord rejects a whole message for one over-long field, so every state must fit —
    and every board must still have room for its "My hand" button (five rows)."""
    phases: set[str] = set()
    for state, events, mode in _states():
        phases.add(state.phase)
        game = _game(state, mode)
        embed = board_embed(game, state)
        check_embed(embed)
        assert "```" not in (embed.description or ""), "the text map only on request"
        if state.board is not None and state.phase == "play":
            assert "/hellraiser map" in (embed.description or ""), "and says how to ask"
        buttons = PRESENTER.action_buttons(game, state)
        selects = PRESENTER.action_selects(game, state)
        assert len(buttons) <= 4 and len(selects) <= 4
        check_buttons(game, buttons)
        for choice in selects:
            check_select(game, choice)
        view = board_view(game, state)
        view.add_item(PrivateViewButton(game.id))  # discord.py raises if the rows overflow
        for seat in range(state.seats):
            check_embed(private(game, state, seat))
            check_embed(sheet(game, state, seat))
        for line in PRESENTER.event_lines(game, events):
            assert 0 < len(line) <= 2000
        drawn = text_map(state)
        assert drawn is None or len(f"```\n{drawn}\n```") <= 2000
    assert {"create", "play", "over"} <= phases


def _legal_or_narrower(game: GameRow, state: HellraiserState, seat: int, code: str,
                       value: str) -> int:
    """A menu option is a legal action, or (the card menu's steps) a question whose
    options, sent to the player alone, are: the options checked."""
    try:
        raw = PRESENTER.decode(game, state, seat, code, [value])
    except ChooseFurther as further:
        (select,) = further.view.children
        assert isinstance(select, MoveSelect) and select.target.gm, "acts as a reply"
        return sum(_legal_or_narrower(game, state, seat, code, o.value)
                   for o in select.item.options)
    assert ENGINE.parse_action(raw) in ENGINE.legal_actions(state, seat)
    return 1


@pytest.mark.slow(40)
def test_every_button_and_menu_option_is_a_legal_action() -> None:
    seen = 0
    for state, _, mode in _states():
        game = _game(state, mode)
        buttons = PRESENTER.action_buttons(game, state)
        selects = PRESENTER.action_selects(game, state)
        for _, code, seat in buttons:
            action = ENGINE.parse_action(PRESENTER.decode(game, state, seat, code, []))
            assert action in ENGINE.legal_actions(state, seat)
        for choice in selects:
            for option in choice.options:
                seen += _legal_or_narrower(game, state, choice.seat, choice.code, option.value)
        if state.phase == "play" and ENGINE.chance(state) is None:
            (seat,) = ENGINE.to_move(state)
            assert {s for _, _, s in buttons} | {c.seat for c in selects} == {seat}, \
                "only the player to act gets components"
            assert ("⏭️ End turn", "et", seat) in buttons or state.pending, \
                "End turn is always a button"
    assert seen > 1000


def test_codes_round_trip_for_every_legal_action() -> None:
    for state, _, _ in _states()[::3]:
        for seat in ENGINE.to_move(state):
            for action in ENGINE.legal_actions(state, seat):
                code = encode(action)
                assert re.fullmatch(r"[\w.,=+-]{1,100}", code)
                assert decode(code) == action


def _cards_behind(state: HellraiserState, legal: list[Action], code: str) -> set[str]:
    """The cards a step of the card menu leads to: the first play behind each of its
    options (the board's one option opens the player's whole first step)."""
    if not code.startswith(NARROW):
        play = decode(code)
        assert isinstance(play, PlayCard)
        return {play.card}
    found: set[str] = set()
    for option in card_select(state, legal, parse_path(code)).options:
        inner = option.code
        while inner.startswith(NARROW):
            inner = card_select(state, legal, parse_path(inner)).options[0].code
        play = decode(inner)
        assert isinstance(play, PlayCard)
        found.add(play.card)
    return found


def test_menus_leave_no_kind_of_action_unreachable() -> None:
    """When a kind has more actions than a menu holds, every group (tile, Cenobite)
    still gets an option before any gets a second; every card in hand is behind the
    board's card menu (its door opens the player's own first step: a play, or the
    step to its plays)."""
    checked = 0
    for state, _, mode in _states():
        game = _game(state, mode)
        for menu in PRESENTER.menus(game, state):
            legal = ENGINE.legal_actions(state, menu.seat)
            shown = {o.code for s in menu.selects for o in s.options} | \
                {b.code for b in menu.buttons}
            cards = {a.card for a in legal if a.type == "play"}
            shown_cards = {decode(c).card for c in shown if c.startswith("pl,")}  # type: ignore[union-attr]
            shown_cards |= {card for x in menu.selects if x.code == SELECT_CARD
                            for o in x.options if o.code.startswith(NARROW)
                            for card in _cards_behind(state, legal, o.code)}
            assert shown_cards >= cards
            moves = [a for a in legal if isinstance(a, (Move, MoveFigure))]
            if len(moves) > MAX_OPTIONS:
                (moving,) = (x for x in menu.selects if x.code == SELECT_MOVE)
                assert " of " not in moving.placeholder, "more than 25 moves come in steps"
                tiles = {tile_index(a.to) for a in moves}
                if all(isinstance(a, Move) for a in moves) and len(tiles) <= MAX_OPTIONS:
                    assert len(moving.options) == len(tiles), "one option per tile in reach"
            checked += 1
    assert checked > 200


def test_confession_names_its_card_to_its_player_alone() -> None:
    """Issue 21: Confession discards a card its player names from the hand, so the board
    offers only a door ("More actions"), and the cards come to the player alone."""
    checked = 0
    table = Table("hellraiser", "digital", 4, 1, 926)  # a Confession room at step 252
    while checked < 3 and table.step() is not None:
        game, state = table.game, table.state
        for menu in PRESENTER.menus(game, state):
            legal = ENGINE.legal_actions(state, menu.seat)
            confessions = {encode(a) for a in legal if isinstance(a, UsePower) and a.card}
            if not confessions:
                continue
            shown = {o.code for x in menu.selects for o in x.options}
            assert HAND_MOVES in shown and not shown & confessions
            with pytest.raises(ChooseFurther) as private:
                PRESENTER.decode(game, state, menu.seat, SELECT_OTHER, [HAND_MOVES])
            (select,) = private.value.view.children
            assert isinstance(select, MoveSelect)
            assert {str(o.value) for o in select.item.options} == confessions
            checked += 1
    assert checked > 0


def test_spread_takes_a_first_of_every_group_before_any_second() -> None:
    assert spread([[1, 2, 3], [4], [5, 6]], 4) == [1, 4, 5, 2]
    assert spread([[1], [], [2]], 10) == [1, 2]
    assert spread([], 3) == []


def test_computer_seats_and_finished_games_get_no_components() -> None:
    state = new_game(2)
    assert PRESENTER.action_buttons(_game(state, ai=frozenset({0})), state) == []
    over = _game(state).model_copy(update={"status": "finished"})
    assert PRESENTER.action_buttons(over, state) == []
    assert ("⏭️ End turn", "et", 0) in PRESENTER.action_buttons(_game(state), state)


def test_creation_offers_ready_made_characters_to_each_person() -> None:
    """Each build follows the creation rule (18 points, each 1-6); each person still to
    create gets a menu (computer players create their own)."""
    for _, _, stats in BUILDS:
        check_creation(stats)
    state = ENGINE.setup([Seat(index=i, name=n) for i, n in enumerate(NAMES[:3])],
                         HellraiserOptions())
    selects = PRESENTER.action_selects(_game(state, ai=frozenset({1})), state)
    assert [s.seat for s in selects] == [0, 2]
    assert {o.value for o in selects[0].options} == {encode(CreateCharacter(
        strength=a, speed=b, creativity=c, wits=d, morality=e, willpower=f))
        for _, _, (a, b, c, d, e, f) in BUILDS}


@pytest.mark.parametrize("code,values", [
    ("", []), ("zz", []), ("mv", []), ("mv,to=", []), ("mv,to=Z9", []), ("mv,to=c7", []),
    ("mv,to=C7,to=C8", []), ("mv,xx=C7", []), ("mv,to=C07", []), ("at,s=str,s=cre", []),
    ("at,s=foo", []), ("fu,ti=x", []), ("fu,dw=C7", []), ("fu,dw=C7+C8+C9", []),
    ("ch,o=a b", []), ("cr.33333", []), ("cr.3333333", []), ("cr.33333a", []),
    ("et", ["x"]), ("p.mv", []), ("p.mv", ["et", "et"]), ("p.ot", ["nonsense"]),
    ("pl,c=" + "x" * 41, []), ("se,d=hell", []),
])
def test_malformed_codes_are_refused_politely(code: str, values: list[str]) -> None:
    state = new_game(2)
    with pytest.raises(RuleError):
        PRESENTER.decode(_game(state), state, 0, code, values)


@given(st.text(alphabet="etmvo,=toCR0123456789.pachsxyz+-", max_size=24))
@settings(max_examples=300, deadline=None)
def test_any_code_decodes_to_an_action_or_a_rule_error(code: str) -> None:
    """A forged custom_id must never reach the engine as a traceback."""
    try:
        action = decode(code)
    except RuleError:
        return
    assert decode(encode(action)) == action


def test_decode_before_the_game_starts_is_a_rule_error() -> None:
    state = new_game(2)
    with pytest.raises(RuleError):
        PRESENTER.decode(_game(state), None, 0, "et", [])


# The picture's pieces


def test_pieces_show_every_figure_item_and_mark_from_the_state() -> None:
    state = gate_opened(new_game(3), seat=2)
    here = center(state, "reception")
    assert state.board is not None
    s = clone(edit(state, "h1", condition="corpse"))
    s = edit(s, "h0", stats=(3, 0, 3, 3, 3, 3))
    s.floor = [FloorItem(square=here, item=Item(card="knife"))]
    s.dragged = [here]
    s.used_furniture = [(0, "x")]
    built = pieces(s)
    humans = {f.name: f for f in built.figures if f.kind == "human"}
    assert set(humans) == {"Kirsty"}, "the dead lie as corpses; Hell's victims are off the map"
    kirsty = humans["Kirsty"]
    assert kirsty.colour == SEAT_COLOURS[0] and kirsty.square == here
    assert kirsty.label == "Ki" and "paralysed" in kirsty.status
    assert [c.square for c in built.corpses] == [here]
    assert any(f.kind == "cenobite" and f.square == state.board.gateway for f in built.figures)
    assert built.items == (here,) and built.dragged_to_hell == (here,)
    assert built.used_furniture == ((0, "x"),)
    picture = PRESENTER.board_picture(_game(s), s)
    assert picture is not None and picture.data.startswith(b"\x89PNG\r\n\x1a\n")
    assert PRESENTER.board_picture(_game(s), ENGINE.setup(
        [Seat(index=0, name="x")], HellraiserOptions())) is None, "no map, no picture"


def test_initials_are_unique_on_the_board() -> None:
    taken: set[str] = set()
    labels = [initials(n, taken) for n in
              ["Kirsty", "Kirk", "The Female Cenobite", "Pinhead", "Pinhead", "🙂", "Kiki"]]
    assert labels[0] == "Ki" and labels[2] == "FC" and labels[3] == "Pi"
    assert len(set(labels)) == len(labels) and all(1 <= len(x) <= 3 for x in labels)


# Hands stay private


def _with_hands(state: HellraiserState) -> HellraiserState:
    s = clone(state)
    s.hands = {0: ("action:run_for_your_life",), 1: ("action:surge_of_adrenaline",)}
    return s


def test_a_hand_is_shown_only_to_its_owner() -> None:
    s = _with_hands(gate_opened(new_game(3), seat=2))
    c = catalogue()
    run, surge = c.action["run_for_your_life"], c.action["surge_of_adrenaline"]
    game = _game(s)
    mine = private(game, s, 0).description or ""
    assert run.name in mine and run.text in mine and surge.text not in mine
    public = [board_embed(game, s), sheet(game, s, 0), sheet(game, s, 1)]
    for embed in public:
        text = str(embed.to_dict())
        assert run.text not in text and surge.text not in text
    assert "1 card(s) in hand" in str(sheet(game, s, 1).to_dict())


# Roll messages


def test_roll_lines_show_each_die_and_bold_the_successes() -> None:
    event = DiceRolled(purpose="attack", dice=[[6, 2, 4], [1, 5]], successes=[2, 1],
                       totals=[12, 6], labels=["Pinhead", "Kirsty"], target=4,
                       text="Pinhead, Kirsty: 6 2 4 vs 1 5")
    line = dice_line(event)
    assert line == ("🎲 Attack — Pinhead **⚅6** ⚁2 **⚃4** (2 successes)"
                    " vs Kirsty ⚀1 **⚄5** (1 success) → Pinhead wins by 1: Kirsty takes the"
                    " damage.")
    search = DiceRolled(purpose="search", dice=[[3, 2]], successes=[1], totals=[5],
                        labels=["Kirsty"], target=3, text="Kirsty: 3 2")
    assert dice_line(search) == "🎲 Search the room — Kirsty **⚂3** ⚁2 (1 success)"
    hell = DiceRolled(purpose="hell", dice=[[6], [3, 1]], successes=[1, 0], totals=[6, 4],
                      labels=["Hell number", "Kirsty's Wits"], text="Hell number, Kirsty's Wits")
    assert dice_line(hell).endswith("Hell number ⚅6 = **6** vs Kirsty's Wits ⚂3 ⚀1 = **4**")


def test_draws_name_the_player_and_keep_hidden_cards_hidden() -> None:
    names = ["Kirsty *K*", "Frank"]
    hidden = CardDrawn(seat=1, deck="leviathan", card=None, text="A card is drawn.")
    found = CardDrawn(seat=0, deck="search", card="knife", text="A card is drawn.")
    played = CardPlayed(seat=1, deck="leviathan", card="relentless",
                        text="Relentless: Add 3 squares.")
    lines = event_lines([hidden, found, played, CardDrawn(seat=-1, deck="leviathan", card=None)],
                        names)
    assert lines == [
        "🂠 **Frank** draws a card from the Leviathan deck.",
        "🂠 **Kirsty \\*K\\*** draws **Knife** from the Search deck.",
        "🃏 **Frank** plays **Relentless**: Add 3 squares.",
        "🂠 The house Leviathan draws a card from the Leviathan deck.",
    ]


def test_every_roll_in_random_games_is_posted_with_its_faces() -> None:
    rolls = 0
    for state, events, mode in _states():
        lines = PRESENTER.event_lines(_game(state, mode), events)
        for event in events:
            if isinstance(event, DiceRolled) and any(event.dice):
                assert dice_line(event) in lines
                faces = [f for group in event.dice for f in group]
                assert len(re.findall(r"[⚀⚁⚂⚃⚄⚅]\d", dice_line(event))) == len(faces)
                if event.purpose in ("attack", "search", "furniture", "degenerate"):
                    bold = len(re.findall(r"\*\*[⚀⚁⚂⚃⚄⚅]\d\*\*", dice_line(event)))
                    assert bold == sum(event.successes), "each success is in bold"
                rolls += 1
    assert rolls > 100


# Physical-mode forms


def _roll_request(groups: tuple[int, ...], labels: tuple[str, ...]) -> ChanceRequest:
    from engines.hellraiser import dice

    return dice.request(Roll(purpose="attack", seat=0, groups=groups, labels=labels), 2)


def test_dice_form_asks_once_per_party_and_writes_every_die() -> None:
    request = _roll_request((3, 2), ("Pinhead", "Kirsty"))
    assert form_for("hellraiser", request) is DICE_FORM
    fields = DICE_FORM.fields(request)
    assert [f.label for f in fields] == ["Pinhead: 3 dice", "Kirsty: 2 dice"]
    assert DICE_FORM.values(request, ["6, 2 4", "1 5"]) == ["6", "2", "4", "1", "5"]
    with pytest.raises(RuleError, match="type 3 faces"):
        DICE_FORM.values(request, ["6 2", "1 5"])
    with pytest.raises(RuleError, match="not a face"):
        DICE_FORM.values(request, ["6 2 7", "1 5"])


def test_card_form_reads_the_printed_name() -> None:
    state = new_game(2)
    s = clone(state)
    from engines.hellraiser.models import Draw

    s.pending = [Draw(deck="search", seat=0, purpose="search")]
    request = ENGINE.chance(s)
    assert request is not None and form_for("hellraiser", request) is CARD_FORM
    assert CARD_FORM.values(request, ["first-aid  KIT"]) == ["first_aid_kit"]
    assert CARD_FORM.values(request, ["knife"]) == ["knife"]
    with pytest.raises(RuleError, match="not a Search card left"):
        CARD_FORM.values(request, ["a banana"])


def test_tile_form_reads_names_places_and_turns() -> None:
    state = ENGINE.setup([Seat(index=0, name="x")], HellraiserOptions(quick_start=True))
    request = ENGINE.chance(state)
    assert request is not None and form_for("hellraiser", request) is TILE_FORM
    tile, spot, _ = request.items
    name = tile.label_of(tile.options[0])
    row, column = int(spot.options[0]) // 6 + 1, int(spot.options[0]) % 6 + 1
    values = TILE_FORM.values(request, [name.lower(), f"row {row}, col {column}", "half"])
    assert values == [tile.options[0], spot.options[0], "2"]
    ENGINE.resolve(state, ChanceOutcome(values=values))
    with pytest.raises(RuleError, match="row and a column"):
        TILE_FORM.values(request, [name, "somewhere", "0"])
    with pytest.raises(RuleError, match="quarter turns"):
        TILE_FORM.values(request, [name, f"{row} {column}", "sideways"])


def test_map_number_form_reads_a_number() -> None:
    request = ChanceRequest(prompt="Choose a map number", items=[
        ChanceItem(key="map", label="map number", options=[str(n) for n in range(1, 1000)])])
    assert form_for("hellraiser", request) is MAP_FORM
    assert MAP_FORM.fields(request)[0].label == "Map number (1 to 999)"
    assert MAP_FORM.values(request, ["4 2 6"]) == ["426"]
    assert MAP_FORM.values(request, ["007"]) == ["7"]
    for bad in ("0", "1000", "many"):
        with pytest.raises(RuleError, match="from 1 to 999"):
            MAP_FORM.values(request, [bad])


def test_a_map_number_table_says_what_the_number_does() -> None:
    state = ENGINE.setup([Seat(index=0, name="x")], HellraiserOptions(
        mode="physical", physical_map="number", quick_start=True))
    request = ENGINE.chance(state)
    assert request is not None and form_for("hellraiser", request) is MAP_FORM
    embed = board_embed(_game(state, "physical"), state)
    assert "Report result" in (embed.description or "")
    assert "One map number names the whole Institute" in str(embed.to_dict())
    laid, _ = ENGINE.resolve(state, ChanceOutcome(values=MAP_FORM.values(request, ["426"])))
    assert laid.phase == "play" and laid.board is not None


def test_forms_claim_only_hellraiser_requests() -> None:
    """Forms are registered for every game: Hellboy's card draw and a plain dice roll of
    another game keep their own layout."""
    from engines.hellboy_dice import ENGINE as HELLBOY_ENGINE
    from engines.hellboy_dice import Explore, HellboyOptions

    hellboy = HELLBOY_ENGINE.setup([Seat(index=0, name="x")], HellboyOptions(mode="physical"))
    hellboy, _ = HELLBOY_ENGINE.apply(hellboy, 0, Explore())
    card = HELLBOY_ENGINE.chance(hellboy)
    plain = ChanceRequest(prompt="Roll", items=[
        ChanceItem(key=f"d{i}", label=f"die {i}", options=list("123456")) for i in range(3)])
    cards = ChanceRequest(prompt="Draw", items=[
        ChanceItem(key="card", label="Search card", options=["ace", "king"])])
    for request in (card, plain, cards):
        assert request is not None
        assert not any(form.fits(request) for form in FORMS)


# Commands


def test_move_command_finds_the_move_meant_and_refuses_politely() -> None:
    state = new_game(2)
    move = next(a for a in ENGINE.legal_actions(state, 0) if isinstance(a, Move))
    assert commands.move_action(state, 0, square_name(move.to).lower(), None) == move
    with pytest.raises(RuleError, match="not a square"):
        commands.move_action(state, 0, "Z99", None)
    with pytest.raises(RuleError, match="waiting for"):
        commands.move_action(state, 1, square_name(move.to), None)
    assert commands.square_suggestions(state, 1, "", None) == []
    squares = {v for _, v in commands.square_suggestions(state, 0, "", None)}
    assert square_name(move.to) in squares or len(squares) == 25


def test_typed_actions_are_codes_or_labels_of_legal_moves() -> None:
    state = new_game(2)
    assert commands.typed_action(state, 0, "et") == EndTurn()
    assert commands.typed_action(state, 0, "⏭️ end TURN") == EndTurn()
    with pytest.raises(RuleError, match="suggestions"):
        commands.typed_action(state, 0, "dance")
    with pytest.raises(RuleError, match="isn't open"):
        commands.typed_action(state, 0, "sv")
    names = [n for n, _ in commands.suggestions(state, 0, "end")]
    assert names[0] == "⏭️ End turn", "the closest name first; Search says it ends the turn too"


def test_attack_command_picks_the_attack_named() -> None:
    state = gate_opened(new_game(3), seat=2)
    assert state.board is not None
    s = edit(state, "h0", square=state.board.gateway)
    legal = [a for a in ENGINE.legal_actions(s, 0) if isinstance(a, Attack)]
    target = next(a.target for a in legal if a.target is not None)
    action = commands.attack_action(s, 0, commands.find_figure(s, target).name, None, None, None)
    assert isinstance(action, Attack) and action.target == target and action.stat == "strength"
    suggested = commands.figure_suggestions(
        s, 0, "", lambda a: a.target if isinstance(a, Attack) else None)
    assert (commands.find_figure(s, target).name, target) in suggested
    assert commands.attack_action(s, 0, target, None, None, None) == action
    with pytest.raises(RuleError, match="no figure"):
        commands.attack_action(s, 0, "Nobody at all", None, None, None)
