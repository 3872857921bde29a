"""`/hbboard odds`: a declared test's exact odds, before anyone spends a cube.

The engine validates the test exactly as it would the test itself (same
refusals) on a copy, so the odds shown are those of the test the player would
then declare with `/hbboard test`."""

from __future__ import annotations

import discord

from bot.games.hellboy_board.board import percent
from bot.render.style import COLOUR_PLAY, FIELD_VALUE, clip
from engines.hellboy_board.actions import Test
from engines.hellboy_board.models import HBBoardState
from engines.hellboy_board.odds import test_odds

MAX_ROWS = 12


def odds_embed(state: HBBoardState, test: Test) -> discord.Embed:
    odds = test_odds(state, test)
    embed = discord.Embed(title=f"Odds: {test.skill.title()} with {', '.join(odds.pool)}"
                                " + the effect die", colour=COLOUR_PLAY)
    mean = float(odds.totals.mean())
    lines = [f"Average total **{mean:.2f}** pips."]
    if odds.damage is not None:
        cap = f", capped at {odds.cap} (the card says so)" if odds.cap is not None else ""
        lines.append(f"Damage = pips − Resilience {odds.resilience}{cap}.")
        if odds.defeat is not None:
            lines.append(f"Chance this test defeats the target: **{percent(odds.defeat)}**.")
        shown = odds.damage
        name = "Damage"
    else:
        shown = odds.totals
        name = "Total pips"
    rows = [f"{value}: {percent(p)}" for value, p in shown.items() if p][:MAX_ROWS]
    embed.description = "\n".join(lines)
    embed.add_field(name=f"{name} (exact)", value=clip(" · ".join(rows), FIELD_VALUE),
                    inline=False)
    if odds.house:
        embed.set_footer(text="House dice faces (unverified): your real dice may differ.")
    return embed


def odds_line(state: HBBoardState, test: Test) -> str:
    """One line for the table, said with a test's result: what its odds were."""
    odds = test_odds(state, test)
    line = f"Odds of that test (exact, before the roll): average {float(odds.totals.mean()):.2f}"
    line += " pips"
    if odds.damage is not None:
        line += f", some damage {percent(odds.damage.at_least(1))}"
        if odds.cap is not None:
            line += f" (capped at {odds.cap})"
        if odds.defeat is not None:
            line += f", defeats the target {percent(odds.defeat)}"
    return line + (" · house dice" if odds.house else "") + "."
