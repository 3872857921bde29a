"""Dice expressions: the grammar, and a typed tree the roller and the odds walk.

Grammar (case and spaces are ignored around terms)::

    expression := term (("+" | "-") term)*
    term       := named | pool | standard
    named      := [count] name             3 red, blue, 2 damage
    pool       := [count] "d" sides ">=" t  6d6>=4 (counts dice showing t or more)
    standard   := d20 notation without comparisons:
                  NdM, keep/drop kh/kl/dh/dl, + - * /, parentheses, whole numbers

Named dice and pools are joined to each other and to standard notation with
``+`` or ``-`` only (``3 red + blue + 2`` is fine; ``2 * red`` is not), because
a named die's face is a picture before it is a number and multiplying pictures
means nothing. Division rounds down and only by a whole number (``1d6/2``).

Standard notation is parsed by the d20 library and converted into our own
pydantic nodes once; the roller and the odds never look at the text again.
"""

from __future__ import annotations

import operator
import re
from collections.abc import Callable, Mapping
from functools import lru_cache
from typing import Annotated, Literal

import d20
from pydantic import BaseModel, ConfigDict, Field

from engines.core.errors import RuleError
from engines.dice.limits import (
    check_count,
    check_length,
    check_number,
    check_sides,
    check_total_dice,
)
from engines.dice.model import Die

BinaryOperator = Literal["+", "-", "*", "/"]

APPLY: dict[str, Callable[[int, int], int]] = {
    "+": operator.add,
    "-": operator.sub,
    "*": operator.mul,
    "/": operator.floordiv,
}
"""What each operator does to two whole numbers; division rounds down."""


class _Node(BaseModel):
    model_config = ConfigDict(frozen=True)


class Constant(_Node):
    kind: Literal["constant"] = "constant"
    value: int


class Keep(_Node):
    """kh/kl/dh/dl as written; `kept` normalises drop rules to keep rules."""

    mode: Literal["k", "d"]
    end: Literal["h", "l"]
    n: int

    def kept(self, count: int) -> tuple[int, bool]:
        """How many dice count, and whether they are the highest ones."""
        if self.mode == "k":
            return self.n, self.end == "h"
        return count - self.n, self.end == "l"

    def __str__(self) -> str:
        return f"{self.mode}{self.end}{self.n}"


class StandardDice(_Node):
    kind: Literal["standard"] = "standard"
    count: int
    sides: int
    keep: Keep | None = None
    explode: int | None = Field(
        default=None, description="a die showing this or more rolls again (1d6e6, 1d6!)")

    def notation(self) -> str:
        if self.explode is not None:
            bang = "!" if self.explode == self.sides else f"e{self.explode}"
            return f"{self.count}d{self.sides}{bang}"
        return f"{self.count}d{self.sides}{self.keep or ''}"


class SuccessPool(_Node):
    """Hellraiser's pools: each die showing `threshold` or more is one success."""

    kind: Literal["pool"] = "pool"
    count: int
    sides: int
    threshold: int

    def notation(self) -> str:
        return f"{self.count}d{self.sides}>={self.threshold}"


class NamedDice(_Node):
    kind: Literal["named"] = "named"
    count: int
    die: Die

    def notation(self) -> str:
        return f"{self.count} {self.die.name}"


class Negation(_Node):
    kind: Literal["negation"] = "negation"
    operand: Node


class BinaryOp(_Node):
    kind: Literal["binary"] = "binary"
    op: BinaryOperator
    left: Node
    right: Node


Node = Annotated[
    Constant | StandardDice | SuccessPool | NamedDice | Negation | BinaryOp,
    Field(discriminator="kind"),
]
DiceNode = StandardDice | SuccessPool | NamedDice

Negation.model_rebuild()
BinaryOp.model_rebuild()


class Expression(_Node):
    """A parsed expression. `text` is the normalised input (with its comment): parsing
    it again gives the same tree, which is what lets a Re-roll button carry only the
    text. `comment` is what followed a `#` (`3d6 # fireball`)."""

    text: str
    root: Node
    comment: str = ""


