"""The card-play menu in steps: the card, then its target, then whatever else it names.

A hand of a few cards can be hundreds of legal plays (Plaything swaps any two of a
figure's statistics, a portal card names any square), far more than a select's 25
options. So the menu never cuts plays off: while more than 25 plays agree with
what the player has picked so far, it offers the next choice that tells them
apart — which card, which figure, which seat, which option, which statistics,
and for squares the band of tiles, the tile, then the square — and every option
either is a play or narrows to fewer. Each step after the board's is sent to the
player alone (`bot.errors.ChooseFurther`).

A narrowing option's value is `k:` and the picks so far (`c=plaything|t=h1`); the
presenter turns it into the next step, from the legal plays of the moment.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from bot.games.hellraiser.codes import STALE, VALUE_CODE, encode
from bot.games.hellraiser.labels import any_card_name, figure_name, label
from engines.core.errors import RuleError
from engines.hellraiser.board import square_name, tile_at, tile_index
from engines.hellraiser.models import HellraiserState, PlayCard
from engines.hellraiser.stats import LABEL

MAX_OPTIONS = 25
"""A select's options."""
FLAT = MAX_OPTIONS
"""At most this many plays are listed as they are; more are narrowed first."""
NARROW = "k:"


@dataclass(frozen=True)
class Step:
    """One select's worth: its prompt and (label, value, description) options."""

    prompt: str
    options: list[tuple[str, str, str]]


def _square_band(a: PlayCard) -> str:
    return str(a.square[1] // 3) if a.square is not None else ""


def _square_tile(a: PlayCard) -> str:
    return str(tile_index(a.square)) if a.square is not None else ""


Key = Callable[[PlayCard], str]
DIMENSIONS: tuple[tuple[str, Key, str], ...] = (
    ("c", lambda a: a.card, "the card"),
    ("t", lambda a: a.target or "", "who"),
    ("e", lambda a: "" if a.seat is None else str(a.seat), "which player"),
    ("o", lambda a: a.option or "", "which option"),
    ("s", lambda a: a.stat or "", "which statistic"),
    ("s2", lambda a: a.stat2 or "", "and which other"),
    ("b", _square_band, "which rows of the map"),
    ("q", _square_tile, "which tile"),
)
"""The order the choices come in, each with what it asks."""
KEYS = {name: key for name, key, _ in DIMENSIONS}


def plays(legal: Sequence[object]) -> list[PlayCard]:
    return [a for a in legal if isinstance(a, PlayCard) and len(encode(a)) <= VALUE_CODE]


def parse_path(value: str) -> list[tuple[str, str]]:
    """`k:c=x|t=h1` → [("c", "x"), ("t", "h1")]; a RuleError for anything else."""
    if not value.startswith(NARROW):
        raise RuleError(STALE)
    path = []
    for part in value[len(NARROW):].split("|"):
        name, sep, picked = part.partition("=")
        if not sep or name not in KEYS:
            raise RuleError(STALE)
        path.append((name, picked))
    return path


def _code(path: list[tuple[str, str]]) -> str:
    return NARROW + "|".join(f"{name}={picked}" for name, picked in path)


def step(s: HellraiserState, legal: Sequence[object], path: list[tuple[str, str]]) -> Step:
    """The options after `path`: the plays themselves when 25 or fewer agree with it,
    else one option per value of the first choice that still tells them apart."""
    agreeing = [a for a in plays(legal) if all(KEYS[n](a) == v for n, v in path)]
    if not agreeing:
        raise RuleError("That card can't be played that way any more; use the newest board.")
    if len(agreeing) <= FLAT:
        return Step(_prompt(s, path, "pick the play"),
                    [(label(s, a), encode(a), "") for a in agreeing])
    for name, key, asks in DIMENSIONS:
        values = list(dict.fromkeys(key(a) for a in agreeing))
        if len(values) < 2 or any(n == name for n, _ in path):
            continue
        options = []
        for picked in values:
            group = [a for a in agreeing if key(a) == picked]
            if len(group) == 1:
                options.append((label(s, group[0]), encode(group[0]), ""))
                continue
            deeper = [*path, (name, picked)]
            options.append((_group_label(s, name, picked, group[0]), _code(deeper),
                            f"{len(group)} ways: choose next"))
        return Step(_prompt(s, path, f"choose {asks}"), options[:MAX_OPTIONS])
    return Step(_prompt(s, path, "pick the play"), [(label(s, a), encode(a), "")
                                                     for a in agreeing[:MAX_OPTIONS]])


def _prompt(s: HellraiserState, path: list[tuple[str, str]], asks: str) -> str:
    picked = [_group_label(s, n, v, None) for n, v in path]
    if not picked:
        return f"🃏 Play a card: {asks}…"
    return f"🃏 {' · '.join(picked)}: {asks}…"


def _group_label(s: HellraiserState, name: str, picked: str, play: PlayCard | None) -> str:
    if name == "c":
        return any_card_name(picked)
    if name == "t":
        return figure_name(s, picked) if picked else "no one"
    if name == "e":
        return s.names[int(picked)] if picked.isdigit() and int(picked) < s.seats else "no seat"
    if name in ("s", "s2"):
        return next((text for stat, text in LABEL.items() if stat == picked), "no statistic")
    if name == "b":
        if not picked.isdigit():
            return "no square"
        first = int(picked) * 3 + 1
        return f"rows {first}–{first + 2}"
    if name == "q":
        if play is not None and play.square is not None and s.board is not None:
            index = tile_index(play.square)
            x, y = index % 6 * 3, index // 6 * 3
            return f"{tile_at(s.board, play.square).name} ({square_name((x, y))}…)"
        return f"tile {picked}" if picked else "no square"
    return picked.capitalize() if picked else "none"
