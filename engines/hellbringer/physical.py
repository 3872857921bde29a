"""Physical mode: what the table reads off its real cards, one chance item per
printed value, so each report form has five inputs at most (a Discord modal's
limit) and a misread value is refused naming its field:

- hero sheet (`SheetReport`): class and Perk, Health, Armor, Sight, AP (Skill Points,
  hand limit and companions come from the class, said aloud for the GM to correct);
- enemy card (`Spawn`): name, Sight, Health, Armor, dice (`3D1A`) followed by its
  ability tags (`abilities`: `sap1 immune-acid other:…`), a Discord modal having
  no sixth input;
- location (`LocationReport`): its Sight bonus and how many enemies it adds;
- what was drawn (an enumerable item, reported): Common / Combat / Showdown /
  Tome, with the exact odds of the pile;
- a Tome drawn (`TomeReport`): which of the effects the bot applies it has (an
  enumerable item: the table reads its text aloud, the bot knows no printed
  Tome) and how much, where the effect has an amount;
- a Combat or Showdown card drawn (`CombatReport`): how many Monsters it brings;
- a card a player holds (`CardReport`, after the `ShowCard` move, until the form
  is sent or the player takes the Show back with `CancelShow`): gear (name,
  AP cost, attack, bonuses while equipped, connection points), a companion
  (name, AP cost, Health/Armor, attack, other effects) or another card (name,
  kind, AP cost, effect). Effects use a few words: `single 2D1A+5 pierce10`,
  `all 1D1A`, `armor+10 sight+1`, `boost ap+1`, `avoid`, `halve`, `ignore 2D 3A`,
  `guard armor+20`, `ally`, `resurrect`, `any`, `draw 2`, `slots 1` (an item's
  enchantment slots), `adds 1D` (what an enchantment adds to its item).
"""

from __future__ import annotations

import re
from typing import Literal

from pydantic import ValidationError

from engines.core.chance import ChanceItem
from engines.core.errors import RuleError, first_problem
from engines.hellbringer.abilities import parse_abilities
from engines.hellbringer.cards import (
    CLASSES,
    ClassId,
    CommonCard,
    Enchant,
    EnchantmentCard,
    Face,
    Guard,
    Strike,
    TomeEffect,
)
from engines.hellbringer.models import CardForm, ReportCard

_DICE = re.compile(r"^(?:(\d+)D)?(?:(\d+)A)?(?:\+(\d+))?$", re.IGNORECASE)
_STAT = re.compile(r"^(health|armor|sight|ap|skill|hand|companions)([+-]\d+)$")
Printed = tuple[str, str, str]
"""(key, label, hint) of one printed value."""

SHEET: tuple[Printed, ...] = (
    ("class", "Class and Perk (I or II)", "e.g. warrior I or sorcerer II (hunter, paladin,"
     " monk, druid)"),
    ("health", "Health", "in fives, as on your sheet, e.g. 30"),
    ("armor", "Armor", "in fives, e.g. 10"),
    ("sight", "Sight", "0 to 12, e.g. 2"),
    ("ap", "Action Points", "1 to 8, e.g. 2"),
)
ENEMY: tuple[Printed, ...] = (
    ("name", "Name", "as printed, e.g. Ogre"),
    ("sight", "Sight", "the eye on the card, 0 to 12, e.g. 3"),
    ("health", "Health", "in fives, e.g. 10"),
    ("armor", "Armor", "in fives, e.g. 30"),
    ("dice", "Dice, then abilities if any",
     "e.g. 3D1A, or 2D sap1 immune-acid, or 1A hidden other:…"),
)
LOCATION: tuple[Printed, ...] = (
    ("bonus", "Sight bonus", "the + Sight on the card, 0 to 6, e.g. 2"),
    ("spawn", "Enemies it adds", "at your player count, 0 to 6, e.g. 3"),
)
TOME_EFFECTS: dict[TomeEffect, str] = {
    "none": "read: nothing the bot tracks, read it aloud",
    "draw": "draw: each player in play draws cards",
    "collect": "collect: each player in play collects cards from the Common discard",
    "resurrect": "resurrect: the eliminated return at the end of the next Enemies' Turn",
    "weaken_demon": "weaken: the Demon's Side A enters with less Armor",
}
"""What a printed Tome can do that the bot applies, each label led by the word a
player types; anything else the GM applies with `/game correct`."""
TOME_AMOUNT = ("amount", "How many (blank if none)",
               "cards each (blank: 1), or the Armor the Demon loses, e.g. 20")