def dice_nodes(node: Node) -> list[DiceNode]:
    """The dice groups of an expression, left to right, as the roller shows them."""
    match node:
        case Constant():
            return []
        case Negation(operand=operand):
            return dice_nodes(operand)
        case BinaryOp(left=left, right=right):
            return dice_nodes(left) + dice_nodes(right)
        case _:
            return [node]


def parse(text: str, dice: Mapping[str, Die]) -> Expression:
    """Read an expression, or raise RuleError with one sentence on what is allowed."""
    check_length(text)
    body, _, comment = text.partition("#")
    normal = " ".join(body.lower().split())
    comment = " ".join(comment.split())
    if not normal:
        raise _syntax_error()
    rolled = _shorthand(normal, dice)
    root: Node | None = None
    for sign, chunk in _split_terms(rolled, tuple(sorted(dice))):
        term = _parse_term(chunk, dice)
        if root is None:
            root = Negation(operand=term) if sign == "-" else term
        else:
            root = BinaryOp(op=sign, left=root, right=term)
    assert root is not None
    check_total_dice(sum(group.count for group in dice_nodes(root)))
    return Expression(text=f"{normal} # {comment}" if comment else normal, root=root,
                      comment=comment)


# --- what people already type (Avrae, Dice Maiden) -----------------------------------

_ADVANTAGE = re.compile(r"\s+(adv|advantage|dis|disadvantage)$")
_EXPLODE = re.compile(r"(\d*)d(\d+)\s*(?:!|e(\d+))")
_ONE_D20 = re.compile(r"(?<![0-9a-z])1?d20(?![0-9a-z])")
_FUDGE = re.compile(r"(?<![0-9a-z])(\d*)df(?![0-9a-z])")
COLOUR_LETTERS = {"y": "yellow", "o": "orange", "r": "red", "k": "black"}
"""Hellboy shorthand: `yyr` is two yellow Attack Dice and a red (k is black, as in CMYK)."""


def _shorthand(normal: str, dice: Mapping[str, Die]) -> str:
    """Rewrite the forms other dice bots taught people into this grammar: advantage and
    disadvantage on a d20, Fudge dice, and the Hellboy colour shorthand. Exploding dice
    are read as their own term (`_exploding`)."""
    found = _ADVANTAGE.search(normal)
    if found:
        normal = normal[:found.start()]
        if len(_ONE_D20.findall(normal)) != 1:
            raise RuleError("Advantage and disadvantage need exactly one 1d20 in the roll,"
                            " like 1d20+5 adv.")
        keep = "2d20kh1" if found.group(1).startswith("adv") else "2d20kl1"
        normal = _ONE_D20.sub(keep, normal)
    if "fudge" in dice:
        normal = _FUDGE.sub(lambda m: f"{m.group(1) or 1} fudge", normal)
    return _colours(normal, dice)


def _colours(normal: str, dice: Mapping[str, Die]) -> str:
    """`yyr` or `yellow yellow red` as `2 yellow + 1 red`, in any term joined by +."""
    if not all(c in dice for c in COLOUR_LETTERS.values()) or "(" in normal:
        return normal
    return " + ".join(_colour_term(t.strip(), dice) for t in normal.split("+"))


def _colour_term(normal: str, dice: Mapping[str, Die]) -> str:
    words = normal.split()
    if len(words) == 1 and len(normal) > 1 and set(normal) <= set(COLOUR_LETTERS):
        words = [COLOUR_LETTERS[c] for c in normal]
    elif len(words) < 2 or not all(w in dice for w in words):
        return normal
    counts: dict[str, int] = {}
    for w in words:
        counts[w] = counts.get(w, 0) + 1
    return " + ".join(f"{n} {name}" for name, n in counts.items())


# --- splitting into terms -------------------------------------------------------

