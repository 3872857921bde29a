"""Attacks: hand to hand, guns, thrown items, Cenobites' statistics, reach, and the
one-attack limits."""

from __future__ import annotations

from engines.hellraiser.board import SIZE, in_sight
from engines.hellraiser.models import (
    Attack,
    Choice,
    Effect,
    EndTurn,
    HellraiserState,
    PlayCard,
)
from engines.hellraiser.query import effects
from engines.hellraiser.stats import get
from tests.unit.hellraiser.support import (
    act,
    carrying,
    center,
    edit,
    figure,
    gate_opened,
    new_game,
    pending_roll,
    refused,
    roll,
    with_stats,
)


def opened_with_pinhead_beside_h0() -> HellraiserState:
    """Seat 1 opened the gateway; h0 stands on Pinhead's square."""
    state = gate_opened(new_game(3), seat=1)
    gate = state.board.gateway  # type: ignore[union-attr]
    return edit(state, "h0", square=gate)


def test_hand_to_hand_damage_is_attacker_minus_defender_successes() -> None:
    """'The total of the successes (attacker-defend) is the damage caused.'"""
    state = act(new_game(2), Attack(target="h1"))
    r = pending_roll(state)
    assert r.groups == (3, 3) and r.stat == "strength"
    state = roll(state, 6, 5, 4, 6, 1, 1)
    head = state.pending[0]
    assert isinstance(head, Choice) and head.figure == "h1" and head.points == 2


def test_hand_to_hand_needs_the_same_or_a_neighbouring_square() -> None:
    state = new_game(2)
    state = edit(state, "h1", square=center(state, "chapel"))
    assert "out of reach" in refused(state, Attack(target="h1"))


def test_one_attack_a_turn() -> None:
    state = roll(act(new_game(2), Attack(target="h1")), 1, 1, 1, 1, 1, 1)
    assert "already made your attack" in refused(state, Attack(target="h1"))


def test_items_modify_the_attack_dice() -> None:
    """Knife: Strength +1."""
    state = carrying(new_game(2), "h0", "knife")
    assert pending_roll(act(state, Attack(target="h1"))).groups == (4, 3)


def test_a_revolver_shot_hits_with_a_fixed_strength_and_no_defence() -> None:
    """'Revolver (ranged, fixed Strength 5; d6 per shot: 5 out of ammo, 6 misfire: 1
    Physical damage, destroyed)'; ranged: 'The defender cannot injure the attacker.'"""
    state = carrying(opened_with_pinhead_beside_h0(), "h0", "revolver")
    state = act(state, Attack(target="c-pinhead", weapon="revolver"))
    assert pending_roll(state).purpose == "shot"
    fired = roll(state, 3)
    r = pending_roll(fired)
    assert r.purpose == "attack" and r.groups == (5,) and r.ranged
    hit = roll(fired, 6, 6, 1, 1, 1)
    assert get(figure(hit, "c-pinhead").stats, "strength") == 2
    assert figure(hit, "h0").stats == figure(state, "h0").stats
    empty = roll(state, 5)
    assert figure(empty, "h0").items == () and empty.decks["search"].discard == {"revolver": 1}
    misfire = roll(state, 6)
    assert figure(misfire, "h0").items == ()
    assert isinstance(misfire.pending[0], Choice) and misfire.pending[0].points == 1


def test_a_shotgun_fires_twice() -> None:
    state = carrying(opened_with_pinhead_beside_h0(), "h0", "shotgun")
    state = act(state, Attack(target="c-pinhead", weapon="shotgun"))
    state = roll(state, 2)
    assert pending_roll(state).groups == (7,)
    state = roll(state, 1, 1, 1, 1, 1, 1, 6)
    assert pending_roll(state).purpose == "shot"
    state = roll(state, 2)
    state = roll(state, 1, 1, 1, 1, 1, 1, 6)
    assert get(figure(state, "c-pinhead").stats, "strength") == 2


def test_reload_ignores_the_first_out_of_ammo() -> None:
    state = carrying(opened_with_pinhead_beside_h0(), "h0", "revolver")
    state.hands[0] = ("action:reload",)
    state = act(state, PlayCard(card="reload"))
    assert any(effects(state, "reload", "h0"))
    state = roll(act(state, Attack(target="c-pinhead", weapon="revolver")), 5)
    assert pending_roll(state).groups == (5,)
    assert not any(effects(state, "reload", "h0"))


