"""Searching, the Hell number check, the gateway opening and the Puzzle Solution."""

from __future__ import annotations

from engines.hellraiser import ENGINE, HellraiserState
from engines.hellraiser.board import tile_index, tile_squares
from engines.hellraiser.gateway import hell_number, puzzle_difficulty
from engines.hellraiser.models import (
    Attack,
    Choice,
    Choose,
    EndTurn,
    Move,
    Search,
    SolvePuzzle,
)
from engines.hellraiser.query import cenobites_on_map
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
    report,
    roll,
    with_stats,
)


def in_library(players: int = 1) -> HellraiserState:
    state = new_game(players)
    return edit(state, "h0", square=center(state, "library"))


def test_the_puzzle_difficulty_example_of_the_rules() -> None:
    """'If there are 4 players, 3 Cenobites and the statistic of the first victim was 3,
    the Puzzle Solution's difficulty is 8.'"""
    assert puzzle_difficulty(3, 4, 3) == 8
    assert puzzle_difficulty(3, 1, 1) == 6
    assert puzzle_difficulty(1, 0, 4) == 0  # never below 0


def test_searching_rolls_the_rooms_statistic_against_its_difficulty() -> None:
    """The Library is searched with Wits at difficulty 3: one die of 3+ finds a card."""
    state = in_library()
    state = act(state, Search())
    r = pending_roll(state)
    assert (r.purpose, r.groups, r.stat, r.number) == ("search", (3,), "wits", 3)
    failed = roll(state, 1, 2, 2)
    assert failed.turn_no == state.turn_no + 1  # nothing found, and the turn is over
    assert figure(failed, "h0").items == ()
    found = roll(state, 1, 2, 3)
    request = ENGINE.chance(found)
    assert request is not None and request.items[0].label == "Search card"
    assert sum(request.items[0].weights) == 80
    found = report(found, "umbrella")
    assert [i.card for i in figure(found, "h0").items] == ["umbrella"]
    assert found.decks["search"].pile.get("umbrella") == 3


def test_a_room_is_searched_once_per_character_and_corridors_never() -> None:
    state = act(in_library(), Search())
    state = report(roll(state, 6, 6, 6), "umbrella")
    assert "already found" in refused(state, Search())
    corridor = edit(new_game(1), "h0", square=center(new_game(1), "long_corridor"))
    assert "Only rooms" in refused(corridor, Search())


def test_searching_takes_a_turn_of_no_other_activity() -> None:
    state = new_game(2)
    state = edit(state, "h1", square=center(state, "reception"))
    state = act(state, Attack(target="h1"))
    state = roll(state, 1, 1, 1, 1, 1, 1)
    assert "no other activity" in refused(state, Search())
    searching = act(new_game(2), Search())
    assert searching.flags.main == "search"


def test_the_action_deck_is_for_after_the_gateway_opens() -> None:
    state = in_library(2)
    assert "opens with the gateway" in refused(state, Search(deck="action"))
    opened = gate_opened(edit(new_game(2), "h1", square=center(new_game(2), "chapel")), seat=1)
    opened = edit(opened, "h0", square=center(opened, "library"))
    opened = roll(act(opened, Search(deck="action")), 6, 6, 6)
    opened = report(opened, "vision")
    assert opened.hands[0] == ("action:vision",)


def test_the_hell_number_is_the_largest_summed_item_modifier() -> None:
    """'Two items that give strength +1 will mean that the Hell number is 2.'"""
    state = carrying(new_game(1), "h0", "knife", "crowbar", "bible")
    assert hell_number(figure(state, "h0")) == ("strength", 2)
    state = carrying(new_game(1), "h0", "somebodys_wallet", "umbrella")
    assert hell_number(figure(state, "h0")) is None


