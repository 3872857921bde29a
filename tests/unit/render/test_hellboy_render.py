"""The Hellboy presenter: boards, buttons, selects and roll messages within Discord's
limits over many random states; every button decodes to the legal move it names;
malformed codes are refusals, never tracebacks; the odds shown are the engine's; and
the physical-mode card form writes reports the engine reads as the card meant."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games.hellboy_dice import odds
from bot.games.hellboy_dice.codes import decode, encode, typed_dice
from bot.games.hellboy_dice.forms import CARD_FORM, card_report
from bot.games.hellboy_dice.presenter import PRESENTER
from bot.models import GameRow
from bot.presenting import board_embed, board_view
from bot.render.games import GenericPresenter, action_selects
from bot.ui.report import as_spelled, form_for
from engines.core.chance import ChanceItem, ChanceOutcome, enumerate_outcomes, sample
from engines.core.errors import RuleError
from engines.core.protocol import Event, Seat
from engines.hellboy_dice import (
    ENGINE,
    Attack,
    ChooseReroll,
    ChooseX2,
    Explore,
    HellboyOptions,
)
from engines.hellboy_dice.cards import parse_card_report
from engines.hellboy_dice.models import (
    AttackResolved,
    FinalRound,
    GameOver,
    HellboyState,
    TiebreakStarted,
)
from tests.support.discord_limits import (
    check_buttons,
    check_embed,
    check_select,
    worst_case_game,
)

NAMES = ["**Liz** Sherman_the_firestarter", "Abe `Sapien`", "Roger ~~the~~ Homunculus",
         "Kate || Corrigan", "Ben Daimio > 9000", "Johann *Kraus*"]


def _game(state: HellboyState, mode: str = "digital",
          ai: frozenset[int] = frozenset()) -> GameRow:
    return worst_case_game("hellboy-dice", state.names, mode, ai)


def _new(players: int, mode: str = "digital") -> HellboyState:
    seats = [Seat(index=i, name=NAMES[i]) for i in range(players)]
    return ENGINE.setup(seats, HellboyOptions(mode=mode, first_seat=1))


def _play(seed: int, players: int, mode: str = "digital",
          steps: int = 700) -> Iterator[tuple[HellboyState, list[Event]]]:
    """Every state of a seeded game (mostly the AI's moves, some random ones so that
    every kind of choice shows up), with the events that led to it."""
    rng = random.Random(seed)
    state = _new(players, mode)
    events: list[Event] = []
    for _ in range(steps):
        yield state, events
        if ENGINE.result(state) is not None:
            return
        request = ENGINE.chance(state)
        if request is not None:
            if request.items[0].open_hint is not None:
                card = rng.choice(state.components.cards).id
                state, events = ENGINE.resolve(state, ChanceOutcome(values=[card]))
            else:
                state, events = ENGINE.resolve(state, sample(request, rng))
            continue
        legal = ENGINE.legal_actions(state, state.turn)
        action = ENGINE.ai_action(state, state.turn) if rng.random() < 0.7 else rng.choice(legal)
        state, events = ENGINE.apply(state, state.turn, action)


GAMES = [(1, 3, "digital"), (2, 6, "digital"), (3, 1, "digital"), (4, 2, "physical"),
         (5, 4, "digital"), (6, 3, "physical")]


def _states() -> Iterator[tuple[HellboyState, list[Event], str]]:
    for seed, players, mode in GAMES:
        for state, events in _play(seed, players, mode):
            yield state, events, mode


def test_boards_buttons_and_messages_fit_discord_limits_in_random_games() -> None:
    """Discord rejects a whole message for one over-long field, so every state must fit."""
    phases = set()
    for state, events, mode in _states():
        phases.add(state.phase)
        game = _game(state, mode)
        check_embed(board_embed(game, state))
        buttons = PRESENTER.action_buttons(game, state)
        assert len(buttons) <= 20
        check_buttons(game, buttons)
        selects = PRESENTER.action_selects(game, state)
        assert len(buttons) + 5 * len(selects) <= 25, "five action rows of five"
        for choice in selects:
            check_select(game, choice)
            assert choice.max_values <= 3, "an attack rolls at most three Attack Dice"
        for line in PRESENTER.event_lines(game, events):
            assert 0 < len(line) <= 2000
        view = board_view(game, state)  # discord.py raises if the rows overflow
        assert len(view.children) == len(buttons) + len(selects) or mode == "physical"
    assert {"explore", "attack", "choose_x2", "choose_reroll", "over"} <= phases


def test_every_button_decodes_to_the_legal_move_it_shows() -> None:
    for state, _, mode in _states():
        game = _game(state, mode)
        legal = ENGINE.legal_actions(state, state.turn)
        codes = [code for _, code, _ in PRESENTER.action_buttons(game, state)]
        assert len(set(codes)) == len(codes), "one button per move"
        for code in codes:
            action = ENGINE.parse_action(PRESENTER.decode(game, state, state.turn, code, []))
            assert action in legal
        for action in legal:
            assert decode(encode(action), []) == action, "codes round-trip for every move"
        if state.phase in ("explore", "brave_move", "lucky_find", "choose_x2", "choose_reroll"):
            assert len(codes) == len(legal), f"every choice of {state.phase} has a button"


def test_attack_select_offers_each_die_left_and_decodes_the_picked_dice() -> None:
    rng = random.Random(9)
    seen = 0
    for state, _, mode in _states():
        if state.phase != "attack":
            continue
        game = _game(state, mode)
        (choice,) = PRESENTER.action_selects(game, state)
        assert len(choice.options) == sum(state.hand)
        picked = rng.sample(choice.options, rng.randint(1, choice.max_values))
        action = decode(choice.code, [o.value for o in picked])
        wanted = sorted(o.label.split()[0].lower() for o in picked)
        assert isinstance(action, Attack) and sorted(action.dice) == wanted
        assert action in ENGINE.legal_actions(state, state.turn)
        seen += 1
    assert seen > 20


def test_computer_seats_and_finished_games_get_no_buttons() -> None:
    state = _new(3)
    assert PRESENTER.action_buttons(_game(state, ai=frozenset({0})), state) == []
    over = _game(state).model_copy(update={"status": "finished"})
    assert PRESENTER.action_buttons(over, state) == []
    assert PRESENTER.action_buttons(_game(state), state) == [("🃏 Explore", "x", 0)]


@pytest.mark.parametrize("code,values", [
    ("", []), ("zz", []), ("a.", []), ("a.yyyy", []), ("a.zz", []), ("a.y", ["y1"]),
    ("d.3", []), ("d.-1", []), ("r.9", []), ("r.", []), ("bm.maybe", []), ("lf.q", []),
    ("lf.yellow", []), ("as", []), ("as", ["y1", "y2", "o1", "k1"]), ("as", ["y1", "y1"]),
    ("as", ["purple1"]), ("as", ["y0"]), ("x", ["y1"]), ("x.", []), ("b ", []),
])
def test_malformed_codes_are_refused_politely(code: str, values: list[str]) -> None:
    with pytest.raises(RuleError):
        decode(code, values)


@given(st.text(max_size=12), st.lists(st.text(max_size=4), max_size=4))
@settings(max_examples=300, deadline=None)
def test_any_code_decodes_to_an_action_or_a_rule_error(code: str, values: list[str]) -> None:
    """A forged custom_id must never reach the engine as a traceback."""
    try:
        action = decode(code, values)
    except RuleError:
        return
    assert encode(action) == code or code == "as"


def test_decode_before_the_game_starts_is_a_rule_error() -> None:
    state = _new(2)
    with pytest.raises(RuleError):
        PRESENTER.decode(_game(state), None, 0, "x", [])


def test_shown_attacks_are_the_best_trade_offs() -> None:
    """No attack on the board is beaten by another set on both chance and dice spent,
    the best chance is always among them, and so is the computer players' pick."""
    for state, _ in _play(5, 3):
        if state.phase != "attack":
            continue
        every = odds.all_attacks(state)
        hint = odds.suggested(state)
        shown = odds.trade_offs(every, keep=hint)
        assert 1 <= len(shown) <= odds.QUICK_ATTACKS
        assert hint in [a.dice for a in shown]
        if shown[0].defeat > 0:
            assert shown[0].defeat == max(a.defeat for a in every)
            for a in shown:
                assert not any(b.defeat > a.defeat and b.cost <= a.cost for b in every)


