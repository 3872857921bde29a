"""The secrecy guarantee (issue 21) through the real bot and the fake Discord: seeded
games of each game with hidden information are played by their members, and after
every move every public message the fake received or saw edited since (content,
embeds, buttons, menus, attachments) and every form a public button opened is read
with the checker (`bot.secrecy`) against the table's state: no seat's secret may be
in any of it. Ephemeral answers (My hand, the private card menu, whispers) are the
owner's alone and not read."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest

from bot.app import PandemoniumBot
from bot.games.hellraiser.codes import encode as hr_encode
from bot.secrecy import find_leaks, payload_texts, unshown_secrets
from engines import registry
from engines.hellbringer import ENGINE as HELLBRINGER
from engines.hellraiser import ENGINE as HELLRAISER
from tests.e2e import test_hellbringer_e2e as hb
from tests.e2e import test_hellbringer_physical_e2e as hbp
from tests.e2e import test_hellraiser_e2e as hr
from tests.e2e.conftest import StartBot
from tests.fakediscord import FakeDiscord, FakeMessage
from tests.support.boards import board_now, board_recorded

HELLRAISER_MOVES = 150
HELLBRINGER_MOVES = 60
PHYSICAL_STEPS = 150
MODAL = 9
"""An interaction answered with a form (Discord's callback type)."""


class Reader:
    """Reads each public message once per version of it (a board is read after every
    edit), and each form opened since the last read."""

    def __init__(self, fake: FakeDiscord, bot: PandemoniumBot) -> None:
        self.fake, self.bot = fake, bot
        self.seen: set[tuple[int, int]] = set()
        self.requests = 0
        self.secret_steps = 0

    def _fresh(self) -> list[tuple[str, dict[str, Any]]]:
        found: list[tuple[str, dict[str, Any]]] = []
        for message in self.fake.messages(self.fake.text_channel):
            key = (message.id, message.edit_count)
            if key not in self.seen:
                self.seen.add(key)
                found.append((f"message {message.id}", _payload(message)))
        for request in self.fake.requests[self.requests:]:
            body = request.json
            if isinstance(body, dict) and body.get("type") == MODAL:
                found.append(("a form", body.get("data") or {}))
        self.requests = len(self.fake.requests)
        return found

    async def read(self, step: int) -> None:
        await self.bot.boards.flush()
        current = await self.bot.table.current(self.fake.text_channel.id)
        if current is None or current.state is None:
            return
        engine = registry.get(current.game.game)
        if any(unshown_secrets(engine, current.state).values()):
            self.secret_steps += 1
        for where, payload in self._fresh():
            leaks = find_leaks(engine, current.state, payload_texts(payload))
            assert not leaks, f"{current.game.game}, move {step}, {where}: {leaks[0]}"


def _payload(message: FakeMessage) -> dict[str, Any]:
    return {"content": message.content, "embeds": message.embeds,
            "components": message.components,
            "attachments": [{"filename": a.filename, "description": a.description or ""}
                            for a in message.attachments]}


@pytest.fixture(params=[55, 7], ids=["seed-55", "seed-7"])
async def hellraiser_bot(start_bot: StartBot,
                         request: pytest.FixtureRequest) -> AsyncIterator[PandemoniumBot]:
    async with start_bot(seed=request.param) as started:
        yield started


@pytest.mark.slow(45)
async def test_no_hellraiser_message_names_a_hand_card(
    fake_discord: FakeDiscord, hellraiser_bot: PandemoniumBot
) -> None:
    """Three Humans (Leviathan takes one over, drawing cards) play with the AI's moves,
    made from the board: the card menu, Draw and the rest; hands fill, and the
    channel never reads a card any of them holds."""
    fake, bot = fake_discord, hellraiser_bot
    reader = Reader(fake, bot)
    board = await hr._open(fake, bot, joiners=("bob", "carol"))
    for who in ("alice", "bob", "carol"):
        await hr._accepted(await fake.slash(who, "hellraiser create", strength=3, speed=3,
                                            creativity=3, wits=3, morality=3, willpower=3))
    await reader.read(0)
    for step in range(1, HELLRAISER_MOVES + 1):
        if await bot.table.current(fake.text_channel.id) is None:
            break
        _, state = await hr._state(fake, bot)
        (seat,) = HELLRAISER.to_move(state)
        action = hr.hand_growing_move(state, seat, step)
        await hr._play(fake, bot, board, seat, hr_encode(action))
        await reader.read(step)
    assert reader.secret_steps >= 3, "hands held cards at several moves (seed 7: 65 of 150)"


@pytest.mark.slow(18)
async def test_no_hellbringer_message_names_a_hand_card(
    fake_discord: FakeDiscord, start_bot: StartBot
) -> None:
    """Alice and an AI seat: the class choice, her turns and the AI's; nothing public
    names a card in either hand."""
    fake = fake_discord
    async with start_bot(seed=7) as bot:
        reader = Reader(fake, bot)
        board = await hb._open(fake, bot)
        await reader.read(0)
        for step in range(1, HELLBRINGER_MOVES + 1):
            state = await hb._alices_turn(fake, bot)
            if state is None:
                break
            legal = HELLBRINGER.legal_actions(state, 0)
            index = hb._sensible(state, legal)
            await hb._make(fake, await board_now(fake, bot, board), state, legal[index])
            await reader.read(step)
        assert reader.secret_steps > 10


@pytest.mark.slow(32)
async def test_no_physical_hellbringer_message_names_a_shown_card(
    fake_discord: FakeDiscord, start_bot: StartBot
) -> None:
    """A physical table, Alice and Bob with Erin as their GM (the physical session's
    own group and answers): the sheets, the cards drawn and shown on forms, the moves
    made from the board; nothing public names a card a hand holds."""
    fake = fake_discord
    async with start_bot(seed=11) as bot:
        reader = Reader(fake, bot)
        opened = await fake.slash("alice", "game new", game="hellbringer", mode="physical",
                                  options={"options": "pile_commons=older"})
        board = await opened.original()
        await board_recorded(fake, bot, board)
        session = hbp.Session(fake, bot, board)
        await (await fake.click("bob", board, label="Join")).original()
        await (await fake.click("alice", board, label="Start")).original()
        await reader.read(0)
        for step in range(1, PHYSICAL_STEPS + 1):
            state = await session.state()
            if state is None:
                break
            request = HELLBRINGER.chance(state)
            if request is not None and "Side B" not in request.prompt:
                who = hbp.PLAYERS[request.reporter] if request.reporter is not None else hbp.GM
                await session.report(who, hbp._answers(state, request, session))
            elif request is None:
                seat = HELLBRINGER.to_move(state)[0]
                await session.move(seat, hbp._choice(state, seat))
            else:
                break
            await reader.read(step)
        assert reader.secret_steps >= 2, "a shown card sat in a hand (shown, then equipped)"
