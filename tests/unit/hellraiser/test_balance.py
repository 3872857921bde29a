"""The `preset` option: the balanced house preset (the default for new tables) and the
rules as written, side by side."""

from __future__ import annotations

import random

import pytest
import yaml

from engines.core.errors import PackError
from engines.core.packs import validate_pack
from engines.hellraiser import ENGINE, gateway
from engines.hellraiser.balance import (
    AS_WRITTEN,
    Balance,
    BalancePack,
    SizeBalance,
    balance,
    balanced,
    balanced_pack,
)
from engines.hellraiser.board import tile_index, tile_squares
from engines.hellraiser.cards import DATA
from engines.hellraiser.damage import allocate
from engines.hellraiser.gateway import current_difficulty, puzzle_difficulty
from engines.hellraiser.models import (
    Attack,
    EndTurn,
    HellraiserOptions,
    HellraiserState,
    SolvePuzzle,
    clone,
)
from engines.hellraiser.query import Out, cenobites_on_map
from engines.hellraiser.simulate import play_game
from engines.hellraiser.victory import casualty
from tests.unit.hellraiser.support import (
    act,
    center,
    edit,
    figure,
    gate_opened,
    new_game,
    pending_roll,
    roll,
    with_stats,
)


def test_new_tables_are_balanced_and_as_written_stays_selectable() -> None:
    assert HellraiserOptions().preset == "balanced"
    assert HellraiserOptions().lost_souls == "out"
    assert HellraiserOptions().limit_outcome == "leviathan"
    assert HellraiserOptions(preset="as_written").limit_outcome == "unfinished"
    chosen = HellraiserOptions(preset="as_written", limit_outcome="leviathan")
    assert chosen.limit_outcome == "leviathan"  # the table's choice wins
    described = HellraiserOptions.model_fields["preset"].description or ""
    assert "balanced (house, the default)" in described and "as_written" in described


def test_the_balanced_puzzle_is_not_doubled_and_never_below_three_dice() -> None:
    as_written = gate_opened(new_game(4, preset="as_written"), seat=1)
    balanced = gate_opened(new_game(4, preset="balanced"), seat=1)
    # Wits 3, 3 Humans standing, Pinhead on the map.
    assert current_difficulty(as_written) == puzzle_difficulty(3, 3, 1) == 10
    assert current_difficulty(balanced) == 5
    assert puzzle_difficulty(3, 1, 4, factor=1, floor=3) == 3


def test_the_balanced_pool_holds_at_most_three_cenobites() -> None:
    balanced = gate_opened(new_game(6, preset="balanced"), seat=1)
    as_written = gate_opened(new_game(6, preset="as_written"), seat=1)
    count = len([f for f in balanced.figures if f.kind == "cenobite"])
    assert count == 3 and len(cenobites_on_map(balanced)) == 1
    assert len([f for f in as_written.figures if f.kind == "cenobite"]) == 5


def leviathan_won(preset: str, lost_souls: str = "out") -> HellraiserState:
    """Seat 2 opened the gateway; Frank (seat 1) became a Cenobite (a Spiritual death:
    'the player is now a Leviathan player'); then Pinhead kills Kirsty, the last Human."""
    state = clone(gate_opened(new_game(3, preset=preset, lost_souls=lost_souls), seat=2))
    allocate(state, "h1", {"morality": 3, "willpower": 3}, None, Out())
    assert state.roles[1] == "leviathan"
    state = with_stats(state, "h0", (1, 0, 3, 3, 6, 5))
    state = edit(state, "h0", square=state.board.gateway)  # type: ignore[union-attr]
    state = act(state, EndTurn())
    state = roll(act(state, Attack(attacker="c-pinhead", target="h0")), 6, 1, 1, 1, 1)
    assert state.phase == "over"
    return state


def test_balanced_a_killed_player_never_wins() -> None:
    """Balanced (house): a casualty's player never shares a win. Frank died a Spiritual
    death and plays for Leviathan, as the text says, but Leviathan's win is the first
    victim's alone; as written, Frank shares it."""
    balanced = leviathan_won("balanced")
    assert balanced.winners == (2,) and "Frank: a casualty" in balanced.summary
    assert leviathan_won("as_written").winners == (1, 2)


def test_balanced_lost_souls_on_the_leviathan_side_still_do_not_win() -> None:
    assert leviathan_won("balanced", lost_souls="leviathan").winners == (2,)


