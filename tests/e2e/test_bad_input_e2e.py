"""Forged and garbled component custom_ids (issue 25 point 4), through the fake Discord.

Discord shows a bot only custom_ids it put on its messages, but a modified client, a
stale copy or a relay can send anything. Every component kind of every game — board
moves and menus, lobby and table buttons, My hand, Rematch, the dice's Re-roll — must
answer a forged id with one ephemeral sentence, never the apology or a traceback, and
change nothing; an absurd number (more digits than a 64-bit column holds, a sign, other
scripts' digits) is refused before any query, with the one sentence no table gives.
Hypothesis draws the forgeries; they are sent against live tables of every game.
"""

from __future__ import annotations

import logging
import re
from collections.abc import AsyncIterator
from dataclasses import dataclass

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.app import PandemoniumBot
from bot.errors import UNEXPECTED
from bot.games import GAMES
from bot.ui.components import UNREADABLE
from tests.e2e.conftest import StartBot
from tests.fakediscord import FakeDiscord, FakeMessage, InteractionHandle
from tests.fakediscord.interactions import DEFERRED_UPDATE_MESSAGE
from tests.support.boards import board_now, board_recorded
from tests.support.settled import settled

KINDS_WITH_VERSION = ("rep", "end", "skip", "ai")
MOVE_KINDS = ("mv", "gmv", "sel", "gms")
LOBBY_OPS = ("join", "leave", "start", "ai", "cancel")

ABSURD = st.one_of(
    st.integers(10**18, 10**40).map(str),
    st.integers(-(10**20), -1).map(str),
    st.sampled_from(["", "x", "1e9", "0x10", "٣", "１２", "1_000", " 1", "+1", "1.0"]),
    st.text(st.characters(codec="utf-8"), min_size=1, max_size=30).filter(
        lambda t: not re.fullmatch("[0-9]{1,18}", t)
    ),
)
"""What no game id or version is: too long for a 64-bit column, signed, not ASCII digits."""

CODE = st.one_of(
    st.text(st.sampled_from("abcdefghijklmnopqrstuvwxyz0123456789_.,=+-"), min_size=1, max_size=60),
    st.text(st.characters(categories=("L", "N")), min_size=1, max_size=60),
)
"""Move codes: the ASCII the games write, and other scripts' letters and digits, which
the template's ``\\w`` also reads (``int`` reads ``٣`` as 3)."""


@dataclass(frozen=True)
class Forgery:
    """A custom_id to send, and the values of a select (None: a button)."""

    custom_id: str
    values: tuple[str, ...] | None
    absurd: bool
    """True when a number in it is absurd: the answer must be the up-front refusal."""
    member: str = "alice"
    """Alice hosts and plays; Dave, neither seated nor a GM, presses End (the host's
    confirmation ends the game at any version, as the host may)."""


def _with_number(kind: str, number: str, code: str, seat: str, slot: int) -> str:
    """A custom_id of `kind` whose `slot`-th number is `number` (the others plausible)."""
    parts = ["7", "3"]
    parts[slot if kind in (*MOVE_KINDS, *KINDS_WITH_VERSION, "pan") else 0] = number
    if kind in MOVE_KINDS:
        return f"pd:{kind}:{parts[0]}:{parts[1]}:{seat}:{code}"
    if kind in KINDS_WITH_VERSION:
        return f"pd:{kind}:{parts[0]}:{parts[1]}"
    if kind in LOBBY_OPS:
        return f"pd:lobby:{kind}:{parts[0]}"
    if kind == "pan":
        return f"pd:pan:{parts[0]}:{parts[1]}:{seat}"
    if kind == "lj":
        return f"pd:lj:{number}:{10**17}:yes"
    return f"pd:{kind}:{parts[0]}"


ABSURD_IDS = st.builds(
    lambda kind, number, code, seat, slot, select: Forgery(
        _with_number(kind, number, code, seat, slot),
        ("1",) if select else None,
        absurd=True,
    ),
    st.sampled_from((*MOVE_KINDS, *KINDS_WITH_VERSION, *LOBBY_OPS, "me", "again", "pan", "lj")),
    ABSURD,
    CODE,
    st.one_of(st.sampled_from(["0", "1", "a"]), st.integers(100, 10**30).map(str)),
    st.integers(0, 1),
    st.booleans(),
)

GARBLED = st.builds(
    lambda tail, select: Forgery("pd:" + tail, ("1",) if select else None, absurd=False),
    st.text(st.characters(codec="utf-8"), max_size=120),
    st.booleans(),
)


