"""Hellboy: The Dice Game in Discord (engine: `engines.hellboy_dice`).

`presenter` shows the board (`board`), roll messages (`events`), the odds on the
buttons (`odds`) and the button codes (`codes`); `forms` is the physical-mode
card form; `cog` is `/hellboy` (odds, rules, any attack, with `reference` for
its embeds). Everything the bot needs from this game is the manifest below.
"""

from __future__ import annotations

from bot.frontend import GameFrontend, simulator
from bot.games.hellboy_dice.cog import HellboyCog
from bot.games.hellboy_dice.forms import CARD_FORM
from bot.games.hellboy_dice.presenter import KEY, PRESENTER, warm_up
from engines.hellboy_dice import ENGINE
from engines.hellboy_dice.simulate import format_stats, simulate

FRONTEND = GameFrontend(
    key=KEY,
    engine=ENGINE,
    presenter=PRESENTER,
    forms=(CARD_FORM,),
    cog=HellboyCog,
    simulate=simulator(simulate, format_stats, ENGINE),
    warm_up=warm_up,
)