TOME_AMOUNTS: dict[TomeEffect, tuple[str, int | None, int, int, int]] = {
    "draw": ("Cards each", 1, 1, 3, 1),
    "collect": ("Cards each", 1, 1, 3, 1),
    "weaken_demon": ("The Armor the Demon loses", None, 5, 100, 5),
}
"""Per effect with an amount: (field, value when left blank, lowest, highest, step)."""
COMBAT_MONSTERS = ("monsters", "Monsters it brings into play", "0 to 4, as printed")
MAX_COMBAT_MONSTERS = 4
SUGGESTED_MONSTERS = {"combat": 1, "showdown": 2}
"""What a report form fills in: the rulebook's example Combat card draws one Monster
(R:166); a Showdown, its bigger variant, is assumed to draw two."""
DEFAULT_KINDS = {"gear": "item", "companion": "companion"}
OTHER_KINDS = ("skill", "enchantment", "defense", "potion")
CARD: dict[CardForm, tuple[Printed, ...]] = {
    "gear": (
        ("name", "Name", "as printed, e.g. Firebolt Wand"),
        ("cost", "AP cost", "0 to 5, e.g. 1"),
        ("attack", "Attack (blank if none)", "e.g. single 2D1A+5 pierce10, or all 1D"),
        ("stats", "While equipped (blank if none)", "e.g. armor+10 sight+1 slots 1"),
        ("points", "Connection points", "red, green, blue or violet, e.g. red green"),
    ),
    "companion": (
        ("name", "Name", "as printed, e.g. Ash Hound"),
        ("cost", "AP cost", "0 to 5, e.g. 1"),
        ("body", "Health/Armor", "e.g. 10/10"),
        ("attack", "Attack (blank if none)", "e.g. single 2D"),
        ("stats", "Other effects (blank if none)", "e.g. armor+10 (while it is in play)"),
    ),
    "other": (
        ("name", "Name", "as printed, e.g. Smoke Veil"),
        ("kind", "Kind", "skill, enchantment, defence or potion"),
        ("cost", "AP cost", "0 to 5, e.g. 1"),
        ("effect", "Effect", "e.g. single 2D · avoid · ignore 2D · boost ap+1 · adds 1D"),
    ),
}
FORM_NAMES: dict[CardForm, str] = {"gear": "a gear card (an item)", "companion": "a companion",
                                   "other": "a skill, enchantment, defence or potion"}
SPELLINGS = {"defence": "defense", "defense": "defense"}


def open_items(fields: tuple[Printed, ...], prefix: str = "") -> list[ChanceItem]:
    """One open chance item per printed value (a card from the box is always reported)."""
    return [ChanceItem(key=f"{prefix}{key}", label=label, source="card", open_hint=hint)
            for key, label, hint in fields]


def parse_dice(text: str, what: str = "Dice") -> tuple[int, int, int]:
    """'3D1A+5' → (3 damage dice, 1 acid die, +5)."""
    m = _DICE.match(text.strip().replace(" ", ""))
    if not m or not text.strip():
        raise RuleError(f"{what}: '{text}' is not dice like 2D1A (damage and acid dice), e.g."
                        " 3D or 2D1A+5.")
    return int(m.group(1) or 0), int(m.group(2) or 0), int(m.group(3) or 0)


def _number(value: str, what: str, low: int = 0, high: int = 200, step: int = 1) -> int:
    """A printed number, or one sentence naming the field."""
    text = value.strip().lstrip("+")
    if not text.isdigit():
        raise RuleError(f"{what} must be a whole number, not '{value.strip() or '(nothing)'}'.")
    number = int(text)
    if not low <= number <= high:
        raise RuleError(f"{what} must be from {low} to {high}, not {number}.")
    if number % step:
        raise RuleError(f"{what} comes in fives on the card (5, 10, 15 …), not {number}.")
    return number


def _values(values: list[str], fields: tuple[Printed, ...]) -> dict[str, str]:
    if len(values) != len(fields):
        names = ", ".join(label for _, label, _ in fields)
        raise RuleError(f"Please give {len(fields)} values: {names}.")
    return {key: value.strip() for (key, _, _), value in zip(fields, values, strict=True)}


PERKS: dict[str, Literal[1, 2]] = {"i": 1, "1": 1, "ii": 2, "2": 2}


