"""Hellraiser — a pure engine for curufea's fan game (key ``hellraiser``).

The game is by curufea under CC BY-NC-SA 2.5 AU; house data (tiles, cards,
Named Cenobite powers) is marked `verified: false` in the packs. Rules, house
rules and how to play with the bot: docs/games/hellraiser.md.

Public surface, for renderers and cogs:

- ``ENGINE`` (a ``HellraiserEngine``; the bot lists it in its manifest) implements
  ``engines.core.protocol.Engine``. Flow: every seat submits ``CreateCharacter``
  (18 points, each statistic 1-6; option ``quick_start`` skips it), then the
  map is laid one tile per chance node, then rounds of turns.
- Options (``HellraiserOptions``): ``mode`` "digital" | "physical", ``preset``
  (the balanced numbers live in ``balance``), ``max_rounds`` and
  ``limit_outcome`` (the house limit), ``lost_souls``, ``creatures``,
  ``quick_start``, ``max_dice``.
- Actions (``Action``, discriminated on ``type``): see ``models``.
- Chance: dice are one item per die ("1".."6"); a card draw is one item over
  the cards left (physical mode: the card drawn from the printed house deck);
  a map tile is the map engineer's (tile, spot, turn) item triple.
- ``view(state, seat)``: public board facts, the seat's own hand and visions.
- AI (``ai.choose``), simulation (``simulate.simulate`` / ``format_stats``).
"""

from engines.hellraiser.cards import catalogue
from engines.hellraiser.engine import HellraiserEngine
from engines.hellraiser.models import Action, HellraiserOptions, HellraiserState
from engines.hellraiser.powers import check_pack

catalogue()  # the decks and Named Cenobites are read once, at start-up
check_pack()
ENGINE = HellraiserEngine()

__all__ = ["ENGINE", "Action", "HellraiserEngine", "HellraiserOptions", "HellraiserState"]
