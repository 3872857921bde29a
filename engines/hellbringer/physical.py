"""Physical mode: what the table reads off its real cards, in short forms.

Each form has five fields at most (a Discord modal's limit):

- hero sheet (action `ReportHero`): class, Health, Armor, Sight, AP;
- enemy card (open chance item): `name; sight; health; armor; dice`, e.g.
  `Ogre; 3; 10; 30; 3D1A`;
- location (open chance item): `bonus; enemies`, e.g. `2; 3`;
- what was drawn (enumerable chance item, reported): Common / Combat / Showdown /
  Tome, with the exact odds of the pile;
- gear, skill, companion, defence or potion (action `ReportCard`): name, kind,
  AP cost, effect, connection points. The effect notation is a few words:
  `single 2D1A+5 pierce10`, `all 1D1A`, `armor+10 sight+1`, `boost ap+1`,
  `avoid`, `ignore 2D 3A`, `guard armor+20`, `ally`, `resurrect`, `any`,
  `companion 10/10`, `draw 2` (combine them with spaces).
"""

from __future__ import annotations

import re

from pydantic import ValidationError

from engines.core.errors import RuleError, first_problem
from engines.hellbringer.cards import CommonCard, Face, Guard, Strike
from engines.hellbringer.models import ReportCard

_DICE = re.compile(r"^(?:(\d+)D)?(?:(\d+)A)?(?:\+(\d+))?$", re.IGNORECASE)
_STAT = re.compile(r"^(health|armor|sight|ap|skill|hand|companions)([+-]\d+)$")
FACE_HINT = "name; sight; health; armor; dice — e.g. Ogre; 3; 10; 30; 3D1A"
LOCATION_HINT = "Sight bonus; enemies it adds — e.g. 2; 3"


def parse_dice(text: str) -> tuple[int, int, int]:
    """'3D1A+5' → (3 damage dice, 1 acid die, +5)."""
    m = _DICE.match(text.strip().replace(" ", ""))
    if not m or not text.strip():
        raise RuleError(f"'{text}' is not dice like 2D1A (damage and acid dice), e.g. 3D"
                        " or 2D1A+5.")
    return int(m.group(1) or 0), int(m.group(2) or 0), int(m.group(3) or 0)


def _fields(text: str, count: int, hint: str) -> list[str]:
    parts = [p.strip() for p in text.split(";")]
    if len(parts) != count or not all(parts):
        raise RuleError(f"Please give {count} values separated by ';': {hint}.")
    return parts


def _number(value: str, what: str) -> int:
    if not value.isdigit():
        raise RuleError(f"{what} must be a whole number, not '{value}'.")
    return int(value)


def parse_face(text: str, group: str) -> Face:
    name, sight, health, armor, dice = _fields(text, 5, FACE_HINT)
    damage, acid, _ = parse_dice(dice)
    try:
        return Face(name=name, group=group, sight=_number(sight, "Sight"),
                    health=_number(health, "Health"), armor=_number(armor, "Armor"),
                    damage=damage, acid=acid)
    except ValidationError as exc:
        where, problem = first_problem(exc, "the card")
        raise RuleError(f"The enemy's {where} does not fit: {problem}.") from None


def parse_location(text: str) -> tuple[int, int]:
    bonus, spawn = _fields(text, 2, LOCATION_HINT)
    b, s = _number(bonus, "The Sight bonus"), _number(spawn, "The number of enemies")
    if b > 6 or s > 6:
        raise RuleError("A Location adds at most +6 Sight and 6 enemies.")
    return b, s


def parse_card(report: ReportCard, cid: str) -> CommonCard:
    """A reported card compiled to the same primitives as a house card."""
    words = report.effect.lower().split()
    strike: Strike | None = None
    stats: dict[str, int] = {}
    boost: dict[str, int] = {}
    guard: dict[str, object] = {}
    fields: dict[str, object] = {}
    into = stats
    i = 0
    while i < len(words):
        w = words[i]
        nxt = words[i + 1] if i + 1 < len(words) else ""
        if w in ("single", "all"):
            damage, acid, flat = parse_dice(nxt)
            strike = Strike(kind=w, damage=damage, acid=acid, flat=flat)
            i += 1
        elif w.startswith("pierce") and strike is not None:
            strike = strike.model_copy(update={"pierce": _number(w[6:] or nxt, "Pierce")})
        elif w == "boost":
            into = boost
        elif w == "guard":
            guard.setdefault("armor", 0)
            into = {}
        elif w == "avoid":
            guard["avoid"] = True
        elif w == "ally":
            guard["ally"] = True
        elif w == "ignore":
            damage, acid, _ = parse_dice(nxt)
            guard["ignore_damage"], guard["ignore_acid"] = damage, acid
            i += 1
        elif w == "resurrect":
            fields["resurrect"] = True
        elif w == "any":
            fields["any_time"] = True
        elif w == "draw":
            fields["draw"] = _number(nxt, "Draw")
            i += 1
        elif w == "companion":
            hp = nxt.split("/")
            if len(hp) != 2:
                raise RuleError("Write a companion's Health/Armor as 10/10.")
            fields["health"], fields["armor"] = _number(hp[0], "Health"), _number(hp[1], "Armor")
            i += 1
        elif _STAT.match(w):
            m = _STAT.match(w)
            assert m is not None
            if "armor" in guard and into is not stats and into is not boost:
                guard["armor"] = int(m.group(2))
            else:
                into[m.group(1)] = int(m.group(2))
        else:
            raise RuleError(f"'{w}' is not part of the effect notation (see /hellbringer rules).")
        i += 1
    if guard:
        fields["any_time"] = True
    points = tuple(p for p in re.split(r"[ ,]+", report.points.lower()) if p)
    try:
        return CommonCard(
            id=cid, name=report.name, kind=report.kind, cost=report.cost, strike=strike,
            stats=stats, boost=boost, guard=Guard(**guard) if guard else None,
            points=points, source="reported by the table", verified=False,
            text=report.effect, **fields)
    except ValidationError as exc:
        where, problem = first_problem(exc, "the card")
        raise RuleError(f"That card does not fit ({where}): {problem}.") from None
