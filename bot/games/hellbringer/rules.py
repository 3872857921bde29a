"""`/hellbringer rules`: the rules of the step the table is at, in a few lines
(the full rules and house rules are in docs/games/hellbringer.md)."""

from __future__ import annotations

import discord

from bot.render.style import COLOUR_INFO
from engines.hellbringer import HellbringerState
from engines.hellbringer.models import Choose, SheetReport, Window

TURN = (
    "On your turn you spend Action Points (AP): equip items on their connection points, "
    "learn skills, assign companions, activate cards. An attack rolls its damage and acid "
    "dice against the target's threshold (health + armour); attacks of one kind may be "
    "combined before you close them. You can only attack enemies you see: an enemy is In "
    "Sight when your Sight meets its requirement, Out of Sight when no one's does. When you "
    "end your turn you may discard as many cards as you like (over your hand limit, at "
    "least the excess), then draw up to the limit."
)
ENEMIES = (
    "The enemies' turn: the Enemy Die picks who is hit (Miss, Player Hit, Companion Hit, "
    "Global Hit); every enemy in play adds its dice to one pool, rolled once against each "
    "target's threshold. A hero whose threshold is met is eliminated (Respawn or "
    "Resurrection may bring them back)."
)
WINDOW = (
    "The defence windows: after the Enemy Die, before the enemies' abilities land, and "
    "again once the pool is rolled, before the damage is applied, each attacked player "
    "passes or plays an Any Time defence card (for themselves or an ally). By default a "
    "window opens only when an ability would land or the roll would eliminate someone. "
    "The board's 'If the enemies struck now' field gives the exact odds of falling."
)
SETUP = (
    "Setup: each player chooses a class, a Starter Card and a Perk (at a physical table:"
    " reports their hero sheet); the Graveyard is the first Location and its enemies spawn."
    " Then turns go in co-op order."
)
PHYSICAL = (
    "At a physical table the bot asks for what is printed, on the board's **Report result**"
    " form: hero sheets, Locations, enemies, what you drew (and what a Tome or Combat card"
    " drawn says), your dice. Show a card to the bot"
    " (📝 Show … in the menu) before you play it: on your turn, or out of turn whenever an"
    " Any Time card may be played (the defence window; a Resurrection while a player is"
    " eliminated). ↩️ Never mind takes a Show back before its form is sent."
    " Effect words: `single 2D1A+5 pierce10`,"
    " `all 1D`, `armor+10 sight+1`, `boost ap+1`, `avoid`, `ignore 2D3A`, `guard armor+20`,"
    " `ally`, `resurrect`, `any` (Any Time), `draw 2`, `slots 1`, `adds 1D`. A GM fixes a"
    " wrong value with `/game correct`."
)
CHOICES = {
    "place_point": "An Attribute card was drawn: place its point on a hero's attribute.",
    "miss_discard": "A miss costs cards: discard the number asked.",
    "return_combat": "Choose which Combat cards go back on top of the pile.",
    "pick": "Cards were revealed: pick the one you keep.",
    "collect": "A Tome lets you Collect: choose a card from the Common discard pile.",
    "respawn": "You were eliminated: choose whether to Respawn at the cost the rules give.",
    "remove_point": "Remove one of your Attribute Point cards.",
    "trade_reply": "A trade was offered: give a card back, or decline.",
    "portal": "The Demon is slain: the table may enter the Secret Portal.",
}


def step_rules(state: HellbringerState | None) -> discord.Embed:
    head = state.queue[0] if state is not None and state.queue else None
    if state is None:
        title, text = "Hellbringer", f"{SETUP}\n\n{TURN}\n\n{ENEMIES}"
    elif isinstance(head, SheetReport) or (isinstance(head, Choose) and head.what == "class"):
        title, text = "Setup", SETUP
    elif isinstance(head, Choose) and head.what in CHOICES:
        title, text = "This step", f"{CHOICES[head.what]}\n\n{TURN}"
    elif isinstance(head, Window):
        title, text = "Defence window", f"{WINDOW}\n\n{ENEMIES}"
    elif state.phase == "enemies":
        title, text = "Enemies' turn", ENEMIES
    else:
        title, text = "Your turn", TURN
    if state is not None and state.options.mode == "physical":
        text = f"{text}\n\n{PHYSICAL}"
    embed = discord.Embed(title=f"Hellbringer rules — {title}", description=text,
                          colour=COLOUR_INFO)
    embed.set_footer(text="Full rules and house rules: docs/games/hellbringer.md")
    return embed