def _choice(dice: str, defeat: float, cost: float) -> odds.AttackChoice:
    return odds.AttackChoice(typed_dice(dice), defeat, 0.0, cost)


def test_trade_offs_keep_the_ends_and_the_pick_within_the_limit() -> None:
    chances = [_choice(d, p, c) for d, p, c in [
        ("y", 0.1, 1), ("o", 0.2, 2), ("r", 0.3, 3), ("k", 0.4, 4), ("yy", 0.5, 5),
        ("yo", 0.6, 6), ("yr", 0.7, 7), ("yk", 0.8, 8), ("oo", 0.05, 9),
    ]]
    shown = odds.trade_offs(chances, limit=4)
    assert shown[0].defeat == 0.8 and shown[-1].defeat == 0.1
    assert len(shown) == 4 and all(a.defeat != 0.05 for a in shown), "a dominated set"
    picked = odds.trade_offs(chances, limit=4, keep=typed_dice("r"))
    assert len(picked) == 4 and typed_dice("r") in [a.dice for a in picked]
    assert picked[0].defeat == 0.8 and picked[-1].defeat == 0.1


def test_when_nothing_can_win_the_sets_run_from_strongest_to_cheapest() -> None:
    """Scoring dice stay on the card, so a hopeless attack still has a strongest choice."""
    hopeless = [_choice(d, 0.0, c) for d, c in [("y", 1), ("o", 2), ("rk", 5), ("yrk", 6)]]
    shown = odds.trade_offs(hopeless, limit=3)
    costs = [a.cost for a in shown]
    assert len(costs) == 3 and costs[0] == 6 and costs[-1] == 1 and costs == sorted(costs)[::-1]


