"""How far a board has scrolled out of sight, measured in a phone's lines.

The bot hears every message posted in a channel (`saw`) and estimates how much of a
phone's screen each takes below the board (`lines_of`). Once `SCROLLED_AWAY` lines
sit below it, the live board (`bot/live_board.py`) posts it again at the bottom.
Members' chat counts in full; the bot's own short event lines count only by their
height, since Discord stacks a run of them under one header: a quiet table's board
moves after many clicks, a chatty one's after a few messages of chat.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping
from typing import Any

SCROLLED_AWAY = 24
"""Lines below the board after which it is posted again at the bottom: a phone shows
about 30, so the board's buttons (at its foot) are then leaving the screen. That is
eight messages of chat, or some six clicks of Hellboy's narration."""

CHAT_LINES = 3
"""What a member's message takes: their name, a line of text, and the bot's name
again above whatever it posts next. The bot does not read members' messages
(no message-content intent), so every one counts the same."""

PHONE_WIDTH = 45
"""Characters of a line on a phone, for wrapping the bot's own long lines."""

EMBED_LINES = 4
"""An embed's frame (title, spacing, footer) besides its description's lines."""

PICTURE_LINES = 8
"""An attached picture at Discord's display size."""

RECENT = 64
"""Messages remembered per channel (more than SCROLLED_AWAY lines' worth, for bursts)."""


def text_lines(text: str) -> int:
    """Lines a text takes on a phone, its long lines wrapped (bold marks take no room)."""
    shown = text.replace("**", "")
    return sum(max(1, -(-len(line) // PHONE_WIDTH)) for line in shown.splitlines())


def lines_of(message: Mapping[str, Any], own: bool) -> int:
    """How much of the screen a message takes below a board: a member's message in
    full (`CHAT_LINES`); the bot's own (`own`) by its text, embeds and pictures,
    with no header, since Discord shows a run of one author's messages under one.
    It reads the gateway's message payload as it comes: counting is the only use the
    bot has for these events, and a discord.py Message built for each of its own
    posts and edits was a share of every click (issue 27)."""
    if not own:
        return CHAT_LINES
    lines = text_lines(message.get("content") or "")
    for embed in message.get("embeds") or ():
        lines += EMBED_LINES + text_lines(embed.get("description") or "")
        lines += len(embed.get("fields") or ())
    lines += PICTURE_LINES * len(message.get("attachments") or ())
    return max(lines, 1)


class Sight:
    """What was posted lately in each channel, and how many lines each took."""

    def __init__(self) -> None:
        self._recent: dict[int, deque[tuple[int, int]]] = {}

    def saw(self, channel_id: int, message_id: int, lines: int = CHAT_LINES) -> None:
        """A message was posted in the channel (from the gateway's message events),
        taking `lines` of the screen (`lines_of`)."""
        self._recent.setdefault(channel_id, deque(maxlen=RECENT)).append((message_id, lines))

    def resaw(self, channel_id: int, message_id: int, lines: int) -> None:
        """A message already counted was edited and now takes `lines`: a "thinking…"
        reply (a command acknowledged once its change was accepted) is posted empty
        and only then filled with what the change said, which is what pushes the board
        up. Edits of messages no longer among the recent ones change nothing."""
        recent = self._recent.get(channel_id)
        if recent is None:
            return
        for i, (seen, _) in enumerate(recent):
            if seen == message_id:
                recent[i] = (message_id, lines)
                return

    def scrolled(self, channel_id: int, board_id: int | None) -> bool:
        """Whether enough was posted below the board to push it out of sight.
        Snowflakes grow with time, so "below" is simply a larger id."""
        if board_id is None:
            return False
        below = sum(lines for m, lines in self._recent.get(channel_id, ()) if m > board_id)
        return below >= SCROLLED_AWAY
