"""Hellraiser explained in Discord: the lobby's how-to and `/hellraiser rules`.

Both are worded from the table's own options (the preset, the round limit, lost
souls, physical map…), so a group reads the rules it is actually playing, not
the defaults: the puzzle's difficulty, for one, is a different sum under each
preset, and its numbers come from `engines.hellraiser.balance` itself.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import discord
from pydantic import ValidationError

from bot.render.style import COLOUR_INFO, EMBED_DESCRIPTION, FIELD_NAME, FIELD_VALUE, clip
from bot.table_options import engine_options
from engines.hellraiser import ENGINE
from engines.hellraiser.balance import AS_WRITTEN, Balance, balanced, balanced_pack
from engines.hellraiser.models import HellraiserOptions

HOW_TO_PLAY = (
    "Everyone is a Human searching the Channard Institute. Each turn: **move** (up to"
    " your Speed), **search** a room for items (ends your turn) or use a room item; you"
    " may also play one card and make one attack. An item found may open the **gateway**"
    " to Hell: its finder is dragged in and comes back as the **Leviathan** player, with"
    " Cenobites to hunt the rest. The Humans win by solving the puzzle in the gateway's"
    " room until no Cenobite is left; Leviathan wins when no Human is."
)
FIRST_STEPS = (
    "Press **Join**; the host presses **Start**. Then pick a ready-made character from"
    " the board's menu (or `/hellraiser create`), and play from the board's buttons and"
    " menus. `/hellraiser rules` has the rules as this table plays them;"
    " `/hellraiser map` the map as text."
)
PHYSICAL_MAP_TIP = (
    "🗺️ **Building the map:** this table reports the 36 tiles one at a time (a form"
    " each). Faster: one **map number** (1–999, e.g. three dice or a page number) names"
    " the whole layout, and the board draws it for you to build. The host cancels and"
    " opens with `/game new game:hellraiser mode:physical options:physical_map=number`."
)
PHYSICAL_MAP_CHOSEN = (
    "🗺️ **Building the map:** one **map number** (1–999, e.g. three dice or a page"
    " number) names the whole layout; the board then draws it for you to build from"
    " the printed tiles."
)
HOUSE_OPTIONS = (
    "`preset=as_written` (the rules text alone) · `max_rounds=` (5–500) ·"
    " `limit_outcome=leviathan`, `draw` or `unfinished` · `lost_souls=out` or `leviathan` ·"
    " `creatures=current` · `quick_start=true`"
    " (3 in everything) · `max_dice=` · physical only: `physical_map=number`,"
    " `dice=bot`. Set them when opening: `/game new game:hellraiser options:max_rounds=30`;"
    " all of them: `/game options game:hellraiser`."
)


def table_options(raw: Mapping[str, Any]) -> HellraiserOptions:
    """The engine's options from a table's stored ones (defaults if they don't parse:
    the rules must still be shown)."""
    try:
        parsed = engine_options(ENGINE, dict(raw))
    except ValidationError:
        return HellraiserOptions()
    assert isinstance(parsed, HellraiserOptions)
    return parsed


def preset_line(options: HellraiserOptions) -> str:
    if options.preset == "balanced":
        return ("**Preset: balanced** (house, the default): a few numbers tuned by simulation"
                " so that the Humans win about half the games, and nobody gains by dying: a"
                " player who joins Leviathan by their character's casualty never shares its"
                " win.")
    return ("**Preset: as written**: the rules text alone (the Leviathan side wins about"
            " three games in four or more).")


def by_size() -> str:
    """The balanced preset's numbers that differ by table size, in a few words."""
    parts = []
    for players in sorted(balanced_pack().by_seats):
        knobs = balanced(players)
        change = [f"{knobs.difficulty_bonus:+d} die" * bool(knobs.difficulty_bonus),
                  f"{knobs.difficulty_pips:+d} on Leviathan's total" * bool(knobs.difficulty_pips),
                  {"nothing": "", "leviathan": "a tie pulls the Human",
                   "humans": "a tie counts as the Human's win"}[knobs.ties],
                  f"from round {knobs.humans_tie_from} a tie counts as the Human's win"
                  * bool(knobs.humans_tie_from)]
        parts.append(f"{players} players " + " and ".join(c for c in change if c))
    return f" By table size: {'; '.join(parts)}." if parts else ""


def puzzle_text(options: HellraiserOptions) -> str:
    """The puzzle difficulty as this preset computes it (engines.hellraiser.balance)."""
    knobs: Balance = balanced_pack().default if options.preset == "balanced" else AS_WRITTEN
    sum_ = "first victim's value + living Humans − Cenobites on the map"
    times = f" × {knobs.difficulty_factor}" if knobs.difficulty_factor != 1 else ""
    bonus = f" + {knobs.difficulty_bonus}" if knobs.difficulty_bonus else ""
    floor = f", never fewer than {knobs.difficulty_floor} dice" if knobs.difficulty_floor \
        else ", never below 0"
    return (f"In the gateway's room, a Human rolls the **Puzzle Solution** statistic (plus"
            f" item modifiers) against Leviathan's difficulty: ({sum_}){times}{bonus} dice"
            f"{floor}. The higher total wins; a tie changes nothing. A win banishes a"
            f" Cenobite (the gateway shuts with the last one); a loss drags the Human a"
            f" square towards the gateway. Summoning more Cenobites *lowers* the"
            f" difficulty. At most {knobs.max_cenobites} Cenobites come through when it"
            f" opens (one per Human standing)."
            + (by_size() if options.preset == "balanced" else ""))


