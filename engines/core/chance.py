"""Randomness as a chance node.

An engine never rolls or shuffles. When the rules need a roll or a draw, the
engine's state says so through `Engine.chance()`, a `ChanceRequest` listing each
independent random item with its possible outcomes and their weights. The table
resolves it: from a seeded RNG in digital mode, or from a player's report in
physical mode. Because outcomes are logged, a game replays exactly, undo cannot
fish for a better roll, tests can inject exact dice, and odds can be computed by
enumerating outcomes instead of sampling.
"""

from __future__ import annotations

import bisect
import itertools
import math
import random
from collections.abc import Iterator
from fractions import Fraction
from typing import Literal

from pydantic import BaseModel, Field, model_validator

from engines.core.errors import RuleError


class ChanceItem(BaseModel):
    """One independent random item: a die to roll or a card to draw."""

    key: str = Field(description="stable id, e.g. 'blue' or 'card'")
    label: str = Field(description="what players call it, e.g. 'blue die'")
    options: list[str] = Field(default_factory=list)
    weights: list[int] = Field(default_factory=list)
    open_hint: str | None = Field(
        default=None,
        description=(
            "set for a report that cannot be enumerated (a card from the group's real box):"
            " any text is accepted here and the engine's resolve() validates it;"
            " such items exist only in physical mode and are never sampled"
        ),
    )
    suggested: str | None = Field(
        default=None,
        description=(
            "an open report's likely value, which the report form fills in beforehand"
            " (a printed number the rulebook's own example gives); never sampled"
        ),
    )
    labels: list[str] = Field(
        default_factory=list, description="display text per option (defaults to the option)"
    )
    also: list[str] = Field(
        default_factory=list,
        description=(
            "what a report may give besides the options, never sampled: a die whose printed"
            " faces are house data takes any pip count the group's real die shows"
        ),
    )
    source: Literal["die", "card"] = Field(
        default="die",
        description=(
            "'die': something the bot may roll for a physical table that lets it roll;"
            " 'card': a draw from the group's own box, always reported at a physical table"
        ),
    )

    @model_validator(mode="after")
    def _weights_match(self) -> ChanceItem:
        if self.open_hint is not None:
            return self
        if not self.options:
            raise ValueError("an enumerable chance item needs at least one option")
        if not self.weights:
            self.weights = [1] * len(self.options)
        if len(self.weights) != len(self.options) or any(w <= 0 for w in self.weights):
            raise ValueError("weights must be positive, one per option")
        if self.labels and len(self.labels) != len(self.options):
            raise ValueError("labels must be one per option")
        return self

    def label_of(self, option: str) -> str:
        if self.labels:
            return self.labels[self.options.index(option)]
        return option

    def probability(self, option: str) -> Fraction:
        return Fraction(self.weights[self.options.index(option)], sum(self.weights))


class ChanceRequest(BaseModel):
    """What the engine is waiting for, e.g. 'roll blue + 2 red'."""

    prompt: str
    items: list[ChanceItem] = Field(min_length=1)
    reporter: int | None = Field(
        default=None, description="the seat that reports the outcome in physical mode"
    )
    reporters: Literal["seat", "any", "gm"] | None = Field(
        default=None,
        description=(
            "who may report it: 'seat' (the `reporter`, or a GM), 'any' seated player"
            " (or a GM), 'gm' only; None means 'seat' when `reporter` is set, else 'any'"
        ),
    )

    @property
    def who_reports(self) -> Literal["seat", "any", "gm"]:
        if self.reporters is not None:
            return self.reporters
        return "seat" if self.reporter is not None else "any"

    @property
    def only_dice(self) -> bool:
        """Every item is a die (never a card): a physical table may let the bot roll it."""
        return all(item.source == "die" and item.open_hint is None for item in self.items)


class ChanceOutcome(BaseModel):
    """The chosen option for each item of a request, in order."""

    values: list[str]


def validate_outcome(request: ChanceRequest, outcome: ChanceOutcome) -> None:
    """Reject a report that does not fit the request, naming what is allowed."""
    if len(outcome.values) != len(request.items):
        raise RuleError(
            f"Expected {len(request.items)} result(s) for {request.prompt}, "
            f"got {len(outcome.values)}."
        )
    for item, value in zip(request.items, outcome.values, strict=True):
        if item.open_hint is None and value not in item.options and value not in item.also:
            allowed = ", ".join(item.label_of(o) for o in dict.fromkeys(item.options))
            raise RuleError(f"'{value}' is not a possible result for the {item.label}: {allowed}.")


def sample(request: ChanceRequest, rng: random.Random) -> ChanceOutcome:
    """Resolve a request digitally. The RNG is passed in; engines never own one.

    Each item takes exactly what `rng.choices(options, weights=weights)[0]` takes and
    returns (one `rng.random()`, bisected into the cumulative weights), so logged games
    replay from `(seed, counter)` whichever version drew them; calling `choices` itself
    cost AI simulations about a seventh of their time.
    """
    items = request.items
    for item in items:
        if item.open_hint is not None:
            raise ValueError("an open (physical-mode) chance item cannot be sampled")
    return ChanceOutcome(values=[_pick(item.options, item.weights, rng) for item in items])


def _pick(options: list[str], weights: list[int], rng: random.Random) -> str:
    """`rng.choices(options, weights=weights)[0]`, inlined (see `sample`)."""
    cumulative = list(itertools.accumulate(weights))
    total = cumulative[-1] + 0.0 if cumulative else 0.0
    if len(cumulative) != len(options) or not 0.0 < total < math.inf:
        return rng.choices(options, weights=weights)[0]  # raises just as it always did
    return options[bisect.bisect(cumulative, rng.random() * total, 0, len(options) - 1)]


def enumerate_outcomes(request: ChanceRequest) -> Iterator[tuple[ChanceOutcome, Fraction]]:
    """Every outcome with its exact probability (for odds and exhaustive tests)."""
    per_item = []
    for item in request.items:
        if item.open_hint is not None:
            raise ValueError("an open (physical-mode) chance item cannot be enumerated")
        total = sum(item.weights)
        per_item.append(
            [(o, Fraction(w, total)) for o, w in zip(item.options, item.weights, strict=True)]
        )
    for combo in itertools.product(*per_item):
        p = Fraction(1)
        for _, q in combo:
            p *= q
        yield ChanceOutcome(values=[o for o, _ in combo]), p


def rng_for(seed: int, counter: int) -> random.Random:
    """A counter-based stream: the n-th resolution of a game always gets the same
    generator, so storing (seed, counter) is enough to restore the RNG exactly."""
    return random.Random(f"{seed}:{counter}")
