"""A menu in steps, for any kind of play too many for one select's 25 options.

While more than `FLAT` plays agree with what the player has picked so far, the
menu offers the next choice that tells them apart (a kind's `dimensions`, in
order: which card, which figure, which tile, ...), one option per value, and
every option either is a play or narrows to fewer. A choice with more values
than a select holds is left for a later one (after the rows of the map, the
tiles in them), so no option is ever cut off. Each step after the board's is
sent to the player alone (`bot.errors.ChooseFurther`).

A narrowing option's value is `k:` and the picks so far (`c=plaything|t=h1`);
the presenter turns it into the next step, from the legal plays of the moment.
The card menu (`card_menu`) and the move and attack menus (`move_menu`) are
kinds of it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from bot.games.hellraiser.codes import STALE, encode
from engines.core.errors import RuleError
from engines.hellraiser.board import square_name, tile_at, tile_index
from engines.hellraiser.models import Action, HellraiserState

MAX_OPTIONS = 25
"""A select's options."""
FLAT = MAX_OPTIONS
"""At most this many plays are listed as they are; more are narrowed first."""
NARROW = "k:"

P = TypeVar("P", bound=Action)


@dataclass(frozen=True)
class Step:
    """One select's worth: its prompt and (label, value, description) options."""

    prompt: str
    options: list[tuple[str, str, str]]


@dataclass(frozen=True)
class Dimension(Generic[P]):
    """One choice a kind of play may be told apart by: its name in a path, the value
    of a play, and what the prompt asks."""

    name: str
    key: Callable[[P], str]
    asks: str


GroupLabel = Callable[[HellraiserState, str, str, "Action | None"], str]
"""An option's label for a group: the state, a dimension's name, the value picked,
and a play of the group (None in a prompt)."""


@dataclass(frozen=True)
class Kind(Generic[P]):
    """A kind of play in steps: the prompt's head, its dimensions in the order they
    are asked, how a play and a group are labelled."""

    icon: str
    head: str
    """The first prompt's words ("Play a card"); later prompts name the picks instead."""
    pick: str
    """What the last step asks ("pick the play")."""
    dimensions: tuple[Dimension[P], ...]
    label: Callable[[HellraiserState, P], str]
    group_label: GroupLabel

    def parse_path(self, value: str) -> list[tuple[str, str]]:
        """`k:c=x|t=h1` → [("c", "x"), ("t", "h1")]; `k:` alone is the menu's first step
        (the board's door to a menu shown privately); a RuleError for anything else."""
        if not value.startswith(NARROW):
            raise RuleError(STALE)
        if value == NARROW:
            return []
        names = {d.name for d in self.dimensions}
        path = []
        for part in value[len(NARROW):].split("|"):
            name, sep, picked = part.partition("=")
            if not sep or name not in names:
                raise RuleError(STALE)
            path.append((name, picked))
        return path

    def step(self, s: HellraiserState, plays: Sequence[P], path: list[tuple[str, str]]) -> Step:
        """The options after `path`: the plays themselves when `FLAT` or fewer agree
        with it, else one option per value of the first choice that tells them apart
        and fits a select."""
        keys = {d.name: d.key for d in self.dimensions}
        agreeing = [a for a in plays if all(keys[n](a) == v for n, v in path)]
        if not agreeing:
            raise RuleError("That can't be done that way any more; use the newest board.")
        if len(agreeing) <= FLAT:
            return Step(self._prompt(s, path, self.pick),
                        [(self.label(s, a), encode(a), "") for a in agreeing])
        for dim in self.dimensions:
            values = list(dict.fromkeys(dim.key(a) for a in agreeing))
            if not 2 <= len(values) <= MAX_OPTIONS or any(n == dim.name for n, _ in path):
                continue
            options = []
            for picked in values:
                group = [a for a in agreeing if dim.key(a) == picked]
                if len(group) == 1:
                    options.append((self.label(s, group[0]), encode(group[0]), ""))
                    continue
                deeper = [*path, (dim.name, picked)]
                options.append((self.group_label(s, dim.name, picked, group[0]), _code(deeper),
                                f"{len(group)} ways: choose next"))
            return Step(self._prompt(s, path, f"choose {dim.asks}"), options)
        return Step(self._prompt(s, path, self.pick),
                    [(self.label(s, a), encode(a), "") for a in agreeing[:MAX_OPTIONS]])

    def _prompt(self, s: HellraiserState, path: list[tuple[str, str]], asks: str) -> str:
        picked = [self.group_label(s, n, v, None) for n, v in path]
        return f"{self.icon} {' · '.join(picked) if picked else self.head}: {asks}…"


def _code(path: list[tuple[str, str]]) -> str:
    return NARROW + "|".join(f"{name}={picked}" for name, picked in path)


def square_band(square: tuple[int, int] | None) -> str:
    """The band of three rows of tiles a square is in ("" for none)."""
    return str(square[1] // 3) if square is not None else ""


def square_tile(square: tuple[int, int] | None) -> str:
    return str(tile_index(square)) if square is not None else ""


def band_label(picked: str) -> str:
    if not picked.isdigit():
        return "no square"
    first = int(picked) * 3 + 1
    return f"rows {first}–{first + 2}"


def tile_label(s: HellraiserState, picked: str) -> str:
    """A tile by its name and first square, from its index."""
    if not picked.isdigit() or s.board is None:
        return f"tile {picked}" if picked else "no square"
    index = int(picked)
    corner = (index % 6 * 3, index // 6 * 3)
    return f"{tile_at(s.board, corner).name} ({square_name(corner)}…)"
