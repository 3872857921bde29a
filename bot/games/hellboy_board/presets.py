"""The table's preset library in Discord: `/hbboard preset` without a card lists it,
and its `card` option suggests from it as you type.

A table's library is the built-in presets, the server's pack the table chose
(`options: pack=<name>`), and the cards typed in at the table. Each entry says
which of these it is, and house (unverified) data says so, as everywhere.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.render.style import COLOUR_INFO, FIELD_VALUE, fit_lines
from engines.hellboy_board.models import HBBoardState
from engines.hellboy_board.view import presets

HOUSE = "house data, unverified"


def _marks(row: dict[str, Any]) -> str:
    marks = [row["origin"]]
    if not row["verified"]:
        marks.append(HOUSE)
    return " · ".join(marks)


def choices(state: HBBoardState) -> list[tuple[str, str]]:
    """(what the member sees, the card's key) for each enemy card at the table."""
    return [(f"{r['name']} ({r['key']}) · {_marks(r)}", r["key"])
            for r in presets(state) if r["kind"] == "enemy"]


def presets_embed(state: HBBoardState, other_packs: list[str]) -> discord.Embed:
    """The table's library; `other_packs` are the server's packs for this game the
    table did not choose (a table reads one pack, chosen when it is opened)."""
    rows = presets(state)
    embed = discord.Embed(title="Presets at this table", colour=COLOUR_INFO)
    pack = state.options.pack
    embed.description = (
        f"Built-in presets, this server's pack **{pack.name}**, and cards typed in here."
        if pack is not None else
        "Built-in presets and cards typed in here (no server pack: open a table with"
        " `options: pack=<name>` to use one).")
    enemies = [(f"**{r['name']}** `{r['key']}` · {_marks(r)}"
                + (" · Boss" if r["boss"] else ""), 1) for r in rows if r["kind"] == "enemy"]
    embed.add_field(name="Enemy cards", value=fit_lines(enemies, FIELD_VALUE, "cards"),
                    inline=False)
    threats = [(f"**{r['name']}** `{r['key']}` (brings `{r['enemy']}`) · {_marks(r)}", 1)
               for r in rows if r["kind"] == "threat"]
    if threats:
        embed.add_field(name="Unexpected Threats (shuffled in unseen: `/hbboard case threat:True`)",
                        value=fit_lines(threats, FIELD_VALUE, "threats"), inline=False)
    if other_packs:
        note = "\nA table uses the pack it was opened with (`options: pack=<name>`)."
        listed = fit_lines([(f"`{name}`", 1) for name in other_packs],
                           FIELD_VALUE - len(note), "packs")
        embed.add_field(name="This server's other packs for this game", value=listed + note,
                        inline=False)
    embed.set_footer(text="Put one in play: /hbboard preset card:<id> area:<area>")
    return embed
