"""A tiny discord.py bot that uses every feature the harness must carry.

Each command exercises one path through the fake: a sub-command group with
typed options, an embed with a persistent ``DynamicItem`` button that edits
its message, a modal, a deferred reply completed by a file follow-up, a
member option with resolved data, a select menu, plain channel messages,
autocomplete, and a few deliberately misbehaving commands.
"""

from __future__ import annotations

import asyncio
import io
import re
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

LOG_BYTES = b"turn 1: alice rolls 6\nturn 2: bob rolls 1\n"


class JoinButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"join:(?P<count>\d+)"):
    """A persistent button whose custom_id carries the seat count, like a table's version."""

    def __init__(self, count: int) -> None:
        super().__init__(
            discord.ui.Button(
                label="Join", style=discord.ButtonStyle.primary, custom_id=f"join:{count}"
            )
        )
        self.count = count

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> JoinButton:
        return cls(int(match["count"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        view = discord.ui.View(timeout=None)
        view.add_item(JoinButton(self.count + 1))
        embed = discord.Embed(title="Lobby", description=f"players: {self.count + 1}")
        await interaction.response.edit_message(embed=embed, view=view)


class NoteModal(discord.ui.Modal, title="Table note"):
    note: discord.ui.TextInput[Any] = discord.ui.TextInput(
        label="Note", custom_id="note", max_length=50
    )
    mood: discord.ui.TextInput[Any] = discord.ui.TextInput(
        label="Mood", custom_id="mood", required=False
    )

    async def on_submit(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message(
            f"Noted: {self.note.value} ({self.mood.value or 'no mood'})", ephemeral=True
        )


class PickView(discord.ui.View):
    """Persistent (`HarnessBot.setup_hook` adds one): discord.py keeps a View sent in a
    reply only once it has read the reply back, and a pick that arrives first (on
    Python 3.12, whose aiohttp writes a request in the same turn) found no View."""

    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.select(
        custom_id="pick",
        options=[discord.SelectOption(label=x.upper(), value=x) for x in ("a", "b", "c")],
        max_values=2,
    )
    async def pick(
        self, interaction: discord.Interaction[Any], select: discord.ui.Select[Any]
    ) -> None:
        await interaction.response.send_message(f"picked {sorted(select.values)}", ephemeral=True)

    @discord.ui.button(label="Done", custom_id="pick:done")
    async def done(
        self, interaction: discord.Interaction[Any], button: discord.ui.Button[Any]
    ) -> None:
        await interaction.response.defer()
        await interaction.edit_original_response(content="Closed", view=None)


class HarnessBot(commands.Bot):
    """The bot under test in the harness self-tests."""

    def __init__(self, **options: Any) -> None:
        intents = discord.Intents.default()
        intents.members = True
        super().__init__(command_prefix="!", intents=intents, **options)
        self.release_late_followup = asyncio.Event()
        self.late_followup_error: discord.HTTPException | None = None
        self.seen_messages: list[str] = []

    async def setup_hook(self) -> None:
        self.add_dynamic_items(JoinButton)
        self.add_view(PickView())
        self.tree.add_command(build_game_group(self))

    async def on_message(self, message: discord.Message) -> None:
        if message.author != self.user:
            self.seen_messages.append(message.content)


def build_game_group(bot: HarnessBot) -> app_commands.Group:
    game = app_commands.Group(name="game", description="Game tables")

    @game.command(name="new", description="Open a table")
    @app_commands.describe(title="Table title", seats="Seats", mode="How dice are rolled")
    @app_commands.choices(
        mode=[
            app_commands.Choice(name="Digital", value="digital"),
            app_commands.Choice(name="Physical", value="physical"),
        ]
    )
    async def new(
        interaction: discord.Interaction[Any],
        title: str,
        seats: app_commands.Range[int, 2, 6] = 4,
        mode: str = "digital",
    ) -> None:
        view = discord.ui.View(timeout=None)
        view.add_item(JoinButton(0))
        embed = discord.Embed(title=title, description=f"{seats} seats, {mode}")
        await interaction.response.send_message(embed=embed, view=view)

    @game.command(name="note", description="Leave a note")
    async def note(interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_modal(NoteModal())

    @game.command(name="log", description="Export the log")
    async def log(interaction: discord.Interaction[Any]) -> None:
        await interaction.response.defer(thinking=True)
        await interaction.followup.send(
            "Here is the log", file=discord.File(io.BytesIO(LOG_BYTES), filename="log.txt")
        )

    @game.command(name="kick", description="Kick a member")
    async def kick(interaction: discord.Interaction[Any], member: discord.Member) -> None:
        allowed = interaction.permissions.manage_channels
        await interaction.response.send_message(
            f"{member.name} (manage_channels={allowed})", ephemeral=True
        )

    @game.command(name="read", description="Read an attached file")
    async def read(interaction: discord.Interaction[Any], file: discord.Attachment) -> None:
        data = await file.read()
        await interaction.response.send_message(
            f"{file.filename}: {len(data)} bytes: {data.decode()}", ephemeral=True
        )

    @game.command(name="pick", description="Pick options")
    async def pick(interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message("Pick some", view=PickView())

    @game.command(name="announce", description="Post and edit a channel message")
    async def announce(interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message("ok", ephemeral=True)
        assert isinstance(interaction.channel, discord.abc.Messageable)
        message = await interaction.channel.send("Announcement")
        await message.edit(content="Announcement (edited)")

    @game.command(name="join", description="Join a table")
    async def join(interaction: discord.Interaction[Any], table: str) -> None:
        await interaction.response.send_message(f"joined {table}", ephemeral=True)

    @join.autocomplete("table")
    async def join_table(
        interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        names = ["hellboy", "hellraiser", "hellbringer"]
        return [app_commands.Choice(name=n, value=n) for n in names if n.startswith(current)]

    @game.command(name="silent", description="Never answers (broken on purpose)")
    async def silent(interaction: discord.Interaction[Any]) -> None:
        return None

    @game.command(name="late", description="Defers, then follows up when released")
    async def late(interaction: discord.Interaction[Any]) -> None:
        await interaction.response.defer(ephemeral=True)
        await bot.release_late_followup.wait()
        try:
            await interaction.followup.send("finally")
        except discord.HTTPException as exc:
            bot.late_followup_error = exc

    @game.command(name="leak", description="Thinks in public, then refuses (broken on purpose)")
    async def leak(interaction: discord.Interaction[Any]) -> None:
        await interaction.response.defer(thinking=True)
        await interaction.followup.send("only for you", ephemeral=True)
        await interaction.followup.send("really only for you", ephemeral=True)

    @game.command(name="eager", description="Follows up before answering (broken on purpose)")
    async def eager(interaction: discord.Interaction[Any]) -> None:
        try:
            await interaction.followup.send("too early")
        except discord.HTTPException:
            await interaction.response.send_message("recovered", ephemeral=True)

    return game
