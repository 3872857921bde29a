"""Statistics, their groups, and character creation.

Six statistics in three groups of two (research notes, M): Physical =
Strength, Speed; Mental = Creativity, Wits; Spiritual = Morality, Willpower.
Damage is dealt to a group and the player picks which statistic in it drops,
so the group pairs are the backbone of the damage rules.

Statistics are stored as 6-tuples in `STATS` order (cheap to copy, hash and
compare); a figure without a statistic (a Cenobite's Speed, a Creature's
Mental and Spiritual ones) says so through its kind, not through the number.
"""

from __future__ import annotations

from typing import Literal

from engines.core.errors import RuleError
from engines.hellraiser.tiles import STATS, Stat

Group = Literal["physical", "mental", "spiritual"]
GROUPS: tuple[Group, ...] = ("physical", "mental", "spiritual")
GROUP_STATS: dict[Group, tuple[Stat, Stat]] = {
    "physical": ("strength", "speed"),
    "mental": ("creativity", "wits"),
    "spiritual": ("morality", "willpower"),
}
GROUP_OF: dict[Stat, Group] = {s: g for g, pair in GROUP_STATS.items() for s in pair}
INDEX: dict[Stat, int] = {s: i for i, s in enumerate(STATS)}

Stats = tuple[int, int, int, int, int, int]

CREATION_POINTS = 18
CREATION_MIN = 1
CREATION_MAX = 6
RAISED_MAX = 8
"""Skinned Humans and Creatures never go above 8 ("No statistic can be raised higher than 8")."""

HOUSE_DEFAULT: Stats = (3, 3, 3, 3, 3, 3)
"""House default character: 18 points spread evenly, for quick starts."""

CENOBITE_STAT = 4
"""'All Cenobites have 4 in their statistics.'"""

ATTACK_STATS: dict[str, tuple[Stat, ...]] = {
    "human": ("strength",),
    "cenobite": ("strength", "creativity", "wits", "morality"),
    "creature": ("strength",),
}
"""Which statistic each kind of figure attacks with, unless a card or item says otherwise:
Humans use Strength, Cenobites 'can attack Strength, Creativity, Wits or Morality',
Creatures 'only make physical attacks'."""

LABEL: dict[Stat, str] = {s: s.capitalize() for s in STATS}


def get(stats: Stats, stat: Stat) -> int:
    return stats[INDEX[stat]]


def with_stat(stats: Stats, stat: Stat, value: int) -> Stats:
    out = list(stats)
    out[INDEX[stat]] = value
    return (out[0], out[1], out[2], out[3], out[4], out[5])


def group_of(stat: Stat) -> Group:
    return GROUP_OF[stat]


def check_creation(stats: Stats) -> None:
    """'Divide 18 points amongst the character's statistics. No statistic can be less
    than 1 or greater than 6.'"""
    bad = [LABEL[s] for s, v in zip(STATS, stats, strict=True)
           if not CREATION_MIN <= v <= CREATION_MAX]
    if bad:
        raise RuleError(f"Each statistic must be 1 to 6; check {', '.join(bad)}.")
    total = sum(stats)
    if total != CREATION_POINTS:
        raise RuleError(f"Spread exactly 18 points over the six statistics (these make {total}).")
