"""Cenobites: the shared d6 of movement, at most 6 each, once a round across all
Leviathan players; entering through portals; Butterball's hop; Creatures."""

from __future__ import annotations

from engines.hellraiser.board import portal_squares, reachable, tile_index
from engines.hellraiser.models import (
    Convert,
    DrawCard,
    EndTurn,
    HellraiserState,
    MoveFigure,
    PlayCard,
    RollMovement,
)
from engines.hellraiser.query import cenobites_on_map
from tests.unit.hellraiser.support import (
    act,
    center,
    edit,
    figure,
    gate_opened,
    new_game,
    pending_roll,
    refused,
    roll,
)


def leviathan_turn(players: int = 3) -> HellraiserState:
    """Seat 1 opened the gateway (in the Reception); it is now seat 1's turn."""
    return act(gate_opened(new_game(players), seat=1), EndTurn())


def square_at(state: HellraiserState, fid: str, distance: int) -> tuple[int, int]:
    start = figure(state, fid).square
    assert state.board is not None and start is not None
    return next(sq for sq, d in sorted(reachable(state.board, start, distance).items())
                if d == distance)


def test_cenobites_share_one_die_of_movement() -> None:
    """'Roll 1 die. You may make a total of that many squares of movement, distributed
    amongst all the Cenobites.'"""
    state = leviathan_turn()
    state = edit(state, "c-female_cenobite", condition="board",
                 square=center(state, "library"))
    assert "Roll the Cenobites' movement first" in refused(
        state, MoveFigure(figure="c-pinhead", to=square_at(state, "c-pinhead", 1)))
    state = act(state, RollMovement())
    assert pending_roll(state).purpose == "cenobite_move"
    state = roll(state, 5)
    assert state.flags.budget == 5
    state = act(state, MoveFigure(figure="c-pinhead", to=square_at(state, "c-pinhead", 3)))
    assert state.flags.budget == 2
    assert "up to 2" in refused(
        state, MoveFigure(figure="c-female_cenobite", to=square_at(state, "c-female_cenobite", 3)))
    state = act(state, MoveFigure(figure="c-female_cenobite",
                                  to=square_at(state, "c-female_cenobite", 2)))
    assert state.flags.budget == 0
    assert "already moved" in refused(
        state, MoveFigure(figure="c-pinhead", to=square_at(state, "c-pinhead", 1)))
    assert "main option" in refused(state, DrawCard())


def test_no_cenobite_moves_more_than_six() -> None:
    """'No Cenobite can move more than 6 squares' — even with Relentless (+3)."""
    state = leviathan_turn()
    state.hands[1] = ("leviathan:relentless",)
    state = roll(act(state, RollMovement()), 6)
    state = act(state, PlayCard(card="relentless"))
    assert state.flags.budget == 9
    assert "up to 6" in refused(state, MoveFigure(figure="c-pinhead",
                                                  to=square_at(state, "c-pinhead", 7)))
    assert act(state, MoveFigure(figure="c-pinhead", to=square_at(state, "c-pinhead", 6)))


def test_each_cenobite_moves_once_a_round_across_leviathan_players() -> None:
    """'The first Leviathan player to move a Cenobite that turn denies all other
    Leviathan players the ability to move that particular Cenobite.'"""
    state = gate_opened(new_game(3), seat=1)
    state.roles[2] = "leviathan"
    state.leviathans.append(2)
    state = act(state, EndTurn())
    state = roll(act(state, RollMovement()), 4)
    state = act(state, MoveFigure(figure="c-pinhead", to=square_at(state, "c-pinhead", 2)))
    state = act(state, EndTurn())
    assert state.turn == 2 and state.round == 1
    state = roll(act(state, RollMovement()), 6)
    assert "already moved this round" in refused(
        state, MoveFigure(figure="c-pinhead", to=square_at(state, "c-pinhead", 1)))


