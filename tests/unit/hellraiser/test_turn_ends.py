"""A turn ends by itself when its player's character is lost or changes side during it:
nobody presses End turn for a corpse, and a Human turned Cenobite gets no Leviathan
actions in what was a Human's turn."""

from __future__ import annotations

from engines.hellraiser import ENGINE
from engines.hellraiser.models import Attack, DrawCard, EndTurn, HellraiserState, PlayCard
from tests.unit.hellraiser.support import act, gate_opened, new_game, roll, with_stats


def _facing_pinhead(stats: tuple[int, int, int, int, int, int],
                    card: str | None = None) -> HellraiserState:
    """Seat 1 opened the gateway in the Reception, where everyone stands next to Pinhead;
    it is seat 0's turn."""
    state = with_stats(gate_opened(new_game(3), seat=1), "h0", stats)
    if card is not None:
        state.hands[0] = (f"action:{card}",)
    return state


def test_a_human_who_becomes_a_cenobite_on_their_turn_gets_no_leviathan_actions() -> None:
    """'Character becomes a Cenobite and the player is now a Leviathan player' — from
    their next turn: the Human's turn in progress is over."""
    state = _facing_pinhead((3, 3, 3, 3, 1, 1), card="memories_of_a_past_life")
    state = act(state, PlayCard(card="memories_of_a_past_life", target="c-pinhead",
                                stat="willpower"))
    state = roll(state, 1, 6, 6, 6, 6)  # 0 successes against 4: Spiritual group to 0
    assert state.roles[0] == "leviathan"
    assert state.turn == 1 and ENGINE.to_move(state) == [1]
    assert DrawCard() not in ENGINE.legal_actions(state, 0)


def test_a_human_killed_on_their_own_turn_does_not_have_to_press_end_turn() -> None:
    state = _facing_pinhead((1, 1, 3, 3, 3, 3))
    state = act(state, Attack(target="c-pinhead"))
    state = roll(state, 1, 6, 6, 6, 6)
    assert state.roles[0] == "out"
    assert state.turn == 1 and ENGINE.to_move(state) == [1]
    assert EndTurn() not in ENGINE.legal_actions(state, 0)
