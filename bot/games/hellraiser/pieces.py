"""From a Hellraiser state to the picture's pieces (`picture`).

Built from the engine's public view (`view(state, None)`), so nothing hidden
can reach the picture: Humans in their seat colours with initials and their
conditions, Skinned Humans, Cenobites, Creatures, corpses, dropped items,
used room items and the squares where someone was dragged to Hell. The
gateway comes with the board itself.
"""

from __future__ import annotations

from typing import Any

from bot.games.hellraiser.picture import SEAT_COLOURS, Corpse, Figure, Pieces
from bot.models import GameRow
from bot.render import per_version
from engines.hellraiser import ENGINE
from engines.hellraiser.models import HellraiserState

PUBLIC_VIEW = "hellraiser public view"


def public_view(game: GameRow, state: HellraiserState) -> dict[str, Any]:
    """What everyone may see (`view(state, None)`), once per version: the board's embed
    and its picture both read it (about 90 µs each time). Shared: never changed."""
    return per_version.once(game, state, PUBLIC_VIEW, lambda: ENGINE.view(state, None))


SEAT_SQUARES: tuple[str, ...] = ("🟥", "🟦", "🟩", "🟧", "🟪", "🩵")

STATUS_WORDS: dict[str, str] = {
    "paralysed": "paralysed",
    "insane": "insane",
    "braindead": "braindead",
    "degenerate": "degenerate",
    "robot": "robot",
    "stunned": "stunned",
    "in chains": "trapped",
    "wearing a skin": "skin",
}
"""The view's words for a figure's conditions → the picture's status marks."""


def initials(name: str, taken: set[str]) -> str:
    """Up to three characters for a figure's disc: two letters of a one-word name, the
    initials of a longer one ('The Female Cenobite' → 'FC'); a clash gets a number."""
    words = [w for w in "".join(c if c.isalnum() else " " for c in name).split()
             if w.lower() != "the"]
    if not words:
        base = "?"
    elif len(words) == 1:
        base = words[0][:2].capitalize()
    else:
        base = "".join(w[0].upper() for w in words[:2])
    label = base
    n = 2
    while label in taken:
        label = f"{base[:2]}{n}"[:3] if n < 10 else f"{base[0]}{n}"[:3]
        n += 1
    taken.add(label)
    return label


def seat_colour(seat: int | None) -> int | None:
    if seat is None or seat < 0:
        return None
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def figure_labels(view: dict[str, Any]) -> dict[str, str]:
    """A disc label per figure id, unique on the board (Humans claim theirs first)."""
    taken: set[str] = set()
    labels: dict[str, str] = {}
    ordered = sorted(view["figures"], key=lambda f: f["kind"] != "human")
    for f in ordered:
        labels[f["id"]] = initials(f["name"], taken)
    return labels


def pieces(state: HellraiserState, view: dict[str, Any] | None = None) -> Pieces:
    view = view if view is not None else ENGINE.view(state, None)
    labels = figure_labels(view)
    figures: list[Figure] = []
    corpses: list[Corpse] = []
    for f in view["figures"]:
        if f["square"] is None:
            continue
        square = (f["square"][0], f["square"][1])
        status = tuple(dict.fromkeys(
            STATUS_WORDS[w] for w in f["states"] if w in STATUS_WORDS))
        if f["states"] and any(w.startswith("pinned") for w in f["states"]):
            status = (*status, "restrained")
        if f["kind"] == "human" and f["condition"] == "corpse":
            corpses.append(Corpse(square=square, label=labels[f["id"]], name=f["name"][:40]))
            continue
        if f["kind"] == "human":
            kind = "skinned" if f["condition"] == "skinned" else "human"
            if f["condition"] == "mad":
                status = (*status, "insane")
        else:
            kind = f["kind"]
        figures.append(Figure(
            kind=kind, square=square, label=labels[f["id"]], name=f["name"][:40],
            colour=seat_colour(f["seat"]) if f["kind"] == "human" else None,
            status=tuple(dict.fromkeys(status)),
        ))
    return Pieces(
        figures=tuple(figures),
        corpses=tuple(corpses),
        items=tuple((i["square"][0], i["square"][1]) for i in view["floor"]),
        used_furniture=tuple((u[0], u[1]) for u in view["used_furniture"]),
        dragged_to_hell=tuple((d[0], d[1]) for d in view["dragged_to_hell"]),
    )
