"""The test roller: pools with upgrades and downgrades, the effect die, and exact
odds that agree with brute-force enumeration."""

from __future__ import annotations

from fractions import Fraction

import pytest

from bench.hellboy_board_bench import brute_force_damage
from engines.core.errors import RuleError
from engines.dice.chance import face_of
from engines.dice.pack import load_dice
from engines.hellboy_board.roller import (
    EFFECT_DIE,
    build_pool,
    damage,
    damage_distribution,
    default_upgrades,
    reroll_choice,
    settle,
    total_distribution,
)

DICE = load_dice()
EFFECT = DICE[EFFECT_DIE]


def test_the_effect_die_is_house_data_distinct_from_the_blue_die() -> None:
    assert not EFFECT.verified and EFFECT.kind == "effect"
    assert {f.effect for f in EFFECT.faces} != {f.effect for f in DICE["blue"].faces}
    assert [f.label for f in EFFECT.faces] == [
        "Catastrophe", "One dot", "Two dots", "Re-roll", "Double", "Wildcard"]


def test_upgrades_spread_over_the_weakest_dice_by_default() -> None:
    """One cube, one step (P12); with no die named, the weakest die each time."""
    assert default_upgrades("red", 3, 2) == (0, 1)
    assert build_pool("red", 3, default_upgrades("red", 3, 2), 0).colours == (
        "black", "black", "red")
    assert build_pool("yellow", 3, (2, 2), 0).colours == ("yellow", "yellow", "red")


def test_black_is_only_reached_from_red_and_never_passed() -> None:
    assert build_pool("orange", 1, (0, 0), 0).colours == ("black",)
    with pytest.raises(RuleError, match="can't be upgraded again"):
        build_pool("black", 3, (1,), 0)


def test_downgrades_hit_the_highest_die_and_stop_at_yellow() -> None:
    """House: which die a downgrade hits is not public; the highest, and below yellow
    the step is lost (and counted, so the board can say so)."""
    pool = build_pool("orange", 2, (1,), 1)
    assert pool.colours == ("orange", "orange") and pool.clamped == 0
    floor = build_pool("yellow", 2, (), 3)
    assert floor.colours == ("yellow", "yellow") and floor.clamped == 3


def test_a_pool_has_one_to_six_dice() -> None:
    with pytest.raises(RuleError, match="1 to 6"):
        build_pool("red", 0, (), 0)


@pytest.mark.parametrize(
    ("face", "values", "total"),
    [
        ("Catastrophe", (3, 2, 1), 3),  # the highest die is ignored
        ("One dot", (3, 2, 1), 7),
        ("Two dots", (3, 2, 1), 8),
        ("Double", (3, 2, 1), 9),  # the highest die counts twice (house choice)
        ("Wildcard", (3, 2, 1), 9),  # Double beats Two dots here
        ("Wildcard", (1, 1, 0), 4),  # Two dots beats Double here
    ],
)
def test_each_effect_face(face: str, values: tuple[int, ...], total: int) -> None:
    assert settle(values, face_of(EFFECT, face))[0] == total


def test_reroll_policy_rolls_the_dice_below_their_average() -> None:
    red, black = DICE["red"], DICE["black"]  # averages 1.5 and 2
    assert reroll_choice([red, red, black], [1, 2, 1]) == (0, 2)


def test_damage_is_pips_minus_resilience_then_the_cap() -> None:
    assert damage(8, 3, None) == 5 and damage(8, 3, 2) == 2 and damage(2, 3, None) == 0


def test_one_yellow_die_odds_by_hand() -> None:
    """Yellow 0,0,0,1,1,2 with the effect die: a total of 0 comes from Catastrophe
    (always), Re-roll (0 then 0: 1/4) and Double (0: 1/2), so 1/6 * 7/4 = 7/24."""
    dist = total_distribution([DICE["yellow"]], EFFECT)
    assert dist.probability(0) == Fraction(7, 24)
    assert sum(p for _, p in dist.items()) == 1


@pytest.mark.parametrize(
    ("pool", "resilience", "cap"),
    [(("red", "orange"), 3, None), (("yellow", "black", "red"), 3, 2), (("black",), 0, None)],
)
def test_exact_odds_agree_with_brute_force(
    pool: tuple[str, ...], resilience: int, cap: int | None
) -> None:
    dice = [DICE[c] for c in pool]
    exact = damage_distribution(dice, EFFECT, resilience, cap)
    assert exact.items() == brute_force_damage(dice, EFFECT, resilience, cap).items()


def test_the_pistol_cap_lowers_the_mean_damage_on_krampus() -> None:
    """Four dice against Resilience 3: the cap of 2 (K9) takes most of the damage."""
    dice = [DICE[c] for c in ("red", "red", "black", "black")]
    free = damage_distribution(dice, EFFECT, 3, None)
    capped = damage_distribution(dice, EFFECT, 3, 2)
    assert max(t for t, _ in capped.items()) == 2
    assert capped.mean() < free.mean()
    assert capped.at_least(1) == free.at_least(1)
