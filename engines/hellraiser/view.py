"""What a seat may see.

Public: the map and its changes, every figure with its statistics, items
carried and on the floor, used room items, deck sizes, lasting effects, whose
turn it is and what the table waits for. Private: a seat's own hand (Action
cards for Humans, Leviathan cards for Leviathan players) and what their own
Vision or Channard's notes showed them; other seats show only how many cards
they hold. A spectator (`seat=None`) sees the public part.
"""

from __future__ import annotations

from typing import Any

from engines.hellraiser.cards import DECKS
from engines.hellraiser.gateway import current_difficulty
from engines.hellraiser.models import (
    PHANTOM,
    Choice,
    Draw,
    Figure,
    HellraiserState,
    LayMap,
    LayTile,
    Roll,
)
from engines.hellraiser.query import (
    cat,
    controller,
    effects,
    hand,
    leviathan_lead,
    role,
    seat_name,
    stunned,
    turn_controller,
    turn_figure,
)
from engines.hellraiser.stats import get
from engines.hellraiser.tiles import STATS

LICENCE = ("Hellraiser, a fan game by curufea (CC BY-NC-SA 2.5 AU); house tiles, cards and"
           " Cenobite powers by Pandemonium.")


def _states(s: HellraiserState, f: Figure) -> list[str]:
    """Plain-language conditions for the character sheet."""
    out: list[str] = []
    if f.kind == "human" and f.condition in ("alive", "skinned"):
        labels = {"strength": "can't use items", "speed": "paralysed", "creativity": "insane",
                  "wits": "braindead", "morality": "degenerate", "willpower": "robot"}
        out += [labels[st] for st in STATS if get(f.stats, st) == 0]
        if f.condition == "alive" and leviathan_lead(s) is not None \
                and f.seat is not None and controller(s, f) != f.seat:
            out.append("controlled by Leviathan")
    if f.kind == "creature":
        if get(f.stats, "strength") == 0:
            out.append("can't attack")
        if get(f.stats, "speed") == 0:
            out.append("paralysed")
    if stunned(s, f):
        out.append("stunned")
    if f.pinned:
        out.append(f"pinned ({f.pinned})")
    if f.chained:
        out.append("in chains")
    if f.skin:
        out.append("wearing a skin")
    if any(effects(s, "personal_hell", f.id)):
        out.append("in a Personal Hell")
    return out


def _figure(s: HellraiserState, f: Figure) -> dict[str, Any]:
    names = cat().search
    stats = {st: get(f.stats, st) for st in STATS}
    if f.kind == "cenobite":
        stats.pop("speed")
    if f.kind == "creature":
        stats = {"strength": stats["strength"], "speed": stats["speed"]}
    return {
        "id": f.id, "kind": f.kind, "name": f.name, "seat": f.seat, "condition": f.condition,
        "square": list(f.square) if f.square is not None else None,
        "stats": stats, "start": {st: get(f.start, st) for st in stats},
        "items": [{"card": i.card, "name": names[i.card].name, "used": i.used} for i in f.items],
        "power": f.power, "states": _states(s, f), "watch": f.watch,
        "watch_rounds": f.watch_rounds,
    }


def _card(deck: str, card: str) -> dict[str, Any]:
    spec = getattr(cat(), deck)[card]
    return {"deck": deck, "card": card, "name": spec.name, "text": spec.text,
            "house": not spec.verified}


def _waiting(s: HellraiserState) -> dict[str, Any] | None:
    if not s.pending:
        return None
    head = s.pending[0]
    if isinstance(head, Choice):
        return {"kind": "choice", "purpose": head.purpose, "seat": head.seat,
                "figure": head.figure, "options": list(head.options),
                "labels": list(head.labels)}
    if isinstance(head, Roll):
        return {"kind": "roll", "purpose": head.purpose, "seat": head.seat,
                "dice": list(head.groups), "labels": list(head.labels)}
    if isinstance(head, Draw):
        return {"kind": "draw", "deck": head.deck, "seat": head.seat}
    if isinstance(head, LayTile):
        return {"kind": "tile"}
    if isinstance(head, LayMap):
        return {"kind": "map"}
    return None


