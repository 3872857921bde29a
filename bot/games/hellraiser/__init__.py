"""Hellraiser in Discord (engine: `engines.hellraiser`).

`presenter` shows the board: the embed and text map (`board`, `labels`), the
drawn map (`picture`, from the `pieces` of a state), chat lines (`events`), the
buttons and menus (`menu`, coded by `codes`); `forms` are the physical-mode
forms; `cog` is `/hellraiser` (`commands` finds the action a typed command
means). Everything the bot needs from this game is the manifest below.
"""

from __future__ import annotations

from bot.frontend import GameFrontend, simulator
from bot.games.hellraiser.cog import HellraiserCog
from bot.games.hellraiser.forms import FORMS
from bot.games.hellraiser.picture import warm_up
from bot.games.hellraiser.presenter import KEY, PRESENTER
from engines.hellraiser import ENGINE
from engines.hellraiser.simulate import format_stats, simulate

FRONTEND = GameFrontend(
    key=KEY,
    engine=ENGINE,
    presenter=PRESENTER,
    forms=FORMS,
    cog=HellraiserCog,
    simulate=simulator(simulate, format_stats, ENGINE),
    warm_up=warm_up,
)
