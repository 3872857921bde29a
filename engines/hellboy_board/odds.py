"""Odds of a declared test before anyone spends a cube: the exact distribution of
its damage against the target, with the target's cap when the weapon meets it."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from engines.dice.odds import Distribution
from engines.hellboy_board import query, roller, rules, skill_tests
from engines.hellboy_board.actions import Test
from engines.hellboy_board.models import HBBoardState
from engines.hellboy_board.roller import Colour


@dataclass(frozen=True, slots=True)
class TestOdds:
    __test__ = False  # not a pytest class

    pool: tuple[Colour, ...]
    totals: Distribution
    damage: Distribution | None
    """None for a test without a target (Explore, Defend)."""
    resilience: int | None
    cap: int | None
    defeat: Fraction | None
    """The chance this test alone defeats the target."""
    house: bool


def test_odds(s: HBBoardState, action: Test) -> TestOdds:
    """Validated exactly as the test itself (same refusals), on a copy: nothing
    changes and no cube is spent."""
    trial = s.fork()
    skill_tests.declare(trial, action.model_copy(update={"total": None}), [])
    pending = trial.test
    assert pending is not None
    dice = [s.dice[c] for c in pending.pool]
    effect = s.dice[roller.EFFECT_DIE]
    totals = roller.total_distribution(dice, effect)
    house = any(not d.verified for d in (*dice, effect))
    if pending.target is None:
        return TestOdds(pending.pool, totals, None, None, None, None, house)
    e = s.enemies[pending.target]
    card = query.card_of(s, e)
    a = s.agents[pending.agent]
    tags = next((w.tags for w in a.weapons if w.name == pending.weapon), ())
    kw = rules.cap_for(card, pending.skill, tags)
    cap = kw.most if kw is not None else None
    dealt = roller.damage_distribution(dice, effect, card.resilience, cap)
    return TestOdds(pending.pool, totals, dealt, card.resilience, cap,
                    dealt.at_least(card.health - e.damage), house)
