"""One live board through the fake Discord: chat that pushes the board out of sight
makes the next move post it again at the bottom, and the old copy keeps no buttons."""

from __future__ import annotations

from bot.app import PandemoniumBot
from bot.board_sight import CHAT_LINES, SCROLLED_AWAY
from tests.fakediscord import FakeDiscord
from tests.support.boards import board_now, last_board, retired


async def test_a_board_under_the_chat_comes_back_to_the_bottom(
    fake_discord: FakeDiscord, pandemonium: PandemoniumBot
) -> None:
    fake = fake_discord
    board = await (await fake.slash("alice", "game new", game="pig")).original()
    await (await fake.click("bob", board, label="Join")).original()
    await (await fake.click("alice", board, label="Start")).original()
    board = await board_now(fake, pandemonium, board)
    await (await fake.click("alice", board, label="Roll")).followups()
    board = await board_now(fake, pandemonium, board)
    assert board.id == fake.messages(fake.text_channel)[0].id, "a little chat: edited in place"
    talk = SCROLLED_AWAY // CHAT_LINES
    for i in range(talk):
        await fake.post_message("carol", f"chatter {i}")
    await fake.wait_until(
        lambda: sum("chatter" in m.content for m in fake.messages(fake.text_channel)) == talk
    )
    current = await pandemonium.table.current(fake.text_channel.id)
    assert current is not None
    who = "alice" if current.state.turn == 0 else "bob"
    await (await fake.click(who, board, label="Roll")).followups()
    live = await board_now(fake, pandemonium, board)
    assert live.id != board.id, "the board was posted again"
    chat = [m.id for m in fake.messages(fake.text_channel) if "chatter" in m.content]
    assert live.id > max(chat), "below the chat"
    await retired(fake, board)
    texts = [m.text() for m in fake.messages(fake.text_channel)]
    assert not any("moved below" in t for t in texts), "the old copy is deleted, no stub left"
    assert sum(bool(m.embeds) for m in fake.messages(fake.text_channel)) == 1, "one board"


async def test_game_status_retires_the_old_copy(
    fake_discord: FakeDiscord, pandemonium: PandemoniumBot
) -> None:
    fake = fake_discord
    board = await (await fake.slash("alice", "game new", game="pig")).original()
    await (await fake.click("bob", board, label="Join")).original()
    live = await (await fake.slash("carol", "game status")).original()
    assert "Join" in [c.get("label") for c in live.all_components()]
    await retired(fake, board)
    await (await fake.click("alice", live, label="Start")).original()
    current = await pandemonium.table.current(fake.text_channel.id)
    assert current is not None and current.game.board_message_id == live.id


async def test_rematch_seats_the_same_players_with_the_same_options(
    fake_discord: FakeDiscord, pandemonium: PandemoniumBot
) -> None:
    """After the game: the final board offers Rematch; it opens and starts the same
    table again, and the final board stays readable (without the button)."""
    fake = fake_discord
    channel = fake.text_channel.id
    handle = await fake.slash(
        "alice", "game new", options={"game": "pig", "options": "target=2"}
    )
    board = await handle.original()
    await (await fake.click("bob", board, label="Join")).original()
    await (await fake.click("alice", board, label="Start")).original()
    actors = {0: "alice", 1: "bob"}
    for _ in range(200):
        current = await pandemonium.table.current(channel)
        if current is None:
            break
        board = await board_now(fake, pandemonium, board)
        labels = [c.get("label") for c in board.all_components()]
        press = "Hold" if "Hold" in labels else "Roll"
        await (await fake.click(actors[current.state.turn], board, label=press)).followups()
    await pandemonium.boards.flush()
    final = await last_board(fake, pandemonium, channel)
    assert "Rematch" in [c.get("label") for c in final.all_components()]
    refused = await fake.click("carol", final, label="Rematch")
    assert "Only its players or a GM" in (await refused.original()).text()
    again = await fake.click("bob", final, label="Rematch")
    await again.followups()
    current = await pandemonium.table.current(channel)
    assert current is not None and current.game.status == "active"
    assert [s.name for s in current.game.seats] == ["Alice", "Bob"]
    assert current.state.target == 2, "the same options"
    assert not fake.message(final.id).custom_ids(), "the old final board keeps no button"
    assert "Result" in fake.message(final.id).text(), "and stays readable"
