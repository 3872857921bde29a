"""Dice results and odds as embeds: pure functions, no Discord calls.

A roll's embed carries its expression in the title, which is all the Re-roll
button needs: the button can rebuild the roll after a restart without storage.
Every text is kept inside Discord's embed limits however large the roll.
"""

from __future__ import annotations

import math
from fractions import Fraction

import discord

from bot.render.style import (
    COLOUR_INFO,
    COLOUR_PLAY,
    EMBED_DESCRIPTION,
    EMBED_TITLE,
    FIELD_NAME,
    FIELD_VALUE,
    clip,
)
from engines.dice.limits import EXPLODE_DEPTH
from engines.dice.odds import Distribution, Odds, format_chance
from engines.dice.roller import DiceGroup, RolledDie, RollResult

ROLL_PREFIX = "🎲 "
ODDS_PREFIX = "📊 "
HOUSE_DICE = "house dice (unverified faces)"
FOOTER = 2048
CHART_ROWS = 18
BAR_WIDTH = 20
_EIGHTHS = " ▏▎▍▌▋▊▉"


def roll_embed(result: RollResult, roller: str) -> discord.Embed:
    """Every die's face, each group's score, the total, and what special faces mean."""
    lines = [_group_line(group) for group in result.groups]
    label = result.total_label
    if label is not None:
        unit = "" if label == "total" else f" {label}"
        lines.append(f"Total: **{result.total}**{unit}")
    elif not lines:
        lines.append(f"Total: **{result.total}**")
    if result.expression.comment:
        lines.insert(0, f"*{result.expression.comment}*")
    embed = discord.Embed(
        title=clip(ROLL_PREFIX + result.expression.text, EMBED_TITLE),
        description=clip("\n".join(lines), EMBED_DESCRIPTION),
        colour=COLOUR_PLAY,
    )
    embed.set_author(name=clip(f"{roller} rolled", FIELD_NAME))
    effects = [
        f"{effect.face.symbol} **{effect.face.label}**"
        f"{f' ×{effect.times}' if effect.times > 1 else ''} — {effect.meaning}"
        for effect in result.effects()
    ]
    if effects:
        embed.add_field(
            name="What the special faces mean",
            value=clip("\n".join(effects), FIELD_VALUE),
            inline=False,
        )
    if result.house:
        embed.set_footer(text=HOUSE_DICE)
    return embed


def expression_of(embed: discord.Embed) -> str | None:
    """The expression a roll embed was made from, for the Re-roll button."""
    title = embed.title or ""
    if not title.startswith(ROLL_PREFIX) or title.endswith("…"):
        return None
    return title.removeprefix(ROLL_PREFIX)


def odds_embed(answer: Odds) -> discord.Embed:
    """The chance to reach the target, the mean, and the distribution as a bar chart."""
    distribution = answer.distribution
    totals = sorted(distribution.counts)
    description = (
        f"Chance of **{answer.target}** or more: **{format_chance(answer.chance)}**\n"
        f"Average {float(distribution.mean()):.2f} · possible totals {totals[0]} to {totals[-1]}"
    )
    embed = discord.Embed(
        title=clip(ODDS_PREFIX + answer.expression.text, EMBED_TITLE),
        description=clip(description, EMBED_DESCRIPTION),
        colour=COLOUR_INFO,
    )
    embed.add_field(
        name=f"Distribution (█ reaches {answer.target}, ░ falls short)",
        value=distribution_chart(distribution, answer.target),
        inline=False,
    )
    notes = []
    if answer.uncounted:
        notes.append(f"Not counted in the total: {', '.join(answer.uncounted)}.")
    if answer.house:
        notes.append(HOUSE_DICE)
    if answer.exploding:
        notes.append(f"Exploding dice roll again at most {EXPLODE_DEPTH} times (so does /roll):"
                     " these odds are exact for that.")
    if notes:
        embed.set_footer(text=clip(" · ".join(notes), FOOTER))
    return embed


