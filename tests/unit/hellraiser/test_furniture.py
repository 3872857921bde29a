"""Room items: Tip, Obstacle and Restraint, their number as difficulty and health, and
'Used room items can never be used again.'"""

from __future__ import annotations

from engines.hellraiser import ENGINE
from engines.hellraiser.board import PlacedFurniture, can_step, doorways, room_furniture
from engines.hellraiser.models import (
    Attack,
    Effect,
    EndTurn,
    HellraiserState,
    Move,
    PlayCard,
    UseFurniture,
)
from tests.unit.hellraiser.support import (
    act,
    edit,
    figure,
    gate_opened,
    new_game,
    pending_roll,
    refused,
    roll,
    with_stats,
)


def item(state: HellraiserState, tile_id: str, fid: str) -> PlacedFurniture:
    assert state.board is not None
    index = next(i for i, p in enumerate(state.board.tiles) if p.tile == tile_id)
    return next(f for f in room_furniture(state.board, index) if f.furniture.id == fid)


def on_item(tile_id: str, fid: str, players: int = 2) -> tuple[HellraiserState, PlacedFurniture]:
    """h0 and h1 both stand on the room item's square."""
    state = new_game(players)
    found = item(state, tile_id, fid)
    state = edit(edit(state, "h0", square=found.square), "h1", square=found.square)
    return state, found


def tip(found: PlacedFurniture, target: str = "h1") -> UseFurniture:
    return UseFurniture(tile=found.tile, furniture=found.furniture.id, use="tip", target=target)


def test_tipping_needs_dice_at_the_items_number_and_pins_the_target() -> None:
    """The bookshelf's number (4) is the difficulty of each Strength die."""
    state, shelf = on_item("library", "shelf_east")
    assert shelf.furniture.number == 4
    state = act(state, tip(shelf))
    r = pending_roll(state)
    assert r.purpose == "furniture" and r.groups == (3,) and r.number == 4
    missed = roll(state, 3, 3, 3)
    assert figure(missed, "h1").pinned == 0 and missed.used_furniture == []
    hit = roll(state, 4, 6, 1)
    assert figure(hit, "h1").pinned == 2
    assert hit.used_furniture == [(shelf.tile, "shelf_east")]


def test_used_room_items_can_never_be_used_again() -> None:
    state, shelf = on_item("library", "shelf_east")
    state = roll(act(state, tip(shelf)), 6, 1, 1)
    state = act(act(state, EndTurn()), EndTurn())
    assert state.round == 2 and state.turn == 0
    assert "never be used again" in refused(state, tip(shelf))


def test_a_pinned_figure_cannot_move_until_the_rounds_run_out() -> None:
    state, shelf = on_item("library", "shelf_east")
    state = act(roll(act(state, tip(shelf)), 6, 1, 1), EndTurn())
    assert figure(state, "h1").pinned == 1
    assert "pinned" in refused(state, Move(to=(0, 0)))
    state = act(state, EndTurn())
    assert state.round == 2 and figure(state, "h1").pinned == 0


def test_an_item_only_serves_its_uses_and_needs_you_on_its_square() -> None:
    state, chair = on_item("library", "chair")
    assert "can be used for: obstacle" in refused(state, tip(chair))
    state, shelf = on_item("library", "shelf_east")
    away = edit(state, "h0", square=item(state, "library", "chair").square)
    assert "Stand on" in refused(away, tip(shelf))


def test_strength_zero_cannot_affect_any_item() -> None:
    state, shelf = on_item("library", "shelf_east")
    state = with_stats(state, "h0", (0, 3, 3, 3, 3, 6))
    assert "Strength 0" in refused(state, tip(shelf))