def _played(s: HellraiserState, deck: str) -> list[str]:
    """The names in a deck's discard pile and out of the game: each was played or shown
    in the open (a Clue takes from the Action discard by name), so a hand holding
    another copy keeps no secret by that name."""
    d = s.decks[deck]
    return sorted({_card(deck, c)["name"] for c in (*d.discard, *d.removed)})


def secrets(s: HellraiserState) -> dict[int, frozenset[str]]:
    """Each seat's hand (the house Leviathan's too, under `PHANTOM`) by card name and id,
    and what its Vision or Channard's notes showed it: the same private part
    `board_view` shows only to its seat."""
    out: dict[int, set[str]] = {}
    for seat, refs in s.hands.items():
        for ref in refs:
            deck, card = ref.split(":", 1)
            out.setdefault(seat, set()).update({card, _card(deck, card)["name"]})
    for seat, vision in s.visions.items():
        for card in vision.cards:
            names = [getattr(cat(), d)[card].name for d in DECKS if card in getattr(cat(), d)]
            out.setdefault(seat, set()).update({card, *names})
    return {seat: frozenset(words) for seat, words in out.items() if words}


def board_view(s: HellraiserState, seat: int | None) -> dict[str, Any]:
    b = s.board
    fig = turn_figure(s) if s.phase == "play" else None
    puzzle = None
    if s.puzzle is not None and b is not None and b.gateway is not None:
        puzzle = {"stat": s.puzzle.stat, "value": s.puzzle.value,
                  "difficulty": current_difficulty(s)}
    private: dict[str, Any] = {}
    if seat is not None:
        private = {
            "hand": [_card(*ref.split(":", 1)) for ref in hand(s, seat)],
            "vision": s.visions[seat].model_dump(mode="json") if seat in s.visions else None,
        }
    return {
        "game": "hellraiser",
        "licence": LICENCE,
        "mode": s.options.mode,
        "phase": s.phase,
        "round": s.round,
        "max_rounds": s.options.max_rounds,
        "turn": s.turn if s.phase == "play" else None,
        "turn_name": seat_name(s, s.turn) if s.phase == "play" else None,
        "controller": turn_controller(s) if s.phase == "play" else None,
        "turn_figure": fig.id if fig is not None else None,
        "flags": s.flags.model_dump(mode="json"),
        "waiting": _waiting(s),
        "seats": [
            {"seat": i, "name": n, "role": role(s, i), "created": s.created[i] is not None,
             "hand_size": len(hand(s, i)), "skinned_kills": s.skinned_kills.get(i, 0)}
            for i, n in enumerate(s.names)
        ],
        "house_leviathan": {"hand_size": len(hand(s, PHANTOM))} if s.phantom else None,
        "leviathans": list(s.leviathans),
        "leviathan_kills": s.leviathan_kills,
        "board": b.model_dump(mode="json") if b is not None else None,
        "tiles_laid": sum(p is not None for p in s.layout.spots) if s.layout else None,
        "gateway": list(b.gateway) if b is not None and b.gateway is not None else None,
        "puzzle": puzzle,
        "figures": [_figure(s, f) for f in s.figures],
        "floor": [{"square": list(f.square), "card": f.item.card,
                   "name": cat().search[f.item.card].name} for f in s.floor],
        "used_furniture": [list(u) for u in s.used_furniture],
        "dragged_to_hell": [list(sq) for sq in s.dragged],
        "decks": {d: {"left": s.decks[d].size(), "discard": sum(s.decks[d].discard.values()),
                      "out": sum(s.decks[d].removed.values()), "played": _played(s, d)}
                  for d in DECKS},
        "effects": [e.model_dump(mode="json") for e in s.effects],
        "winners": list(s.winners) if s.winners is not None else None,
        "summary": s.summary,
        **private,
    }
