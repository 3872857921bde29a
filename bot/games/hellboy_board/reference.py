"""`/hbboard rules`: what the companion enforces at the current step, and what it
leaves to the players (the engine's unknowns, with how each is handled)."""

from __future__ import annotations

import discord

from bot.render.style import COLOUR_PLAY, FIELD_VALUE, clip
from engines.hellboy_board import ENGINE, query
from engines.hellboy_board.models import HBBoardState

PHASES = {
    "setup": "Add the agents (`/hbboard agent`), say whether the case shuffled an"
             " Unexpected Threat into the Deck of Doom and how many cards it has"
             " (`/hbboard case`), add enemies (`/hbboard preset` or `/hbboard enemy`), then"
             " **Start round 1**.",
    "enemy": "Each agent has taken 3 action cubes. A Boss's Behaviour card is drawn before any"
             " minion acts (U7). Move enemies with `/hbboard move` (the areas in order) and"
             " report their attacks with `/hbboard attack` (the damage your Defend left).",
    "agent": "Agents spend cubes in any order: `/hbboard test` (Fight, Shoot, Explore; upgrades"
             " cost a cube each), `/hbboard go` to move. `/hbboard odds` shows a test's exact"
             " odds first.",
    "rest": "Resolve your rulebook's Rest phase; the companion tracks damage"
            " (`/hbboard agentstate change:heal`).",
    "doom": "Draw a Doom card (**Draw a Doom card**); move Impending Doom with"
            " `/hbboard track`. If it is the Unexpected Threat, it comes into play (U3-U4).",
    "end": "End of the round: **Next phase** starts the next one (unspent cubes are lost).",
    "over": "The case is over.",
}


def rules_embed(state: HBBoardState) -> discord.Embed:
    embed = discord.Embed(title=f"Rules now: {state.phase.title()}", colour=COLOUR_PLAY,
                          description=PHASES[state.phase])
    for t in state.threats.values():
        card = query.threat_card(state, t)
        embed.add_field(name=f"{card.name} (enforced)", value=clip(card.text, FIELD_VALUE),
                        inline=False)
        for i, caveat in enumerate(card.caveats, 1):
            embed.add_field(name=f"Transcription doubt {i}", value=clip(caveat, FIELD_VALUE),
                            inline=False)
    rows = [f"• **{u['topic']}** ({u['status']}): {u['handling']}"
            for u in ENGINE.view(state, None)["unknowns"]]
    for i, chunk in enumerate(_chunks(rows)):
        name = "Not known: how the companion handles it" if i == 0 else "Not known (continued)"
        embed.add_field(name=name, value=chunk, inline=False)
    return embed


def _chunks(rows: list[str]) -> list[str]:
    """Rows packed into field values, each within Discord's field limit."""
    out: list[str] = []
    for row in (clip(r, FIELD_VALUE) for r in rows):
        if out and len(out[-1]) + 1 + len(row) <= FIELD_VALUE:
            out[-1] += "\n" + row
        else:
            out.append(row)
    return out