def test_an_obstacle_blocks_a_doorway_for_both_tiles_until_smashed() -> None:
    """'Obstacle: ... block doors'; 'Only physical attacks will affect a room item ...
    Every success with Strength reduces the health of the item.'"""
    state, shelf = on_item("library", "shelf_east")
    assert state.board is not None
    door = doorways(state.board, shelf.tile)[0]
    use = UseFurniture(tile=shelf.tile, furniture="shelf_east", use="obstacle", doorway=door)
    state = roll(act(state, use), 5, 1, 1)
    assert state.board is not None and not can_step(state.board, *door)
    assert not can_step(state.board, door[1], door[0])
    inside = door[0]
    state = edit(state, "h1", square=inside)
    state = act(state, EndTurn())
    assert "Strength" in refused(state, Attack(doorway=door, stat="wits"))
    state = roll(act(state, Attack(doorway=door)), 6, 6, 1)
    assert state.board is not None and not can_step(state.board, *door)
    assert list(state.obstacle_damage.values()) == [2]
    state = act(state, EndTurn())
    state = edit(state, "h0", square=inside)
    state = roll(act(state, Attack(doorway=door)), 6, 6, 1)
    assert state.board is not None and can_step(state.board, *door)


def test_a_room_item_standing_in_its_room_can_be_smashed_too() -> None:
    """'Only physical attacks will affect a room item. Every item has a number ... it is
    also the amount of damage it can sustain.' Regression: only an Obstacle already in a
    doorway could be attacked. A smashed item counts as used."""
    state, shelf = on_item("library", "shelf_east")
    number = shelf.furniture.number
    assert Attack(attacker="h0", furniture="shelf_east") in ENGINE.legal_actions(state, 0)
    assert "Strength" in refused(state, Attack(furniture="shelf_east", stat="wits"))
    state = roll(act(state, Attack(furniture="shelf_east")), 6, 6, 6)
    for _ in range(8):
        if (shelf.tile, "shelf_east") in state.used_furniture:
            break
        state = act(act(state, EndTurn()), EndTurn())
        state = roll(act(state, Attack(furniture="shelf_east")), 6, 6, 6)
    assert (shelf.tile, "shelf_east") in state.used_furniture and number >= 1
    state = act(act(state, EndTurn()), EndTurn())
    use = UseFurniture(tile=shelf.tile, furniture="shelf_east", use="tip", target="h1")
    assert "never be used again" in refused(state, use)
    assert "already used or broken" in refused(state, Attack(furniture="shelf_east"))


def test_a_restraint_is_thrown_over_a_target() -> None:
    state, carpet = on_item("chapel", "carpet")
    use = UseFurniture(tile=carpet.tile, furniture="carpet", use="restraint", target="h1")
    state = roll(act(state, use), 3, 3, 2)
    assert figure(state, "h1").pinned == 2


def test_surge_of_adrenaline_adds_three_successes() -> None:
    state, shelf = on_item("library", "shelf_east")
    state = gate_opened(edit(state, "h1", square=shelf.square), seat=1)
    state = edit(state, "c-pinhead", square=shelf.square)
    state.hands[0] = ("action:surge_of_adrenaline",)
    state = act(state, PlayCard(card="surge_of_adrenaline"))
    state = roll(act(state, tip(shelf, "c-pinhead")), 1, 1, 1)
    assert figure(state, "c-pinhead").pinned == 3


def test_justice_is_done_turns_another_item_on_the_human() -> None:
    state, shelf = on_item("library", "shelf_east", players=3)
    state.effects.append(Effect(kind="justice", seat=2))
    state = roll(act(state, tip(shelf)), 6, 6, 1)
    assert figure(state, "h1").pinned == 2 and figure(state, "h0").pinned == 2
    assert state.effects == []


def test_a_leviathan_player_uses_room_items_through_a_cenobite() -> None:
    state, shelf = on_item("library", "shelf_east")
    state = gate_opened(state, seat=1)
    state = act(edit(state, "c-pinhead", square=shelf.square), EndTurn())
    use = UseFurniture(tile=shelf.tile, furniture="shelf_east", use="tip", target="h0",
                       by="c-pinhead")
    assert pending_roll(act(state, use)).groups == (4,)
    assert "Name the Cenobite" in refused(state, tip(shelf, "h0"))
