"""When the companion's `/hbboard` reports are acknowledged (issue 27): the public
"thinking…" reply leaves the moment the table accepts the change, ahead of the
commit's own work; a report the rules refuse never shows it, and is one private
sentence that changes nothing."""

from __future__ import annotations

from typing import Any

import pytest
from aiohttp.client_reqrep import ClientRequest

from bot import interactions, table_core
from bot.app import PandemoniumBot
from tests.e2e.test_ack_first_e2e import NEVER, _held, _version
from tests.e2e.test_hellboy_board_e2e import _open
from tests.fakediscord import FakeDiscord
from tests.fakediscord.interactions import CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE
from tests.support.boards import board_now


def _callbacks_written(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The paths of the interaction callbacks whose body the bot has written so far."""
    written: list[str] = []
    write_bytes = ClientRequest.write_bytes

    async def noted(self: ClientRequest, *args: Any, **kwargs: Any) -> Any:
        if self.url.path.endswith("/callback"):
            written.append(self.url.path)
        return await write_bytes(self, *args, **kwargs)

    monkeypatch.setattr(ClientRequest, "write_bytes", noted)
    return written


async def test_an_accepted_report_is_acknowledged_before_the_commits_work(
    fake_discord: FakeDiscord, pandemonium: PandemoniumBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Rule: once the table accepts an `/hbboard` report, its "thinking…" reply (type 5)
    is written to Discord before the commit's own work (the state's dump first) holds
    the loop; the public reply then takes its place."""
    fake, bot = fake_discord, pandemonium
    await _open(fake, bot)
    written = _callbacks_written(monkeypatch)
    at_dump: list[int] = []
    dump = table_core._with_state_snapshot

    def dumping(*args: Any) -> Any:
        at_dump.append(len(written))
        return dump(*args)

    monkeypatch.setattr(table_core, "_with_state_snapshot", dumping)
    agent = await fake.slash("alice", "hbboard agent", name="Hellboy", fight="red")
    assert await agent.response_type() == DEFERRED_CHANNEL_MESSAGE
    reply = await agent.original()
    assert "Hellboy" in reply.text() and not reply.ephemeral, "the reply is public"
    callback = f"/interactions/{agent.record.id}/{agent.record.token}/callback"
    assert at_dump == [1] and written[0].endswith(callback), (
        "one change, and its acknowledgement was written before the state was dumped")
    fake.assert_no_violations()


async def test_a_refused_report_is_one_private_sentence_and_changes_nothing(
    fake_discord: FakeDiscord, pandemonium: PandemoniumBot
) -> None:
    """Rule: a report the rules refuse (a test before the case has started) is never shown as
    "thinking…": it is answered with one ephemeral sentence, and the table keeps its
    version."""
    fake, bot = fake_discord, pandemonium
    await _open(fake, bot)
    await (await fake.slash("alice", "hbboard agent", name="Hellboy", fight="red")).original()
    await bot.boards.flush()
    before, posted = await _version(bot, fake.text_channel.id), len(fake.messages())
    test = await fake.slash("alice", "hbboard test", agent="Hellboy", skill="fight", total=3)
    assert await test.response_type() == CHANNEL_MESSAGE, "answered at once, not thinking"
    assert await test.ephemeral()
    refusal = (await test.original()).text()
    assert refusal == "The case hasn't started: finish setting up, then Next phase."
    await bot.boards.flush()
    assert await _version(bot, fake.text_channel.id) == before, "a refusal changes nothing"
    assert len(fake.messages()) == posted, "nothing public was posted"
    assert not test.record.followup_ids
    fake.assert_no_violations()


async def test_a_new_areas_confirmation_is_acknowledged_before_its_commit(
    fake_discord: FakeDiscord, pandemonium: PandemoniumBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Rule: "Yes, a new area" sends the move again, and its answer is the move's public
    reply: it is acknowledged ("thinking…") once the table accepts the move, while the
    commit still waits, not after the commit and the board."""
    fake, bot = fake_discord, pandemonium
    board = await _open(fake, bot, mode="physical")
    for command, options in (
        ("agent", {"name": "Hellboy", "fight": "red", "health": 6}),
        ("case", {"doom_deck": 2, "threat": True, "starting_area": "Hall"}),
    ):
        await (await fake.slash("alice", f"hbboard {command}", options=options)).original()
    await bot.boards.flush()
    board = await board_now(fake, bot, board)
    for label in ("Start round 1", "Next phase: Agent"):
        await (await fake.click("alice", board, label=label)).original()
        await bot.boards.flush()
        board = await board_now(fake, bot, board)
    asked = await fake.slash("alice", "hbboard go", agent="Hellboy", area="attic")
    assert await asked.ephemeral()
    monkeypatch.setattr(interactions, "DEFER_AFTER", NEVER)
    committing, release = _held(monkeypatch, bot.table.storage, "commit_step")
    confirmed = await fake.click("alice", await asked.original(), label="Yes, a new area: attic")
    assert await confirmed.response_type() == DEFERRED_CHANNEL_MESSAGE
    assert committing.is_set() and not release.is_set(), "answered while the commit waits"
    release.set()
    reply = await confirmed.original()
    assert "Hellboy moves to attic." in reply.text() and not reply.ephemeral, reply.text()
    fake.assert_no_violations()
