"""The shortcuts the AI simulations take must be invisible: same draws, same models.

`sample` no longer calls `random.choices`, the engine copies states and rolls without
`model_copy`, and the built-in components are shared between games. Logged games
replay from `(seed, counter)`, so each shortcut is checked against the slow path it
replaced.
"""

from __future__ import annotations

import random

import pytest

from engines.core.chance import ChanceItem, ChanceOutcome, ChanceRequest, sample
from engines.core.protocol import Seat
from engines.hellboy_dice import ENGINE, Explore, HellboyOptions
from engines.hellboy_dice.chance_nodes import draw_request
from engines.hellboy_dice.models import AttackRoll, construct, replace


def test_sample_draws_exactly_what_random_choices_draws() -> None:
    """Replay rule: the same RNG stream gives the same outcome as `rng.choices(...)[0]`."""
    maker = random.Random(11)
    for seed in range(300):
        items = []
        for k in range(maker.randint(1, 4)):
            weights = [maker.randint(1, 9) for _ in range(maker.randint(1, 30))]
            items.append(ChanceItem(key=f"k{k}", label="item",
                                    options=[f"o{i}" for i in range(len(weights))],
                                    weights=weights))
        request = ChanceRequest(prompt="p", items=items)
        fast, slow = random.Random(seed), random.Random(seed)
        for _ in range(5):
            expected = [slow.choices(i.options, weights=i.weights)[0] for i in items]
            assert sample(request, fast).values == expected
        assert fast.random() == slow.random(), "both consumed the same number of draws"


def test_sample_refuses_bad_weights_just_as_random_choices_does() -> None:
    """Items built without validation still fail the way `random.choices` fails."""
    for weights in ([], [1, 2], [0, 0, 0]):
        item = ChanceItem.model_construct(key="k", label="l", options=["a", "b", "c"],
                                          weights=weights, open_hint=None, labels=[])
        with pytest.raises(ValueError):
            random.Random(1).choices(item.options, weights=item.weights)
        with pytest.raises(ValueError):
            sample(ChanceRequest.model_construct(prompt="p", items=[item], reporter=None),
                   random.Random(1))


def test_fork_and_replace_give_what_model_copy_gives() -> None:
    """A step's working copy is `model_copy()`; a roll's update is `model_copy(update=...)`."""
    state = ENGINE.apply_quiet(
        ENGINE.setup([Seat(index=0, name="Liz")], HellboyOptions(first_seat=1)), 0, Explore())
    fork = state.fork()
    assert fork == state.model_copy() and fork is not state
    assert fork.model_fields_set == state.model_copy().model_fields_set
    fork.wounds = 1
    assert state.wounds == 3, "the original is never touched"
    assert fork.model_dump() == state.model_copy(update={"wounds": 1}).model_dump()
    roll = AttackRoll(colours=("red", "black"))
    changed = replace(roll, blue="X2", doubled=1)
    expected = roll.model_copy(update={"blue": "X2", "doubled": 1})
    assert changed == expected and changed.model_fields_set == expected.model_fields_set
    assert roll.blue is None


def test_draw_requests_are_the_validated_request() -> None:
    """`construct` builds the same request validation would (options, weights, labels)."""
    state = ENGINE.apply_quiet(
        ENGINE.setup([Seat(index=0, name="Liz")], HellboyOptions(first_seat=1)), 0, Explore())
    fast = draw_request(state)
    assert fast == ChanceRequest.model_validate(fast.model_dump())
    assert sum(fast.items[0].weights) == sum(state.deck) == 40
    item = construct(ChanceItem, {"key": "k", "label": "l", "options": ["a"], "weights": [1],
                                  "open_hint": None, "suggested": None, "labels": [],
                                  "also": [], "source": "die"})
    assert item == ChanceItem(key="k", label="l", options=["a"])


def test_games_share_the_builtin_components_but_never_their_decks() -> None:
    """Built-in packs are read once a process; each game still gets its own full deck."""
    seats = [Seat(index=0, name="Liz"), Seat(index=1, name="Abe")]
    first = ENGINE.setup(seats, HellboyOptions(first_seat=1))
    played = ENGINE.resolve_quiet(ENGINE.apply_quiet(first, 0, Explore()),
                                  ChanceOutcome(values=[first.components.cards[0].id]))
    second = ENGINE.setup(seats, HellboyOptions(first_seat=1))
    assert second.components is first.components
    assert sum(played.deck) == 39 and sum(second.deck) == sum(first.deck) == 40
