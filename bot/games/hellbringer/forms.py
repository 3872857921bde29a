"""Hellbringer's physical report forms: what the table reads off its own box.

The engine asks for one open chance item per printed value (`engines.hellbringer.
physical`): a hero sheet, an enemy card, a Location, a card a player shows (gear,
a companion, another card). `PrintedForm` lays those out as labelled inputs with
an example each and passes the answers through; the engine reads them and refuses
a misread value in one sentence naming its field, changing nothing. `DrawnForm`
asks what kind of card came off the dungeon pile (with the pile's odds),
`TomeForm` what the Tome drawn does (one word) and how much, and `DiceForm` the
damage, acid and Enemy dice, in words a player types on a phone.
"""

from __future__ import annotations

import re

from bot.render.style import clip
from bot.ui.report import INPUT_PLACEHOLDER, FormField
from engines.core.chance import ChanceItem, ChanceRequest
from engines.core.errors import RuleError
from engines.hellbringer.physical import DRAWN

OPTIONAL = "(blank if none)"
ENEMY_DIE = {"miss": "Miss", "player": "Player Hit", "companion": "Companion Hit",
             "global": "Global Hit"}


def _words(text: str) -> str:
    return " ".join(re.sub(r"[^a-z0-9]+", " ", text.lower()).split())


class PrintedForm:
    """The values printed on one kind of card, each in its own input (five at most)."""

    def __init__(self, prefix: str, title: str) -> None:
        self.prefix = prefix
        self.title = title

    def fits(self, request: ChanceRequest) -> bool:
        return all(i.open_hint is not None and i.key.startswith(self.prefix)
                   for i in request.items)

    def fields(self, request: ChanceRequest) -> list[FormField]:
        return [FormField(item.label, item.open_hint or "",
                          required=OPTIONAL not in item.label, max_length=80,
                          default=item.suggested or "")
                for item in request.items]

    def values(self, request: ChanceRequest, answers: list[str]) -> list[str]:
        return [a.strip() for a in answers]


def _odds(item: ChanceItem) -> str:
    total = sum(item.weights)
    return " · ".join(f"{item.label_of(o).removeprefix('a ')} {w / total:.0%}"
                      for o, w in zip(item.options, item.weights, strict=True))


class DrawnForm:
    """The cards of one draw off the dungeon pile, in one input: only their kinds (a
    Common stays secret), in the order drawn ("common, combat")."""

    title = "What did you draw?"

    def fits(self, request: ChanceRequest) -> bool:
        return bool(self._cards(request)) and all(
            re.fullmatch(r"card\d*", i.key) and i.open_hint is None for i in self._cards(request))

    @staticmethod
    def _cards(request: ChanceRequest) -> list[ChanceItem]:
        """The drawn cards' items, without the inputs for what a Combat card brings."""
        return [i for i in request.items if i.key not in DRAWN]

    def fields(self, request: ChanceRequest) -> list[FormField]:
        count = len(self._cards(request))
        if count == 1:
            return [FormField("Common, Combat, Showdown or a Tome?",
                              f"odds: {_odds(request.items[0])}", max_length=40)]
        fields = [FormField(f"The {count} cards, in the order drawn",
                            clip(f"e.g. common, combat · 1st card: {_odds(request.items[0])}",
                                 INPUT_PLACEHOLDER), max_length=120)]
        fields += [FormField(i.label, i.open_hint or "", required=False,
                             max_length=10 if i.key == DRAWN[0] else 120)
                   for i in request.items if i.key in DRAWN]
        return fields

    def values(self, request: ChanceRequest, answers: list[str]) -> list[str]:
        count = len(self._cards(request))
        told = [a.strip() for a in answers[1:]]
        told = [*told, *[""] * (len(request.items) - count - len(told))]
        text = answers[0] if answers else ""
        parts = [p for p in re.split(r"[,;\n]+| and ", text) if p.strip()]
        if count > 1 and len(parts) == 1:
            parts = self._by_word(text)
        if len(parts) != count:
            raise RuleError(f"Name the {count} cards drawn, in order, with commas (you named"
                            f" {len(parts)}), e.g. common, combat.")
        return [*(self._kind(request.items[0], part) for part in parts), *told]

    @staticmethod
    def _by_word(text: str) -> list[str]:
        """'common combat' or 'common tome ii': one card per kind word."""
        parts: list[str] = []
        for word in _words(text).split():
            if parts and re.fullmatch(r"i{1,3}|iv|v|card|a", word):
                parts[-1] += f" {word}"
            else:
                parts.append(word)
        return [p for p in parts if p not in ("a", "card")]

    @staticmethod
    def _kind(item: ChanceItem, typed: str) -> str:
        said = _words(typed).removeprefix("a ").removesuffix(" card")
        for option in item.options:
            names = {_words(option), _words(item.label_of(option)).removeprefix("a ")}
            names |= {n.removesuffix(" card") for n in names}
            if said and (said in names or (said == "tome" and option.startswith("tome"))):
                return option
        kinds = ", ".join(item.label_of(o).removeprefix("a ").removesuffix(" card")
                          for o in item.options)
        raise RuleError(f"Say which kind of card you drew: {kinds}.")


