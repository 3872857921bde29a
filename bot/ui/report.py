"""The physical-mode form: players type what their real dice or cards show.

A modal holds at most five text inputs, so a request with more items is
reported in one input, values separated by commas or spaces.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord

from bot.errors import guarded
from engines.core.chance import ChanceItem, ChanceRequest

if TYPE_CHECKING:
    from bot.presenting import TablesUI

MODAL_INPUTS = 5


def _hint(item: ChanceItem) -> str:
    if item.open_hint is not None:
        return item.open_hint
    return "one of: " + ", ".join(item.label_of(o) for o in item.options)


class ReportModal(discord.ui.Modal):
    def __init__(self, ui: TablesUI, request: ChanceRequest, game_id: int, version: int) -> None:
        super().__init__(
            title="Report the result"[:45], custom_id=f"pd:repm:{game_id}:{version}", timeout=900
        )
        self.ui = ui
        self.version = version
        self.request = request
        self.inputs: list[discord.ui.TextInput[Any]] = []
        if len(request.items) <= MODAL_INPUTS:
            for index, item in enumerate(request.items):
                field: discord.ui.TextInput[Any] = discord.ui.TextInput(
                    custom_id=f"item{index}",
                    label=item.label[:45],
                    placeholder=_hint(item)[:100],
                    max_length=200,
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
        if len(self.request.items) <= MODAL_INPUTS:
            return [str(field.value).strip() for field in self.inputs]
        return [v for v in re.split(r"[,\s]+", str(self.inputs[0].value)) if v]

    @guarded
    async def on_submit(self, interaction: discord.Interaction[Any]) -> None:
        await self.ui.submit_report(interaction, self.version, self.values())