def test_stairs_and_elevators_need_an_empty_room_the_gateway_does_not() -> None:
    """'Only the gateway to hell portal can allow Cenobites to enter if there is a
    non-casualty Human in the same room. All other entry portals require empty rooms.'"""
    state = leviathan_turn()
    assert state.board is not None
    stairs = portal_squares(state.board, "stairs")[0]
    state.hands[1] = ("leviathan:summon_stairs",)
    crowded = edit(state, "h0", square=stairs)
    assert "empty room" in refused(crowded, PlayCard(card="summon_stairs",
                                                     target="c-female_cenobite", square=stairs))
    state = act(state, PlayCard(card="summon_stairs", target="c-female_cenobite", square=stairs))
    assert figure(state, "c-female_cenobite").square == stairs
    gate = gate_opened(new_game(3), seat=1)
    gate = act(gate, EndTurn())
    gate.hands[1] = ("leviathan:summon_gateway",)
    assert gate.board is not None and gate.board.gateway is not None
    human_there = figure(gate, "h0").square
    assert human_there is not None and tile_index(human_there) == tile_index(gate.board.gateway)
    gate = act(gate, PlayCard(card="summon_gateway", target="c-female_cenobite",
                              square=gate.board.gateway))
    assert len(cenobites_on_map(gate)) == 2


def test_named_cenobites_keep_to_their_portals() -> None:
    """House entry conditions: Butterball never uses the gateway, Pinhead only it."""
    state = gate_opened(new_game(4), seat=1)
    state = act(state, EndTurn())
    assert state.board is not None and state.board.gateway is not None
    state.hands[1] = ("leviathan:summon_gateway",)
    assert "who may use the gateway" in refused(
        state, PlayCard(card="summon_gateway", target="c-butterball", square=state.board.gateway))


def test_butterball_hops_between_portals() -> None:
    """'Butterball ... can choose to exit through a portal and appear at a different
    portal if he is already in play.' House: his move, costing 1 square."""
    state = gate_opened(new_game(4), seat=1)
    state = act(state, EndTurn())
    assert state.board is not None
    portals = portal_squares(state.board)
    state = edit(state, "c-butterball", condition="board", square=portals[0])
    state = roll(act(state, RollMovement()), 1)
    state = act(state, MoveFigure(figure="c-butterball", to=portals[-1]))
    assert figure(state, "c-butterball").square == portals[-1] and state.flags.budget == 0


def test_a_cenobite_two_rounds_over_a_casualty_makes_a_creature() -> None:
    """'A Cenobite that spends 2 turns in the same square as a casualty, can turn it into
    a Creature ... Strength and Speed ... Neither statistic can be above 8.' Here with
    the house option `creatures: current` (what damage left of the casualty)."""
    state = gate_opened(new_game(3, creatures="current"), seat=1)
    gate = state.board.gateway  # type: ignore[union-attr]
    state = edit(state, "h2", condition="corpse", square=gate, stats=(0, 0, 3, 3, 3, 3))
    state.roles[2] = "out"
    state = act(state, EndTurn())
    convert = Convert(cenobite="c-pinhead", casualty="h2", strength=8)
    assert "2 rounds" in refused(state, convert)
    for _ in range(2):  # two round ends over the corpse
        state = act(act(state, EndTurn()), EndTurn())
    pinhead = figure(state, "c-pinhead")
    assert (pinhead.watch, pinhead.watch_rounds) == ("h2", 2)
    assert "4 to 8" in refused(state, Convert(cenobite="c-pinhead", casualty="h2", strength=9))
    state = act(state, convert)
    creature = figure(state, "x1")
    assert creature.kind == "creature" and creature.stats[:2] == (8, 4)
    assert creature.square == gate and figure(state, "h2").condition == "creature"


def test_a_creature_divides_the_original_characters_statistics() -> None:
    """'Divide the original character's statistics between these two. Neither statistic
    can be above 8.' The corpse's starting 18 points, not the 12 damage left it: only
    8 and 8 fit, and the rest is lost."""
    state = gate_opened(new_game(3), seat=1)
    gate = state.board.gateway  # type: ignore[union-attr]
    state = edit(state, "h2", condition="corpse", square=gate, stats=(0, 0, 3, 3, 3, 3))
    state.roles[2] = "out"
    state = edit(act(state, EndTurn()), "c-pinhead", watch="h2", watch_rounds=2)
    assert "Give the Creature 8 Strength." in refused(
        state, Convert(cenobite="c-pinhead", casualty="h2", strength=7))
    state = act(state, Convert(cenobite="c-pinhead", casualty="h2", strength=8))
    assert figure(state, "x1").stats[:2] == (8, 8)


def test_characters_sucked_into_hell_cannot_become_creatures() -> None:
    state = leviathan_turn()
    state = edit(state, "c-pinhead", watch="h1", watch_rounds=5)
    assert "corpse or a permanently insane" in refused(
        state, Convert(cenobite="c-pinhead", casualty="h1", strength=3))
