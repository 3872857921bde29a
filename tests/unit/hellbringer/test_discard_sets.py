"""Rule 1.3: at the end of a turn a player may discard any number of cards. The End
turn moves are every distinct set of the hand; a physical hand's unshown cards are all
alike, so sets that differ only in which unshown card they name are one move."""

from __future__ import annotations

from engines.hellbringer.legal import distinct_sets


def test_a_hand_told_apart_card_by_card_has_every_combination() -> None:
    hand = ["ember_bolt#1", "frost_ring#1", "keen_eye#1", "ember_bolt#2", "rat#1", "elixir#1"]
    sets = [s for size in range(len(hand) + 1) for s in distinct_sets(hand, size)]
    assert len(sets) == 2 ** len(hand) == len(set(sets))
    assert distinct_sets(hand, 1) == [(c,) for c in hand]


def test_unshown_cards_are_alike_in_a_discard() -> None:
    hand = ["common#1", "common#2", "keen_eye#1"]
    assert distinct_sets(hand, 1) == [("common#1",), ("keen_eye#1",)]
    assert distinct_sets(hand, 2) == [("common#1", "common#2"), ("common#1", "keen_eye#1")]