def parse_sheet(values: list[str]) -> tuple[ClassId, Literal[1, 2], dict[str, int]]:
    """A hero sheet: its class, the Perk taken (blank: Perk I) and the stats on it."""
    v = _values(values, SHEET)
    words = v["class"].lower().replace("perk", " ").split()
    cls = words[0] if words else ""
    if cls not in CLASSES:
        raise RuleError(f"Class must be one of {', '.join(CLASSES)}, not '{v['class']}'.")
    perk = PERKS.get("".join(words[1:]) or "i")
    if perk is None:
        raise RuleError(f"Perk: write I or II after the class (e.g. {cls} II), not"
                        f" '{' '.join(words[1:])}'.")
    return cls, perk, {
        "health": _number(v["health"], "Health", 5, 200, 5),
        "armor": _number(v["armor"], "Armor", 0, 200, 5),
        "sight": _number(v["sight"], "Sight", 0, 12),
        "ap": _number(v["ap"], "Action Points", 1, 8),
    }


def parse_face(values: list[str], group: str) -> Face:
    """An enemy card: name, Sight, Health, Armor, dice and its ability tags."""
    v = _values(values, ENEMY)
    if not v["name"]:
        raise RuleError("Name: write the enemy's name as printed.")
    dice, _, tags = v["dice"].partition(" ")
    damage, acid, _ = parse_dice(dice, "Dice")
    ability = parse_abilities(tags)
    try:
        return Face(name=v["name"][:40], group=group, sight=_number(v["sight"], "Sight", 0, 12),
                    health=_number(v["health"], "Health", 0, 200, 5),
                    armor=_number(v["armor"], "Armor", 0, 200, 5), damage=damage, acid=acid,
                    ability=ability)
    except ValidationError as exc:
        where, problem = first_problem(exc, "the card")
        raise RuleError(f"The enemy's {where} does not fit: {problem}.") from None


def parse_location(values: list[str]) -> tuple[int, int]:
    v = _values(values, LOCATION)
    return _number(v["bonus"], "The Sight bonus", 0, 6), \
        _number(v["spawn"], "Enemies it adds", 0, 6)


def tome_items() -> list[ChanceItem]:
    """What a Tome does (enumerable, always reported) and how much (open)."""
    key, label, hint = TOME_AMOUNT
    effect = ChanceItem(key="tome_effect", label="Tome's effect", source="card",
                        options=list(TOME_EFFECTS), labels=list(TOME_EFFECTS.values()))
    return [effect, ChanceItem(key=f"tome_{key}", label=label, source="card", open_hint=hint)]


def parse_tome(effect: TomeEffect, amount: str) -> int:
    """How much of `effect` the printed Tome gives, or one sentence naming the field."""
    spec = TOME_AMOUNTS.get(effect)
    if spec is None:
        if amount.strip():
            raise RuleError(f"How many: that Tome has no amount (leave it blank), not"
                            f" '{amount.strip()}'.")
        return 0
    what, blank, low, high, step = spec
    if not amount.strip():
        if blank is None:
            raise RuleError(f"How many: write {what[0].lower()}{what[1:]} as printed,"
                            " such as 20.")
        return blank
    return _number(amount, what, low, high, step)


DRAWN_MONSTERS = ("card_monsters", "Monsters per Combat card (blank: as printed)",
                  "only if you drew one: 0 to 4; blank: 1 (a Showdown: 2)")


DRAWN_MONSTER = ("card_monster", "The Monster it brings (blank if none)",
                 "name, Sight, Health, Armor, dice: Ghoul, 1, 10, 5, 2D sap1")
DRAWN = (DRAWN_MONSTERS[0], DRAWN_MONSTER[0])
"""The keys of the draw form's own inputs for its Combat cards, after the cards."""


def drawn_monsters_items() -> list[ChanceItem]:
    """The draw form's own inputs for what its Combat cards bring: how many Monsters
    each, and the first of them (its enemy card on one line), so a batch that reveals
    one needs neither a Combat form nor, for one Monster, an enemy form."""
    return [ChanceItem(key=key, label=label, source="card", open_hint=hint)
            for key, label, hint in (DRAWN_MONSTERS, DRAWN_MONSTER)]


def parse_drawn_monster(text: str) -> Face | None:
    """The first Monster a drawn Combat card brings, as the enemy form reads it but
    on one line, its five values split by commas (blank: none told)."""
    if not text.strip():
        return None
    parts = [p.strip() for p in text.rsplit(",", len(ENEMY) - 1)]
    if len(parts) != len(ENEMY):
        raise RuleError("The Monster it brings: write its name, Sight, Health, Armor and"
                        " dice with commas, e.g. Ghoul, 1, 10, 5, 2D sap1.")
    return parse_face(parts, "monster")


def combat_item(cid: str) -> ChanceItem:
    key, label, hint = COMBAT_MONSTERS
    return ChanceItem(key=f"combat_{key}", label=label, source="card", open_hint=hint,
                      suggested=str(SUGGESTED_MONSTERS.get(cid, 1)))


