"""Which of Hellbringer's legal moves become buttons and which go in menus.

A board has five rows: one for buttons (with 'My hand'), so at most four menus
of 25 options each. A seat with a few moves gets buttons; otherwise its quick
answers (end turn, pass, close the attack) stay buttons and the rest go in its
menus. Every seat that may act now is served: the ones the step waits for,
then allies who may react out of turn (`may_act`: a defence, a Resurrection)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bot.games.hellbringer import codes
from bot.games.hellbringer.labels import label
from bot.models import GameRow
from engines.hellbringer import ENGINE, HellbringerState
from engines.hellbringer.models import (
    CloseAttack,
    DiscardCard,
    EndTurn,
    EnterPortal,
    Pass,
    Respawn,
    Trade,
    TradeReply,
)

BUTTONS = 4
MENUS = 4
OPTIONS = 25
QUICK = (EndTurn, Pass, CloseAttack, Respawn, EnterPortal, TradeReply)
LAST = (EndTurn, DiscardCard, Trade)
"""Moves that come last in the menus (they are many: every discard set, every trade),
so the plays that matter are never cut off; `/hellbringer do` reaches them all."""


@dataclass
class Menu:
    seat: int
    placeholder: str
    options: list[tuple[str, str]] = field(default_factory=list)


@dataclass
class Moves:
    buttons: list[tuple[str, str, int]] = field(default_factory=list)
    menus: list[Menu] = field(default_factory=list)


def acting(game: GameRow, state: HellbringerState) -> list[int]:
    """The people (not AI seats) who may act now, the awaited ones first."""
    if game.status != "active" or state.winners is not None or ENGINE.chance(state) is not None:
        return []
    movers = ENGINE.to_move(state)
    reacting = [s for s in range(state.players) if s not in movers and ENGINE.may_act(state, s)]
    return [s for s in [*movers, *reacting] if s < len(game.seats) and not game.seats[s].ai]


def _quick(action: Any) -> bool:
    return isinstance(action, QUICK) and not (isinstance(action, EndTurn) and action.discard)


def _rank(action: Any) -> int:
    return next((i + 1 for i, kind in enumerate(LAST) if isinstance(action, kind)), 0)


def moves(game: GameRow, state: HellbringerState) -> Moves:
    found = Moves()
    for seat in acting(game, state):
        ranked = sorted(enumerate(ENGINE.legal_actions(state, seat)),
                        key=lambda pair: _rank(pair[1]))
        legal = [(label(state, a), codes.encode(i, a), _quick(a)) for i, a in ranked]
        room = BUTTONS - len(found.buttons)
        if len(legal) <= room:
            found.buttons += [(text, code, seat) for text, code, _ in legal]
            continue
        quick = [(text, code) for text, code, q in legal if q][:room]
        found.buttons += [(text, code, seat) for text, code in quick]
        rest = [(text, code) for text, code, _ in legal if (text, code) not in quick]
        name = game.seats[seat].shown
        for start in range(0, len(rest), OPTIONS):
            if len(found.menus) == MENUS:
                break
            part = len(found.menus) and f" ({start // OPTIONS + 1})"
            found.menus.append(Menu(seat, f"{name}: choose a move…{part or ''}",
                                    rest[start:start + OPTIONS]))
    return found
