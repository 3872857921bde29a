"""Enemy abilities in words: the tags a physical table types after an enemy's dice
(and a GM into `fix_enemy abilities=…`), read into the same `Ability` a house card
carries, so the bot applies a reported card's abilities exactly as a house one's;
and the lines that say which enemy's ability did what, so a group with the real box
can check the bot against the card in front of it.

Tags, joined by spaces: `sap1`, `blind1`, `discard1`, `global1` (extra damage dice
on a Global Hit), `plated`, `hidden`, `immune-acid`, `immune-damage`, and `other:`
followed by the text of anything else, which the bot only reminds the GM of.
"""

from __future__ import annotations

import re

from pydantic import ValidationError

from engines.core.errors import RuleError, first_problem
from engines.hellbringer.cards import Ability
from engines.hellbringer.models import Boost, Choose, Enemy, HellbringerState, Hero, Step
from engines.hellbringer.out import Out

_COUNTED = re.compile(r"^(sap|blind|discard|global)[+:]?(\d*)$")
_IMMUNE = re.compile(r"^immune[-:]?(acid|damage)?$")
COUNTED_FIELDS = {"sap": "sap", "blind": "blind", "discard": "discard", "global": "global_extra"}
TAG_HINT = "sap1 blind1 discard1 global1 plated hidden immune-acid other:…"


def parse_abilities(text: str) -> Ability:
    """The tags typed for an enemy (blank: none), or one sentence naming the bad word."""
    text = text.strip()
    other = ""
    head, sep, tail = text.partition("other:")
    if sep:
        other = tail.strip()
        if not other:
            raise RuleError("Abilities: after `other:` write what the card says.")
    fields: dict[str, int | bool] = {}
    immune: list[str] = []
    words = head.lower().split()
    i = 0
    while i < len(words):
        word = words[i]
        counted, immunity = _COUNTED.match(word), _IMMUNE.match(word)
        if counted:
            fields[COUNTED_FIELDS[counted[1]]] = int(counted[2] or "1")
        elif immunity:
            kind = immunity[1]
            if kind is None and i + 1 < len(words) and words[i + 1] in ("acid", "damage"):
                kind = words[i + 1]
                i += 1
            if kind is None:
                raise RuleError("Abilities: write immune-acid or immune-damage.")
            immune.append(kind)
        elif word in ("plated", "hidden"):
            fields[word] = True
        else:
            raise RuleError(f"Abilities: '{word}' is not a tag; use {TAG_HINT}.")
        i += 1
    try:
        return Ability.model_validate({**fields, "immune": tuple(dict.fromkeys(immune)),
                                       "other": other[:100]})
    except ValidationError as exc:
        where, problem = first_problem(exc, "the abilities")
        raise RuleError(f"Abilities: {where} does not fit: {problem}.") from None


def ability_tags(ability: Ability) -> str:
    """The ability as the board and the log show it ("Sap 1, immune to acid")."""
    parts = [f"{name} {getattr(ability, field)}" for name, field in (
        ("Sap", "sap"), ("Blind", "blind"), ("Discard", "discard"),
        ("Global +", "global_extra")) if getattr(ability, field)]
    parts = [p.replace("+ ", "+") for p in parts]
    parts += [f"immune to {kind}" for kind in ability.immune]
    parts += [name for name, on in (("Plated", ability.plated), ("Hidden", ability.hidden)) if on]
    if ability.other:
        parts.append(f"other: {ability.other}")
    return ", ".join(parts)


def on_hit(state: HellbringerState, hero: Hero, enemies: list[Enemy],
           discards: list[Step], out: Out) -> None:
    """The on-hit abilities of `enemies` on a struck hero, each said with the enemy it
    comes from ("The Ghoul's Sap: Bob loses 1 AP."); an `other:` text is for the GM."""
    name = state.names[hero.seat]
    sap = blind = lose = 0
    for enemy in enemies:
        ability = enemy.face.ability
        sap, blind, lose = sap + ability.sap, blind + ability.blind, lose + ability.discard
        _say(enemy, "Sap", ability.sap, f"{name} loses {ability.sap} AP on their next turn", out)
        _say(enemy, "Blind", ability.blind,
             f"{name} loses {ability.blind} Sight to the end of their next turn", out)
        if ability.discard and hero.hand:
            _say(enemy, "Discard", ability.discard, f"{name} discards {ability.discard}"
                 f" card{'s' if ability.discard > 1 else ''}", out)
        if ability.other:
            out.say(f"{_whose(enemy)} ability hits {name}; the GM applies it by hand:"
                    f" {ability.other}")
    if sap or blind:
        hero.boosts.append(Boost(source="enemies", stats={"ap": -sap, "sight": -blind},
                                 until="turn"))
    if lose and hero.hand:
        discards.append(Choose(what="miss_discard", seat=hero.seat,
                               count=min(lose, len(hero.hand))))


def _whose(enemy: Enemy) -> str:
    name = enemy.face.name
    return f"{'' if name.lower().startswith('the ') else 'The '}{name}'s"


def _say(enemy: Enemy, what: str, amount: int, text: str, out: Out) -> None:
    if amount:
        out.say(f"{_whose(enemy)} {what}: {text}.")