def parse_combat(value: str) -> int:
    return _number(value, "Monsters it brings into play", 0, MAX_COMBAT_MONSTERS)


def parse_form(form: CardForm, values: list[str], cid: str) -> CommonCard:
    """A card a player showed, from its form's values."""
    v = _values(values, CARD[form])
    kind = DEFAULT_KINDS.get(form) or SPELLINGS.get(v["kind"].lower(), v["kind"].lower())
    if kind not in (*OTHER_KINDS, *DEFAULT_KINDS.values()) or (
            form == "other" and kind not in OTHER_KINDS):
        raise RuleError(f"Kind must be skill, enchantment, defence or potion, not '{v['kind']}'.")
    words = [v.get("attack", ""), v.get("stats", ""), v.get("effect", "")]
    if form == "companion":
        words.insert(0, f"companion {v['body']}")
    if form == "gear" and not v["points"]:
        raise RuleError("Connection points: an item has at least one (red, green, blue,"
                        " violet).")
    cost = _number(v["cost"], "AP cost", 0, 5)
    try:
        report = ReportCard(name=v["name"], kind=kind, cost=cost,
                            effect=" ".join(w for w in words if w), points=v.get("points", ""))
    except ValidationError as exc:
        where, problem = first_problem(exc, "the card")
        raise RuleError(f"The card's {where} does not fit: {problem}.") from None
    return parse_card(report, cid)


def parse_card(report: ReportCard, cid: str) -> CommonCard:
    """A reported card compiled to the same primitives as a house card."""
    words = report.effect.lower().split()
    strike: Strike | None = None
    stats: dict[str, int] = {}
    boost: dict[str, int] = {}
    guard: dict[str, object] = {}
    fields: dict[str, object] = {}
    adds: Enchant | None = None
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
            strike = strike.model_copy(
                update={"pierce": _number(w[6:] or nxt, "Pierce", 0, 100, 5)})
            i += 0 if w[6:] else 1
        elif w == "boost":
            into = boost
        elif w == "guard":
            guard.setdefault("armor", 0)
            into = {}
        elif w == "avoid":
            guard["avoid"] = True
        elif w == "ally":
            guard["ally"] = True
        elif w == "halve":
            guard["halve"] = True
        elif w == "ignore":
            damage, acid, _ = parse_dice(nxt)
            guard["ignore_damage"], guard["ignore_acid"] = damage, acid
            i += 1
        elif w == "resurrect":
            fields["resurrect"] = True
        elif w == "any":
            fields["any_time"] = True
        elif w == "draw":
            fields["draw"] = _number(nxt, "Draw", 0, 3)
            i += 1
        elif w in ("slots", "slot"):
            fields["slots"] = _number(nxt, "Slots", 0, 2)
            i += 1
        elif w == "adds":
            damage, acid, _ = parse_dice(nxt, "Adds")
            adds = Enchant(damage=min(damage, 4), acid=min(acid, 4))
            i += 1
        elif w == "companion":
            hp = nxt.split("/")
            if len(hp) != 2:
                raise RuleError("Health/Armor: write a companion's as 10/10.")
            fields["health"] = _number(hp[0], "The companion's Health", 5, 100, 5)
            fields["armor"] = _number(hp[1], "The companion's Armor", 0, 100, 5)
            i += 1
        elif _STAT.match(w):
            m = _STAT.match(w)
            assert m is not None
            if "armor" in guard and into is not stats and into is not boost:
                guard["armor"] = int(m.group(2))
            else:
                into[m.group(1)] = int(m.group(2))
        else:
            raise RuleError(f"'{w}' is not part of the effect words (see `/hellbringer rules`).")
        i += 1
    if guard:
        fields["any_time"] = True
    points = tuple(p for p in re.split(r"[ ,]+", report.points.lower()) if p)
    model = EnchantmentCard if report.kind == "enchantment" else CommonCard
    if adds is not None:
        if model is not EnchantmentCard:
            raise RuleError("'adds' is for an enchantment (what it adds to its item).")
        fields["adds"] = adds
    try:
        return model(
            id=cid, name=report.name, kind=report.kind, cost=report.cost, strike=strike,
            stats=stats, boost=boost, guard=Guard(**guard) if guard else None,
            points=points, source="reported by the table", verified=False,
            text=report.effect, **fields)
    except ValidationError as exc:
        where, problem = first_problem(exc, "the card")
        raise RuleError(f"That card does not fit ({where}): {problem}.") from None
