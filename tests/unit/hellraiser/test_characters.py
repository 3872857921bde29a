"""Character creation, the map being laid, stat groups and the carrying limit."""

from __future__ import annotations

from engines.hellraiser import ENGINE
from engines.hellraiser.damage import allocate, check_carry
from engines.hellraiser.mapgen import layout_request
from engines.hellraiser.models import (
    Choice,
    Choose,
    CreateCharacter,
    Drop,
    EndTurn,
    FloorItem,
    Item,
    PickUp,
    Search,
    UsePower,
    clone,
)
from engines.hellraiser.query import Out, carrying_limit
from engines.hellraiser.stats import GROUP_STATS, get
from tests.unit.hellraiser.support import (
    act,
    carrying,
    center,
    edit,
    figure,
    lay_map,
    new_game,
    pending_roll,
    refused,
    report,
    roll,
    with_stats,
)


def create(**stats: int) -> CreateCharacter:
    return CreateCharacter(**stats)


SPREAD = {"strength": 4, "speed": 3, "creativity": 2, "wits": 4, "morality": 2, "willpower": 3}


def test_every_seat_creates_a_character_before_the_map_is_laid() -> None:
    """'Each player creates a character' — simultaneously, before the map."""
    state = new_game(2, quick_start=False)
    assert state.phase == "create"
    assert ENGINE.to_move(state) == [0, 1]
    assert ENGINE.chance(state) is None
    state = act(state, create(**SPREAD), seat=1)
    assert ENGINE.to_move(state) == [0]
    assert "already" in refused(state, create(**SPREAD), seat=1)
    state = act(state, create(**SPREAD), seat=0)
    assert state.phase == "map"
    request = ENGINE.chance(state)
    assert request is not None and [i.key for i in request.items] == ["tile", "spot", "turn"]
    state = lay_map(state)
    assert state.phase == "play" and state.board is not None
    assert figure(state, "h0").stats == (4, 3, 2, 4, 2, 3)


def test_creation_spreads_exactly_18_points_each_1_to_6() -> None:
    """'Divide 18 points ... No statistic can be less than 1 or greater than 6.'"""
    state = new_game(1, quick_start=False)
    assert "18" in refused(state, create(**{**SPREAD, "strength": 5}))
    assert "1 to 6" in refused(state, create(**{**SPREAD, "strength": 7, "wits": 1}))
    assert "1 to 6" in refused(state, create(**{**SPREAD, "creativity": 0, "speed": 5}))
    assert act(state, create(**SPREAD)).phase == "map"


def test_the_map_is_36_tiles_laid_one_chance_node_at_a_time() -> None:
    state = new_game(1, quick_start=False)
    state = act(state, create(**SPREAD))
    nodes = 0
    while state.phase == "map":
        assert state.layout is not None
        request = layout_request(state.layout)
        state = report(state, request.items[0].options[0], request.items[1].options[0], "0")
        nodes += 1
    assert nodes >= 36 and len(state.board.tiles) == 36  # type: ignore[union-attr]


def test_characters_start_in_the_reception() -> None:
    state = new_game(3)
    assert {figure(state, f"h{i}").square for i in range(3)} == {center(state, "reception")}


def test_stat_groups_pair_the_six_statistics() -> None:
    assert GROUP_STATS == {"physical": ("strength", "speed"), "mental": ("creativity", "wits"),
                           "spiritual": ("morality", "willpower")}


def test_carrying_limit_is_base_strength_and_a_new_item_over_it_must_be_dropped() -> None:
    """'A character can carry as many items as their base Strength (ie without adding any
    items modifiers)' — a Knife (+1 Strength) does not raise the limit."""
    state = with_stats(new_game(1), "h0", (1, 3, 3, 3, 3, 5))
    state = carrying(state, "h0", "knife")
    assert carrying_limit(figure(state, "h0")) == 1
    state = edit(state, "h0", square=center(state, "library"))
    state = act(state, Search())
    state = roll(state, 6, 6, 6)  # Wits 3 in the Library: found
    state = report(state, "umbrella")
    assert pending_roll(state).purpose == "hell"  # the new item is checked first
    state = roll(state, 1, 1)  # Hell 1 against Strength 1 (base): the gate stays shut
    head = state.pending[0]
    assert isinstance(head, Choice) and head.purpose == "drop"
    state = act(state, Choose(option="1"))
    assert [i.card for i in figure(state, "h0").items] == ["knife"]
    assert any(f.item.card == "umbrella" for f in state.floor)


def test_strength_below_the_items_carried_forces_drops() -> None:
    """'If a Human's Strength drops below the number of items they are carrying, they must
    immediately drop items until the number again matches their Strength.'"""
    state = carrying(new_game(1), "h0", "knife", "bible", "koran")
    s = clone(state)
    allocate(s, "h0", {"strength": 1}, None, Out())
    check_carry(s, "h0")
    head = s.pending[0]
    assert isinstance(head, Choice) and head.purpose == "drop" and head.seat == 0
    s = act(s, Choose(option="0"))
    assert len(figure(s, "h0").items) == 2 == get(figure(s, "h0").stats, "strength")


def test_damage_to_strength_enforces_the_carrying_limit_at_once() -> None:
    """Regression: the carrying limit after damage was only checked when a test called
    it by hand. Shock treatment's 1 Physical damage, forced onto Strength, leaves three
    items over a limit of 2."""
    state = with_stats(new_game(1), "h0", (3, 0, 3, 1, 3, 8))
    state = carrying(state, "h0", "knife", "bible", "koran")
    state = edit(state, "h0", square=center(state, "electroshock_suite"))
    state = act(state, UsePower())
    assert get(figure(state, "h0").stats, "strength") == 2
    head = state.pending[0]
    assert isinstance(head, Choice) and head.purpose == "drop" and head.figure == "h0"
    state = act(state, Choose(option="2"))
    assert [i.card for i in figure(state, "h0").items] == ["knife", "bible"]
    assert not state.pending


def test_picking_up_respects_the_limit_and_a_dropped_item_waits_a_turn() -> None:
    """House: picking up and dropping are free, but not the same item twice in a turn."""
    state = carrying(with_stats(new_game(1), "h0", (1, 3, 3, 3, 3, 5)), "h0", "knife")
    state = act(state, Drop(item="knife"))
    assert figure(state, "h0").items == ()
    assert "dropped" in refused(state, PickUp(item="knife"))
    state = act(state, EndTurn())
    state = act(state, PickUp(item="knife"))
    assert [i.card for i in figure(state, "h0").items] == ["knife"]
    here = figure(state, "h0").square
    assert here is not None
    state.floor.append(FloorItem(square=here, item=Item(card="umbrella")))
    assert "carry 1" in refused(state, PickUp(item="umbrella"))