def test_a_new_item_checks_the_hell_number_and_an_equal_roll_keeps_the_gate_shut() -> None:
    state = carrying(in_library(2), "h0", "knife")
    state = report(roll(act(state, Search()), 6, 6, 6), "crowbar")
    r = pending_roll(state)
    assert (r.purpose, r.groups, r.stat) == ("hell", (2, 3), "strength")
    shut = roll(state, 3, 3, 2, 2, 2)  # Hell 6, Strength 6: equal or higher keeps it shut
    assert shut.board is not None and shut.board.gateway is None
    assert shut.puzzle is None


def test_rolling_lower_opens_the_gateway_and_sucks_the_character_into_hell() -> None:
    """'The gateway opens in the square ..., the character is sucked into Hell with all
    their items and the player is now the first Leviathan player. The statistic which
    was used is now the Puzzle Solution.'"""
    state = carrying(in_library(3), "h0", "knife")
    square = figure(state, "h0").square
    state = report(roll(act(state, Search()), 6, 6, 6), "crowbar")
    state = roll(state, 6, 6, 1, 1, 1)
    assert state.board is not None and state.board.gateway == square
    victim = figure(state, "h0")
    assert victim.condition == "hell" and victim.first_victim and victim.square is None
    assert [i.card for i in victim.items] == ["knife", "crowbar"]
    assert state.roles[0] == "leviathan" and state.leviathans == [0]
    assert state.puzzle is not None and (state.puzzle.stat, state.puzzle.value) == ("strength", 3)
    # 'as many Cenobites as there are Human players. One Cenobite starts in the gateway.'
    on_map = cenobites_on_map(state)
    assert [c.name for c in on_map] == ["Pinhead"] and on_map[0].square == square
    assert len([f for f in state.figures if f.kind == "cenobite"]) == 2
    assert all(f.stats == (4, 0, 4, 4, 4, 4) for f in state.figures if f.kind == "cenobite")


def gate_room(players: int = 2, seat: int = 0) -> HellraiserState:
    """Set-up: seat 1 opened the gateway in the Library; `seat` stands in that room."""
    game = new_game(players)
    s = gate_opened(edit(game, "h1", square=center(game, "library")), seat=1)
    assert s.board is not None and s.board.gateway is not None
    gate = s.board.gateway
    beside = next(sq for sq in tile_squares(tile_index(gate)) if sq != gate)
    return edit(s, f"h{seat}", square=beside)


def test_the_puzzle_needs_the_gateways_room_and_rolls_stat_plus_items() -> None:
    state = gate_room()
    assert state.puzzle is not None and state.puzzle.stat == "wits"
    far = edit(state, "h0", square=center(state, "reception"))
    assert "room with the gateway" in refused(far, SolvePuzzle())
    state = carrying(state, "h0", "dictionary")
    state = act(state, SolvePuzzle())
    r = pending_roll(state)
    # Wits 3 + Dictionary 1 against (3 + 1 Human standing - 1 Cenobite) x 2 = 6 dice
    assert r.purpose == "puzzle" and r.groups == (4, 6)


def test_beating_leviathan_banishes_the_last_cenobite_and_the_humans_win() -> None:
    state = act(gate_room(), SolvePuzzle())
    won = roll(state, 6, 6, 6, 1, 1, 1, 1, 1, 1)
    assert won.phase == "over" and won.winners == (0,)
    assert won.board is not None and won.board.gateway is None
    assert ENGINE.result(won) is not None


def test_with_several_cenobites_the_human_chooses_one_to_banish() -> None:
    state = edit(gate_room(3), "h2", square=center(new_game(1), "chapel"))
    state = edit(state, "c-female_cenobite", condition="board",
                 square=center(state, "chapel"))
    state = act(state, SolvePuzzle())
    state = roll(state, *([6] * 3), *([1] * 6))  # difficulty (3 + 2 - 2) x 2 = 6 dice
    head = state.pending[0]
    assert isinstance(head, Choice) and head.purpose == "banish" and head.seat == 0
    state = act(state, Choose(option="c-female_cenobite"))
    assert figure(state, "c-female_cenobite").condition == "banished"
    assert state.phase == "play" and [c.id for c in cenobites_on_map(state)] == ["c-pinhead"]


