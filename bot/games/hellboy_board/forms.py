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
from engines.hellboy_board.skill_tests import MAX_PIPS, TOTAL

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
        """With the effect die comes an optional total: a group that added up its real
        dice (effect resolved) types only that, and the dice may stay empty."""
        out = []
        effect = _effect(request)
        if effect is not None:
            out.append(FormField("Effect die", ", ".join(effect.options), max_length=40,
                                 required=False))
        dice = self._dice(request)
        if dice:
            colours = " ".join(i.label.split("(")[-1].rstrip(")").split()[0] for i in dice)
            any_pips = " (any 0-9 each)" if all(i.also for i in dice) else ""
            out.append(FormField(f"{len(dice)} coloured dice, in order",
                                 clip(f"pips, like 2 0 3{any_pips} — dice: {colours}",
                                      PLACEHOLDER),
                                 max_length=60, required=effect is None))
        if effect is not None:
            out.append(FormField("Or your total (effect resolved)", "leave empty to give the dice",
                                 max_length=2, required=False))
        return out

    def values(self, request: ChanceRequest, answers: list[str]) -> list[str]:
        effect = _effect(request)
        dice = self._dice(request)
        values: list[str] = []
        said = [a.strip() for a in answers]
        if effect is not None:
            face, pips_said, total = (*said, "", "", "")[:3]
            if total:
                if not total.isdigit():
                    raise RuleError(f"The total is a number of pips, like 7 ('{total}' isn't).")
                return [f"{TOTAL}{int(total)}", *(i.options[0] for i in dice)]
            if not face:
                raise RuleError("Give the effect die and the coloured dice, or your total.")
            values.append(as_spelled(effect, face))
        else:
            pips_said = said[0] if said else ""
        pips = [p for p in re.split(r"[,\s]+", pips_said) if p]
        if len(pips) != len(dice):
            raise RuleError(f"Give {len(dice)} coloured dice, in order (you gave {len(pips)}).")
        for item, p in zip(dice, pips, strict=True):
            if item.also and as_spelled(item, p) not in (*item.options, *item.also):
                raise RuleError(f"A die shows 0 to {MAX_PIPS} pips: '{p}' isn't one.")
        return values + [as_spelled(i, p) for i, p in zip(dice, pips, strict=True)]


def _effect(request: ChanceRequest) -> ChanceItem | None:
    return next((i for i in request.items if i.key == "effect"), None)


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
