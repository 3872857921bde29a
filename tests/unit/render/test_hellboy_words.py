"""Hellboy in words a player can rely on: every die on a button, the board and a roll
names its colour beside the coloured square (colour-blind players, screen readers);
when no attack can win, the board weighs what each set takes off the card against
the Knock Out risk instead of offering "0 %"; and a rematch moves the first turn on."""

from __future__ import annotations

import re

import pytest

from bot.games.hellboy_dice import odds
from bot.games.hellboy_dice.board import odds_lines
from bot.games.hellboy_dice.presenter import PRESENTER
from bot.games.hellboy_dice.reference import odds_embed
from bot.games.hellboy_dice.symbols import COLOUR_SQUARE, dice_set, hand_line
from bot.presenting import board_embed
from engines.core.protocol import Seat
from engines.hellboy_dice import ENGINE, HellboyOptions
from engines.hellboy_dice.models import HellboyState
from engines.hellboy_dice.odds import (
    flags_of,
    knockout_fighting_on,
    model_id,
    nothing_can_win,
    room_knockout,
)
from tests.support.discord_limits import worst_case_game
from tests.unit.hellboy_dice.support import explore, new_game
from tests.unit.render.test_hellboy_render import _game, _states

SQUARE_WORD = re.compile("(" + "|".join(COLOUR_SQUARE.values()) + r")+")


def _named(text: str) -> bool:
    """Each run of coloured squares is followed (after its face) by the colours' names,
    or preceded by them ('orange 🟧2')."""
    for run in SQUARE_WORD.finditer(text):
        colours = {c for c, sq in COLOUR_SQUARE.items() if sq in run.group()}
        near = text[max(0, run.start() - 12): run.end() + 40]
        if not all(colour in near for colour in colours):
            return False
    return True


def test_dice_sets_and_the_hand_name_every_colour() -> None:
    assert dice_set(["yellow", "yellow", "red"]) == "🟨🟨🟥 2 yellow + red"
    assert dice_set(["black"]) == "⬛ black"
    assert hand_line((1, 0, 2, 3)) == "🟨 yellow ×1 · 🟧 orange ×0 · 🟥 red ×2 · ⬛ black ×3"


def test_every_button_board_and_roll_names_the_colours_it_shows() -> None:
    """Words beside colours on every dice button and roll, over whole random games."""
    seen = 0
    for state, events, mode in _states():
        game = _game(state, mode)
        texts = [label for label, _, _ in PRESENTER.action_buttons(game, state)]
        texts += PRESENTER.event_lines(game, events)
        embed = board_embed(game, state)
        texts += [str(embed.description)] + [str(f.value) for f in embed.fields]
        for text in texts:
            if SQUARE_WORD.search(text):
                seen += 1
                assert _named(text), text
    assert seen > 1000


def _hopeless(fight: int = 13, hand: tuple[int, int, int, int] = (3, 2, 1, 1)) -> HellboyState:
    """A card no set of `hand` can defeat in one attack."""
    state = explore(new_game(), "big")
    assert state.in_play is not None
    card = state.in_play.model_copy(update={"fight": fight})
    state = state.model_copy(update={"hand": hand, "card_dice": (), "in_play": card})
    assert nothing_can_win(state)
    return state


def test_when_nothing_can_win_the_advice_says_so_and_offers_no_zero_percent() -> None:
    state = _hopeless()
    lines = odds_lines(state)
    assert lines[0].startswith("Nothing can defeat it in this attack")
    assert not any("to defeat" in line for line in lines[1:]), "no '0 % to defeat' row"
    assert all("to beat it in the end" in line for line in lines[1:-1])
    labels = [label for label, _, _ in PRESENTER.action_buttons(worst_case_game(
        "hellboy-dice", state.names, "digital", frozenset()), state)]
    attacks = [label for label in labels if label.startswith("⚔️")]
    assert attacks and all("Fight" in label and "to beat it" in label for label in attacks)
    assert not any(label.endswith((" 0%", " 0% 💡")) for label in attacks)


def test_hopeless_sets_are_ranked_by_the_chance_to_beat_the_card_in_the_end() -> None:
    state = _hopeless()
    shown = odds.attack_buttons(state, odds.suggested(state))
    ends = [round(c.knocked_out_in_the_end or 0.0, 2) for c in shown]
    assert ends == sorted(ends), "the best bet first"
    everything = odds.all_attacks(state)
    best = min(c.knocked_out_in_the_end or 1.0 for c in everything)
    assert round(best, 2) == ends[0], "the best set of all is among those shown, first"


@pytest.mark.parametrize("fight", [9, 13, 16])
def test_fighting_on_after_the_policys_own_pick_is_the_rooms_knock_out_risk(fight: int) -> None:
    """The figure for one first attack agrees with the engine's whole-card risk when
    that first attack is the one the policy makes."""
    state = _hopeless(fight) if fight > 9 else explore(new_game(), "big")
    card = state.in_play
    assert card is not None
    pick = odds.suggested(state)
    assert pick is not None
    whole = room_knockout(model_id(state.components), state.fight_left, card.skulls,
                          flags_of(card), state.hand, state.wounds)
    assert knockout_fighting_on(state, pick) == pytest.approx(whole)


def test_attacks_that_can_win_keep_their_chance_to_defeat() -> None:
    state = explore(new_game(), "big")
    assert not nothing_can_win(state)
    assert all(c.knocked_out_in_the_end is None for c in odds.all_attacks(state))
    assert any("to defeat" in line for line in odds_lines(state))


@pytest.mark.parametrize(("first", "players", "then"), [(0, 2, "2"), (1, 2, "1"), (2, 3, "1")])
def test_a_rematch_starts_with_the_seat_after_whoever_started(
    first: int, players: int, then: str
) -> None:
    """Rematch: who starts moves one seat on, whether it was fixed or drawn by lot."""
    seats = [Seat(index=i, name=f"P{i}") for i in range(players)]
    state = ENGINE.setup(seats, HellboyOptions(first_seat=first + 1))
    game = worst_case_game("hellboy-dice", state.names, "digital", frozenset())
    options = PRESENTER.rematch_options(game, state, {"target": "9", "first_seat": "0"})
    assert options == {"target": "9", "first_seat": then}


def test_hellboy_odds_lists_no_zero_percent_when_nothing_can_win() -> None:
    """`/hellboy odds` lists every set; when none can win, each shows what it takes off
    the Fight Value and its chance to beat the card in the end."""
    state = _hopeless()
    listing = str(odds_embed(state, "footer").description)
    rows = [line for line in listing.splitlines() if "Fight" in line and "−" in line]
    assert len(rows) == len(odds.all_attacks(state)) and "**0%**" not in listing
    assert "7 Attack Dice left" in listing, "dice, not 'dies'"