def _chance_to_win(state: HellboyState) -> float:
    """Enumerate the pending roll through the engine: the share of outcomes that win."""
    request = ENGINE.chance(state)
    assert request is not None
    won = 0.0
    for outcome, p in enumerate_outcomes(request):
        _, events = ENGINE.resolve(state, outcome)
        if any(isinstance(e, AttackResolved) and e.defeated for e in events):
            won += float(p)
    return won


def test_reroll_and_x2_figures_match_what_the_engine_does() -> None:
    """The figures on the Re-roll and X2 buttons are what the engine then does."""
    checked = set()
    for seed in range(6, 14):
        for state, _ in _play(seed, 2):
            if state.phase == "choose_reroll":
                for die, chance in odds.reroll_chances(state).items():
                    after, _ = ENGINE.apply(state, state.turn, ChooseReroll(die=die))
                    assert chance == pytest.approx(_chance_to_win(after))
                checked.add("reroll")
            elif state.phase == "choose_x2":
                for die, score in odds.x2_scores(state).items():
                    _, events = ENGINE.apply(state, state.turn, ChooseX2(die=die))
                    resolved = next(e for e in events if isinstance(e, AttackResolved))
                    assert resolved.score == score
                checked.add("x2")
    assert checked == {"reroll", "x2"}


def test_footer_labels_the_house_deck_and_dice() -> None:
    state = _new(2)
    assert PRESENTER.footer(_game(state)) == "house deck, house dice faces — unverified"


def test_roll_messages_draw_the_dice_faces() -> None:
    """As in the table's digital mode, an action and the rolls it causes are one step."""
    history: list[Event] = []
    for _, events in _play(1, 3, steps=200):
        history += events
    lines = PRESENTER.event_lines(_game(_new(3)), history)
    rolled = [line for line in lines if line.startswith("🎲 ") and " rolls " in line]
    assert rolled and all(re.search("[🟨🟧🟥⬛]", line) for line in rolled)
    assert any("Attack Score" in line for line in lines)
    assert not any("attacks with" in line for line in lines), "the roll line says it all"


def test_game_end_announcements_are_the_engine_text_behind_their_emoji() -> None:
    """The final round, a tiebreak and the game's end are worded by the rules; the
    chat line only marks them."""
    events: list[Event] = [
        FinalRound(trigger=0, seats=(1, 2), text="Liz reached 15 Clues: a final turn each."),
        TiebreakStarted(leaders=(0, 1), round=9, text="A tie: one more round."),
        GameOver(winners=(0,), scores=(15, 9), text="Liz wins with 15 Clues."),
    ]
    assert PRESENTER.event_lines(_game(_new(3)), events) == [
        "🔔 Liz reached 15 Clues: a final turn each.",
        "⚔️ A tie: one more round.",
        "🏁 Liz wins with 15 Clues.",
    ]


def test_a_physical_attack_is_announced_until_its_roll_is_reported() -> None:
    state = _new(2, "physical")
    drawing, _ = ENGINE.apply(state, 0, Explore())
    card, _ = ENGINE.resolve(drawing, ChanceOutcome(values=["room clues=1 fight=3"]))
    _, events = ENGINE.apply(card, 0, Attack(dice=("yellow", "red")))
    (line,) = PRESENTER.event_lines(_game(card, "physical"), events)
    assert "attacks with" in line and "🟨🟥" in line


