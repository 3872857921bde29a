"""Standard dN dice as ordinary `Die` data.

Building them from the same model as the named dice lets the roller, the odds
and the renderer treat `2d6` and `3 red` alike: a rolled die is always a face.
They are generated, not listed in the pack, because any size from 2 to 1,000 is
allowed.
"""

from __future__ import annotations

from functools import cache

from engines.dice.limits import check_sides
from engines.dice.model import Die, Face


@cache
def standard_die(sides: int) -> Die:
    """The fair N-sided die numbered 1..N (cached: a d1000 takes a millisecond to build)."""
    check_sides(sides)
    faces = [
        Face.model_construct(label=str(n), symbol=str(n), value=n) for n in range(1, sides + 1)
    ]
    return Die(
        name=f"d{sides}",
        title=f"d{sides}",
        kind="number",
        faces=faces,
        source="standard numbered die",
        verified=True,
    )
