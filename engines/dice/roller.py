"""Rolling a parsed expression with the table's RNG.

d20 draws every die from the module-global ``random.randrange`` (inside
``d20.expression.Die._add_roll``), so feeding it our generator would mean
patching a global that every concurrent roll shares. Instead d20 only parses
(see expression.py) and this module rolls: one ``rng.randrange`` per die,
which is also what d20 does, so a roll is reproducible from the RNG alone and
costs no more than d20's own (bench/dice_bench.py measures both).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from engines.dice.expression import (
    APPLY,
    BinaryOp,
    Constant,
    DiceNode,
    Expression,
    NamedDice,
    Negation,
    Node,
    StandardDice,
    SuccessPool,
    dice_nodes,
)
from engines.dice.limits import EXPLODE_DEPTH
from engines.dice.model import Die, Face
from engines.dice.standard import standard_die


@dataclass(frozen=True, slots=True)
class RolledDie:
    """One die as it landed. `kept` is False for dice dropped by kh/kl/dh/dl;
    `success` is set only in a success pool."""

    face: Face
    kept: bool = True
    success: bool | None = None


@dataclass(frozen=True, slots=True)
class DiceGroup:
    """One term's dice, e.g. '4d6kh3' or '3 red', with what it scored."""

    notation: str
    die: Die
    dice: tuple[RolledDie, ...]
    score: int
    negative: bool = False
    """The group counts against the total (`-1d6`, `10-1d4`): shown with its sign."""


@dataclass(frozen=True, slots=True)
class Effect:
    """A special face that came up, with what it means at the table."""

    die: Die
    face: Face
    meaning: str
    times: int


@dataclass(frozen=True, slots=True)
class RollResult:
    expression: Expression
    groups: tuple[DiceGroup, ...]
    total: int

    @property
    def total_label(self) -> str | None:
        return total_label(self.expression)

    @property
    def house(self) -> bool:
        """True when any die's faces are house data, which players must be told."""
        return any(not group.die.verified for group in self.groups)

    def effects(self) -> list[Effect]:
        """Each special face rolled, once, in the order first rolled."""
        seen: dict[tuple[str, str], Effect] = {}
        for group in self.groups:
            for rolled in group.dice:
                effect = rolled.face.effect
                if effect is None:
                    continue
                key = (group.die.name, effect)
                earlier = seen.get(key)
                seen[key] = Effect(
                    die=group.die,
                    face=rolled.face,
                    meaning=group.die.effects[effect],
                    times=1 if earlier is None else earlier.times + 1,
                )
        return list(seen.values())


def roll(expression: Expression, rng: random.Random) -> RollResult:
    """Roll every die once, left to right, drawing only from `rng`."""
    groups: list[DiceGroup] = []
    total = _evaluate(expression.root, rng, groups)
    return RollResult(expression=expression, groups=tuple(groups), total=total)


def total_label(expression: Expression) -> str | None:
    """What the total counts, for display: 'pips', 'damage', 'successes' or 'total'.
    None when every die only shows outcomes (the enemy die) and nothing is added."""
    groups = dice_nodes(expression.root)
    labels = {_label(group) for group in groups}
    if groups and labels == {None} and _is_sum_of_dice(expression.root):
        return None
    labels.discard(None)
    return labels.pop() if len(labels) == 1 else "total"


def _label(group: DiceNode) -> str | None:
    if isinstance(group, SuccessPool):
        return "successes"
    if isinstance(group, StandardDice):
        return "total"
    die = group.die
    if all(face.value == 0 for face in die.faces):
        return None
    return {"pips": "pips", "effect": "pips", "damage": "damage"}.get(die.kind, "total")


def _is_sum_of_dice(node: Node) -> bool:
    if isinstance(node, BinaryOp):
        return node.op == "+" and _is_sum_of_dice(node.left) and _is_sum_of_dice(node.right)
    return isinstance(node, NamedDice)


def _evaluate(node: Node, rng: random.Random, groups: list[DiceGroup],
              negative: bool = False) -> int:
    match node:
        case Constant(value=value):
            return value
        case Negation(operand=operand):
            return -_evaluate(operand, rng, groups, not negative)
        case BinaryOp(op=op, left=left, right=right):
            a = _evaluate(left, rng, groups, negative)
            flip = negative != (op == "-")
            return APPLY[op](a, _evaluate(right, rng, groups, flip))
        case StandardDice():
            group = _roll_standard(node, rng)
        case SuccessPool():
            group = _roll_pool(node, rng)
        case NamedDice():
            group = _roll_named(node, rng)
    groups.append(replace(group, negative=True) if negative else group)
    return group.score


def _roll_standard(node: StandardDice, rng: random.Random) -> DiceGroup:
    die = standard_die(node.sides)
    if node.explode is not None:
        return _roll_exploding(node, die, rng)
    faces = [die.faces[rng.randrange(node.sides)] for _ in range(node.count)]
    if node.keep is None:
        rolled = tuple(RolledDie(face) for face in faces)
        return DiceGroup(node.notation(), die, rolled, sum(f.value for f in faces))
    kept_count, highest = node.keep.kept(node.count)
    order = sorted(range(node.count), key=lambda i: faces[i].value, reverse=highest)
    kept = set(order[:kept_count])
    rolled = tuple(RolledDie(face, i in kept) for i, face in enumerate(faces))
    score = sum(faces[i].value for i in kept)
    return DiceGroup(node.notation(), die, rolled, score)


def _roll_exploding(node: StandardDice, die: Die, rng: random.Random) -> DiceGroup:
    """Each die showing `explode` or more rolls again, at most EXPLODE_DEPTH times."""
    assert node.explode is not None
    faces: list[Face] = []
    for _ in range(node.count):
        for _ in range(EXPLODE_DEPTH + 1):
            face = die.faces[rng.randrange(node.sides)]
            faces.append(face)
            if face.value < node.explode:
                break
    rolled = tuple(RolledDie(face) for face in faces)
    return DiceGroup(node.notation(), die, rolled, sum(f.value for f in faces))


def _roll_pool(node: SuccessPool, rng: random.Random) -> DiceGroup:
    die = standard_die(node.sides)
    faces = [die.faces[rng.randrange(node.sides)] for _ in range(node.count)]
    rolled = tuple(RolledDie(face, success=face.value >= node.threshold) for face in faces)
    return DiceGroup(node.notation(), die, rolled, sum(1 for r in rolled if r.success))


def _roll_named(node: NamedDice, rng: random.Random) -> DiceGroup:
    faces = node.die.faces
    rolled = tuple(RolledDie(faces[rng.randrange(len(faces))]) for _ in range(node.count))
    return DiceGroup(node.notation(), node.die, rolled, sum(r.face.value for r in rolled))