def test_losing_pulls_one_square_to_the_gateway_then_into_hell() -> None:
    """'The character is sucked one square closer to the gateway. If they enter the
    gateway, they are sucked into Hell and become a casualty.'"""
    state = gate_room()
    assert state.board is not None and state.board.gateway is not None
    gate = state.board.gateway
    start = figure(state, "h0").square
    assert start is not None
    state = act(state, SolvePuzzle())
    pulled = roll(state, 1, 1, 1, 6, 6, 6, 6, 6, 6)
    moved = figure(pulled, "h0")
    distance = abs(start[0] - gate[0]) + abs(start[1] - gate[1])
    if distance == 1:
        assert moved.condition == "hell" and moved.square is None
    else:
        assert moved.square is not None and abs(moved.square[0] - gate[0]) + abs(
            moved.square[1] - gate[1]) == distance - 1
    on_gate = act(edit(gate_room(), "h0", square=gate), SolvePuzzle())
    sucked = roll(on_gate, 1, 1, 1, 6, 6, 6, 6, 6, 6)
    assert figure(sucked, "h0").condition == "hell"
    assert sucked.phase == "over" and sucked.winners == (1,)  # no Human left: Leviathan wins


def test_a_tie_changes_nothing() -> None:
    """House: the totals are equal, neither succeeds."""
    state = act(gate_room(), SolvePuzzle())
    tied = roll(state, 3, 3, 3, 1, 1, 2, 1, 2, 2)
    assert figure(tied, "h0").square == figure(state, "h0").square
    assert cenobites_on_map(tied) and tied.phase == "play"


def test_a_character_must_wait_for_the_other_players_turns() -> None:
    state = act(gate_room(), EndTurn())
    assert state.turn == 1 and ENGINE.to_move(state) == [1]
    assert "Frank" in refused(state, Move(to=(0, 0)), seat=0)


def test_skinned_humans_need_a_skin_for_the_puzzle_and_close_the_gate_alone() -> None:
    """'Skinned Humans cannot attempt to close the gateway until they have a skin to wear';
    'If a Skinned Human player gets a skin and closes the gate to Hell, they win.'"""
    state = edit(gate_room(3), "h0", condition="skinned")
    state.roles[0] = "skinned"
    state = edit(state, "h2", square=center(state, "chapel"))
    assert "slippery fingers" in refused(state, SolvePuzzle())
    worn = edit(state, "h0", skin=True)
    worn = act(worn, SolvePuzzle())
    assert pending_roll(worn).groups == (3, 6)  # (3 + 1 Human standing - 1 Cenobite) x 2
    won = roll(worn, 6, 6, 6, 1, 1, 1, 1, 1, 1)
    assert won.phase == "over" and won.winners == (0,) and "Skinned" in won.summary


def test_hell_check_uses_the_base_statistic_and_zero_dice_always_lose() -> None:
    """'The character then rolls their own statistic': with Willpower 0, no dice at all."""
    state = with_stats(in_library(2), "h0", (3, 3, 3, 3, 6, 0))
    state = edit(state, "h0", square=center(state, "library"))
    state = report(roll(act(state, Search()), 6, 6, 6), "bible")
    r = pending_roll(state)
    assert r.groups == (1, 0) and r.stat == "willpower"
    opened = roll(state, 1)
    assert opened.board is not None and opened.board.gateway is not None


def test_the_first_victim_takes_every_item_even_over_the_limit() -> None:
    """Sucked in 'with all their items': no drop is asked of a character gone to Hell."""
    state = carrying(in_library(2), "h0", "knife", "crowbar", "bible")
    state = report(roll(act(state, Search()), 6, 6, 6), "large_heavy_object")
    state = roll(state, 6, 6, 6, 6, 1, 1, 1)  # Hell 4 dice (Strength +4) beat Strength 3
    victim = figure(state, "h0")
    assert victim.condition == "hell" and len(victim.items) == 4
    assert not state.pending and state.turn == 1