def test_darkness_stops_guns() -> None:
    state = carrying(opened_with_pinhead_beside_h0(), "h0", "revolver")
    state.effects.append(Effect(kind="darkness", seat=1))
    assert "Darkness" in refused(state, Attack(target="c-pinhead", weapon="revolver"))
    torch = carrying(state, "h0", "revolver", "torch")
    assert act(torch, Attack(target="c-pinhead", weapon="revolver")).pending


def test_a_thrown_sharp_object_loses_a_die_per_square_and_lands_on_the_target() -> None:
    """'Sharp Object (thrown, range = Strength, −1 Strength per square, lands in target
    square)'."""
    state = carrying(new_game(2), "h0", "sharp_object")
    start = figure(state, "h0").square
    assert start is not None and state.board is not None
    target_sq = next((start[0] + d, start[1]) for d in (2, -2)
                     if in_sight(state.board, start, (start[0] + d, start[1])))
    state = edit(state, "h1", square=target_sq)
    state = act(state, Attack(target="h1", weapon="sharp_object"))
    assert pending_roll(state).groups == (1,) and figure(state, "h0").items == ()
    state = roll(state, 6)
    assert any(f.square == target_sq and f.item.card == "sharp_object" for f in state.floor)


def test_cenobites_attack_four_statistics_and_deal_that_groups_damage() -> None:
    """'Cenobites can attack Strength, Creativity, Wits or Morality and do not use items.'"""
    state = opened_with_pinhead_beside_h0()
    state = act(state, EndTurn())  # h0 (seat 0) ends: the Leviathan player (seat 1) is next
    assert "attacks with" in refused(state, Attack(attacker="c-pinhead", target="h0",
                                                   stat="willpower"))
    state = act(state, Attack(attacker="c-pinhead", target="h0", stat="wits"))
    assert pending_roll(state).groups == (4, 3)
    state = roll(state, 6, 6, 1, 1, 1, 1, 1)
    head = state.pending[0]
    assert isinstance(head, Choice) and head.group == "mental" and head.points == 2


def test_pinheads_chains_reach_anyone_he_sees() -> None:
    state = gate_opened(new_game(3), seat=1)
    gate = state.board.gateway  # type: ignore[union-attr]
    assert gate is not None
    far = next((x, gate[1]) for x in range(SIZE) if abs(x - gate[0]) >= 2
               and in_sight(state.board, gate, (x, gate[1])))  # type: ignore[arg-type]
    state = edit(state, "h0", square=far)
    state = act(state, EndTurn())
    assert act(state, Attack(attacker="c-pinhead", target="h0")).pending


def two_leviathans() -> HellraiserState:
    """Seat 1 opened the gateway and seat 2 is a Leviathan player too; h0 is beside
    Pinhead and it is seat 1's turn."""
    state = opened_with_pinhead_beside_h0()
    state.roles[2] = "leviathan"
    state.leviathans.append(2)
    return act(state, EndTurn())


def test_each_cenobite_attacks_once_a_round_across_leviathan_players() -> None:
    """House: like their moves, a Cenobite's attack is once a round for all Leviathan
    players; each Leviathan player still has their own attack."""
    state = two_leviathans()
    state = roll(act(state, Attack(attacker="c-pinhead", target="h0")), *([1] * 7))
    state = act(state, EndTurn(), seat=1)
    assert state.turn == 2 and state.round == 1
    assert "already attacked" in refused(state, Attack(attacker="c-pinhead", target="h0"))


def test_a_corpse_is_destroyed_and_dragged_to_hell() -> None:
    """'Place a dragged to Hell counter on that square if the corpse is destroyed.'"""
    state = with_stats(new_game(3), "h1", (1, 1, 3, 3, 5, 5))
    state = edit(state, "h1", condition="corpse")
    state.roles[1] = "out"
    square = figure(state, "h1").square
    state = roll(act(state, Attack(target="h1")), 6, 1, 1)
    assert figure(state, "h1").condition == "hell" and state.dragged == [square]
