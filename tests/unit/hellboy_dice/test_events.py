"""The five events of the Exploration Deck."""

from __future__ import annotations

import pytest

from engines.hellboy_dice import (
    ENGINE,
    Attack,
    BraveMove,
    EndTurn,
    Explore,
    HellboyState,
    LuckyFind,
)
from tests.unit.hellboy_dice.support import (
    act,
    act_events,
    explore,
    new_game,
    refused,
    report,
    report_events,
    types,
)


def counts(state: HellboyState, which: str) -> dict[str, int]:
    pile = state.deck if which == "deck" else state.discard
    return {c.id: n for c, n in zip(state.components.cards, pile, strict=True) if n}


def test_hole_in_the_floor_costs_a_wound_and_discards_the_next_card() -> None:
    """Hole in the Floor: 'Lose a Wound cube. Discard this card and the next one. Put the
    card after that into play.'"""
    state = explore(new_game(), "hole")
    assert state.wounds == 2 and state.phase == "draw" and state.draw_purpose == "discard"
    assert counts(state, "discard") == {"hole": 1}
    state, events = report_events(state, "frog")
    assert events[0].type == "card_drawn" and events[0].discarded  # type: ignore[attr-defined]
    assert counts(state, "discard") == {"hole": 1, "frog": 1}
    assert state.phase == "draw" and state.draw_purpose == "play"
    state = report(state, "big")
    assert state.in_play is not None and state.in_play.id == "big" and state.phase == "attack"


def test_hole_in_the_floor_on_the_last_wound_knocks_out() -> None:
    state = new_game().model_copy(update={"wounds": 1})
    after, events = report_events(act(state, Explore()), "hole")
    assert "knocked_out" in types(events) and after.turn == 1


def test_a_wound_event_says_what_was_actually_lost() -> None:
    """Regression: two Skulls against the last Wound said 'loses 2 Wounds (0 left)'."""
    state = explore(new_game().model_copy(update={"wounds": 1}), "big")  # 2 Skulls
    _, events = report_events(act(state, Attack(dice=("yellow",))), "Skull", "0")
    lost = next(e for e in events if e.type == "wound_lost")
    assert lost.lost == 1 and "loses 1 Wound (0 left)" in lost.text  # type: ignore[attr-defined]


def test_hole_in_the_floor_with_an_empty_deck_reshuffles_the_discard_pile() -> None:
    """House: the Hole goes to the discard pile first, so a reshuffle may bring it back."""
    state = new_game()
    index = state.components.index
    deck = [0] * len(state.deck)
    deck[index["hole"]] = 1
    deck[index["frog"]] = 1
    discard = [0] * len(state.deck)
    discard[index["big"]] = 1
    state = state.model_copy(update={"deck": tuple(deck), "discard": tuple(discard)})
    state = report(explore(state, "hole"), "frog")  # the discarded card: the last one
    request = ENGINE.chance(state)
    assert request is not None
    assert sorted(request.items[0].options) == ["big", "frog", "hole"]
    assert counts(state, "discard") == {}


def test_take_a_risk_discards_the_most_powerful_die_for_a_clue() -> None:
    """Take a Risk: 'Discard your most powerful die ... Gain one Clue for this turn's
    current score.' Black is the most powerful, then red, orange, yellow."""
    state = explore(new_game(), "risk")
    assert state.hand == (6, 3, 2, 0) and state.gone == (0, 0, 0, 1)
    assert state.turn_clues == 1 and state.phase == "explore"
    assert counts(state, "discard") == {"risk": 1}
    again = new_game().model_copy(update={"hand": (6, 3, 2, 0), "gone": (0, 0, 0, 1)})
    assert explore(again, "risk").hand == (6, 3, 1, 0)


def test_take_a_risk_with_no_dice_still_gives_the_clue() -> None:
    """House: with no die to give up, the Clue is still gained."""
    state = new_game().model_copy(update={"hand": (0, 0, 0, 0), "gone": (6, 3, 2, 1)})
    assert explore(state, "risk").turn_clues == 1


