"""Damage by group, the player's choice of statistic, and every consequence of a
statistic or a whole group at 0 — for Humans, Cenobites and Creatures."""

from __future__ import annotations

from engines.hellraiser import ENGINE
from engines.hellraiser.cenobites import make_creature
from engines.hellraiser.damage import allocate, deal
from engines.hellraiser.models import (
    Attack,
    Choice,
    Choose,
    Damage,
    EndTurn,
    HellraiserState,
    Move,
    MoveFigure,
    PickUp,
    RollMovement,
    Search,
    clone,
)
from engines.hellraiser.query import Out, controller
from engines.hellraiser.stats import get
from tests.unit.hellraiser.support import (
    act,
    carrying,
    center,
    edit,
    figure,
    gate_opened,
    neighbour,
    new_game,
    pending_roll,
    refused,
    report,
    roll,
    with_stats,
)


def beaten(state: HellraiserState, hits: int) -> HellraiserState:
    """Seat 0 punches h1 (both in the Reception): `hits` successes against none."""
    state = act(state, Attack(target="h1"))
    attacker = pending_roll(state).groups[0]
    faces = [6] * hits + [1] * (attacker - hits)
    return roll(state, *faces, *([1] * pending_roll(state).groups[1]))


def test_the_player_chooses_which_statistic_in_the_group_takes_each_point() -> None:
    """'For each point of damage, the player determines which statistic within that
    category is lowered.'"""
    state = beaten(new_game(2), 2)
    head = state.pending[0]
    assert isinstance(head, Choice) and head.purpose == "damage" and head.seat == 1
    assert head.options == ("0", "1", "2") and head.labels[0] == "Strength −0, Speed −2"
    assert "Frank" in refused(state, Choose(option="1"), seat=0)
    state = act(state, Choose(option="1"), seat=1)
    assert figure(state, "h1").stats[:2] == (2, 2)


def test_no_statistic_goes_below_zero_the_other_takes_the_rest() -> None:
    """'No statistic can be reduced below 0 - the other statistic in that category must
    be reduced if this is the case.' With Strength 1, 3 damage leaves two splits."""
    state = with_stats(new_game(2), "h1", (1, 3, 3, 3, 3, 5))
    state = beaten(state, 3)
    head = state.pending[0]
    assert isinstance(head, Choice) and head.options == ("0", "1")
    assert head.labels == ("Strength −0, Speed −3", "Strength −1, Speed −2")
    tough = with_stats(new_game(2), "h0", (6, 3, 3, 3, 1, 2))
    forced = beaten(with_stats(tough, "h1", (1, 3, 3, 3, 3, 5)), 5)
    assert not forced.pending  # 5 damage against 4 points: no choice, both reach 0
    assert figure(forced, "h1").stats[:2] == (0, 0)


def test_strength_zero_drops_everything_and_no_item_can_be_used() -> None:
    """'Strength : Drop all objects, unable to pick up or use Any objects.'"""
    state = carrying(new_game(2), "h1", "knife", "bible")
    state = beaten(state, 3)
    state = act(state, Choose(option="3"), seat=1)
    victim = figure(state, "h1")
    assert get(victim.stats, "strength") == 0 and victim.items == ()
    assert {f.item.card for f in state.floor} == {"knife", "bible"}
    state = act(state, EndTurn())
    assert "Strength 0" in refused(state, PickUp(item="knife"))


def test_creativity_zero_alternates_control_with_the_leviathan_player() -> None:
    """'Insane ... controlled alternately by the owner and the Leviathan player.'"""
    state = gate_opened(new_game(3), seat=2)
    state = with_stats(state, "h0", (3, 3, 0, 6, 3, 3))
    fig = figure(state, "h0")
    assert controller(state, fig) == 0
    assert ENGINE.to_move(state) == [0]
    state = act(state, EndTurn())  # seat 0
    state = act(state, EndTurn())  # seat 1
    state = act(state, EndTurn())  # seat 2, Leviathan
    assert state.turn == 0 and ENGINE.to_move(state) == [2]
    state = act(state, EndTurn(), seat=2)
    state = act(state, EndTurn())
    state = act(state, EndTurn())
    assert state.turn == 0 and ENGINE.to_move(state) == [0]


def test_willpower_zero_is_a_robot_steered_by_the_leviathan_player() -> None:
    """'Robot ... controlled by the Leviathan player during the owner's turn.'"""
    state = with_stats(gate_opened(new_game(3), seat=2), "h0", (3, 3, 3, 3, 6, 0))
    assert ENGINE.to_move(state) == [2]
    target = next(a for a in ENGINE.legal_actions(state, 2) if isinstance(a, Move))
    moved = act(state, target, seat=2)
    assert figure(moved, "h0").square == target.to
    before = with_stats(new_game(2), "h0", (3, 3, 3, 3, 6, 0))
    assert ENGINE.to_move(before) == [0]  # no Leviathan player yet: the owner keeps control


def test_an_action_card_a_steered_robot_finds_joins_its_owners_hand() -> None:
    """Regression: the Leviathan player steering a robot's search took the Action card
    into the Leviathan hand. The card is the character's: it goes to the owner."""
    state = with_stats(gate_opened(new_game(3), seat=2), "h0", (3, 3, 3, 3, 6, 0))
    state = edit(state, "h0", square=center(state, "library"))
    state = act(state, Search(deck="action"), seat=2)
    state = report(roll(state, 6, 6, 6), "move_3")
    assert state.hands.get(0) == ("action:move_3",)
    assert not any(c.startswith("action:") for c in state.hands.get(2, ()))


