"""The handlers behind the board's components: a click, parsed, becomes one change.

Each handler does the cheap checks that need no table read, hands the change to
the table service (whose lock reads the live table once and checks the click
against it: the board's version, whose button it is, the move itself), and lets
the publishing path show it (`bot.publishing`: the live board first, then what
the change says). A click so reads the table twice: once for the change, once for
the newest state the live board draws.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable
from typing import Any

import discord

from bot.confirmations import LAPSED, Confirmations, Confirmed
from bot.errors import reply_ephemeral
from bot.interactions import (
    ChannelOf,
    acknowledge_once_accepted,
    acknowledged_in_time,
    actor_of,
    channel_id_of,
    edit_clicked,
    member_actor,
)
from bot.live_board import LiveBoard, is_live_copy
from bot.models import GameRow, SeatRow
from bot.presenting import (
    PANEL_STALE,
    embed_batches,
    panel_message,
    private_embeds,
    rematch_notice,
)
from bot.publishing import Publisher
from bot.render import per_version
from bot.render.games import PANEL, presenter_for, private_moves, rematch_options
from bot.table import (
    Actor,
    Chooser,
    JoinAsked,
    NoGame,
    Outcome,
    StaleBoard,
    TableService,
    seat_for,
)
from bot.table_seats import seats_phrase
from bot.ui.components import ConfirmButton, LateJoinButton, RoutedView, TableButton
from bot.ui.report import ReportModal
from engines import registry
from engines.core.chance import ChanceRequest
from engines.core.errors import RuleError

OUT_OF_DATE = "That board is out of date; use the newest one (`/game status`)."

BEHIND = "That board was a step behind; it now shows the current state, so please try again."


def _not_yours(name: str, *, menu: bool) -> str:
    """The refusal of another seat's control, named as the player saw it: a pick in a
    menu (it carries values) is not a button."""
    return f"That menu is for {name}." if menu else f"Those buttons are for {name}."


class Behind(StaleBoard):
    """A click on a copy of the live game's board showing an older step; it carries
    the table as it is, read under the lock, so the answer needs no second read."""

    def __init__(self, current: Outcome) -> None:
        super().__init__(OUT_OF_DATE)
        self.current = current


class TablesUI(Publisher):
    """The interaction handlers shared by the /game cog and the board's components,
    on top of the publishing path."""

    def __init__(self, table: TableService, board: LiveBoard, channel_of: ChannelOf) -> None:
        super().__init__(table, board, channel_of)
        self.confirmations = Confirmations()

    # Components

    async def lobby_click(
        self, interaction: discord.Interaction[Any], op: str, game_id: int
    ) -> None:
        channel = channel_id_of(interaction)
        actor = actor_of(interaction)
        guild = interaction.guild_id
        await interaction.response.defer()
        change: Awaitable[Outcome]
        if op == "join":
            change = self.table.join(channel, actor, game_id)
        elif op == "leave":
            change = self.table.leave(channel, actor, game_id)
        elif op == "start":
            change = self.table.start(channel, actor, guild, game_id)
        elif op == "ai":
            change = self.table.add_ai(channel, actor, guild)
        elif op == "dice":
            change = self.table.switch_dice(channel, actor, guild, game_id)
        else:
            change = self.table.cancel(channel, actor, guild, game_id)
        try:
            outcome = await change
        except JoinAsked as asked:
            await self.ask_to_join(interaction, asked)
            return
        await self.publish_click(interaction, outcome)

    async def ask_to_join(self, interaction: discord.Interaction[Any], asked: JoinAsked) -> None:
        """A mid-game Join at a table that asks: the member is told privately, and the
        channel gets the question with the host's (or a GM's) two buttons."""
        await reply_ephemeral(interaction, asked.message)
        name = asked.member.name
        view = RoutedView()
        view.add_item(LateJoinButton(asked.game_id, asked.member.user_id, "yes", name))
        view.add_item(LateJoinButton(asked.game_id, asked.member.user_id, "no"))
        await self.channel_of(channel_id_of(interaction)).send(
            f"**{name}** asks to join the game. The host or a GM decides:", view=view,
            allowed_mentions=discord.AllowedMentions.none())

    async def answer_join(
        self, interaction: discord.Interaction[Any], game_id: int, user_id: int, *, yes: bool
    ) -> None:
        """The host's (or a GM's) answer; the question's buttons go once answered."""
        actor = actor_of(interaction)
        await interaction.response.defer()
        member = await member_actor(interaction, user_id)
        if not yes:
            current = await self.table.current(channel_id_of(interaction))
            game = current.game if current is not None else None
            if not await self.table.is_gm(game, actor, interaction.guild_id):
                raise RuleError("Only the host, a member with Manage Channels, or the server's"
                                " GM role can answer that.")
            await edit_clicked(
                interaction, content=f"{actor.name} did not let {member.name} join.", view=None)
            return
        outcome = await self.table.let_join(
            channel_id_of(interaction), actor, interaction.guild_id, game_id, member)
        await edit_clicked(interaction, content=outcome.notice, view=None)
        await self.board.show(outcome)

    async def move_click(
        self,
        interaction: discord.Interaction[Any],
        game_id: int,
        version: int,
        seat: int | None,
        code: str,
        values: list[str],
        *,
        gm: bool = False,
    ) -> None:
        """A move from the board, or (`gm`) from a GM's `/game as` panel for a seat.
        A shared control (seat None) acts for the presser's seat. Which board, whose
        seat and which move are checked by the table under its lock (`_chooser`), with
        the one read the change makes. The click is acknowledged before all that, as
        it arrives (under load the change queues behind other tables' and its commit
        waits for the disk): its answer is then the board's edit, or one ephemeral
        sentence. Two kinds keep an answer of their own: a move at a table whose moves
        open their form (`forms_follow`, judged on the cached table before the lock)
        is acknowledged once its checks pass, as the form may be its answer; a GM's
        move answers in public, once the table accepted it (`bot.interactions`)."""
        channel = channel_id_of(interaction)
        actor = actor_of(interaction)
        panel = _on_panel(interaction, gm) and seat is not None
        accepted = asyncio.Event()
        form_may_follow = not gm and self._form_may_follow(channel)
        if gm:
            acknowledge_once_accepted(interaction)
        elif not form_may_follow:
            await interaction.response.defer()
        choose = self._chooser(interaction, actor, game_id, version, seat, code, values,
                               gm=gm, panel=panel, accepted=accepted)
        change = self.table.act(channel, actor, choose=choose, guild_id=interaction.guild_id)
        try:
            outcome = await acknowledged_in_time(interaction, change, update=not gm,
                                                 accepted=accepted if form_may_follow else None)
        except Behind as behind:
            await self._behind(interaction, behind.current, seat if panel else None)
            return
        except NoGame:
            raise StaleBoard(await self._gone(channel, game_id)) from None
        if not gm and await self._form_follows(interaction, outcome):
            return
        if panel and seat is not None:
            await self._panel_played(interaction, outcome, seat)
        elif gm:
            await self.publish_reply(interaction, outcome)
        else:
            await self.publish_click(interaction, outcome)

    def _form_may_follow(self, channel: int) -> bool:
        """Whether the channel's table, as cached, has its moves open their form: a
        table not in the cache (after a restart) is answered as any other, so its move
        keeps the board's Report button."""
        game = self.table.cached_game(channel)
        return game is not None and forms_follow(presenter_for(game.game), game)

    def _chooser(
        self,
        interaction: discord.Interaction[Any],
        actor: Actor,
        game_id: int,
        version: int,
        seat: int | None,
        code: str,
        values: list[str],
        *,
        gm: bool,
        panel: bool,
        accepted: asyncio.Event,
    ) -> Chooser:
        """The click's checks and its move, run by the table on the live game; once
        they pass, `accepted` lets the handler acknowledge the click while the change
        is applied and committed."""
        channel = channel_id_of(interaction)

        async def choose(game: GameRow, state: Any) -> tuple[int | None, Any]:
            if game.id != game_id:
                raise StaleBoard(await self._gone(channel, game_id))
            if panel and seat is not None and seat not in game.seats_of(actor.user_id):
                raise RuleError(_not_yours(game.seats[seat].shown, menu=bool(values)))
            if game.version != version:
                raise Behind(Outcome(game=game, state=state))
            acting = seat
            if acting is None:
                acting = await self._shared_seat(game, state, actor, interaction.guild_id)
            elif not gm and acting not in game.seats_of(actor.user_id):
                if not 0 <= acting < len(game.seats):
                    raise RuleError("Those buttons belong to no seat at this table; use the"
                                    " buttons on the live board (`/game status`).")
                raise RuleError(_not_yours(game.seats[acting].shown, menu=bool(values)))
            presenter = presenter_for(game.game)
            move = presenter.decode(game, state, acting, code, values)
            if not forms_follow(presenter, game):
                accepted.set()  # else answered in 0.25 s: by the move's form, if it has one
            return acting, move

        return choose

    async def _gone(self, channel: int, game_id: int) -> str:
        """Why a board's game is not this channel's live one."""
        elsewhere = await self.table.storage.game(game_id)
        if elsewhere is not None and elsewhere.channel_id != channel:
            return (f"That board belongs to a game in <#{elsewhere.channel_id}>;"
                    " its buttons work there, not here.")
        return "That game is over; use `/game status` to see this channel's table."

    async def _behind(
        self, interaction: discord.Interaction[Any], current: Outcome, panel_seat: int | None
    ) -> None:
        """A click on a board or panel showing an older step changes nothing. A player's
        panel (`panel_seat`) is redrawn with one sentence; a board copy is told so in one
        sentence, then healed by the live board (brought up to date, or retired if it is
        not the live one: the sentence comes first, as the click was acknowledged on that
        message); a GM's panel is just refused."""
        if panel_seat is not None:
            await edit_clicked(interaction, **panel_message(
                current.game, current.state, panel_seat, PANEL_STALE))
            return
        message = interaction.message
        if message is None or message.flags.ephemeral:  # a GM's panel, not a board
            raise StaleBoard(OUT_OF_DATE)
        live = is_live_copy(current.game, message.id)
        await reply_ephemeral(interaction, BEHIND if live else OUT_OF_DATE)
        await self.board.behind(current.game, message.id)

    async def open_panel(
        self, interaction: discord.Interaction[Any], game_id: int, seat: int
    ) -> None:
        """"🃏 My turn": the seat's private panel, for its player alone. Anyone else gets
        one sentence (a GM acts for a seat through `/game as`); nothing changes. A panel
        not laid out for this step yet (Hellbringer's class choice: 100-120 picks, and
        fifty tables open theirs at once) is acknowledged first with a private
        "thinking…" that the panel fills in: laying it out before the answer held the
        opening's acknowledgements up to 170 ms at p99 (issue 27). A kept one is the
        answer itself, one call."""
        current = await self._still_current(interaction, game_id)
        game = current.game
        if seat not in game.seats_of(interaction.user.id):
            if not 0 <= seat < len(game.seats):
                raise RuleError("That button belongs to no seat at this table.")
            raise RuleError(f"That panel is {game.seats[seat].shown}'s; a GM acts for a"
                            " player with `/game as`.")
        if not per_version.known(game, current.state, f"{PANEL} {seat}"):
            await interaction.response.defer(ephemeral=True, thinking=True)
        panel = panel_message(game, current.state, seat)
        if interaction.response.is_done():
            await interaction.followup.send(**panel, ephemeral=True)
        else:
            await interaction.response.send_message(**panel, ephemeral=True)

    async def _panel_played(
        self, interaction: discord.Interaction[Any], outcome: Outcome, seat: int
    ) -> None:
        """A move from a player's private panel, played through the table like a board
        click: the panel is redrawn in place for the new state (so the player can go
        on: equip, then attack), the board catches up, and the events follow in public."""
        await edit_clicked(interaction, **panel_message(outcome.game, outcome.state, seat))
        await self.board.show(outcome)
        await self.announce(interaction, outcome)
        await self.whisper(interaction, outcome)

    async def _shared_seat(
        self, game: GameRow, state: Any, actor: Actor, guild_id: int | None
    ) -> int:
        """The seat a shared control acts for: the presser's own seat that may act, or,
        for an unseated GM, the first seat the game waits for."""
        engine = registry.get(game.game)
        seat = seat_for(engine, game, state, actor.user_id)
        if seat is not None:
            return seat
        if not await self.table.is_gm(game, actor, guild_id):
            raise RuleError("Only seated players use the table's buttons; you can watch the board.")
        waiting = engine.waiting_for(state) or engine.to_move(state)
        if not waiting:
            raise RuleError("Nobody can act right now.")
        return waiting[0]

    async def _still_current(self, interaction: discord.Interaction[Any], game_id: int) -> Outcome:
        """The channel's game, if a component's game is still the live one."""
        channel = channel_id_of(interaction)
        current = await self.table.current(channel)
        if current is None or current.game.id != game_id:
            raise StaleBoard(await self._gone(channel, game_id))
        return current

    async def show_private(self, interaction: discord.Interaction[Any], game_id: int) -> None:
        """"My hand": the hidden information of every seat the member holds (a GM may
        hold several at a physical table), only ever ephemerally; for a member whose
        one seat has private moves now, its panel ("🃏 My turn")."""
        current = await self._still_current(interaction, game_id)
        game = current.game
        seats = game.seats_of(interaction.user.id)
        if not seats:
            raise RuleError("You're not seated at this table, so there is nothing hidden for you.")
        if len(seats) == 1 and private_moves(game, current.state, seats[0]):
            # the hand and the moves it allows, in one panel
            await interaction.response.send_message(
                **panel_message(game, current.state, seats[0]), ephemeral=True
            )
            return
        first, *rest = embed_batches(private_embeds(game, current.state, seats))
        content = f"Only you see this: {seats_phrase(game, seats)}." if len(seats) > 1 else None
        await interaction.response.send_message(content, embeds=first, ephemeral=True)
        for batch in rest:
            await interaction.followup.send(embeds=batch, ephemeral=True)

    async def afk_click(
        self, interaction: discord.Interaction[Any], op: str, game_id: int, version: int
    ) -> None:
        channel = channel_id_of(interaction)
        await interaction.response.defer()
        await self._still_current(interaction, game_id)
        outcome = await self.table.afk(
            channel, actor_of(interaction), interaction.guild_id, op, version
        )
        await edit_clicked(interaction, view=None)
        await self.board.show(outcome)
        await self.announce(interaction, outcome)

    async def open_report(
        self, interaction: discord.Interaction[Any], game_id: int, version: int
    ) -> None:
        current = await self._still_current(interaction, game_id)
        if current.game.version != version:
            await self._behind(interaction, current, None)
            return
        request = registry.get(current.game.game).chance(current.state)
        if request is None:
            raise RuleError("Nothing needs reporting right now.")
        # refused before the form opens, not after the player has filled it in
        await self.table.reporting_seat(
            current.game, request, actor_of(interaction), interaction.guild_id
        )
        await self._send_form(interaction, current, request)

    async def _send_form(
        self, interaction: discord.Interaction[Any], current: Outcome, request: ChanceRequest
    ) -> None:
        game = current.game
        modal = ReportModal(game.game, request, game.id, game.version)
        self.table.secrecy.check(
            game, current.state, modal.to_dict(), "the report form of a public button"
        )
        await interaction.response.send_modal(modal)
        modal.stop()  # its submission is read from the table, by `submit_form`

    async def submit_form(
        self, interaction: discord.Interaction[Any], game_id: int, version: int,
        answers: dict[str, str],
    ) -> None:
        """A report form sent back: read against the table as it stands, not a copy in
        memory, so a form opened before a restart, twice, or long ago is still answered
        (carried out if the table still waits for it, else one sentence)."""
        current = await self._still_current(interaction, game_id)
        request = registry.get(current.game.game).chance(current.state)
        if current.game.version != version or request is None:
            raise StaleBoard(STALE_FORM)
        values = ReportModal(current.game.game, request, game_id, version).values(answers)
        await self.submit_report(interaction, version, values)

    async def _form_follows(self, interaction: discord.Interaction[Any], outcome: Outcome) -> bool:
        """For a table whose presenter's `form_follows` says so: a move that leaves the
        table waiting for a report its own player makes (a card shown, their dice) opens
        that form at once instead of the board's Report button, one press fewer. A slow
        change (already acknowledged) or a report for someone else keeps the button."""
        game = outcome.game
        request = registry.get(game.game).chance(outcome.state)
        if request is None or interaction.response.is_done() or \
                not forms_follow(presenter_for(game.game), game):
            return False
        try:
            await self.table.reporting_seat(game, request, actor_of(interaction),
                                            interaction.guild_id)
        except RuleError:
            return False
        await self._send_form(interaction, outcome, request)
        await self.board.show(outcome)
        await self.announce(interaction, outcome)
        return True

    async def submit_report(
        self, interaction: discord.Interaction[Any], version: int, values: list[str]
    ) -> None:
        channel = channel_id_of(interaction)
        acknowledge_once_accepted(interaction)
        outcome = await self.table.report(
            channel,
            actor_of(interaction),
            values,
            expected_version=version,
            guild_id=interaction.guild_id,
        )
        await self.publish_reply(interaction, outcome)

    async def rematch(self, interaction: discord.Interaction[Any], game_id: int) -> None:
        """The same seats and options as a finished game, started at once; a game's
        presenter may move who starts on a seat (`rematch_options`). Seating everyone
        takes several steps, so the click is acknowledged first, as it arrives."""
        channel = channel_id_of(interaction)
        guild = interaction.guild_id
        await interaction.response.defer()
        old = await self.table.storage.game(game_id)
        if old is None or old.status != "finished" or old.channel_id != channel:
            raise RuleError("Only a finished game of this channel can be played again.")
        presser = actor_of(interaction)
        if old.seat_of(presser.user_id) is None and not await self.table.is_gm(
            old, presser, guild
        ):
            raise RuleError("Only its players or a GM can start a rematch.")
        humans = [s for s in old.seats if not s.ai and s.user_id is not None]
        if not humans or len({s.user_id for s in humans}) != len(humans):
            raise RuleError(
                "A rematch seats each member once; open a table with `/game new` instead."
            )
        outcome = await self._seat_again(old, humans, guild)
        outcome.notice = rematch_notice(old, outcome)
        await edit_clicked(interaction, view=None)
        await self.board.show(outcome)
        await self.announce(interaction, outcome)

    async def _seat_again(
        self, old: GameRow, humans: list[SeatRow], guild: int | None
    ) -> Outcome:
        """Open `old`'s table again with its options, seat its players and start."""
        host = next((s for s in humans if s.user_id == old.host_id), humans[0])
        host_actor = Actor(user_id=host.user_id or 0, name=host.name)
        options = {k: v for k, v in old.options.items() if k not in ("mode", "pack")}
        options = rematch_options(old, (await self.table.latest(old)).state, options)
        outcome = await self.table.new_game(
            channel_id=old.channel_id,
            guild_id=guild,
            host=host_actor,
            game_key=old.game,
            mode=old.mode,
            options=options,
        )
        new_id = outcome.game.id
        for seat in old.seats:
            if seat.ai:
                await self.table.add_ai(old.channel_id, host_actor, guild)
            elif seat.user_id != host.user_id and seat.user_id is not None:
                await self.table.join(old.channel_id, Actor(seat.user_id, seat.name), new_id)
        return await self.table.start(old.channel_id, host_actor, guild, new_id)

    async def confirm_end(self, interaction: discord.Interaction[Any], game_id: int) -> None:
        channel = channel_id_of(interaction)
        await interaction.response.defer()
        outcome = await self.table.end(
            channel, actor_of(interaction), interaction.guild_id, game_id=game_id
        )
        await edit_clicked(interaction, content=outcome.notice, view=None)
        await self.board.show(outcome)

    async def confirm(self, interaction: discord.Interaction[Any], token: str) -> None:
        """A confirmation's button (`bot.confirmations`): what it asked, or one sentence
        once it has lapsed."""
        confirmed = self.confirmations.answer(token)
        if confirmed is None:
            raise RuleError(LAPSED)
        await confirmed(interaction)

    def confirmation(
        self, confirmed: Confirmed, label: str, style: discord.ButtonStyle
    ) -> discord.ui.View:
        """A view of one "are you sure?" button that runs `confirmed` when pressed."""
        view = RoutedView()
        view.add_item(ConfirmButton(self.confirmations.ask(confirmed), label, style))
        return view

    def end_confirmation(self, game: GameRow) -> discord.ui.View:
        view = RoutedView()
        view.add_item(TableButton("end", game.id, game.version))
        return view


def _on_panel(interaction: discord.Interaction[Any], gm: bool) -> bool:
    """Whether a click came from a player's own private panel (an ephemeral message
    that is not a GM's `/game as` panel)."""
    message = interaction.message
    return not gm and message is not None and message.flags.ephemeral


STALE_FORM = ("That form was for an earlier step; the table has moved on, so nothing"
              " changed. If something still needs reporting, use the board's Report button.")


def forms_follow(presenter: object, game: GameRow) -> bool:
    """Whether the presenter has this table's moves open the form they wait for
    (`form_follows(game)`): such a move is not acknowledged up front, so it must be
    quick to make (no AI play-out behind it), which the presenter judges."""
    follows = getattr(presenter, "form_follows", None)
    return callable(follows) and bool(follows(game))
