"""The `preset` option: the balanced house preset (the default for new tables) and the
rules as written, side by side."""

from __future__ import annotations

import random

import pytest
import yaml

from engines.core.errors import PackError
from engines.core.packs import validate_pack
from engines.hellraiser import ENGINE, ai, gateway
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
from engines.hellraiser.damage import allocate, suck_into_hell
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
from engines.hellraiser.simulate import outcome_of, play_game
from engines.hellraiser.tiles import Stat
from engines.hellraiser.victory import casualty, round_limit
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


def test_balanced_a_player_turned_cenobite_never_shares_leviathans_win() -> None:
    """Balanced (house, `converts_share: false`): Frank died a Spiritual death and plays
    for Leviathan, as the text says (line 80), but Leviathan's win is the first
    victim's alone; as written, Frank shares it."""
    balanced = leviathan_won("balanced")
    assert balanced.winners == (2,) and "Frank: a casualty" in balanced.summary
    assert leviathan_won("as_written").winners == (1, 2)


def test_balanced_lost_souls_on_the_leviathan_side_still_do_not_win() -> None:
    assert leviathan_won("balanced", lost_souls="leviathan").winners == (2,)


def ended(fate: str, ending: str, lost_souls: str, preset: str = "balanced") -> tuple[int, ...]:
    """Seat 2 opened the gateway; Frank (seat 1) meets `fate` (or stays standing); then
    Kirsty (seat 0) closes the gate, or the house limit ends the game with the gateway
    open (a Leviathan win)."""
    s = clone(gate_opened(new_game(3, preset=preset, lost_souls=lost_souls), seat=2))
    if fate in FATES:
        allocate(s, "h1", FATES[fate], None, Out())
    elif fate == "hell":
        suck_into_hell(s, "h1", "leviathan", Out())
    if ending == "gate closed":
        gateway.close(s, "h0", Out())
    else:
        s.round = s.options.max_rounds + 1
        assert round_limit(s, Out())
    assert s.winners is not None
    return s.winners


FATES: dict[str, dict[Stat, int]] = {
    "dead": {"strength": 3, "speed": 3}, "insane": {"creativity": 3, "wits": 3},
    "cenobite": {"morality": 3, "willpower": 3}}


@pytest.mark.parametrize("lost_souls", ["out", "leviathan"])
@pytest.mark.parametrize("ending", ["gate closed", "round limit"])
@pytest.mark.parametrize("fate", ["dead", "insane", "hell", "cenobite"])
def test_balanced_a_killed_player_never_wins_a_share_it_would_not_have_had_alive(
        fate: str, ending: str, lost_souls: str) -> None:
    """Nobody gains by dying. Rules line 16: "If the Human players close the gate to
    Hell, they win"; line 80: only a Spiritual death makes "the player ... a Leviathan
    player"; lines 78-79: a Physical or Mental casualty's player is not moved, so stays
    a Human player and wins the closed gate as if standing (unless the house option
    `lost_souls: leviathan` sent them to Leviathan's side). Balanced: a player who
    joined Leviathan by a casualty never shares its win."""
    alive = 1 in ended("standing", ending, lost_souls)
    dead = 1 in ended(fate, ending, lost_souls)
    assert alive or not dead
    stays_human = fate in ("dead", "insane", "hell") and lost_souls == "out"
    assert dead is (stays_human and ending == "gate closed")


def test_as_written_a_dead_human_player_shares_the_closed_gate_and_a_convert_leviathans_win(
        ) -> None:
    """The text's reading, for both presets (line 16 and line 80): a corpse's player is
    still one of the Human players; a Cenobite's player is a Leviathan player and, as
    written, wins with them."""
    assert ended("dead", "gate closed", "out", "as_written") == (0, 1)
    assert ended("cenobite", "gate closed", "out", "as_written") == (0,)
    s = clone(gate_opened(new_game(3, preset="as_written", limit_outcome="leviathan"),
                          seat=2))
    allocate(s, "h1", FATES["cenobite"], None, Out())
    s.round = s.options.max_rounds + 1
    assert round_limit(s, Out()) and s.winners == (1, 2)


@pytest.mark.parametrize("seed", range(4))
def test_balanced_ai_games_have_a_loser_and_only_human_players_share_a_casualtys_win(
        seed: int) -> None:
    """The preset's two promises over whole AI games (3 players, seeded): every game has
    a loser, and a winner whose character is a casualty is one of the Human players
    (who won the closed gate together) or a Skinned Human (whose win is theirs alone)."""
    state, _ = play_game(ENGINE, 3, random.Random(seed))
    winners = state.winners or ()
    assert len(winners) < state.seats
    for w in winners:
        if casualty(state, w):
            assert state.roles[w] in ("out", "skinned") and outcome_of(state) != "leviathan"


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


def even_roll_at(round_: int) -> tuple[HellraiserState, tuple[int, int]]:
    """2 players, balanced: Kirsty works the puzzle in round `round_` and her total
    equals Leviathan's (its pips included); returns the game and where she stood."""
    game = new_game(2, preset="balanced")
    state = clone(gate_opened(edit(game, "h1", square=center(game, "library")), seat=1))
    assert state.board is not None and state.board.gateway is not None
    gate = state.board.gateway
    beside = next(sq for sq in tile_squares(tile_index(gate)) if sq != gate)
    state = edit(state, "h0", square=beside)
    state.round = round_
    state = act(state, SolvePuzzle())
    mine, theirs = pending_roll(state).groups
    high, spare = divmod(3 * theirs + balance(state).difficulty_pips, mine)
    faces = [high + 1] * spare + [high] * (mine - spare)
    assert all(1 <= f <= 6 for f in faces)
    return roll(state, *faces, *[3] * theirs), beside


def test_balanced_late_ties_from_round_r_an_even_puzzle_roll_counts_for_the_human() -> None:
    """House rule `humans_tie_from` (balance.yaml, 2 players): the text's Human "must
    roll higher" and a tie changes nothing; from round R an even roll counts for the
    Human instead, so the round before R nobody is banished and from R the last
    Cenobite goes back and the gateway closes. As written the knob is off."""
    late = balanced(2).humans_tie_from
    assert late > 1 and balanced(2).ties == "nothing" and AS_WRITTEN.humans_tie_from == 0
    before, stood = even_roll_at(late - 1)
    assert before.phase == "play" and figure(before, "c-pinhead").condition == "board"
    assert figure(before, "h0").square == stood, "a tie changes nothing: not dragged"
    after, _ = even_roll_at(late)
    assert figure(after, "c-pinhead").condition == "banished"
    assert after.phase == "over" and after.winners == (0,)


def test_the_ai_weighs_the_puzzle_by_the_late_tie_rule_it_will_roll_under() -> None:
    """House rule `humans_tie_from`: the AI's odds of the puzzle (when to work it) read
    the same rule as the roll, so from round R an even roll counts in its favour."""
    late = balanced(2).humans_tie_from
    state = clone(gate_opened(new_game(2, preset="balanced"), seat=1))
    kirsty = figure(state, "h0")
    odds = {}
    for round_ in (late - 1, late):
        state.round = round_
        odds[round_] = ai._puzzle_odds(state, kirsty)
    assert odds[late] > odds[late - 1] > 0
