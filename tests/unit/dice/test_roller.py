"""The roller: only the RNG passed in decides a roll, and the result says what it means."""

from __future__ import annotations

import random

from engines.dice.expression import parse
from engines.dice.model import Die
from engines.dice.roller import roll
from tests.unit.dice.conftest import ScriptedRandom


def test_the_same_seed_gives_the_same_roll(dice: dict[str, Die]) -> None:
    expression = parse("3 red + blue + 4d6kh3 + 6d6>=4", dice)
    first, second = roll(expression, random.Random(42)), roll(expression, random.Random(42))
    assert first == second
    faces = {
        tuple(d.face.label for g in roll(expression, random.Random(seed)).groups for d in g.dice)
        for seed in range(20)
    }
    assert len(faces) > 1


def test_rolling_never_touches_the_global_random(dice: dict[str, Die]) -> None:
    random.seed(7)
    before = random.getstate()
    roll(parse("4d6kh3 + 3 red + blue + 2 damage", dice), random.Random(1))
    assert random.getstate() == before


def test_each_die_is_the_face_at_the_drawn_index(dice: dict[str, Die]) -> None:
    rng = ScriptedRandom([5, 0, 2, 1])
    result = roll(parse("3 red + blue", dice), rng)
    red, blue = result.groups
    assert [d.face for d in red.dice] == [dice["red"].faces[i] for i in (5, 0, 2)]
    assert blue.dice[0].face.label == "X2"
    assert result.total == 3 + 0 + 1 + 0
    assert rng.exhausted()


def test_keep_highest_marks_the_lowest_dice_dropped(dice: dict[str, Die]) -> None:
    result = roll(parse("4d6kh3+2", dice), ScriptedRandom([3, 0, 5, 0]))
    group = result.groups[0]
    assert [(d.face.value, d.kept) for d in group.dice] == [
        (4, True), (1, True), (6, True), (1, False)
    ]
    assert group.score == 11 and result.total == 13


def test_drop_highest_drops_the_best_die(dice: dict[str, Die]) -> None:
    group = roll(parse("3d6dh1", dice), ScriptedRandom([1, 5, 2])).groups[0]
    assert [d.kept for d in group.dice] == [True, False, True]
    assert group.score == 2 + 3


def test_a_success_pool_counts_dice_at_or_above_the_target(dice: dict[str, Die]) -> None:
    result = roll(parse("6d6>=4", dice), ScriptedRandom([0, 2, 3, 4, 5, 3]))
    assert [d.success for d in result.groups[0].dice] == [False, False, True, True, True, True]
    assert result.total == 4 and result.total_label == "successes"


def test_arithmetic_applies_to_the_dice_totals(dice: dict[str, Die]) -> None:
    assert roll(parse("-1d4+2*(1d6+1)", dice), ScriptedRandom([2, 4])).total == -3 + 2 * 6
    assert roll(parse("1d6/2", dice), ScriptedRandom([4])).total == 2  # 5 // 2


def test_special_faces_come_with_their_meaning(dice: dict[str, Die]) -> None:
    blue, enemy = dice["blue"], dice["enemy"]
    skull = next(i for i, f in enumerate(blue.faces) if f.effect == "skull")
    hit = next(i for i, f in enumerate(enemy.faces) if f.effect == "player_hit")
    result = roll(parse("2 blue + enemy", dice), ScriptedRandom([skull, skull, hit]))
    effects = result.effects()
    assert [(e.face.label, e.times) for e in effects] == [("Skull", 2), ("Player Hit", 1)]
    assert effects[0].meaning == blue.effects["skull"]
    assert effects[1].meaning == enemy.effects["player_hit"]


def test_the_total_is_named_by_what_the_dice_count(dice: dict[str, Die]) -> None:
    def label(text: str) -> str | None:
        return roll(parse(text, dice), random.Random(0)).total_label

    assert label("3 red + blue") == "pips"
    assert label("2 damage + 1 acid") == "damage"
    assert label("6d6>=4") == "successes"
    assert label("2d6+1") == "total"
    assert label("enemy") is None
    assert label("2 damage + 6d6>=4") == "total"


def test_house_dice_are_flagged_so_players_are_told(dice: dict[str, Die]) -> None:
    assert roll(parse("3 red", dice), random.Random(0)).house
    assert not roll(parse("2 damage + 2d6", dice), random.Random(0)).house