# The physical-mode card form


@pytest.mark.parametrize("answers,expected", [
    (("Frog Swarm", "1", "5", "1", ""),
     {"kind": "room", "name": "Frog Swarm", "clues": 1, "fight": 5, "skulls": 1}),
    (("boss Hecate's Hag", "3", "8", "2", "No bursts; re-roll highest"),
     {"kind": "boss", "name": "Hecate's Hag", "effects": ("no_bursts", "reroll_highest")}),
    (("Nameless horror", "2", "7", "", "blue again"),
     {"kind": "boss", "effects": ("blue_again",), "skulls": 0}),
    (("Lucky find", "", "", "", ""), {"kind": "event", "event": "lucky_find"}),
    (("event hole in the floor", "", "", "", ""), {"event": "hole_in_the_floor"}),
    (("room", "0", "4", "", ""), {"kind": "room", "clues": 0, "fight": 4}),
])
def test_card_form_writes_the_report_the_engine_reads(
    answers: tuple[str, str, str, str, str], expected: dict[str, object]
) -> None:
    card = parse_card_report(card_report(*answers))
    for key, value in expected.items():
        assert getattr(card, key) == value


@pytest.mark.parametrize("answers,message", [
    (("", "1", "2", "", ""), "Say what the card is"),
    (("Frog Swarm", "one", "2", "", ""), "Clues must be a whole number"),
    (("Frog Swarm", "1", "", "", ""), "Fill in Fight Value"),
    (("Brave Move", "1", "", "", ""), "An event card has no"),
    (("event tea party", "", "", "", ""), "not an event"),
    (("boss Hecate", "1", "8", "", "invisible"), "not a boss effect"),
])
def test_card_form_refuses_what_it_cannot_read(
    answers: tuple[str, str, str, str, str], message: str
) -> None:
    with pytest.raises(RuleError, match=message):
        card_report(*answers)


def test_card_form_is_used_for_card_draws_only() -> None:
    state = _new(2, "physical")
    drawing, _ = ENGINE.apply(state, 0, Explore())
    draw = ENGINE.chance(drawing)
    assert draw is not None and form_for("hellboy-dice", draw) is CARD_FORM
    assert len(CARD_FORM.fields(draw)) == 5
    card, _ = ENGINE.resolve(drawing, ChanceOutcome(values=["room clues=1 fight=3"]))
    rolling, _ = ENGINE.apply(card, 0, Attack(dice=("yellow",)))
    roll = ENGINE.chance(rolling)
    assert roll is not None and form_for("hellboy-dice", roll) is None


def test_typed_dice_read_names_letters_and_squares() -> None:
    assert typed_dice("yellow, Yellow and RED") == ("yellow", "yellow", "red")
    assert typed_dice("ok") == ("orange", "black")
    assert typed_dice("🟨 ⬛️") == ("yellow", "black")
    for bad in ("", "purple", "yyyy", "2 yellow"):
        with pytest.raises(RuleError):
            typed_dice(bad)


def test_reported_faces_are_read_whatever_their_case() -> None:
    """'skull' is the blue die's 'Skull'; only an exact or one unambiguous match is changed."""
    blue = ChanceItem(key="blue", label="Blue Effect Die", options=["Skull", "X2", "Re-roll"])
    assert as_spelled(blue, "skull") == "Skull" and as_spelled(blue, "x2") == "X2"
    assert as_spelled(blue, "Skulls") == "Skulls", "left for the engine to refuse"
    twins = ChanceItem(key="t", label="twins", options=["ab", "AB"])
    assert as_spelled(twins, "AB") == "AB" and as_spelled(twins, "Ab") == "Ab", "ambiguous"


def test_select_hook_is_optional_for_presenters() -> None:
    """Presenters without `action_selects` (the generic one) simply offer no selects."""
    state = _new(2)
    drawing, _ = ENGINE.apply(state, 0, Explore())
    card, _ = ENGINE.resolve(drawing, ChanceOutcome(values=["loading-bay-frog"]))
    game = _game(card)
    assert card.phase == "attack"
    assert action_selects(GenericPresenter(), game, card) == []
    assert [c.code for c in action_selects(PRESENTER, game, card)] == ["as"]