_BINARY_AFTER = re.compile(r"[0-9a-z_)\]!]$")


@lru_cache(maxsize=16)
def _name_pattern(names: tuple[str, ...]) -> re.Pattern[str] | None:
    """Known names as whole words, longest first, so a hyphen inside a name is not
    read as a minus sign."""
    if not names:
        return None
    alternatives = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
    return re.compile(rf"(?<![a-z0-9_])(?:{alternatives})(?![a-z0-9_])")


def _split_terms(text: str, names: tuple[str, ...]) -> list[tuple[Literal["+", "-"], str]]:
    """Split at + and - outside parentheses and outside die names. A sign right after
    another operator (``2*-1``) belongs to its term, as in ordinary arithmetic."""
    pattern = _name_pattern(names)
    protected: set[int] = set()
    if pattern is not None and "-" in text:
        for match in pattern.finditer(text):
            protected.update(range(match.start(), match.end()))
    terms: list[tuple[Literal["+", "-"], str]] = []
    sign: Literal["+", "-"] = "+"
    start = depth = 0
    for i, char in enumerate(text):
        if char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
        elif char in "+-" and depth == 0 and i not in protected:
            before = text[start:i].strip()
            if before and _BINARY_AFTER.search(before):
                terms.append((sign, before))
                sign = "+" if char == "+" else "-"
                start = i + 1
    terms.append((sign, text[start:].strip()))
    return terms


# --- one term ----------------------------------------------------------------------

_NAMED = re.compile(r"(?:(\d+)\s*)?([a-z][a-z0-9_-]*)")
_POOL = re.compile(r"(\d*)d(\d+)\s*>=\s*(\d+)")
_DROP = re.compile(r"(?<=\d)d(?=[hl]\d)")
_DICE_LIKE = re.compile(r"d\d")


def _parse_term(chunk: str, dice: Mapping[str, Die]) -> Node:
    named = _NAMED.fullmatch(chunk)
    if named and _DICE_LIKE.match(named.group(2)):
        named = None  # standard notation always wins: 2d6 is two six-sided dice
    if named and named.group(2) in dice:
        count = int(named.group(1) or 1)
        die = dice[named.group(2)]
        check_count(count, f"{die.name} dice")
        return NamedDice(count=count, die=die)
    pool = _POOL.fullmatch(chunk)
    if pool:
        return _pool(int(pool.group(1) or 1), int(pool.group(2)), int(pool.group(3)))
    boom = _EXPLODE.fullmatch(chunk)
    if boom:
        return _exploding(int(boom.group(1) or 1), int(boom.group(2)), boom.group(3))
    if _EXPLODE.search(chunk):
        raise RuleError("An exploding die is a term of its own, like 3d6! + 2 or 1d6e5;"
                        " it can't be kept, dropped, multiplied or put in parentheses.")
    if named:
        known = f"the named dice are {', '.join(sorted(dice))}, and " if dice else ""
        raise RuleError(
            f"I don't know a die called '{named.group(2)}'; {known}standard dice look like 2d6."
        )
    return _standard(chunk)


def _exploding(count: int, sides: int, on: str | None) -> StandardDice:
    check_count(count, "dice")
    check_sides(sides)
    threshold = sides if on is None else int(on)
    if not 2 <= threshold <= sides:
        raise RuleError(f"A d{sides} can explode on 2 to {sides} (it rolls again on that or"
                        f" more), like 1d{sides}e{sides} or 1d{sides}!.")
    return StandardDice(count=count, sides=sides, explode=threshold)


def _pool(count: int, sides: int, threshold: int) -> SuccessPool:
    check_count(count, "dice")
    check_sides(sides)
    if not 1 <= threshold <= sides:
        raise RuleError(
            f"A success pool's target must be between 1 and {sides}, like 6d6>=4."
        )
    return SuccessPool(count=count, sides=sides, threshold=threshold)