@pytest.mark.parametrize("seed", range(4))
def test_balanced_ai_games_have_a_loser_and_no_casualty_among_the_winners(seed: int) -> None:
    """The preset's two promises over whole AI games (3 players, seeded): every game has
    a loser, and nobody whose character is a casualty at the end shared a win (a
    Skinned Human's own win is theirs alone)."""
    state, _ = play_game(ENGINE, 3, random.Random(seed))
    winners = state.winners or ()
    assert len(winners) < state.seats
    assert not any(casualty(state, w) for w in winners if state.roles[w] != "skinned")


def test_as_written_the_round_limit_decides_nothing() -> None:
    """As written, no house rule decides a game the table did not choose: at the house
    limit the game is unfinished, with no winner, open gateway or not."""
    opened = gate_opened(new_game(2, max_rounds=5), seat=1)
    for _ in range(10):
        opened = act(opened, EndTurn())
    assert opened.phase == "over" and opened.winners == ()
    assert "unfinished (no winner)" in opened.summary


def test_balanced_pips_move_leviathans_puzzle_total_by_table_size() -> None:
    """At 3 players the balanced preset adds 1 to Leviathan's total: Kirsty's 11 beats
    Leviathan's dice (10) but only ties the 11 they make, and a tie changes nothing;
    as written no pip is added."""
    game = new_game(3, preset="balanced")
    state = gate_opened(edit(game, "h1", square=center(game, "library")), seat=1)
    assert state.board is not None and state.board.gateway is not None
    gate = state.board.gateway
    beside = next(sq for sq in tile_squares(tile_index(gate)) if sq != gate)
    state = edit(state, "h0", square=beside)
    assert balance(state).difficulty_pips == 1 and AS_WRITTEN.difficulty_pips == 0
    assert balance(state).ties == "nothing"
    state = act(state, SolvePuzzle())
    assert pending_roll(state).groups == (3, 4)  # (3 + 2 standing - 1 Cenobite) dice
    tied = roll(state, 4, 4, 3, 3, 3, 2, 2)
    assert figure(tied, "h0").square == beside, "nobody was dragged"
    assert figure(tied, "c-pinhead").condition == "board", "nobody was banished"


def test_every_balanced_number_is_house_data_with_a_reason() -> None:
    """House data says so: the balanced preset's default and each table size's changes
    carry a house source, `verified: false` and why, and a pack that calls one of them
    verified (the rules text) is refused."""
    pack = balanced_pack()
    entries: list[Balance | SizeBalance] = [pack.default, *pack.by_seats.values()]
    for entry in entries:
        assert "house" in entry.source and entry.verified is False and entry.why
    raw = yaml.safe_load((DATA / "balance.yaml").read_text(encoding="utf-8"))
    raw["default"]["verified"] = True
    with pytest.raises(PackError, match="verified must be false"):
        validate_pack(DATA / "balance.yaml", raw, BalancePack)


def test_a_table_size_changes_only_the_numbers_it_names() -> None:
    pack = balanced_pack()
    for seats in range(1, 7):
        size = pack.by_seats.get(seats)
        named = size.model_dump(exclude_none=True) if size is not None else {}
        for key, value in pack.default.model_dump().items():
            assert getattr(balanced(seats), key) == named.get(key, value), (seats, key)


@pytest.mark.parametrize(("ties", "moved"), [("nothing", False), ("leviathan", True)])
def test_balanced_ties_an_even_puzzle_roll_counts_as_the_table_size_says(
        ties: str, moved: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """'The Human must roll higher' and a loss is Leviathan rolling higher, so as written
    an even roll changes nothing; the balanced `ties` knob (half a pip) may make it
    Leviathan's: the Human is dragged towards the gateway."""
    game = new_game(4, preset="balanced")
    state = gate_opened(edit(game, "h1", square=center(game, "library")), seat=1)
    assert state.board is not None and state.board.gateway is not None
    gate = state.board.gateway
    beside = next(sq for sq in tile_squares(tile_index(gate)) if sq != gate)
    state = edit(state, "h0", square=beside)
    knobs = balance(state).model_copy(update={"ties": ties, "difficulty_pips": 0})
    monkeypatch.setattr(gateway, "balance", lambda s: knobs)
    state = act(state, SolvePuzzle())
    mine, theirs = pending_roll(state).groups
    assert (mine, theirs) == (3, 5)
    even = roll(state, 4, 4, 4, 4, 2, 2, 2, 2)  # 12 against 12
    assert (figure(even, "h0").square != beside) is moved
    assert figure(even, "c-pinhead").condition == "board", "nobody was banished"
