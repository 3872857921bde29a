"""Waiting for the board a game test is about to click, for end-to-end tests.

`/game new` answers with the lobby message before the table has stored it as
the channel's board, and a board edit may trail the reply to the click that
caused it. A test that clicked straight away would race the bot, so tests wait
here (through the fake Discord's own waiting) instead of each writing its own
polling loop.
"""

from __future__ import annotations

from bot.app import PandemoniumBot
from engines import registry
from tests.fakediscord import FakeChannel, FakeDiscord, FakeMessage, InteractionHandle
from tests.support.settled import settled


async def board_recorded(
    fake: FakeDiscord, bot: PandemoniumBot, board: FakeMessage, channel: FakeChannel | None = None
) -> None:
    """Return once the channel's game (default: the text channel's) has `board` as its
    board message."""
    channel_id = (channel or fake.text_channel).id

    async def recorded() -> bool:
        current = await bot.table.current(channel_id)
        return current is not None and current.game.board_message_id == board.id

    await fake.wait_until(recorded, message="the bot never recorded its lobby message as the board")


async def board_now(fake: FakeDiscord, bot: PandemoniumBot, board: FakeMessage) -> FakeMessage:
    """The live board once its components carry the table's current version (`board`
    as it is when no game is live in the channel). The live board may be a newer
    message than `board`: a board that scrolled away is posted again below."""
    current = await bot.table.current(board.channel_id)
    if current is None:
        return fake.message(board.id)
    marker = f":{current.game.id}:{current.game.version}"

    async def live_id() -> int:
        now = await bot.table.current(board.channel_id)
        return (now.game.board_message_id if now else None) or board.id

    async def shown() -> bool:
        ids = fake.message(await live_id()).custom_ids()
        return any(f"{marker}:" in cid or cid.endswith(marker) for cid in ids)

    await fake.wait_until(shown, message=f"the board never showed version {current.game.version}")
    return fake.message(await live_id())


async def retired(fake: FakeDiscord, board: FakeMessage, *, final: bool = False) -> FakeMessage:
    """`board` once it has been retired (the bot retires an old copy just after posting
    the new one): deleted, or with `final` (a finished game's board that `/game status`
    showed again) still readable but without components."""

    def done() -> bool:
        old = fake.message(board.id)
        if final:
            return not old.deleted and bool(old.embeds) and not old.custom_ids()
        return old.deleted

    await fake.wait_until(done, message=f"board {board.id} still looks live")
    return fake.message(board.id)


async def last_board(fake: FakeDiscord, bot: PandemoniumBot, channel_id: int) -> FakeMessage:
    """The newest game's board in the channel, finished or not (the board may have
    been posted again further down since the game began)."""
    (game,) = await bot.storage.games_in_channel(channel_id, limit=1)
    assert game.board_message_id is not None, "the game never had a board"
    return fake.message(game.board_message_id)


async def press_first_move(
    fake: FakeDiscord, bot: PandemoniumBot, board: FakeMessage, members: tuple[str, ...]
) -> InteractionHandle:
    """Press the current player's first move on the live board (its first button, else
    the first option of its first menu), as the member seated there. Returns the
    interaction without waiting for the answer, so load drivers can pace clicks."""
    current = await bot.table.current(board.channel_id)
    assert current is not None, "no game in the board's channel"
    seat = registry.get(current.game.game).to_move(current.state)[0]
    user_id = current.game.seats[seat].user_id
    who = next(name for name in members if fake.member(name).id == user_id)
    live = fake.message(current.game.board_message_id or board.id)
    prefix = f":{current.game.id}:{current.game.version}:{seat}:"
    for component in live.all_components():
        cid = str(component.get("custom_id", ""))
        if cid.startswith("pd:mv:") and prefix in cid:
            return await fake.click(who, live, cid)
        if cid.startswith("pd:sel:") and prefix in cid:
            return await fake.select(who, live, cid, [component["options"][0]["value"]])
    raise AssertionError(f"no move for seat {seat} on {live.custom_ids()}")


async def started_pig(fake: FakeDiscord, bot: PandemoniumBot) -> FakeMessage:
    """A long Pig game (to 1,000) between alice and bob, started, its board settled."""
    opened = await fake.slash(
        "alice", "game new", options={"game": "pig", "mode": "digital", "options": "target=1000"}
    )
    board = await opened.original()
    await (await fake.click("bob", board, label="Join")).original()
    await (await fake.click("alice", board, label="Start")).original()
    await settled(bot)
    return await board_now(fake, bot, board)


async def panel_of(
    fake: FakeDiscord, who: str, board: FakeMessage, seat: int
) -> FakeMessage | None:
    """The seat's private panel, opened by `who` with the board's "🃏 My turn" button
    (None when the board has none for that seat); only `who` sees it."""
    button = next((cid for cid in board.custom_ids()
                   if cid.startswith("pd:pan:") and cid.endswith(f":{seat}")), None)
    if button is None:
        return None
    handle = await fake.click(who, board, button)
    assert await handle.ephemeral(), "a panel is only ever ephemeral"
    return await handle.original()
