"""The players of the load bench: each click a random legal move, found on the messages.

A player sees what a Discord client shows: the channel's newest board (not the bot's
tables), its buttons and menus, the seat each one is for (a move's custom id names
it), a private panel once "🃏 My turn" opened it, a form once a press opened one. So
the bench drives every game without reading its state, and a player who clicks a
board the bot has not caught up with gets the bot's "a step behind" answer, as a
fast player does. A seeded generator makes every choice, so a run is reproducible
up to the order in which the bot's answers arrive.

The Hellboy board game companion is a GM's tool: its group mostly reports what
happened at the real table through `/hbboard` commands, so its player picks one of
the commands a session uses (or a button of the board) with plausible values;
whatever the rules refuse is answered with one sentence and counted as refused.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from tests.fakediscord import FakeDiscord, FakeMessage, InteractionHandle

MEMBERS = ("alice", "bob")
"""Seat 0 opens the table (the host: the companion's GM), seat 1 joins."""
MOVE = re.compile(r"^pd:(?P<kind>mv|sel):(?P<game>\d+):(?P<version>\d+):(?P<seat>\d+|a):")
PANEL = re.compile(r"^pd:pan:(?P<game>\d+):(?P<version>\d+):(?P<seat>\d+)$")
REPORT = re.compile(r"^pd:rep:(?P<game>\d+):(?P<version>\d+)$")
AGAIN = re.compile(r"^pd:again:(?P<game>\d+)$")
VERSIONED = re.compile(r"^pd:\w+:(?P<game>\d+):(?P<version>\d+)")
LOBBY = re.compile(r"pd:lobby:join:(\d+)")
ONE_OF = re.compile(r"one of: (?P<options>.+)$")
COUNTED = re.compile(r"^(?P<count>\d+) ")
WORD = 12
"""Longest value a hint may list as a choice ("Skull, Blank, 1": a die's faces)."""
BUTTON = 2
STRING_SELECT = 3
REPLY = 4
DEFERRED_UPDATE = 6
MODAL = 9
EPHEMERAL = 64
FURTHER = 4
"""Private messages and forms followed from one click at most (a panel, its menu,
a further choice, its form)."""
ANSWER_WAIT = 5.0
RECENT = 16
"""Messages from the bottom of a channel searched for the board (the bot posts it
again below once six messages sit under it)."""


@dataclass
class Table:
    channel_id: int
    game_id: int
    game: str


@dataclass
class Sent:
    """One interaction a player sent, and what it was for (the report's columns)."""

    handle: InteractionHandle
    what: str
    """`button`, `menu`, `panel`, `form`, `command`, … (counted per kind)."""
    table: Table
    version: int | None
    """The board's version the player acted on (None: nothing to wait for)."""


def live_board(fake: FakeDiscord, table: Table) -> FakeMessage | None:
    """The newest message with the game's controls, as a player finds the board (it
    is posted again below once the event lines push it out of sight)."""
    for message in reversed(fake.newest_messages(table.channel_id, RECENT)):
        if any(VERSIONED.match(cid) or AGAIN.match(cid) for cid in message.custom_ids()):
            return message
    return None


def board_version(message: FakeMessage, game_id: int) -> int | None:
    found = [VERSIONED.match(cid) for cid in message.custom_ids()]
    versions = [int(m["version"]) for m in found if m and int(m["game"]) == game_id]
    return max(versions, default=None)


def picks(rng: random.Random, component: dict[str, Any]) -> list[str]:
    """Options of a select as a player ticks them: a random number within its min and
    max; in a menu whose values come in kinds (`g:…` a card to give, `p:…` a player),
    one of each kind first, as its placeholder asks ("a card and its target")."""
    options = [str(o["value"]) for o in component.get("options") or []]
    low = int(component.get("min_values", 1))
    high = min(int(component.get("max_values", 1)), len(options))
    kinds: dict[str, list[str]] = {}
    for value in options:
        kinds.setdefault(value.split(":", 1)[0] if ":" in value else "", []).append(value)
    if high > 1 and len(kinds) > 1:
        one_each = [rng.choice(values) for values in kinds.values()]
        rng.shuffle(one_each)
        return one_each[:rng.randint(min(low, len(one_each)), min(high, len(one_each)))]
    return rng.sample(options, rng.randint(min(low, high), high))


def filled(rng: random.Random, modal: dict[str, Any]) -> dict[str, str]:
    """A form's answers as a player gives them, reading each field's label and hint."""
    answers: dict[str, str] = {}
    for top in modal.get("components") or []:
        inner = top.get("components") or ([top["component"]] if "component" in top else [])
        for text_input in inner:
            answer = _answer(rng, text_input)
            if answer:
                answers[str(text_input.get("custom_id", ""))] = answer
    return answers


def _answer(rng: random.Random, text_input: dict[str, Any]) -> str:
    """What is suggested; else one of the values the hint lists ("one of: a, b", "another,
    or a threat: X / Y", "Skull, Blank, 1"); else as many pips as the label counts dice
    ("3 coloured dice"); else a small number where one is required."""
    label, hint = str(text_input.get("label") or ""), str(text_input.get("placeholder") or "")
    if text_input.get("value"):
        return str(text_input["value"])
    if (listed := ONE_OF.search(hint)) is not None:
        return str(rng.choice(listed["options"].split(", ")))
    if ", or " in hint:
        said = rng.choice(hint.split(", or ")).split(": ", 1)[-1]
        return rng.choice(said.split(" / ")).strip()
    if (dice := COUNTED.match(label)) is not None:
        return " ".join(str(rng.randint(0, 3)) for _ in range(int(dice["count"])))
    if hint.startswith("e.g. "):
        return str(rng.randint(0, 6))
    required = bool(text_input.get("required", True))
    words = [w.strip() for w in hint.split(",")]
    if (len(words) > 1 or required) and all(0 < len(w) <= WORD and " " not in w for w in words):
        return str(rng.choice(words))
    return str(rng.randint(1, 6)) if required else ""


@dataclass
class Player:
    """The players of one game's tables: one click a call, never waiting for the
    board to move (the load is open loop); panels and forms a press opens are used
    at once, as the same member."""

    fake: FakeDiscord
    rng: random.Random
    sent: list[Sent] = field(default_factory=list)
    on_sent: Callable[[Sent], None] | None = None
    """Told of each interaction as it leaves (the bench starts its clock then)."""

    async def act(self, table: Table) -> None:
        board = live_board(self.fake, table)
        if board is None:
            return
        choices = [c for c in board.all_components() if self._usable(c)]
        if not choices:
            return
        await self._use(table, board, self.rng.choice(choices))

    def _usable(self, component: dict[str, Any]) -> bool:
        cid = str(component.get("custom_id", ""))
        if component.get("disabled"):
            return False
        return bool(MOVE.match(cid) or PANEL.match(cid) or REPORT.match(cid) or AGAIN.match(cid))

    def _member(self, seat: str) -> str:
        return self.rng.choice(MEMBERS) if seat == "a" else MEMBERS[int(seat) % len(MEMBERS)]

    async def _use(self, table: Table, message: FakeMessage, component: dict[str, Any],
                   who: str | None = None, version: int | None = None, depth: int = 0) -> None:
        """Press or pick `component` on `message` (the board, or a private message the
        bot answered with: a panel, a further choice), then go on with what it opens."""
        cid = str(component["custom_id"])
        found = VERSIONED.match(cid)
        version = int(found["version"]) if found else version
        private = "private " if message.ephemeral else ""
        if (move := MOVE.match(cid)) is not None:
            who = who or self._member(move["seat"])
        elif (panel := PANEL.match(cid)) is not None:
            who, private = self._member(panel["seat"]), "panel "
            version = None  # opening it changes nothing
        elif REPORT.match(cid):
            who, private = who or self.rng.choice(MEMBERS), "report "
        elif AGAIN.match(cid):
            who, private = MEMBERS[0], "rematch "
        who = who or self.rng.choice(MEMBERS)
        if int(component.get("type", 2)) == BUTTON:
            sent = await self._send(table, f"{private}button", version,
                                    self.fake.click(who, message, cid))
        else:
            sent = await self._send(table, f"{private}menu", version, self.fake.select(
                who, message, cid, picks(self.rng, component)))
        await self._after(table, sent, who, version, depth)

    async def _after(self, table: Table, sent: Sent, who: str, version: int | None,
                     depth: int) -> None:
        """What a press opened, used at once by the same member: a form filled in and
        sent; a private message with controls (a panel, a further choice) used."""
        if depth >= FURTHER:
            return
        try:
            body = await sent.handle.response(timeout=ANSWER_WAIT)
        except AssertionError:
            return
        kind = int(body["type"])
        if kind == MODAL:
            answers = filled(self.rng, await sent.handle.modal())
            submitted = await self._send(table, "form", version,
                                         sent.handle.submit_modal(answers))
            await self._after(table, submitted, who, version, depth + 1)
            return
        if kind == DEFERRED_UPDATE:  # acknowledged at once: a private answer may follow
            try:
                body = await sent.handle.settled(timeout=ANSWER_WAIT)
            except AssertionError:
                return
            kind = int(body["type"])
        if kind != REPLY or not int((body.get("data") or {}).get("flags") or 0) & EPHEMERAL:
            return
        message = await sent.handle.original(timeout=ANSWER_WAIT)
        usable = [c for c in message.all_components()
                  if c.get("custom_id") and not c.get("disabled")
                  and int(c.get("type", 0)) in (BUTTON, STRING_SELECT)]
        if usable:
            await self._use(table, message, self.rng.choice(usable), who, version, depth + 1)

    async def _send(
        self, table: Table, what: str, version: int | None, sending: Any
    ) -> Sent:
        sent = Sent(await sending, what, table, version)
        self.sent.append(sent)
        if self.on_sent is not None:
            self.on_sent(sent)
        return sent


AREAS = ("starting area", "Hall", "Crypt", "Chapel")
AGENTS = ("Hellboy", "Abe Sapien")
SKILLS = ("fight", "shoot", "explore", "defend")


@dataclass
class CompanionGM(Player):
    """The Hellboy board game companion's group: most turns a GM's `/hbboard` report of
    what the real table did, sometimes a button of the board (phases, the Doom deck
    and its report form). Values are plausible, not always legal: the rules refuse
    what the real table could not have done, with one sentence."""

    async def act(self, table: Table) -> None:
        board = live_board(self.fake, table)
        buttons = [] if board is None else [
            c for c in board.all_components() if self._usable(c)]
        if board is not None and buttons and self.rng.random() < 0.5:
            await self._use(table, board, self.rng.choice(buttons))
            return
        version = None if board is None else board_version(board, table.game_id)
        command, options = self.command()
        sent = await self._send(table, "command", version, self.fake.slash(
            MEMBERS[0], f"hbboard {command}", channel=table.channel_id, options=options))
        await self._after(table, sent, MEMBERS[0], version, 0)

    def command(self) -> tuple[str, dict[str, Any]]:
        """One of the reports a session makes, with random values."""
        rng = self.rng
        agent = rng.choice(AGENTS)
        skill = rng.choice(SKILLS)
        target = {"target": "krampus"} if skill in ("fight", "shoot") else {}
        kinds: Sequence[tuple[str, dict[str, Any]]] = (
            ("test", {"agent": agent, "skill": skill, "total": rng.randint(0, 9), **target}),
            ("go", {"agent": agent, "area": rng.choice(AREAS)}),
            ("move", {"enemy": "krampus", "path": rng.choice(AREAS)}),
            ("hurt", {"enemy": "krampus", "amount": rng.randint(1, 3)}),
            ("agentstate", {"agent": agent, "change": rng.choice(("damage", "heal")),
                            "amount": rng.randint(1, 2)}),
            ("spend", {"agent": agent, "cubes": 1, "why": "search"}),
            ("track", {"track": rng.choice(("doom", "info")), "steps": 1}),
            ("odds", {"agent": agent, "skill": rng.choice(SKILLS)}),
            ("draw", {}),
        )
        return rng.choice(kinds)


def setting_up(game: str, board: FakeMessage) -> bool:
    """Whether a table is still in its opening, as its board shows: Hellraiser's map
    not yet drawn (characters still being made), a Hellbringer seat with no class."""
    if game == "hellraiser":
        return not board.attachments
    if game == "hellbringer":
        return "no class yet" in board.text()
    return False


async def opened(fake: FakeDiscord, game: str, index: int) -> Table:
    """A table opened by alice in a channel of its own, bob seated, started: the
    lobby's three presses."""
    channel = fake.add_channel(f"{game}-{index}")
    new = await fake.slash("alice", "game new", game=game, mode="digital", channel=channel)
    lobby = await new.original()
    table = Table(channel.id, int(LOBBY.findall(" ".join(lobby.custom_ids()))[0]), game)
    await (await fake.click("bob", lobby, label="Join")).original()
    await (await fake.click("alice", lobby, label="Start")).original()
    return table


COMPANION_SETUP: tuple[tuple[str, dict[str, Any]], ...] = (
    ("agent", {"name": "Hellboy", "fight": "red", "shoot": "orange", "explore": "yellow",
               "defend": "red", "health": 6, "weapon": "Samaritan", "pistol": True}),
    ("agent", {"name": "Abe Sapien", "fight": "orange", "explore": "red", "health": 5}),
    ("case", {"doom_deck": 6, "threat": True, "doom_length": 10}),
    ("preset", {"card": "krampus"}),
)
"""What a group types before its first round: its agents, the case, Krampus."""

