"""Dice embeds: every face shown, the expression recoverable for Re-roll, and
Discord's limits (title 256, description 4096, field 1024, 25 fields, 6000 in all)
respected however large the roll."""

from __future__ import annotations

import random

import discord
import pytest

from bot.render.dice import (
    HOUSE_DICE,
    _buckets,
    distribution_chart,
    expression_of,
    odds_embed,
    roll_embed,
)
from engines.dice.expression import parse
from engines.dice.model import Die, Face
from engines.dice.odds import odds
from engines.dice.roller import roll
from tests.support.discord_limits import check_embed
from tests.unit.dice.conftest import ScriptedRandom


def test_a_roll_shows_every_face_the_total_and_what_specials_mean(
    dice: dict[str, Die],
) -> None:
    skull = next(i for i, f in enumerate(dice["blue"].faces) if f.effect == "skull")
    result = roll(parse("3 red + blue", dice), ScriptedRandom([5, 0, 3, skull]))
    embed = roll_embed(result, "Alice")
    assert embed.description is not None
    assert "**3 red** — 🟥3 🟥0 🟥2 → **5**" in embed.description
    assert "💀 Skull" in embed.description
    assert "Total: **5** pips" in embed.description
    assert embed.fields[0].value == f"💀 **Skull** — {dice['blue'].effects['skull']}"
    assert embed.footer.text == HOUSE_DICE
    assert embed.author.name == "Alice rolled"


def test_dropped_dice_are_struck_and_successes_are_bold(dice: dict[str, Die]) -> None:
    kept = roll_embed(roll(parse("3d6kh2", dice), ScriptedRandom([0, 5, 3])), "Bo")
    assert "1" in (kept.description or "") and "~~1~~ 6 4" in (kept.description or "")
    pool = roll_embed(roll(parse("3d6>=4", dice), ScriptedRandom([0, 5, 3])), "Bo")
    assert "1 **6** **4** → **2**" in (pool.description or "")
    assert "Total: **2** successes" in (pool.description or "")


def test_verified_dice_have_no_house_footer(dice: dict[str, Die]) -> None:
    embed = roll_embed(roll(parse("2 damage + 1d6", dice), random.Random(1)), "Cy")
    assert embed.footer.text is None


def test_outcome_only_dice_show_no_total(dice: dict[str, Die]) -> None:
    embed = roll_embed(roll(parse("enemy", dice), random.Random(1)), "Di")
    assert "Total" not in (embed.description or "") and "→" not in (embed.description or "")
    assert embed.fields and embed.fields[0].name == "What the special faces mean"


@pytest.mark.parametrize(
    "text", ["3 red + blue", "4d6kh3 + 2", "6d6>=4", "2 damage + 1 acid - 1", "enemy"]
)
def test_the_expression_is_read_back_from_the_embed(dice: dict[str, Die], text: str) -> None:
    expression = parse(text, dice)
    embed = roll_embed(roll(expression, random.Random(3)), "Ed")
    recovered = expression_of(discord.Embed.from_dict(embed.to_dict()))
    assert recovered is not None and parse(recovered, dice) == expression


def test_an_embed_that_is_not_a_roll_gives_no_expression() -> None:
    assert expression_of(discord.Embed(title="📊 2d6")) is None
    assert expression_of(discord.Embed()) is None


def test_the_largest_rolls_fit_in_one_embed(dice: dict[str, Die]) -> None:
    wordy = Die(
        name="wordy",
        title="W" * 40,
        kind="effect",
        faces=[Face(label=f"{'L' * 38}{i}", symbol="🟪" * 8, effect=f"e{i}") for i in range(20)],
        effects={f"e{i}": "M" * 900 for i in range(20)},
        source="test",
        verified=False,
    )
    pack = {**dice, "wordy": wordy}
    for text in ("100d1000kh1", "100 wordy", "50 wordy + 50 blue", "100d6>=4", "100 enemy"):
        check_embed(roll_embed(roll(parse(text, pack), random.Random(9)), "N" * 80))


def test_odds_show_the_chance_and_a_chart(dice: dict[str, Die]) -> None:
    embed = odds_embed(odds(parse("2d6", dice), 7))
    assert "Chance of **7** or more: **58.3 % (7/12)**" in (embed.description or "")
    chart = embed.fields[0].value or ""
    rows = chart.strip("`\n").splitlines()
    assert len(rows) == 11
    assert rows[5] == " 7 " + "█" * 20 + "  16.7%"  # the likeliest row fills the bar
    assert rows[4].startswith(" 6 ░") and "█" not in rows[4]
    check_embed(embed)


def test_odds_footer_names_uncounted_effects_and_house_dice(dice: dict[str, Die]) -> None:
    footer = odds_embed(odds(parse("3 red + blue", dice), 5)).footer.text or ""
    assert "Not counted in the total: Skull, X2, Cancel, Re-roll." in footer
    assert HOUSE_DICE in footer


@pytest.mark.parametrize(
    ("text", "target"),
    [
        ("100d100", 5050),
        ("100d100", 9000),
        ("100d100", -4),
        ("10d100dl3", 1),
        ("100d1000kh1", 999),
        ("100 damage", 350),
    ],
)
def test_large_distributions_are_bucketed_to_fit(
    dice: dict[str, Die], text: str, target: int
) -> None:
    embed = odds_embed(odds(parse(text, dice), target))
    check_embed(embed)
    assert len((embed.fields[0].value or "").splitlines()) <= 2 + 21  # fences, rows


def test_huge_totals_still_fit_one_field(dice: dict[str, Die]) -> None:
    answer = odds(parse("99999*99999*9+100d20", dice), 0)
    assert len(distribution_chart(answer.distribution, 0)) <= 1024


@pytest.mark.parametrize("target", [-5, 0, 1, 37, 50, 99, 100, 250])
def test_buckets_never_mix_totals_on_both_sides_of_the_target(target: int) -> None:
    totals = list(range(3, 200, 2))
    buckets = _buckets(totals, target, 20)
    assert [t for _, _, members in buckets for t in members] == totals
    for _, reached, members in buckets:
        assert all((t >= target) == reached for t in members)
    assert len(buckets) <= 21


@pytest.mark.parametrize(
    ("text", "target"),
    [("100d100", 5050), ("100d100", 6100), ("100d100", 4000), ("30d20kh1", 18), ("2d6", 7)],
)
def test_chart_rows_cover_all_totals_each_on_one_side_of_the_target(
    dice: dict[str, Die], text: str, target: int
) -> None:
    distribution = odds(parse(text, dice), target).distribution
    rows = distribution_chart(distribution, target).strip("`\n").splitlines()
    covered = 0
    for row in rows:
        label = row.split()[0]
        if label.startswith("≤"):
            low, high = min(distribution.counts), int(label[1:])
        elif label.startswith("≥"):
            low, high = int(label[1:]), max(distribution.counts)
        else:
            low, high = (int(x) for x in (label.split("–") if "–" in label else [label, label]))
        members = [t for t in distribution.counts if low <= t <= high]
        covered += len(members)
        if "█" in row or "▏" in row:
            assert all(t >= target for t in members), row
        if "░" in row:
            assert all(t < target for t in members), row
    assert covered == len(distribution.counts)
