"""The protocol surface: registration, refusals that change nothing, chance requests in
both modes, JSON round-trips, what each seat may see, skipping and the AI."""

from __future__ import annotations

import pytest

from engines import registry
from engines.core.chance import ChanceOutcome
from engines.core.errors import RuleError
from engines.core.protocol import Seat
from engines.hellraiser import ENGINE
from engines.hellraiser.models import (
    Attack,
    Choice,
    Choose,
    CreateCharacter,
    DrawCard,
    EndTurn,
    HellraiserState,
    Move,
    PlayCard,
    RollMovement,
    Search,
    SolvePuzzle,
)
from tests.unit.hellraiser.support import (
    act,
    center,
    edit,
    figure,
    gate_opened,
    new_game,
    refused,
    roll,
)


def test_the_engine_is_registered_as_hellraiser() -> None:
    assert registry.get("hellraiser") is ENGINE
    assert (ENGINE.min_seats, ENGINE.max_seats, ENGINE.supports_ai) == (1, 6, True)
    with pytest.raises(RuleError):
        ENGINE.setup([], ENGINE.parse_options({}))


@pytest.mark.parametrize("action", [
    Search(deck="action"), SolvePuzzle(), RollMovement(), DrawCard(), Move(to=(0, 0)),
    Attack(target="c-pinhead"), PlayCard(card="key"), Choose(option="0"),
    CreateCharacter(strength=3, speed=3, creativity=3, wits=3, morality=3, willpower=3),
])
def test_illegal_actions_raise_and_change_nothing(action: object) -> None:
    state = new_game(2)
    refused(state, action)  # type: ignore[arg-type]
    refused(state, EndTurn(), seat=1)


def test_a_wrong_chance_report_is_refused_and_changes_nothing() -> None:
    state = act(edit(new_game(1), "h0", square=center(new_game(1), "library")), Search())
    before = state.model_dump_json()
    for values in (["1", "2"], ["1", "2", "7"], ["a", "b", "c"]):
        with pytest.raises(RuleError):
            ENGINE.resolve(state, ChanceOutcome(values=values))
    assert state.model_dump_json() == before
    found = roll(state, 6, 6, 6)
    with pytest.raises(RuleError, match="not a card left"):
        ENGINE.resolve(found, ChanceOutcome(values=["pinhead"]))
    with pytest.raises(RuleError):
        ENGINE.resolve(new_game(1), ChanceOutcome(values=["1"]))


def test_draws_are_weighted_by_copies_and_physical_mode_names_the_card() -> None:
    state = act(edit(new_game(1), "h0", square=center(new_game(1), "library")), Search())
    state = roll(state, 6, 6, 6)
    request = ENGINE.chance(state)
    assert request is not None
    item = request.items[0]
    assert dict(zip(item.options, item.weights, strict=True))["first_aid_kit"] == 5
    physical = new_game(1, mode="physical")
    physical = act(edit(physical, "h0", square=center(physical, "library")), Search())
    dice = ENGINE.chance(physical)
    assert dice is not None and dice.reporter == 0
    assert all(i.options == ["1", "2", "3", "4", "5", "6"] for i in dice.items)
    physical = roll(physical, 6, 6, 6)
    assert ENGINE.chance(physical) == request


def test_states_round_trip_through_json() -> None:
    state = gate_opened(new_game(3), seat=1)
    state = act(state, Attack(target="h2"))
    for s in (new_game(2, quick_start=False), state, roll(state, 6, 6, 6, 1, 1, 1)):
        raw = ENGINE.dump_state(s)
        assert ENGINE.dump_state(ENGINE.load_state(raw)) == raw
        assert ENGINE.load_state(raw) == s


def test_hands_are_seen_only_by_their_seat() -> None:
    state = gate_opened(new_game(3), seat=1)
    state.hands[0] = ("action:move_3",)
    state.hands[1] = ("leviathan:key", "leviathan:darkness")
    mine = ENGINE.view(state, 0)
    assert [c["card"] for c in mine["hand"]] == ["move_3"]
    assert [c["card"] for c in ENGINE.view(state, 1)["hand"]] == ["key", "darkness"]
    other = ENGINE.view(state, 2)
    assert other["hand"] == [] and "'card': 'key'" not in str(other)
    spectator = ENGINE.view(state, None)
    assert "hand" not in spectator and "'card': 'move_3'" not in str(spectator)
    assert [s["hand_size"] for s in spectator["seats"]] == [1, 2, 0]


