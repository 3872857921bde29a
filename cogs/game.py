"""/game: the lobby and the table, for every game."""

from __future__ import annotations

import io
import json
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import corrections, table_options
from bot.frontend import Services
from bot.interactions import actor_of, channel_id_of
from bot.maintenance import FATE_NOTES, fate_sentence
from bot.presenting import board_embed, board_link, board_view, panel_view
from bot.render.style import clip
from bot.table import Actor, JoinAsked, holds_hands
from bot.table_settings import KEYS as SETTING_KEYS
from bot.table_settings import SERVER_ONLY, Scope
from bot.table_settings import describe as describe_setting
from bot.table_settings import parse_value as parse_setting
from cogs.game_gif import GifCommands
from cogs.game_packs import PackCommands
from cogs.game_seats import SeatOptions
from engines import registry
from engines.core.errors import RuleError

MODES = [
    app_commands.Choice(name="digital: the bot rolls and draws", value="digital"),
    app_commands.Choice(name="physical: we use the real box and report", value="physical"),
]


class GameCog(
    PackCommands,
    GifCommands,
    SeatOptions,
    commands.GroupCog,
    group_name="game",
    group_description="Open, join and run a game table",
):
    def __init__(self, services: Services) -> None:
        self.services = services
        super().__init__()

    async def _game_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return [
            app_commands.Choice(name=registry.get(key).title, value=key)
            for key in registry.suggest(current)
        ]

    @app_commands.command(name="new", description="Open a table for a game in this channel")
    @app_commands.describe(
        game="Which game",
        mode="Digital (the bot rolls) or physical (real box)",
        options="House options as key=value, e.g. target=20 (see /game options)",
    )
    @app_commands.choices(mode=MODES)
    @app_commands.guild_only()
    async def new(
        self,
        interaction: discord.Interaction[Any],
        game: str,
        mode: str | None = None,
        options: app_commands.Range[str, 1, 300] | None = None,
    ) -> None:
        channel = channel_id_of(interaction)
        engine = registry.find(game)
        game = engine.key
        chosen = table_options.parse(engine, options)
        if mode is None:
            settings, _ = await self.services.table.settings_for(interaction.guild_id, channel)
            mode = settings.default_mode
        outcome = await self.services.table.new_game(
            channel_id=channel,
            guild_id=interaction.guild_id,
            host=actor_of(interaction),
            game_key=game,
            mode="physical" if mode == "physical" else "digital",
            options=chosen,
        )
        await self.services.ui.post_board(interaction, outcome)

    new.autocomplete("game")(_game_autocomplete)

    @app_commands.command(name="options", description="The house options a game can be opened with")
    @app_commands.describe(game="Which game")
    async def options(self, interaction: discord.Interaction[Any], game: str) -> None:
        engine = registry.find(game)
        lines = [f"`{k}` — {v}" for k, v in table_options.settable(engine).items()]
        text = "\n".join(lines) or "This game has no options."
        embed = discord.Embed(title=f"{engine.title}: options", description=clip(text, 4096))
        embed.set_footer(text="Use them as /game new game:… options:key=value key=value")
        await interaction.response.send_message(embed=embed, ephemeral=True)

    options.autocomplete("game")(_game_autocomplete)

    @app_commands.command(name="join", description="Take a seat at this channel's table")
    @app_commands.guild_only()
    async def join(self, interaction: discord.Interaction[Any]) -> None:
        try:
            outcome = await self.services.table.join(
                channel_id_of(interaction), actor_of(interaction))
        except JoinAsked as asked:
            await self.services.ui.ask_to_join(interaction, asked)
            return
        await self.services.ui.publish_reply(interaction, outcome)

    @app_commands.command(
        name="leave", description="Give up your seat (in play, an AI or a GM takes it over)"
    )
    @app_commands.describe(seat="Only this one of your seats: its number or character")
    @app_commands.guild_only()
    async def leave(
        self,
        interaction: discord.Interaction[Any],
        seat: app_commands.Range[str, 1, 40] | None = None,
    ) -> None:
        channel = channel_id_of(interaction)
        outcome = await self.services.table.leave(
            channel, actor_of(interaction), seat=await self.seat_named(channel, seat)
        )
        await self.services.ui.publish_reply(interaction, outcome)

    leave.autocomplete("seat")(SeatOptions.own_seats)

    @app_commands.command(name="start", description="Start the game (host or GM)")
    @app_commands.guild_only()
    async def start(self, interaction: discord.Interaction[Any]) -> None:
        outcome = await self.services.table.start(
            channel_id_of(interaction), actor_of(interaction), interaction.guild_id
        )
        await self.services.ui.publish_reply(interaction, outcome)

    @app_commands.command(name="ai", description="Add a computer player to the lobby (host or GM)")
    @app_commands.guild_only()
    async def ai(self, interaction: discord.Interaction[Any]) -> None:
        outcome = await self.services.table.add_ai(
            channel_id_of(interaction), actor_of(interaction), interaction.guild_id
        )
        await self.services.ui.publish_reply(interaction, outcome)

    @app_commands.command(
        name="status", description="Show the table again (after the end: its final board)"
    )
    @app_commands.guild_only()
    async def status(self, interaction: discord.Interaction[Any]) -> None:
        channel = channel_id_of(interaction)
        table = self.services.table
        current = await table.current(channel) or await table.last_played(channel)
        if current is None:
            raise RuleError("There is no game in this channel. Start one with `/game new`.")
        await self.services.ui.post_board(interaction, current)

    @app_commands.command(name="end", description="End this channel's game (host or GM)")
    @app_commands.guild_only()
    async def end(self, interaction: discord.Interaction[Any]) -> None:
        channel = channel_id_of(interaction)
        current = await self.services.table.current(channel)
        if current is None:
            raise RuleError("There is no game in this channel.")
        if not await self.services.table.is_gm(
            current.game, actor_of(interaction), interaction.guild_id
        ):
            raise RuleError(
                "Only the host, a member with Manage Channels, or the server's GM"
                " role can end the game."
            )
        await interaction.response.send_message(
            "End this game for everyone? It stays in the channel's history.",
            view=self.services.ui.end_confirmation(current.game),
            ephemeral=True,
        )

    @app_commands.command(name="undo", description="Take back the last move (host or GM)")
    @app_commands.guild_only()
    async def undo(self, interaction: discord.Interaction[Any]) -> None:
        outcome = await self.services.table.undo(
            channel_id_of(interaction), actor_of(interaction), interaction.guild_id
        )
        await self.services.ui.publish_reply(interaction, outcome)

    @app_commands.command(name="kick", description="Remove a member from the table (host or GM)")
    @app_commands.describe(
        member="Who to remove", seat="Only this one of their seats: its number or character"
    )
    @app_commands.guild_only()
    async def kick(
        self,
        interaction: discord.Interaction[Any],
        member: discord.Member,
        seat: app_commands.Range[str, 1, 40] | None = None,
    ) -> None:
        channel = channel_id_of(interaction)
        outcome = await self.services.table.kick(
            channel,
            actor_of(interaction),
            interaction.guild_id,
            member.id,
            seat=await self.seat_named(channel, seat),
        )
        await self.services.ui.publish_reply(interaction, outcome)

    kick.autocomplete("seat")(SeatOptions.members_seats)

    @app_commands.command(name="log", description="Download this channel's game log")
    @app_commands.describe(game_id="A past game's number (default: the current or latest game)")
    @app_commands.guild_only()
    async def log(
        self,
        interaction: discord.Interaction[Any],
        game_id: app_commands.Range[int, 1] | None = None,
    ) -> None:
        channel = channel_id_of(interaction)
        if game_id is None:
            recent = await self.services.storage.games_in_channel(channel, limit=1)
            if not recent:
                raise RuleError("No game has been played in this channel yet.")
            game_id = recent[0].id
        game = await self.services.storage.game(game_id)
        if game is None or game.channel_id != channel:
            raise RuleError(f"There is no game #{game_id} in this channel.")
        document = await self.services.table.export_log(
            game_id, actor_of(interaction), interaction.guild_id
        )
        data = json.dumps(document, indent=1).encode()
        withheld = (
            " The RNG seed is withheld until the game ends." if document["seed"] is None else ""
        )
        fixes = sum(1 for e in document["entries"] if e["kind"] == "correction")
        by_gm = f" {fixes} GM correction(s), marked `gm`." if fixes else ""
        fate = await self.services.storage.log_fate(game_id)
        archived = f" {fate_sentence(game_id, fate)}" if fate is not None else ""
        hands = (" It holds every hidden hand, so only a GM can download it while the game"
                 " runs; keep it to yourself." if holds_hands(game) else "")
        await interaction.response.send_message(
            f"Log of game #{game_id} ({len(document['entries'])} lines).{by_gm}"
            f" The bot's replay tool re-checks it.{withheld}{archived}{hands}",
            file=discord.File(io.BytesIO(data), filename=f"game-{game_id}.json"),
            ephemeral=True,
        )

    @app_commands.command(name="gmrole", description="Set or clear this server's GM role")
    @app_commands.describe(role="The role whose members may run any table (omit to clear)")
    @app_commands.guild_only()
    @app_commands.default_permissions(manage_channels=True)
    async def gmrole(
        self, interaction: discord.Interaction[Any], role: discord.Role | None = None
    ) -> None:
        if not interaction.permissions.manage_guild and not interaction.permissions.manage_channels:
            raise RuleError("Only members with Manage Channels can set the GM role.")
        assert interaction.guild_id is not None
        await self.services.table.put_setting(
            "guild", interaction.guild_id, "gm_role", role.id if role else None
        )
        text = (
            f"Members with {role.mention} can now run any table here."
            if role
            else ("The GM role is cleared: hosts and members with Manage Channels run tables.")
        )
        await interaction.response.send_message(clip(text, 2000), ephemeral=True)

    @app_commands.command(name="pause", description="Pause the game (host or GM)")
    @app_commands.guild_only()
    async def pause(self, interaction: discord.Interaction[Any]) -> None:
        outcome = await self.services.table.pause(
            channel_id_of(interaction), actor_of(interaction), interaction.guild_id, True
        )
        await self.services.ui.publish_reply(interaction, outcome)

    @app_commands.command(name="resume", description="Resume a paused game (host or GM)")
    @app_commands.guild_only()
    async def resume(self, interaction: discord.Interaction[Any]) -> None:
        outcome = await self.services.table.pause(
            channel_id_of(interaction), actor_of(interaction), interaction.guild_id, False
        )
        await self.services.ui.publish_reply(interaction, outcome)

    @app_commands.command(
        name="seat", description="Put a member in a seat: swap, replace, or take over (GM)"
    )
    @app_commands.describe(
        member="Who sits down",
        seat="Seat number, from 1",
        also="Physical games: keep their other seats too (one member, several characters)",
    )
    @app_commands.guild_only()
    async def seat(
        self,
        interaction: discord.Interaction[Any],
        member: discord.Member,
        seat: app_commands.Range[int, 1, 100],
        also: bool = False,
    ) -> None:
        target = Actor(user_id=member.id, name=member.display_name)
        outcome = await self.services.table.assign_seat(
            channel_id_of(interaction),
            actor_of(interaction),
            interaction.guild_id,
            target,
            seat - 1,
            also=also,
        )
        await self.services.ui.publish_reply(interaction, outcome)

    @app_commands.command(
        name="character", description="Name the character a seat plays (its player or a GM)"
    )
    @app_commands.describe(seat="Seat number, from 1", name="The character's name (omit to clear)")
    @app_commands.guild_only()
    async def character(
        self,
        interaction: discord.Interaction[Any],
        seat: app_commands.Range[int, 1, 100],
        name: app_commands.Range[str, 1, 32] | None = None,
    ) -> None:
        outcome = await self.services.table.set_character(
            channel_id_of(interaction), actor_of(interaction), interaction.guild_id, seat - 1, name
        )
        await self.services.ui.publish_reply(interaction, outcome)

    @app_commands.command(name="correct", description="Correct the game's state (GM)")
    @app_commands.describe(
        correction="e.g. set_doom value=3, or JSON; omit to list what this game can correct"
    )
    @app_commands.guild_only()
    async def correct(
        self,
        interaction: discord.Interaction[Any],
        correction: app_commands.Range[str, 1, 500] | None = None,
    ) -> None:
        channel = channel_id_of(interaction)
        actor = actor_of(interaction)
        current = await self.services.table.current(channel)
        if current is None:
            raise RuleError("There is no game in this channel.")
        engine = registry.get(current.game.game)
        if correction is None:
            await interaction.response.send_message(
                clip(corrections.describe(engine), 2000), ephemeral=True
            )
            return
        outcome = await self.services.table.correct(
            channel, actor, interaction.guild_id, corrections.read(correction)
        )
        await self.services.ui.publish_reply(interaction, outcome)

    @app_commands.command(name="as", description="Act for a seated player (GM); only you see it")
    @app_commands.describe(member="The player whose move you make")
    @app_commands.guild_only()
    async def act_as(self, interaction: discord.Interaction[Any], member: discord.Member) -> None:
        channel = channel_id_of(interaction)
        current = await self.services.table.current(channel)
        if current is None or current.game.status != "active":
            raise RuleError("There is no game in play in this channel.")
        if not await self.services.table.is_gm(
            current.game, actor_of(interaction), interaction.guild_id
        ):
            raise RuleError(
                "Only the host, a member with Manage Channels, or the server's GM"
                " role can act for another player."
            )
        seat = current.game.seat_of(member.id)
        if seat is None:
            raise RuleError(f"{member.display_name} has no seat at this table.")
        view = board_view(current.game, current.state, gm_seat=seat)
        private = panel_view(current.game, current.state, seat, gm=True)
        if not view.children and not private.children:
            raise RuleError(f"{member.display_name} has nothing to do right now.")
        heading = f"Acting for **{member.display_name}** (the log will say a GM did it)"
        first, *rest = [v for v in (view, private) if v.children]
        await interaction.response.send_message(f"{heading}:", view=first, ephemeral=True)
        for more in rest:
            await interaction.followup.send(
                f"{heading}, their private moves:", view=more, ephemeral=True
            )

    @app_commands.command(name="settings", description="Show or change table settings")
    @app_commands.describe(
        key="Which setting (omit to list them all)",
        value="New value; 'default' clears it",
        scope="This channel, or the whole server",
    )
    @app_commands.choices(
        key=[app_commands.Choice(name=k, value=k) for k in SETTING_KEYS],
        scope=[
            app_commands.Choice(name="this channel", value="channel"),
            app_commands.Choice(name="the whole server", value="guild"),
        ],
    )
    @app_commands.guild_only()
    async def settings(
        self,
        interaction: discord.Interaction[Any],
        key: str | None = None,
        value: app_commands.Range[str, 1, 100] | None = None,
        scope: str = "channel",
    ) -> None:
        channel = channel_id_of(interaction)
        guild = interaction.guild_id
        if key is not None and value is not None:
            await self._change_setting(interaction, key, value, scope)
            return
        values, sources = await self.services.table.settings_for(guild, channel)
        lines = [
            f"`{k}` = **{getattr(values, k)}** ({sources[k]}) — {describe_setting(k)}"
            for k in SETTING_KEYS
            if key is None or k == key
        ]
        await interaction.response.send_message(clip("\n".join(lines), 2000), ephemeral=True)

    async def _change_setting(
        self, interaction: discord.Interaction[Any], key: str, value: str, scope: str
    ) -> None:
        perms = interaction.permissions
        if scope == "guild" or key in SERVER_ONLY:
            if not perms.manage_guild:
                raise RuleError("Only members with Manage Server can change server settings.")
            target_scope: Scope = "guild"
            target_id = interaction.guild_id
        else:
            current = await self.services.table.current(channel_id_of(interaction))
            game = current.game if current else None
            if not perms.manage_channels and not await self.services.table.is_gm(
                game, actor_of(interaction), interaction.guild_id
            ):
                raise RuleError(
                    "Only a GM or a member with Manage Channels can change this channel's settings."
                )
            target_scope = "channel"
            target_id = interaction.channel_id
        assert target_id is not None
        parsed = None if value.strip().lower() == "default" else parse_setting(key, value)
        await self.services.table.put_setting(target_scope, target_id, key, parsed)
        where = "this server" if target_scope == "guild" else "this channel"
        shown = "its default" if parsed is None else f"**{parsed}**"
        await interaction.response.send_message(
            f"`{key}` is now {shown} for {where}.", ephemeral=True
        )

    @app_commands.command(name="notify", description="Whether turn messages notify you (ping)")
    @app_commands.describe(ping="on: mention me when it's my turn; off: just name me")
    @app_commands.choices(
        ping=[
            app_commands.Choice(name="on", value="on"),
            app_commands.Choice(name="off", value="off"),
        ]
    )
    async def notify(self, interaction: discord.Interaction[Any], ping: str) -> None:
        await self.services.table.put_setting(
            "member", interaction.user.id, "pings", None if ping == "on" else False
        )
        said = (
            "You'll be pinged when a game waits for you (unless a channel turned `pings` off)."
            if ping == "on"
            else "You won't be pinged any more; turn messages will name you in bold."
        )
        await interaction.response.send_message(said, ephemeral=True)

    @app_commands.command(name="history", description="Recent games in this channel")
    @app_commands.guild_only()
    async def history(self, interaction: discord.Interaction[Any]) -> None:
        games = await self.services.storage.games_in_channel(channel_id_of(interaction), limit=10)
        if not games:
            raise RuleError("No game has been played in this channel yet.")
        lines = []
        for game in games:
            title = (
                registry.get(game.game).title
                if game.game in registry.all_engines()
                else (game.game)
            )
            seats = ", ".join(s.name for s in game.seats)
            outcome = (game.result or {}).get("summary") or game.status
            fate = await self.services.storage.log_fate(game.id)
            kept = "" if fate is None else f" — {FATE_NOTES[fate.fate]} <t:{int(fate.at)}:d>"
            link = board_link(game)
            board = "board" if game.live else "final board"
            shown = f" · [{board}]({link})" if link and game.state is not None else ""
            lines.append(
                f"**#{game.id}** <t:{int(game.created_at)}:d> {title} — {seats} — {outcome}"
                f"{kept}{shown}"
            )
        embed = discord.Embed(title="Recent games here", description=clip("\n".join(lines), 4096))
        embed.set_footer(
            text="/game status shows the last game's final board · "
            "/game log game_id:N downloads a game's full log"
        )
        await interaction.response.send_message(embed=embed)


__all__ = ["GameCog", "board_embed"]
