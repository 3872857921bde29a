"""Hellbringer — a pure engine (key ``hellbringer``), co-operative, 1-4 players.

- ``ENGINE`` (a ``HellbringerEngine``; the bot's list of games registers it) implements the
  protocol. ``to_move`` is the seat a decision waits for (the active player,
  the attacked players in the defence window, a player choosing a point...);
  ``may_act`` adds out-of-turn reactions (allies' defences, a Resurrection) and,
  at a physical table, taking back a 📝 Show whose form waits (``CancelShow``,
  the one move ``acts_during_chance`` lets through while a report is pending).
- Options (``HellbringerOptions``): ``mode`` digital | physical and the house
  switches of docs/games/hellbringer.md.
- Chance: draws are 'card' items over the state's piles (exact odds of a
  shuffled pile); spawns likewise (physical: an open enemy-card form); dice are
  'die' items, one per die.
- Corrections (``Correction``): ``SetHeroStat``, ``SetHandCount``, ``SetPerk``, ``MoveEnemy``,
  ``FixEnemy``, ``SetPile``, ``FixCard``, ``SetEliminated``.
- Odds (``odds``): ``kill_odds``, ``strike_now``; ``piles.cards_to_next_location``.
- AI (``ai.choose``), simulation (``simulate.simulate`` / ``format_stats``).
"""

from engines.hellbringer.cards import catalogue
from engines.hellbringer.engine import HellbringerEngine
from engines.hellbringer.models import Action, HellbringerOptions, HellbringerState

catalogue()  # the house set is validated once, at import
ENGINE = HellbringerEngine()

__all__ = ["ENGINE", "Action", "HellbringerEngine", "HellbringerOptions", "HellbringerState"]
