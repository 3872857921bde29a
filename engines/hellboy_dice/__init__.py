"""Hellboy: The Dice Game — a pure engine (key ``hellboy-dice``).

Public surface, for renderers and cogs:

- ``ENGINE`` (a ``HellboyDiceEngine``, registered on import) implements
  ``engines.core.protocol.Engine``: ``setup``, ``to_move``, ``legal_actions``,
  ``apply``, ``chance``/``resolve`` (every roll and draw is a chance node),
  ``view`` (the board as a dict: card in play, dice on it, hand by colour,
  Wounds, Clues this turn, scoreboard, whose turn, ``phase`` and ``prompt``),
  ``result`` and ``ai_action``.
- Options (``HellboyOptions``): ``mode`` "digital" | "physical", ``target``
  (15), ``pack`` (a group's uploaded dice and deck, embedded by the table as a
  ``ChosenPack[HellboyPack]``), ``deck_path`` / ``dice_path`` (the operator's
  files), and the house switches documented in docs/games/hellboy-dice.md.
- Actions (``Action``, discriminated on ``type``): ``Explore``,
  ``Attack(dice=("yellow", "red"))`` (one to three colours), ``ChooseX2(die=i)``
  and ``ChooseReroll(die=i | None)`` (indices into the roll), ``BraveMove(accept)``,
  ``LuckyFind(die=colour | None)``, ``EndTurn``.
- Events (``models``): subclasses of ``Event`` with a ``type`` literal and a
  plain ``text`` — ``dice_rolled`` and ``attack_resolved`` carry the faces.
- Physical mode: a card draw is an open chance item; report it as
  ``room clues=1 fight=3 skulls=1``, ``boss clues=3 fight=8 skulls=2
  effects=no_bursts``, ``event brave_move`` or a card id of the loaded pack.
  Dice are reported by face label, as for every die.
- Odds (``odds``): ``attack_odds(state, dice)`` — the exact chance this attack
  defeats the card (and knocks the player out); ``draw_risk(state)`` — the exact
  chance the next card ends the turn Knocked Out (under the AI's attack policy)
  and its expected Clues. The first call per process builds tables (~35 ms);
  ``warm_up(state)`` does it ahead of time, after which each figure takes µs.
- AI (``ai.choose``, also ``ENGINE.ai_action``), simulation
  (``simulate.simulate(players, games, seed)`` / ``format_stats``);
  ``ENGINE.apply_quiet`` / ``resolve_quiet`` run the same rules without
  building events, for simulations.
"""

from engines.hellboy_dice.engine import HellboyDiceEngine
from engines.hellboy_dice.models import (
    Action,
    Attack,
    BraveMove,
    ChooseReroll,
    ChooseX2,
    EndTurn,
    Explore,
    HellboyOptions,
    HellboyState,
    LuckyFind,
)
from engines.registry import register

ENGINE = HellboyDiceEngine()
register(ENGINE)

__all__ = [
    "ENGINE",
    "Action",
    "Attack",
    "BraveMove",
    "ChooseReroll",
    "ChooseX2",
    "EndTurn",
    "Explore",
    "HellboyDiceEngine",
    "HellboyOptions",
    "HellboyState",
    "LuckyFind",
]