class TomeForm:
    """The Tome drawn: which effect the bot applies (the word each option's label
    starts with) and how much; anything else is the GM's, with `/game correct`."""

    title = "The Tome you read"

    def fits(self, request: ChanceRequest) -> bool:
        return [i.key for i in request.items] == ["tome_effect", "tome_amount"]

    def _words(self, item: ChanceItem) -> list[str]:
        return [item.label_of(o).split(":")[0] for o in item.options]

    def fields(self, request: ChanceRequest) -> list[FormField]:
        effect, amount = request.items
        words = " · ".join(self._words(effect))
        return [FormField("What does it do? (one word)", f"{words}; else: read, then"
                          " /game correct", max_length=40),
                FormField(amount.label, amount.open_hint or "", required=False, max_length=10)]

    def values(self, request: ChanceRequest, answers: list[str]) -> list[str]:
        effect = request.items[0]
        said = _words(answers[0] if answers else "").split()
        words = self._words(effect)
        first = said[0] if said else ""
        for option, word in zip(effect.options, words, strict=True):
            names = (word, _words(option).split()[0])
            # "resurrection", "weak", "draws": a word's start or a longer form of it
            if first and any(first.startswith(n) or (len(first) >= 3 and n.startswith(first))
                             for n in names):
                return [option, answers[1] if len(answers) > 1 else ""]
        raise RuleError(f"What the Tome does: say {', '.join(words[:-1])} or {words[-1]}"
                        " (anything else: read, and the GM applies it with `/game correct`).")


class DiceForm:
    """The dice rolled at the table: damage and acid dice (faces in one line each),
    or the Enemy Die. An attack needs only each kind's total (the threshold and an
    immunity read sums), so a player may type the total instead of the faces; the
    enemies' pool keeps its faces, as a defence may ignore its highest dice."""

    title = "Your dice"

    def fits(self, request: ChanceRequest) -> bool:
        return all(re.fullmatch(r"[da]\d+|enemy", i.key) and i.open_hint is None
                   for i in request.items)

    def _groups(self, request: ChanceRequest) -> list[tuple[str, list[ChanceItem]]]:
        groups = [("Damage dice", [i for i in request.items if i.key.startswith("d")]),
                  ("Acid dice", [i for i in request.items if i.key.startswith("a")]),
                  ("Enemy Die", [i for i in request.items if i.key == "enemy"])]
        return [(name, items) for name, items in groups if items]

    def fields(self, request: ChanceRequest) -> list[FormField]:
        out = []
        for name, items in self._groups(request):
            faces = ", ".join(dict.fromkeys(items[0].options))
            if name == "Enemy Die":
                out.append(FormField(name, faces, max_length=40))
            else:
                total = ", or their total" if self._totals(request) and len(items) > 1 else ""
                out.append(FormField(f"{name} ({len(items)})",
                                     f"the {len(items)} faces in a row{total}; each is {faces}",
                                     max_length=120))
        return out

    @staticmethod
    def _totals(request: ChanceRequest) -> bool:
        """An attack (its roller reports it) is read by totals; the enemies' pool is not."""
        return request.reporter is not None

    def values(self, request: ChanceRequest, answers: list[str]) -> list[str]:
        out: list[str] = []
        for (name, items), answer in zip(self._groups(request), [*answers, "", ""],
                                         strict=False):
            if name == "Enemy Die":
                said = _words(answer)
                face = next((f for word, f in ENEMY_DIE.items() if word in said.split()), None)
                if face is None:
                    raise RuleError("Enemy Die: say Miss, Player Hit, Companion Hit or"
                                    " Global Hit.")
                out.append(face)
                continue
            faces = re.findall(r"\d+", answer)
            if len(faces) == 1 < len(items) and self._totals(request):
                faces = _split(int(faces[0]), len(items), items[0].options, name)
            if len(faces) != len(items):
                raise RuleError(f"{name}: type {len(items)} face{'s' if len(items) > 1 else ''}"
                                f" (you typed {len(faces)}).")
            allowed = items[0].options
            bad = [f for f in faces if f not in allowed]
            if bad:
                raise RuleError(f"{name}: a die shows {', '.join(dict.fromkeys(allowed))},"
                                f" not {bad[0]}.")
            out += faces
        return out


def _split(total: int, count: int, options: list[str], name: str) -> list[str]:
    """`count` faces from `options` that add up to `total` (highest first), which is all
    an attack reads; one sentence if no roll of those dice makes it."""
    values = sorted({int(o) for o in options}, reverse=True)
    reach: dict[tuple[int, int], list[int] | None] = {}

    def find(left: int, dice: int) -> list[int] | None:
        if dice == 0:
            return [] if left == 0 else None
        if (left, dice) not in reach:
            reach[left, dice] = next((
                [v, *rest] for v in values if v <= left
                and (rest := find(left - v, dice - 1)) is not None), None)
        return reach[left, dice]

    found = find(total, count)
    if found is None:
        faces = ", ".join(dict.fromkeys(options))
        raise RuleError(f"{name}: {count} dice showing {faces} can't total {total}.")
    return [str(v) for v in found]


FORMS = (
    PrintedForm("sheet_", "Your hero sheet"),
    PrintedForm("enemy_", "The enemy card"),
    PrintedForm("location_", "The Location card"),
    PrintedForm("gear_", "The gear card you show"),
    PrintedForm("companion_", "The companion you show"),
    PrintedForm("other_", "The card you show"),
    PrintedForm("combat_", "The Combat or Showdown card"),
    TomeForm(),
    DrawnForm(),
    DiceForm(),
)
