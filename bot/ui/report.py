"""The physical-mode form: players type what their real dice or cards show.

A modal holds at most five text inputs, so a request with more items is
reported in one input, values separated by commas or spaces.

A game can bring `ReportForm`s (its manifest's `forms`) for requests one line
can't describe well (a drawn card with a kind, a name, three numbers and
effects): the form lays out its own inputs and folds the answers back into the
values the engine expects. Forms are looked up by the game's key, so one game's
form never claims another game's request; within a game, the first form that
fits the request is used. Requests no form claims get the generic layout above.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

import discord

from engines.core.chance import ChanceItem, ChanceRequest

MODAL_INPUTS = 5
MODAL_TITLE = 45
INPUT_LABEL = 45
INPUT_PLACEHOLDER = 100


@dataclass(frozen=True)
class FormField:
    """One text input of a game's report form."""

    label: str
    placeholder: str = ""
    required: bool = True
    max_length: int = 200
    default: str = ""
    """Filled in beforehand (the item's `suggested` value); the player may change it."""


class ReportForm(Protocol):
    """A game's own layout for a physical-mode report."""

    title: str

    def fits(self, request: ChanceRequest) -> bool:
        """Whether this form describes `request` (the game's forms are tried in order)."""

    def fields(self, request: ChanceRequest) -> list[FormField]:
        """At most five inputs."""

    def values(self, request: ChanceRequest, answers: list[str]) -> list[str]:
        """The report's values, one per chance item, from the answers in field order.
        Raises RuleError for answers that can't be read (nothing is changed)."""


_FORMS: dict[str, tuple[ReportForm, ...]] = {}


def register_forms(game_key: str, forms: tuple[ReportForm, ...]) -> None:
    """A game's forms, from its manifest (`bot.frontend.install`)."""
    _FORMS[game_key] = forms


def form_for(game_key: str, request: ChanceRequest) -> ReportForm | None:
    """The game's own form for `request`, or None for the generic layout."""
    return next((form for form in _FORMS.get(game_key, ()) if form.fits(request)), None)


def _hint(item: ChanceItem) -> str:
    if item.open_hint is not None:
        return item.open_hint
    return "one of: " + ", ".join(item.label_of(o) for o in item.options)


def as_spelled(item: ChanceItem, value: str) -> str:
    """A reported value as the item spells it, ignoring case: the die shows 'Skull', a
    player types 'skull'. Anything else is left as typed, for the engine to refuse."""
    if item.open_hint is not None or value in item.options:
        return value
    matches = {option for option in item.options if option.casefold() == value.casefold()}
    return matches.pop() if len(matches) == 1 else value


FORM_ID = re.compile(r"pd:repm:(\d{1,20}):(\d{1,20})")
"""A report form's custom id: the game and the version it was opened at."""


class ReportModal(discord.ui.Modal):
    """The layout of a report form, and how its answers are read. discord.py keeps a
    sent modal in memory (one per custom id, gone after 15 minutes, a submit or a
    restart), so the bot never relies on that copy: a submission is read by
    `submitted_form` and answered from the table as it stands (`TablesUI.submit_form`),
    which rebuilds this layout to read the answers."""

    def __init__(self, game_key: str, request: ChanceRequest, game_id: int, version: int) -> None:
        form = form_for(game_key, request)
        title = form.title if form is not None else "Report the result"
        super().__init__(
            title=title[:MODAL_TITLE], custom_id=f"pd:repm:{game_id}:{version}", timeout=None
        )
        self.version = version
        self.request = request
        self.form = form
        self.inputs: list[discord.ui.TextInput[Any]] = []
        if form is not None:
            for index, spec in enumerate(form.fields(request)[:MODAL_INPUTS]):
                field: discord.ui.TextInput[Any] = discord.ui.TextInput(
                    custom_id=f"field{index}",
                    label=spec.label[:INPUT_LABEL],
                    placeholder=spec.placeholder[:INPUT_PLACEHOLDER] or None,
                    required=spec.required,
                    max_length=spec.max_length,
                    default=spec.default or None,
                    style=discord.TextStyle.short,
                )
                self.inputs.append(field)
                self.add_item(field)
        elif len(request.items) <= MODAL_INPUTS:
            for index, item in enumerate(request.items):
                field = discord.ui.TextInput(
                    custom_id=f"item{index}",
                    label=item.label[:45],
                    placeholder=_hint(item)[:100],
                    max_length=200,
                    default=item.suggested,
                    style=discord.TextStyle.short,
                )
                self.inputs.append(field)
                self.add_item(field)
        else:
            labels = ", ".join(i.label for i in request.items)
            field = discord.ui.TextInput(
                custom_id="items",
                label=f"{len(request.items)} results, in order"[:45],
                placeholder=labels[:100],
                max_length=1000,
                style=discord.TextStyle.paragraph,
            )
            self.inputs.append(field)
            self.add_item(field)

    def values(self, answers: Mapping[str, str]) -> list[str]:
        """The report's values from the submitted answers, by input custom id (a missing
        input reads as empty, for the engine or the form to refuse)."""
        typed = [answers.get(str(field.custom_id), "").strip() for field in self.inputs]
        if self.form is not None:
            return self.form.values(self.request, typed)
        if len(self.request.items) <= MODAL_INPUTS:
            values = typed
        else:
            values = [v for v in re.split(r"[,\s]+", typed[0]) if v]
        if len(values) != len(self.request.items):
            return values
        return [as_spelled(item, v) for item, v in zip(self.request.items, values, strict=True)]


def _inputs(components: Any) -> Iterator[tuple[str, str]]:
    """Every text input's (custom id, value) in a submission, whether Discord nests it
    in an action row or a label; anything malformed is skipped."""
    if not isinstance(components, list):
        return
    for component in components:
        if not isinstance(component, dict):
            continue
        custom_id, value = component.get("custom_id"), component.get("value")
        if isinstance(custom_id, str) and isinstance(value, str):
            yield custom_id, value
        yield from _inputs(component.get("components"))
        yield from _inputs([component.get("component")])


def submitted_form(interaction: discord.Interaction[Any]) -> tuple[int, int, dict[str, str]] | None:
    """A report form's submission: its game, the version it was opened at, and the
    answers by input; None for anything else."""
    if interaction.type is not discord.InteractionType.modal_submit:
        return None
    data: dict[str, Any] = dict(interaction.data or {})
    found = FORM_ID.fullmatch(str(data.get("custom_id", "")))
    if found is None:
        return None
    return int(found[1]), int(found[2]), dict(_inputs(data.get("components")))
