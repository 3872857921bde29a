"""Hellbringer in Discord (engine: `engines.hellbringer`).

`presenter` shows the board (`board`), chat lines (`events`), which moves are
buttons or menus (`menus`, worded by `labels`, coded by `codes`); `cog` is
`/hellbringer` (rules of this step via `rules`, your hand, any move); `forms`
are physical mode's report forms (hero sheet, enemy, Location, a card shown,
what was drawn, the dice).
"""

from __future__ import annotations

from bot.frontend import GameFrontend, narrator, simulator
from bot.games.hellbringer.cog import HellbringerCog
from bot.games.hellbringer.forms import FORMS
from bot.games.hellbringer.presenter import KEY, PRESENTER
from engines.hellbringer import ENGINE
from engines.hellbringer.simulate import format_stats, narrate, simulate

FRONTEND = GameFrontend(
    key=KEY,
    engine=ENGINE,
    presenter=PRESENTER,
    forms=FORMS,
    cog=HellbringerCog,
    simulate=simulator(simulate, format_stats, ENGINE),
    narrate=narrator(narrate, ENGINE),
)
