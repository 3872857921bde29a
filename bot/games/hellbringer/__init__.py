"""Hellbringer in Discord (engine: `engines.hellbringer`).

`presenter` shows the board (`board`), chat lines (`events`), which moves are
buttons or menus (`menus`, worded by `labels`, coded by `codes`); `cog` is
`/hellbringer` (rules of this step via `rules`, your hand, any move). Physical
mode's reports go through the generic report form for now.
"""

from __future__ import annotations

from bot.frontend import GameFrontend, simulator
from bot.games.hellbringer.cog import HellbringerCog
from bot.games.hellbringer.presenter import KEY, PRESENTER
from engines.hellbringer import ENGINE
from engines.hellbringer.simulate import format_stats, simulate

FRONTEND = GameFrontend(
    key=KEY,
    engine=ENGINE,
    presenter=PRESENTER,
    cog=HellbringerCog,
    simulate=simulator(simulate, format_stats, ENGINE),
)