def test_brave_move_accepted_costs_a_wound_for_a_clue_and_stays_as_a_reminder() -> None:
    """Brave Move: 'If you wish, you can lose a Wound cube and gain one Clue for this turn's
    score (retain this card as a reminder).'"""
    state = explore(new_game(), "brave")
    assert state.phase == "brave_move"
    assert ENGINE.legal_actions(state, 0) == [BraveMove(accept=True), BraveMove(accept=False)]
    accepted = act(state, BraveMove(accept=True))
    assert accepted.wounds == 2 and accepted.turn_clues == 1
    assert [c.id for c in accepted.kept] == ["brave"] and counts(accepted, "discard") == {}


def test_brave_move_declined_is_discarded() -> None:
    """'Otherwise, discard this card.'"""
    declined = act(explore(new_game(), "brave"), BraveMove(accept=False))
    assert declined.wounds == 3 and declined.turn_clues == 0 and declined.kept == ()
    assert counts(declined, "discard") == {"brave": 1}


def test_brave_move_on_the_last_wound_knocks_out() -> None:
    state = explore(new_game().model_copy(update={"wounds": 1}), "brave")
    after, events = act_events(state, BraveMove(accept=True))
    assert "knocked_out" in types(events) and after.turn == 1


@pytest.mark.parametrize(("face", "hurt"), [
    ("Skull", True), ("X2", True), ("Re-roll", True),
    ("Single burst", False), ("Double burst", False), ("Cancel", False),
])
def test_accident_rolls_the_blue_die(face: str, hurt: bool) -> None:
    """Accident: 'Roll the blue die. If the result is Skull, X2 or re-roll arrow, lose a
    Wound cube. Discard this card.'"""
    state = explore(new_game(), "accident")
    assert state.phase == "accident"
    after = report(state, face)
    assert after.wounds == (2 if hurt else 3)
    assert counts(after, "discard") == {"accident": 1} and after.phase == "explore"


def test_lucky_find_die_that_scores_a_clue_adds_one_and_is_set_aside() -> None:
    """Lucky Find: 'roll one of your remaining Dice. If it scores a Clue, add 1 to your
    Clues ... A die that scored a Clue cannot be used later in the turn to attack.'"""
    state = explore(new_game(), "lucky")
    assert state.phase == "lucky_find"
    assert ENGINE.legal_actions(state, 0) == [
        LuckyFind(die=None), LuckyFind(die="yellow"), LuckyFind(die="orange"),
        LuckyFind(die="red"), LuckyFind(die="black")]
    rolling = act(state, LuckyFind(die="orange"))
    assert rolling.phase == "lucky_roll" and rolling.hand == (6, 2, 2, 1)
    scored = report(rolling, "2")  # an orange 2 shows a Clue in the dice pack
    assert scored.turn_clues == 1 and scored.gone == (0, 1, 0, 0)
    assert counts(scored, "discard") == {"lucky": 1}


def test_lucky_find_die_without_a_clue_is_discarded() -> None:
    """'Discard the die otherwise.'"""
    missed = report(act(explore(new_game(), "lucky"), LuckyFind(die="yellow")), "1")
    assert missed.turn_clues == 0 and missed.gone == (1, 0, 0, 0) and missed.hand == (5, 3, 2, 1)


def test_lucky_find_may_be_declined() -> None:
    declined = act(explore(new_game(), "lucky"), LuckyFind(die=None))
    assert declined.hand == (6, 3, 2, 1) and declined.turn_clues == 0


def test_lucky_find_refuses_a_colour_with_no_die_left() -> None:
    state = explore(new_game().model_copy(update={"hand": (6, 3, 2, 0), "gone": (0, 0, 0, 1)}),
                    "lucky")
    assert "no black die" in refused(state, LuckyFind(die="black"))


def test_lucky_find_with_no_dice_left_is_simply_discarded() -> None:
    state = new_game().model_copy(update={"hand": (0, 0, 0, 0), "gone": (6, 3, 2, 1)})
    after = explore(state, "lucky")
    assert after.phase == "explore" and counts(after, "discard") == {"lucky": 1}


def test_a_resolved_event_counts_as_the_first_card() -> None:
    """House option (default on): an event 'resolved' lets the player bank, like a room."""
    state = explore(new_game(), "risk")
    assert EndTurn() in ENGINE.legal_actions(state, 0)
    assert act(state, EndTurn()).scores == (1, 0)
    strict = explore(new_game(events_count_as_first_card=False), "risk")
    assert "first card" in refused(strict, EndTurn())