def options_lines(options: HellraiserOptions, dice: str | None = None) -> list[str]:
    """This table's options in plain words, each house rule marked as one."""
    limit = {"leviathan": "the Leviathan side wins", "draw": "a draw",
             "unfinished": "unfinished (no winner)"}[options.limit_outcome]
    shut = "unfinished (no winner)" if options.limit_outcome == "unfinished" else "a draw"
    lines = [
        preset_line(options),
        f"**Round limit** (house): {options.max_rounds} rounds; then, gateway open: {limit};"
        f" gateway never opened: {shut}.",
        "**Lost souls** (house): a player whose character is lost (not as a Cenobite) "
        + ("joins the Leviathan side." if options.lost_souls == "leviathan" else "sits out."),
        f"**Dice** (house): no roll uses more than {options.max_dice} dice.",
    ]
    if options.creatures == "current":
        lines.append("**Creatures** (house): a Creature divides the casualty's current"
                     " statistics, not the original character's.")
    if options.quick_start:
        lines.append("**Quick start** (house): every character has 3 in each statistic.")
    if options.mode == "physical":
        how = "one map number" if options.physical_map == "number" else "tile by tile"
        who = "the bot rolls the dice" if dice == "bot" else "you roll your own dice"
        lines.append(f"**Physical**: the map is reported {how}; {who}; cards come from"
                     " your printed deck.")
    return lines


def lobby_fields(options: Mapping[str, Any], mode: str) -> list[tuple[str, str]]:
    """The lobby's how-to: how to play, first steps, this table's options, the house
    options there are, and (physical) how the map will be built."""
    parsed = table_options(options)
    dice = options.get("dice")
    fields = [
        ("How to play", HOW_TO_PLAY),
        ("First steps", FIRST_STEPS),
        ("This table", "\n".join(options_lines(parsed, str(dice) if dice else None))),
        ("House options", HOUSE_OPTIONS),
    ]
    if mode == "physical":
        tip = PHYSICAL_MAP_CHOSEN if parsed.physical_map == "number" else PHYSICAL_MAP_TIP
        fields.insert(0, ("Physical table", tip))
    return fields


RULE_FIELDS: tuple[tuple[str, str], ...] = (
    ("🧍 Characters",
     "Spread 18 points over Strength, Speed (Physical), Creativity, Wits (Mental), Morality,"
     " Willpower (Spiritual), each 1 to 6. Everyone starts in the Reception."),
    ("🕯️ A Human's turn",
     "One main action: **move** up to Speed, **search** the room (once per room, ends the"
     " turn), use a **room item** (tip it, block a doorway, tie someone up), **work the"
     " puzzle**, or **break free** of chains. Besides: one Action card, one attack, the"
     " room's Power, a healing item; picking up and dropping items is free."),
    ("🎲 Tests and fights",
     "A test rolls one die per point; each 4 or more is a success (rooms and room items"
     " set their own number). Hand to hand, both sides roll the statistic used and the"
     " difference in successes is the damage, to the side with fewer; a tie does nothing."
     " Guns and thrown items need a clear line of sight and count the attacker's successes"
     " only. You split the damage within the group hit (Physical, Mental, Spiritual)."),
    ("⚠️ At 0",
     "Strength: drop everything · Speed: paralysed · Creativity: insane · Wits: braindead ·"
     " Morality: degenerate · Willpower: Leviathan's robot. A whole group at 0: Physical"
     " death, Mental permanent insanity, Spiritual you become a Cenobite (and a Leviathan"
     " player)."),
    ("🚪 The gateway",
     "Each item found checks the **Hell number**: the item modifiers' largest total against"
     " your own value of that statistic, both rolled as dice. If yours is lower, the gateway"
     " opens where you stand: you are dragged into Hell and come back as the first"
     " Leviathan player; that statistic becomes the Puzzle Solution."),
    ("😈 Leviathan's turn",
     "Roll one die of movement shared by the Cenobites, or draw a Leviathan card, or use a"
     " room item through a Cenobite; play one Leviathan card, make one attack with a"
     " Cenobite or Creature. Cenobites enter through portals named by Leviathan cards."),
)


def rules_embed(options: Mapping[str, Any], footer: str, *, for_table: bool) -> discord.Embed:
    """The rules as played: the short sheet, the puzzle under this table's preset, and
    its options (a new table's defaults when there is no table here)."""
    parsed = table_options(options)
    dice = options.get("dice")
    embed = discord.Embed(title="🩸 Hellraiser — the rules as played", colour=COLOUR_INFO)
    embed.description = clip(HOW_TO_PLAY, EMBED_DESCRIPTION)
    for name, value in RULE_FIELDS:
        embed.add_field(name=name, value=value, inline=False)
    embed.add_field(name="🧩 The puzzle", value=clip(puzzle_text(parsed), FIELD_VALUE),
                    inline=False)
    embed.add_field(name="🏁 Winning",
                    value="The Human players win by closing the gateway (a player whose"
                          " character died or went mad still wins with them); a Skinned"
                          " Human wearing a skin who closes it wins alone. Leviathan wins"
                          " when no Human is left, unless a Skinned Human killed more of"
                          " them.", inline=False)
    heading = "⚙️ This table's options" if for_table else "⚙️ A new table's options"
    embed.add_field(name=clip(heading, FIELD_NAME),
                    value=clip("\n".join(options_lines(parsed, str(dice) if dice else None)),
                               FIELD_VALUE), inline=False)
    embed.add_field(name="House options", value=clip(HOUSE_OPTIONS, FIELD_VALUE), inline=False)
    embed.set_footer(text=footer)
    return embed