@lru_cache(maxsize=1024)
def _standard(chunk: str) -> Node:
    """d20 parses; we convert. Cached (bounded: the text comes from anyone) because
    the same few rolls repeat all evening."""
    try:
        tree = d20.parse(_DROP.sub("p", chunk))
    except d20.RollError:
        raise _syntax_error() from None
    return _convert(tree.roll)


def _convert(node: object) -> Node:
    ast = d20.ast
    if isinstance(node, ast.Literal):
        if not isinstance(node.value, int):
            raise RuleError("Rolls use whole numbers only, like 1d6+2.")
        check_number(node.value)
        return Constant(value=node.value)
    if isinstance(node, ast.Parenthetical):
        return _convert(node.value)
    if isinstance(node, ast.UnOp):
        operand = _convert(node.value)
        return Negation(operand=operand) if node.op == "-" else operand
    if isinstance(node, ast.BinOp):
        return _binary(node.op, _convert(node.left), _convert(node.right))
    if isinstance(node, ast.Dice):
        return _dice(node, None)
    if isinstance(node, ast.OperatedDice):
        return _dice(node.value, _keep(node.operations))
    if isinstance(node, ast.AnnotatedNumber):
        raise RuleError("Labels in square brackets aren't supported; write just the dice.")
    raise RuleError("Sets like (1d6, 1d8) aren't supported; roll each group separately.")


def _binary(op: str, left: Node, right: Node) -> Node:
    if op in {">=", "<=", ">", "<", "==", "!="}:
        raise RuleError("Comparisons are only for success pools, written like 6d6>=4.")
    if op in {"+", "-", "*"}:
        return BinaryOp(op=op, left=left, right=right)
    if op in {"/", "//"}:
        divisor = _constant_value(right)
        if divisor is None or divisor <= 0:
            raise RuleError("You can divide only by a positive whole number, like 1d6/2.")
        return BinaryOp(op="/", left=left, right=Constant(value=divisor))
    raise RuleError("Rolls can add, subtract, multiply and divide (+ - * /).")


def _constant_value(node: Node) -> int | None:
    """The value of a dice-free subexpression, so `1d6/(1+1)` divides by 2."""
    match node:
        case Constant(value=value):
            return value
        case Negation(operand=operand):
            inner = _constant_value(operand)
            return None if inner is None else -inner
        case BinaryOp(op=op, left=left, right=right):
            a, b = _constant_value(left), _constant_value(right)
            return None if a is None or b is None else APPLY[op](a, b)
        case _:
            return None


def _dice(node: d20.ast.Dice, keep: Keep | None) -> StandardDice:
    if node.size == "%":
        raise RuleError("Write percentile dice as 1d100.")
    check_count(node.num, "dice")
    check_sides(node.size)
    if keep is not None:
        limit = node.num if keep.mode == "k" else node.num - 1
        lowest = 1 if keep.mode == "k" else 0
        if not lowest <= keep.n <= limit:
            verb = "keep" if keep.mode == "k" else "drop"
            raise RuleError(
                f"With {node.num} {'die' if node.num == 1 else 'dice'} you can {verb} "
                f"{lowest} to {limit} of them, not {keep.n}."
            )
    return StandardDice(count=node.num, sides=node.size, keep=keep)


def _keep(operations: list[d20.ast.SetOperator]) -> Keep:
    only = "After dice you can use one keep or drop rule: kh, kl, dh or dl, like 4d6kh3."
    if len(operations) != 1 or len(operations[0].sels) != 1:
        raise RuleError(only)
    operation, selector = operations[0], operations[0].sels[0]
    if operation.op not in {"k", "p"} or selector.cat not in {"h", "l"}:
        raise RuleError(only)
    return Keep(mode="k" if operation.op == "k" else "d", end=selector.cat, n=selector.num)


def _syntax_error() -> RuleError:
    return RuleError(
        "I couldn't read that roll; write standard dice like 2d6+3 or 4d6kh3, "
        "named dice like 3 red + blue, or a success pool like 6d6>=4."
    )