def _drawn(strategy: st.SearchStrategy[Forgery], count: int) -> list[Forgery]:
    """`count` forgeries drawn by hypothesis (the bot runs in this test's loop, so the
    examples are collected first and sent afterwards)."""
    found: list[Forgery] = []

    @settings(
        max_examples=count,
        database=None,
        deadline=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(strategy)
    def collect(forgery: Forgery) -> None:
        found.append(forgery)

    collect()
    return found


async def _answer(handle: InteractionHandle) -> tuple[bool, str]:
    """Whether the answer was private, and its text (a refusal after a deferral comes
    as a follow-up)."""
    if await handle.response_type() == DEFERRED_UPDATE_MESSAGE:
        (reply,) = await handle.followups()
        return reply.ephemeral, reply.text()
    return await handle.ephemeral(), (await handle.original()).text()


def _one_sentence(text: str) -> bool:
    return bool(text) and len(re.findall(r"[.!?](?:\s|$)", text.strip())) <= 1


async def _table(fake: FakeDiscord, bot: PandemoniumBot, key: str) -> FakeMessage:
    """A started table of game `key` in a channel of its own: Alice and Bob."""
    channel = fake.add_channel(f"table-{key}")
    opened = await fake.slash("alice", "game new", options={"game": key}, channel=channel)
    board = await opened.original()
    await board_recorded(fake, bot, board, channel)
    await (await fake.slash("bob", "game join", channel=channel)).original()
    await (await fake.slash("alice", "game start", channel=channel)).original()
    await settled(bot)
    return await board_now(fake, bot, board)


async def _versions(bot: PandemoniumBot, boards: list[FakeMessage]) -> list[tuple[int, int, str]]:
    found: list[tuple[int, int, str]] = []
    for board in boards:
        current = await bot.table.current(board.channel_id)
        assert current is not None
        found.append((current.game.id, current.game.version, current.game.status))
    return found


def _in_range(board: FakeMessage, game_id: int, version: int) -> list[Forgery]:
    """Forgeries a table must look up to refuse: this game at its version or others,
    with codes its board does not offer, other games' ids, stale table buttons."""
    offered = set(board.custom_ids())

    def build(kind: str, number: int, step: int, seat: str, code: str, select: bool) -> Forgery:
        if kind in MOVE_KINDS:
            cid = f"pd:{kind}:{game_id}:{version + step}:{seat}:{code}"
        elif kind in KINDS_WITH_VERSION:
            cid = f"pd:{kind}:{game_id}:{version - 1 - step}"
        else:
            cid = f"pd:lobby:join:{number}" if kind == "join" else f"pd:{kind}:{number}"
        who = "dave" if kind == "end" else "alice"
        return Forgery(cid, ("0",) if select else None, absurd=False, member=who)

    strategy = st.builds(
        build,
        st.sampled_from((*MOVE_KINDS, *KINDS_WITH_VERSION, "join", "me", "again")),
        st.integers(1, 10**18 - 1).filter(lambda n: n != game_id),
        st.integers(0, 3),
        st.sampled_from(["0", "1", "2", "9", "99", "a"]),
        CODE,
        st.booleans(),
    ).filter(lambda f: f.custom_id not in offered and len(f.custom_id) <= 100)
    return _drawn(strategy, 25)


@pytest.fixture
async def bot(start_bot: StartBot) -> AsyncIterator[PandemoniumBot]:
    async with start_bot() as started:
        yield started


async def test_every_forged_component_id_gets_one_private_sentence_and_changes_nothing(
    fake_discord: FakeDiscord, bot: PandemoniumBot, caplog: pytest.LogCaptureFixture
) -> None:
    boards = [await _table(fake_discord, bot, game.key) for game in GAMES]
    roll = await (await fake_discord.slash("carol", "roll", expression="2d6")).original()
    before = await _versions(bot, boards)
    public_before = {b.channel_id: len(fake_discord.messages(b.channel_id)) for b in boards}
    caplog.set_level(logging.ERROR)
    sent: list[tuple[Forgery, FakeMessage]] = []
    for board, (game_id, version, _) in zip(boards, before, strict=True):
        sent += [(f, board) for f in _in_range(board, game_id, version)]
        sent += [(f, board) for f in _drawn(ABSURD_IDS, 15)]
    sent += [(f, roll) for f in _drawn(GARBLED, 20)]
    sent += [(Forgery(f"pd:reroll:{n}", None, absurd=False), roll) for n in ("x", "9" * 30)]
    sent += [(Forgery("pd:mv:" + "9" * 30 + ":3:0:x", None, absurd=True), boards[0])]
    for forgery, message in sent:
        values = list(forgery.values) if forgery.values else None
        handle = await fake_discord.forged_click(
            forgery.member, message, forgery.custom_id, values
        )
        private, text = await _answer(handle)
        said = f"{forgery.custom_id!r} was answered {text!r}"
        assert private, said
        assert text != UNEXPECTED and _one_sentence(text), said
        assert "pydantic" not in text and "Traceback" not in text, said
        if forgery.absurd:
            assert text == UNREADABLE, said
    await settled(bot)
    assert await _versions(bot, boards) == before
    assert {
        b.channel_id: len(fake_discord.messages(b.channel_id)) for b in boards
    } == public_before
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