def test_the_view_shows_the_public_board() -> None:
    state = gate_opened(new_game(2), seat=1)
    view = ENGINE.view(state, None)
    assert state.board is not None and state.board.gateway is not None
    assert view["gateway"] == list(state.board.gateway)
    assert view["puzzle"] == {"stat": "wits", "value": 3, "difficulty": 6}
    assert {f["id"] for f in view["figures"]} >= {"h0", "h1", "c-pinhead"}
    assert view["decks"]["search"]["left"] == 80 and "curufea" in view["licence"]
    pinhead = next(f for f in view["figures"] if f["id"] == "c-pinhead")
    assert "speed" not in pinhead["stats"]


def test_skipping_a_turn_ends_it_or_takes_the_first_option() -> None:
    creating = new_game(2, quick_start=False)
    made, _ = ENGINE.skip_turn(creating, 1)
    assert made.created[1] == (3, 3, 3, 3, 3, 3) and ENGINE.to_move(made) == [0]
    state = new_game(2)
    skipped, _ = ENGINE.skip_turn(state, 0)
    assert skipped.turn == 1
    state = roll(act(new_game(2), Attack(target="h1")), 6, 6, 1, 1, 1, 1)
    assert isinstance(state.pending[0], Choice)
    chosen, _ = ENGINE.skip_turn(state, 1)
    assert figure(chosen, "h1").stats[:2] == (3, 1)


def test_the_ai_picks_legal_moves_deterministically() -> None:
    for state in (new_game(2, quick_start=False), new_game(3),
                  act(gate_opened(new_game(3), seat=1), EndTurn())):
        seat = ENGINE.to_move(state)[0]
        first = ENGINE.ai_action(state, seat)
        assert first == ENGINE.ai_action(state, seat)
        assert first in ENGINE.legal_actions(state, seat)


def test_every_legal_action_is_accepted() -> None:
    state: HellraiserState = act(gate_opened(new_game(3), seat=1), EndTurn())
    for action in ENGINE.legal_actions(state, 1)[:60]:
        ENGINE.apply(state, 1, action)


def test_physical_mode_can_lay_the_whole_map_from_one_map_number() -> None:
    """House (option physical_map: number): one report names a fixed connected layout."""
    state = new_game(2, quick_start=True, mode="physical", physical_map="number")
    assert state.phase == "play"  # the support laid it from a sampled number
    fresh = ENGINE.setup([Seat(index=0, name="A")],
                         ENGINE.parse_options({"mode": "physical", "physical_map": "number",
                                               "quick_start": True}))
    request = ENGINE.chance(fresh)
    assert request is not None and [i.key for i in request.items] == ["map"]
    assert len(request.items[0].options) == 999
    with pytest.raises(RuleError):
        ENGINE.resolve(fresh, ChanceOutcome(values=["1000"]))
    one, _ = ENGINE.resolve(fresh, ChanceOutcome(values=["42"]))
    again, _ = ENGINE.resolve(fresh, ChanceOutcome(values=["42"]))
    assert one.board == again.board and one.phase == "play"
    other, _ = ENGINE.resolve(fresh, ChanceOutcome(values=["43"]))
    assert other.board != one.board


def test_rolls_report_whose_dice_and_the_target() -> None:
    state = act(edit(new_game(1), "h0", square=center(new_game(1), "library")), Search())
    _, events = ENGINE.resolve(state, ChanceOutcome(values=["3", "2", "1"]))
    rolled = next(e for e in events if e.type == "dice_rolled")
    assert rolled.labels == ["Kirsty"] and rolled.target == 3  # type: ignore[attr-defined]
    assert rolled.successes == [1] and rolled.seat == 0  # type: ignore[attr-defined]
    assert ENGINE.hidden_information
