"""What a change says, and the order it is said in.

A click is answered by its board; a slash command or a form by a reply. Either
way the live board shows the change before the answer lands (`bot.live_board`),
so the next click on the board is never a step behind; the event lines and the
turn ping follow, and what only the member who acted may see is whispered.
"""

from __future__ import annotations

import logging
from typing import Any

import discord

from bot.interactions import ChannelOf, acknowledged_in_time, send_followup, take_thinking
from bot.live_board import LiveBoard
from bot.render.games import presenter_for, whispers_for
from bot.render.style import MESSAGE_CONTENT, clip
from bot.secrecy import message_payload
from bot.table import Outcome, TableService
from bot.turn_pings import TurnPings

log = logging.getLogger(__name__)

MAX_EVENT_MESSAGES = 3


class Publisher:
    """Shows a change: the board first, then what it says. Handed the table, the live
    board and a way to reach a channel by id, never the bot itself."""

    def __init__(self, table: TableService, board: LiveBoard, channel_of: ChannelOf) -> None:
        self.table = table
        self.board = board
        self.channel_of = channel_of
        self.pings = TurnPings(table)

    async def followup(
        self,
        interaction: discord.Interaction[Any],
        text: str,
        mentions: discord.AllowedMentions | None = None,
    ) -> None:
        """A public message after the reply. An interaction's token dies after 15
        minutes; past that (or if Discord refuses it) the bot posts in the channel
        with its own token instead, so nothing is lost. It notifies nobody unless
        `mentions` names whom."""
        allowed = mentions or discord.AllowedMentions.none()
        if not interaction.is_expired():
            try:
                await send_followup(interaction, text, allowed)
                return
            except discord.HTTPException as exc:
                if exc.status not in (401, 404):
                    raise
                log.info("interaction %s token refused; posting in the channel", interaction.id)
        if interaction.channel_id is not None:
            await self.channel_of(interaction.channel_id).send(text, allowed_mentions=allowed)

    async def said(
        self, interaction: discord.Interaction[Any], outcome: Outcome
    ) -> tuple[list[str], discord.AllowedMentions]:
        """What a change says in public, and the mentions its last message allows: the
        event lines with the turn ping folded into the last of them (one message
        rather than two; only the members pinged are notified), or the ping alone."""
        texts = event_texts(outcome)
        for text in texts:
            self.table.secrecy.check(
                outcome.game, outcome.state, message_payload(content=text), "the event lines"
            )
        ping = await self.pings.after(outcome, interaction.user.id)
        if ping is None:
            return texts, discord.AllowedMentions.none()
        if texts and len(texts[-1]) + 1 + len(ping.text) <= MESSAGE_CONTENT:
            return [*texts[:-1], f"{texts[-1]}\n{ping.text}"], ping.allowed
        return [*texts, ping.text], ping.allowed

    async def announce(self, interaction: discord.Interaction[Any], outcome: Outcome) -> None:
        """The change's event lines and turn ping (`said`) as follow-ups."""
        texts, mentions = await self.said(interaction, outcome)
        for i, text in enumerate(texts):
            await self.followup(interaction, text, mentions if i == len(texts) - 1 else None)

    async def publish_click(self, interaction: discord.Interaction[Any], outcome: Outcome) -> None:
        """A click on the board: the board itself shows the change (the click's answer),
        then the events follow."""
        await self.board.show(outcome, interaction)
        await self.announce(interaction, outcome)
        await self.whisper(interaction, outcome)

    async def publish_reply(self, interaction: discord.Interaction[Any], outcome: Outcome) -> None:
        """A slash command or a form: the board shows the change first (a command was
        acknowledged once its change was accepted, anything else if the board is slow),
        then the reply says what happened (the turn ping folded in), so a click on the
        board right after the reply meets the current step."""
        await acknowledged_in_time(interaction, self.board.show(outcome), update=False)
        texts, mentions = await self.said(interaction, outcome)
        texts = texts or ["Done."]
        first = mentions if len(texts) == 1 else discord.AllowedMentions.none()
        if interaction.response.is_done():
            await take_thinking(interaction)  # this follow-up takes its place
            await interaction.followup.send(texts[0], allowed_mentions=first)
        else:
            await interaction.response.send_message(texts[0], allowed_mentions=first)
        for i, text in enumerate(texts[1:], start=2):
            await self.followup(interaction, text, mentions if i == len(texts) else None)
        await self.whisper(interaction, outcome)

    async def post_board(
        self, interaction: discord.Interaction[Any], outcome: Outcome, notice: str | None = None
    ) -> None:
        """Reply with a fresh board, which becomes the game's live board."""
        await take_thinking(interaction)  # the board takes its place
        await self.board.reply(interaction, outcome, notice)

    async def whisper(self, interaction: discord.Interaction[Any], outcome: Outcome) -> None:
        """What only the member who made the change may see (a card they drew)."""
        for text in whispers_for(outcome.game, outcome.state, outcome.events,
                                 interaction.user.id):
            await interaction.followup.send(clip(text, MESSAGE_CONTENT), ephemeral=True)


def event_texts(outcome: Outcome) -> list[str]:
    """The change's notice and event lines, packed into as few messages as fit."""
    lines = presenter_for(outcome.game.game).event_lines(outcome.game, outcome.events)
    if outcome.notice:
        lines.insert(0, outcome.notice)
    chunks: list[str] = []
    current = ""
    for line in lines:
        candidate = f"{current}\n{line}" if current else line
        if len(candidate) > MESSAGE_CONTENT:
            chunks.append(current)
            current = clip(line, MESSAGE_CONTENT)
        else:
            current = candidate
    if current:
        chunks.append(current)
    if len(chunks) > MAX_EVENT_MESSAGES:
        chunks = [*chunks[: MAX_EVENT_MESSAGES - 1], "… (see `/game log` for everything)"]
    return chunks
