"""Hellboy: The Board Game, a companion (key ``hellboy-board``).

The board game's full rules are not public; the seed is one card (Unexpected
Threats and Krampus). So this engine is a companion for a group playing with its
own box: it keeps the bookkeeping (agents with action cubes and damage, enemies
typed in from their cards, the HQ tracks, the round's phases, the Deck of Doom),
rolls the board game's dice with exact odds (``roller``), and enforces every
rule the Krampus card states. What it does not know is listed in ``unknowns``
and on the board, and left to the players.

Public surface, for renderers and cogs:

- ``ENGINE`` (an ``HBBoardEngine``; the bot's list of games registers it): the protocol, with
  ``to_move`` = every seat while nothing is pending (shared control),
  ``waiting_for`` = the player whose test dice are due, else nobody;
  ``correction_adapter`` / ``correct`` for GM corrections (``actions.Correction``).
- Options (``HBBoardOptions``): ``mode``, ``leave_discard`` ("each" | "may"),
  ``wild_melee`` (None = as transcribed), ``dice_path``, ``pack`` (a server's pack,
  ``ChosenPack[HBBoardPack]``: enemy and threat cards laid over the built-in
  presets, dice faces; ``ENGINE.pack_model`` is ``HBBoardPack``).
- Actions (``actions.Action``, discriminated on ``type``) and events
  (``models.HBEvent``: ``type``, ``text``, and ``rule`` naming the rule row).
- Chance: a test's dice are dice (``source='die'``, reported by the agent's
  player); a Doom or Behaviour draw is a card (``source='card'``, any player).
- ``view`` is the board as a dict, with ``prompt``, ``warnings`` and ``unknowns``.
- ``roller``: ``build_pool``, ``settle``, ``total_distribution`` and
  ``damage_distribution`` (exact odds, with a damage cap when one applies);
  ``odds.test_odds(state, Test(...))`` for a declared test against its target,
  validated like the test itself and spending nothing.
"""

from engines.hellboy_board.actions import Action, Correction
from engines.hellboy_board.cards import EnemyCard, PresetLibrary, ThreatCard, builtin_library
from engines.hellboy_board.engine import HBBoardEngine
from engines.hellboy_board.models import HBBoardOptions, HBBoardState, HBEvent
from engines.hellboy_board.pack import HBBoardPack

ENGINE = HBBoardEngine()

__all__ = [
    "ENGINE",
    "Action",
    "Correction",
    "EnemyCard",
    "HBBoardEngine",
    "HBBoardOptions",
    "HBBoardPack",
    "HBBoardState",
    "HBEvent",
    "PresetLibrary",
    "ThreatCard",
    "builtin_library",
]