def test_physical_group_zero_is_death_and_a_corpse() -> None:
    """'Character dies. Turn the figure face down it is now a corpse. ... a casualty.'"""
    state = with_stats(new_game(3), "h1", (1, 1, 3, 3, 5, 5))
    state = beaten(state, 2)
    corpse = figure(state, "h1")
    assert corpse.condition == "corpse" and corpse.square is not None
    assert state.roles[1] == "out"  # house: lost souls sit out (option lost_souls)


def test_lost_souls_can_join_leviathan_instead() -> None:
    state = with_stats(new_game(3, lost_souls="leviathan"), "h1", (1, 1, 3, 3, 5, 5))
    state = beaten(state, 2)
    assert state.roles[1] == "leviathan" and 1 in state.leviathans


def test_mental_group_zero_is_permanent_insanity_and_random_wandering() -> None:
    """'Character goes permanently Insane. Character moves randomly for the rest of the
    game.' House: a d6 at the end of each round, 1-4 north/east/south/west."""
    s = clone(new_game(3))
    allocate(s, "h1", {"creativity": 3, "wits": 3}, None, Out())
    assert figure(s, "h1").condition == "mad" and s.roles[1] == "out"
    s = act(s, EndTurn())
    s = act(s, EndTurn())  # seat 2 ends the round: the mad wander
    r = pending_roll(s)
    assert r.purpose == "wander" and r.figures == ("h1",)
    before = figure(s, "h1").square
    stayed = roll(s, 6)
    assert figure(stayed, "h1").square == before
    assert stayed.round == 2


def test_spiritual_group_zero_makes_a_cenobite_and_a_leviathan_player() -> None:
    """'Character becomes a Cenobite and the player is now a Leviathan player.'"""
    s = clone(gate_opened(new_game(3), seat=2))
    square = figure(s, "h1").square
    allocate(s, "h1", {"morality": 3, "willpower": 3}, None, Out())
    assert figure(s, "h1").condition == "cenobite"
    cenobite = figure(s, "ch1")
    assert cenobite.kind == "cenobite" and cenobite.square == square
    assert cenobite.stats == (4, 0, 4, 4, 4, 4)
    assert s.roles[1] == "leviathan" and s.leviathans == [2, 1]


def test_a_cenobite_at_zero_is_stunned_a_turn_then_back_at_full_health() -> None:
    """'The Cenobite spends the next turn stunned ... next turn it is back at full health.'"""
    state = gate_opened(new_game(2), seat=1)
    gate = state.board.gateway  # type: ignore[union-attr]
    state = with_stats(edit(state, "h0", square=gate), "h0", (4, 3, 3, 3, 3, 2))
    state = act(state, Attack(target="c-pinhead"))
    state = roll(state, 6, 6, 6, 6, 1, 1, 1, 1)
    pinhead = figure(state, "c-pinhead")
    assert get(pinhead.stats, "strength") == 0 and pinhead.stunned_until == 2
    state = act(state, EndTurn())  # Leviathan's turn, round 1: stunned
    state = roll(act(state, RollMovement()), 6)
    assert "stunned" in refused(state, MoveFigure(figure="c-pinhead", to=gate))
    state = act(act(state, EndTurn()), EndTurn())  # round 2: still stunned
    assert state.round == 2 and figure(state, "c-pinhead").stunned_until == 2
    state = act(act(state, EndTurn()), EndTurn())
    assert state.round == 3 and figure(state, "c-pinhead").stats == (4, 0, 4, 4, 4, 4)
    assert figure(state, "c-pinhead").stunned_until == 0


def creature_state() -> HellraiserState:
    s = clone(gate_opened(new_game(2), seat=1))
    make_creature(s, "", 2, 1, figure(s, "h0").square, Out())  # type: ignore[arg-type]
    return s


def test_creature_strength_zero_cannot_attack_and_speed_zero_is_paralysed() -> None:
    s = creature_state()
    allocate(s, "x1", {"strength": 2}, None, Out())
    s = act(s, EndTurn())
    assert "Strength 0 cannot attack" in refused(s, Attack(attacker="x1", target="h0"))
    t = creature_state()
    allocate(t, "x1", {"speed": 1}, None, Out())
    t = act(t, EndTurn())
    there = figure(t, "h0").square
    assert there is not None
    assert "can't move" in refused(t, MoveFigure(figure="x1", to=neighbour(t, there)))


def test_a_creature_at_zero_in_both_dies_and_only_physical_attacks_affect_it() -> None:
    """'The creature dies. Remove it from the board.' 'Only physical attacks affect a
    Creature.'"""
    s = creature_state()
    s = act(s, Attack(target="x1"))
    s = roll(s, 6, 6, 6, 1, 1)  # Strength 3 against the Creature's 2: 3 Physical damage
    assert figure(s, "x1").condition == "dead" and figure(s, "x1").square is None
    mental = creature_state()
    deal(mental, Damage(target="x1", group="mental", points=3), Out())
    assert figure(mental, "x1").stats[:2] == (2, 1)


def test_the_defender_hurts_the_attacker_when_rolling_more_successes() -> None:
    """'If the defender exceeds the attacker in successes, the attacker takes damage.'"""
    state = act(new_game(2), Attack(target="h1"))
    state = roll(state, 1, 1, 1, 6, 6, 1)
    head = state.pending[0]
    assert isinstance(head, Choice) and head.figure == "h0" and head.points == 2


def test_reception_is_where_the_fight_happens() -> None:
    state = new_game(2)
    assert figure(state, "h0").square == figure(state, "h1").square == center(state, "reception")
