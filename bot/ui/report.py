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
from dataclasses import dataclass
from typing import Any, Protocol

import discord

from bot.errors import guarded
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


class ReportTaker(Protocol):
    """Where a submitted report goes (the table's UI, `bot.clicks.TablesUI`)."""

    async def submit_report(
        self, interaction: discord.Interaction[Any], version: int, values: list[str]
    ) -> None: ...


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


class ReportModal(discord.ui.Modal):
    def __init__(
        self, ui: ReportTaker, game_key: str, request: ChanceRequest, game_id: int, version: int
    ) -> None:
        form = form_for(game_key, request)
        title = form.title if form is not None else "Report the result"
        super().__init__(
            title=title[:MODAL_TITLE], custom_id=f"pd:repm:{game_id}:{version}", timeout=900
        )
        self.ui = ui
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

    def values(self) -> list[str]:
        if self.form is not None:
            return self.form.values(self.request, [str(f.value).strip() for f in self.inputs])
        if len(self.request.items) <= MODAL_INPUTS:
            values = [str(field.value).strip() for field in self.inputs]
        else:
            values = [v for v in re.split(r"[,\s]+", str(self.inputs[0].value)) if v]
        if len(values) != len(self.request.items):
            return values
        return [as_spelled(item, v) for item, v in zip(self.request.items, values, strict=True)]

    @guarded
    async def on_submit(self, interaction: discord.Interaction[Any]) -> None:
        await self.ui.submit_report(interaction, self.version, self.values())