def distribution_chart(distribution: Distribution, target: int) -> str:
    """A code block with one bar per total (or per range of totals when there are
    many), scaled to the likeliest row; it always fits one embed field."""
    rows = CHART_ROWS
    while True:
        chart = "```\n" + "\n".join(_chart_rows(distribution, target, rows)) + "\n```"
        if len(chart) <= FIELD_VALUE or rows == 1:
            return clip(chart, FIELD_VALUE)
        rows //= 2


def _chart_rows(distribution: Distribution, target: int, rows: int) -> list[str]:
    totals = sorted(distribution.counts)
    low, high = _visible_range(distribution, totals, target)
    shown = [t for t in totals if low <= t <= high]
    buckets = _buckets(shown, target, rows)
    below = [t for t in totals if t < low]
    above = [t for t in totals if t > high]
    if below:
        buckets.insert(0, (f"≤{below[-1]}", below[-1] >= target, below))
    if above:
        buckets.append((f"≥{above[0]}", above[0] >= target, above))
    shares = [
        (label, reached, sum((distribution.probability(t) for t in members), Fraction(0)))
        for label, reached, members in buckets
    ]
    tallest = max(share for _, _, share in shares)
    width = max(len(label) for label, _, _ in shares)
    return [
        f"{label:>{width}} {_bar(share / tallest, reached)} {_percent(share)}"
        for label, reached, share in shares
    ]


def _visible_range(distribution: Distribution, totals: list[int], target: int) -> tuple[int, int]:
    """The central 99.9 % of the distribution, widened to reach the target, so a
    hundred dice are not drawn as rows of empty tails; the tails get a row each,
    and widening to the target keeps each tail on one side of it."""
    tail = Fraction(1, 2000)
    low_mass = high_mass = Fraction(0)
    low, high = totals[0], totals[-1]
    for t in totals:
        low_mass += distribution.probability(t)
        if low_mass >= tail:
            low = t
            break
    for t in reversed(totals):
        high_mass += distribution.probability(t)
        if high_mass >= tail:
            high = t
            break
    if totals[0] < target <= totals[-1]:
        low, high = min(low, target), max(high, target - 1)
    return low, high


def _buckets(totals: list[int], target: int, rows: int) -> list[tuple[str, bool, list[int]]]:
    """One row per possible total if they fit, else equal ranges aligned so the
    target starts a range: no row mixes totals that reach it with ones that don't."""
    if len(totals) <= rows + 1:
        return [(str(t), t >= target, [t]) for t in totals]
    low, high = totals[0], totals[-1]
    size = math.ceil((high - low + 1) / rows)
    start = target - math.ceil((target - low) / size) * size
    present = set(totals)
    buckets = []
    while start <= high:
        members = [t for t in range(start, start + size) if t in present]
        if members:
            label = f"{members[0]}–{members[-1]}" if len(members) > 1 else str(members[0])
            buckets.append((label, start >= target, members))
        start += size
    return buckets


def _bar(fraction: Fraction, reached: bool) -> str:
    eighths = round(fraction * BAR_WIDTH * 8)
    full, part = divmod(eighths, 8)
    if not reached:
        return ("░" * (full + (part > 0))).ljust(BAR_WIDTH)
    return ("█" * full + (_EIGHTHS[part] if part else "")).ljust(BAR_WIDTH)


def _percent(share: Fraction) -> str:
    if 0 < share < Fraction(1, 2000):
        return " <0.1%"
    return f"{float(share) * 100:5.1f}%"


def _group_line(group: DiceGroup) -> str:
    """Faces, then the group's score unless its faces are only outcomes (enemy)."""
    faces = " ".join(_face(rolled) for rolled in group.dice)
    scores = any(face.value for face in group.die.faces)
    sign = "−" if group.negative else ""
    score = f" → **{sign}{group.score}**" if scores else ""
    return f"**{sign}{group.notation}** — {faces}{score}"


def _face(rolled: RolledDie) -> str:
    face = rolled.face
    shown = face.symbol if face.label in face.symbol else f"{face.symbol} {face.label}"
    if not rolled.kept:
        return f"~~{shown}~~"
    if rolled.success:
        return f"**{shown}**"
    return shown
