"""Report forms for a table whose players roll or draw themselves.

A test can roll seven dice (six coloured and the effect die), more than a
modal's five inputs, and a Doom card's options are spelled as codes; these
forms ask in plain words (the effect die's face; the coloured dice in one line,
in order) and fold the answers back into the values the engine checks.
"""

from __future__ import annotations

import re

from bot.render.style import clip
from bot.ui.report import FormField, as_spelled
from engines.core.chance import ChanceItem, ChanceRequest
from engines.core.errors import RuleError
from engines.hellboy_board.flow import OTHER, THREAT_PREFIX

THREAT_LABEL = "Unexpected Threat: "
PLACEHOLDER = 100
"""Discord's limit on a text input's placeholder."""
_OTHER_WORDS = {"other", "another", "doom", "no", "none", "a doom card", "another doom card"}


def _words(text: str) -> str:
    return " ".join(re.sub(r"[^a-z0-9]+", " ", text.lower()).split())


class TestDiceForm:
    """A test's dice: the effect die's face, then each coloured die's pips."""

    __test__ = False  # not a pytest class
    title = "Your test's dice"

    def fits(self, request: ChanceRequest) -> bool:
        return bool(request.items) and all(
            i.key == "effect" or i.key.startswith("die") for i in request.items)

    def _dice(self, request: ChanceRequest) -> list[ChanceItem]:
        return [i for i in request.items if i.key.startswith("die")]

    def fields(self, request: ChanceRequest) -> list[FormField]:
        out = []
        effect = next((i for i in request.items if i.key == "effect"), None)
        if effect is not None:
            out.append(FormField("Effect die", ", ".join(effect.options), max_length=40))
        dice = self._dice(request)
        if dice:
            colours = " ".join(i.label.split("(")[-1].rstrip(")").split()[0] for i in dice)
            out.append(FormField(f"{len(dice)} coloured dice, in order",
                                 f"pips, like 2 0 3 — dice: {colours}", max_length=60))
        return out

    def values(self, request: ChanceRequest, answers: list[str]) -> list[str]:
        values: list[str] = []
        rest = list(answers)
        effect = next((i for i in request.items if i.key == "effect"), None)
        if effect is not None:
            values.append(as_spelled(effect, rest.pop(0).strip()))
        dice = self._dice(request)
        pips = [p for p in re.split(r"[,\s]+", rest[0] if rest else "") if p]
        if len(pips) != len(dice):
            raise RuleError(f"Give {len(dice)} coloured dice, in order (you gave {len(pips)}).")
        return values + [as_spelled(i, p) for i, p in zip(dice, pips, strict=True)]


class DoomForm:
    """The Doom card turned over: another Doom card, or the Unexpected Threat by name."""

    title = "The Doom card you drew"

    def fits(self, request: ChanceRequest) -> bool:
        return len(request.items) == 1 and request.items[0].key == "doom"

    def fields(self, request: ChanceRequest) -> list[FormField]:
        """The threats by name in the placeholder (Discord shows 100 characters of it),
        so the ones a server's pack adds are named too."""
        item = request.items[0]
        threats = [item.label_of(o).removeprefix(THREAT_LABEL) for o in item.options
                   if o.startswith(THREAT_PREFIX)]
        hint = (["another"] if OTHER in item.options else []) + (
            [f"a threat: {' / '.join(threats)}"] if threats else [])
        return [FormField("What did you draw?", clip(", or ".join(hint), PLACEHOLDER),
                          max_length=80)]

    def values(self, request: ChanceRequest, answers: list[str]) -> list[str]:
        item = request.items[0]
        said = _words(answers[0] if answers else "")
        if said in _OTHER_WORDS and OTHER in item.options:
            return [OTHER]
        for option in item.options:
            name = _words(item.label_of(option).removeprefix(THREAT_LABEL))
            if option.startswith(THREAT_PREFIX) and said and (
                    said in name or said == _words(option)):
                return [option]
        choices = " or ".join(f"'{item.label_of(o)}'" for o in item.options)
        raise RuleError(f"Say which card you drew: {choices}.")


FORMS = (TestDiceForm(), DoomForm())
