"""Rules audit (issue 22, point 8): the 2.1 reveal, Instants in draw order and the
empty Common Draw Pile, each test named by its rulebook section and the design
study's rule id (../shared/design/hellbringer.md §2)."""

from __future__ import annotations

from engines.hellbringer import ENGINE, HellbringerState
from engines.hellbringer.models import Choose, EndTurn, Pick, ReturnCombat
from engines.hellbringer.stats import card_id
from tests.unit.hellbringer.audit import draw, play, settle
from tests.unit.hellbringer.support import clear_board, fresh


def _to_reveal(players: int, commons: int, combat: int, tome: bool) -> HellbringerState:
    """Every player ends a full-handed turn with no enemy in play: 2.1 reveals five
    cards. The top dungeon pile is cut to `commons` + `combat` (+ its Tome), so its
    Location is the next card after them."""
    state = clear_board(fresh(players))
    seg = state.dungeon.segments[0]
    seg.commons, seg.combat = commons, combat
    if not tome:
        assert seg.tome is not None
        state.dungeon.removed.append(seg.tome)
        seg.tome = None
    for seat in range(players):
        state, _ = play(state, seat, EndTurn(discard=(state.heroes[seat].hand[0],)))
    assert ENGINE.chance(state) is not None and state.phase == "enemies"
    return state


def test_d7_2_1_reveal_five_cards_each_player_takes_one_the_rest_discarded() -> None:
    """2.1 (D7): five cards revealed left to right; each player takes one, in turn
    order from the player after the last; the others go to the discard pile."""
    state = _to_reveal(2, commons=7, combat=0, tome=False)
    five = ("ember_bolt", "keen_eye", "brace", "owl_charm", "grave_hound")
    state, _ = draw(state, *five)
    assert [card_id(c) for c in state.dungeon.middle] == list(five)
    assert ENGINE.to_move(state) == [0]
    picks = ENGINE.legal_actions(state, 0)
    assert picks == [Pick(card=c) for c in state.dungeon.middle]
    middle = dict(zip(five, state.dungeon.middle, strict=True))
    state, _ = play(state, 0, Pick(card=middle["keen_eye"]))
    assert ENGINE.to_move(state) == [1], "one card each: the pick passes on"
    assert ENGINE.legal_actions(state, 0) == []
    state, _ = play(state, 1, Pick(card=middle["brace"]))
    assert middle["keen_eye"] in state.heroes[0].hand and middle["brace"] in state.heroes[1].hand
    assert state.dungeon.middle == []
    rest = {middle[c] for c in ("ember_bolt", "owl_charm", "grave_hound")}
    assert rest <= set(state.dungeon.discard)


def test_d7_2_1_reveal_combat_and_location_may_go_back_on_top_unresolved() -> None:
    """2.1 (D7): with a Combat card and a Location among the five, the players may put
    the Combat card back on top, unresolved; the end result is five cards minus one
    per card returned."""
    state = _to_reveal(2, commons=3, combat=1, tome=False)
    state, _ = draw(state, "ember_bolt", "ambush", "keen_eye", "brace")
    assert card_id(state.dungeon.middle[-1]) == "crypt", "the Location comes fifth"
    head = state.queue[0]
    assert isinstance(head, Choose) and head.what == "return_combat"
    assert ReturnCombat(cards=("ambush#1",)) in ENGINE.legal_actions(state, head.seat)
    monsters = len(state.dungeon.monsters)
    state, said = play(state, head.seat, ReturnCombat(cards=("ambush#1",)))
    assert "ambush#1" not in state.dungeon.middle
    state, more = settle(state)
    said += more
    assert not any(text.startswith("Combat") for text in said), "returned unresolved"
    assert len(state.dungeon.middle) == 4, "five minus the one returned"
    assert "The party reaches the Crypt." in said
    assert state.dungeon.top == ["ambush#1"], "on top, to be drawn next"
    assert len(state.dungeon.monsters) < monsters


def test_d7_2_1_reveal_combat_without_a_location_cannot_go_back() -> None:
    """2.1 (D7): the return needs a Combat card *and* a Location among the five."""
    state = _to_reveal(1, commons=6, combat=1, tome=False)
    state, said = draw(state, "ember_bolt", "ambush", "keen_eye", "brace", "owl_charm")
    assert not any(isinstance(s, Choose) and s.what == "return_combat" for s in state.queue)
    assert "Combat: 1 Monster enters play." in said


def test_d7_h17_2_1_reveal_instants_resolve_in_the_order_revealed() -> None:
    """2.1 (D7) and Instant (H17): revealed Instants resolve one by one, left to right,
    and the cards they draw are revealed too."""
    state = _to_reveal(1, commons=6, combat=1, tome=True)
    state, said = draw(state, "ember_bolt", "tome_ii", "keen_eye", "ambush", "brace")
    state, more = settle(state)
    said += more
    tome = next(i for i, t in enumerate(said) if t.startswith("Tome II"))
    combat = said.index("Combat: 1 Monster enters play.")
    assert tome < combat
    assert len(state.dungeon.middle) == 5, "each Instant is replaced from under the pile"


def test_d4_h17_instants_drawn_at_end_of_turn_act_once_the_hand_is_full_in_order() -> None:
    """1.3 (D4) and Instant (H17): 'Instants apply after the hand size is reached, in
    the order drawn.'"""
    state = clear_board(fresh(1))
    hand = state.heroes[0].hand
    state, _ = play(state, 0, EndTurn(discard=tuple(hand[:3])))
    state, said = draw(state, "ambush")
    assert said == [] and not state.enemies, "nothing acts before the hand is full"
    state, said = draw(state, "tome_ii")
    assert said == ["Combat: 1 Monster enters play."], "the first drawn acts first"
    state, more = settle(state)
    said += more
    assert any(t.startswith("Tome II") for t in said[1:])
    assert len(state.enemies) == 1 and "ambush#1" in state.dungeon.removed


def test_j12_empty_draw_pile_shuffles_its_discard_pile_into_a_new_one() -> None:
    """Game mechanics, empty draw pile (J12): the discard pile becomes the new pile."""
    state = clear_board(fresh(1))
    d = state.dungeon
    d.box += d.commons + d.combat + [s.tome for s in d.segments if s.tome]
    d.commons, d.combat, d.segments, d.top = [], [], [], []
    gone = tuple(state.heroes[0].hand[:3])
    state, said = play(state, 0, EndTurn(discard=gone))
    assert "The Common Draw Pile is empty: the discard pile is shuffled into a new one." in said
    state, _ = draw(state, *(card_id(c) for c in gone[:2]))
    assert set(gone[:2]) <= set(state.heroes[0].hand), "drawn from the shuffled discards"


def test_j12_empty_draw_and_discard_piles_draw_nothing() -> None:
    """J12 with nothing to shuffle: the draw is skipped (nothing is invented)."""
    state = clear_board(fresh(1))
    d = state.dungeon
    d.box += d.commons + d.combat + [s.tome for s in d.segments if s.tome]
    d.commons, d.combat, d.segments, d.top, d.discard = [], [], [], [], []
    state.heroes[0].hand = state.heroes[0].hand[:2]
    state, said = play(state, 0, EndTurn())
    assert "The Common Draw Pile and its discard pile are empty: no card is drawn." in said
    assert len(state.heroes[0].hand) == 2
