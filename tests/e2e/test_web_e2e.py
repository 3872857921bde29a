"""The web pages (issue 28) through the real bot and the fake Discord, read over
HTTP as a spectator's browser would: `/game share` links, the live page and its
Server-Sent Events arriving with each move, a seat's own view, the replay of a
finished game from its final board's ▶ Replay button, the 403/410/404 pages, and
the hidden-cards guarantee on every page and every streamed board."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator

import aiohttp
import pytest

from bot.app import PandemoniumBot
from bot.games.hellraiser.codes import encode as hr_encode
from bot.secrecy import find_leaks, unshown_secrets
from bot.web.links import Link
from engines.hellraiser import ENGINE as HELLRAISER
from tests.e2e import test_hellraiser_e2e as hr
from tests.e2e.conftest import StartBot
from tests.fakediscord import FakeDiscord, FakeMessage
from tests.support.boards import last_board, press_first_move, started_pig
from tests.support.web_pages import forged, page_texts, signed, streaming

LINK = re.compile(r"http://127\.0\.0\.1:\d+/[gr]/[\w.=-]+")
MOVES = 150
SECRET_STEPS = 4
"""Moves watched: until hands held cards at this many (seed 7: 65 of 150 moves)."""


@pytest.fixture
async def bot(start_bot: StartBot) -> AsyncIterator[PandemoniumBot]:
    async with start_bot(seed=7, web_port=0) as started:
        yield started


@pytest.fixture
async def http() -> AsyncIterator[aiohttp.ClientSession]:
    async with aiohttp.ClientSession() as session:
        yield session


def link_in(message: FakeMessage) -> str:
    found = LINK.search(message.text())
    assert found, f"no link in {message.text()!r}"
    return found.group(0)


async def _get(http: aiohttp.ClientSession, url: str) -> tuple[int, str, dict[str, str]]:
    async with http.get(url) as response:
        return response.status, await response.text(), dict(response.headers)


async def _hellraiser(fake: FakeDiscord, bot: PandemoniumBot) -> FakeMessage:
    board = await hr._open(fake, bot, joiners=("bob", "carol"))
    for who in ("alice", "bob", "carol"):
        await hr._accepted(await fake.slash(who, "hellraiser create", strength=3, speed=3,
                                            creativity=3, wits=3, morality=3, willpower=3))
    return board


async def test_live_page_follows_each_move_and_never_names_a_hand(
    fake_discord: FakeDiscord, bot: PandemoniumBot, http: aiohttp.ClientSession
) -> None:
    """Rule: the live page is the public view, updated by SSE from each commit; a
    seat's own link adds that seat's hand and no other's."""
    fake = fake_discord
    board = await _hellraiser(fake, bot)
    shared = await (await fake.slash("alice", "game share")).original()
    public = link_in(shared)
    assert "/g/" in public
    mine_handle = await fake.slash("bob", "game share", view="mine")
    assert await mine_handle.ephemeral(), "a seat's own link goes to that member alone"
    mine = link_in(await mine_handle.original())

    status, html, headers = await _get(http, public)
    assert status == 200
    assert headers["Content-Security-Policy"].startswith("default-src 'self'")
    assert "<script src=\"/static/live.js\">" in html and "<script>" not in html
    assert 'alt="The board at version' in html, "the drawn board has alt text"

    secret_steps = 0
    async with streaming(http, public) as stream, streaming(http, mine) as own:
        for step in range(1, MOVES + 1):
            current = await bot.table.current(fake.text_channel.id)
            if current is None or secret_steps >= SECRET_STEPS:
                break
            _, state = await hr._state(fake, bot)
            (seat,) = HELLRAISER.to_move(state)
            action = hr.hand_growing_move(state, seat, step)
            await hr._play(fake, bot, board, seat, hr_encode(action))
            now = await bot.table.current(fake.text_channel.id)
            assert now is not None
            arrived = await stream.wait_for(now.game.version)
            assert arrived["version"] == now.game.version, "each move arrives on the page"
            secrets = unshown_secrets(HELLRAISER, now.state)
            if any(secrets.values()):
                secret_steps += 1
            texts = page_texts(arrived["html"])
            assert not find_leaks(HELLRAISER, now.state, texts), f"move {step}: streamed"
            _, page, _ = await _get(http, public)
            assert not find_leaks(HELLRAISER, now.state, page_texts(page)), f"move {step}: page"
            if step % 5 == 0:
                own_board = await own.wait_for(now.game.version)
                leaks = find_leaks(HELLRAISER, now.state, page_texts(own_board["html"]))
                assert all(leak.seat == 1 for leak in leaks), "only bob's own cards"
                assert leaks or not secrets.get(1), "bob's own link shows bob's hand"
        assert secret_steps >= SECRET_STEPS, "hands held cards while the page was watched"
        assert all(line.startswith(("retry:", "event:", "data:", ":", ""))
                   for line in stream.raw)


async def test_links_refused_in_plain_words(
    fake_discord: FakeDiscord, bot: PandemoniumBot, http: aiohttp.ClientSession
) -> None:
    """Rule: a tampered link is 403, an expired one 410, an unknown game 404; a GM's
    /game unshare stops the old links; nothing but GET is served."""
    fake = fake_discord
    await _hellraiser(fake, bot)
    public = link_in(await (await fake.slash("alice", "game share")).original())
    assert (await _get(http, public))[0] == 200
    status, page, _ = await _get(http, forged(public, view="replay"))
    assert status == 403 and "This link is not valid" in page
    status, page, _ = await _get(http, forged(public, expires="9999999999"))
    assert status == 403
    status, page, _ = await _get(http, forged(public, view="seat", seat="0"))
    assert status == 403
    current = await bot.table.current(fake.text_channel.id)
    assert current is not None
    key = await bot.storage.link_key(fake.guild.id, "unused", 0.0)
    base = public.split("/g/")[0]
    status, page, _ = await _get(http, signed(base, Link(current.game.id, "public", None, 5), key))
    assert status == 410 and "expired" in page
    status, page, _ = await _get(http, signed(base, Link(10**12, "public", None, 2**35), key))
    assert status == 404 and "No such game" in page
    async with http.post(public, data=b"x") as response:
        assert response.status == 405
    status, _, _ = await _get(http, base + "/static/")
    assert status == 404, "no directory listing"
    status, _, _ = await _get(http, base + "/static/../bot/app.py")
    assert status == 404

    refused = await fake.slash("bob", "game unshare")
    assert await refused.ephemeral()
    assert "Only a member with Manage Channels" in (await refused.original()).text()
    assert (await _get(http, public))[0] == 200, "a refused rotation changes nothing"
    done = await fake.slash("erin", "game unshare")
    assert await done.ephemeral()
    status, page, _ = await _get(http, public)
    assert status == 403, "after /game unshare the old link stops working"
    fresh = link_in(await (await fake.slash("alice", "game share")).original())
    assert (await _get(http, fresh))[0] == 200

    bobs = link_in(await (await fake.slash("bob", "game share", view="mine")).original())
    assert (await _get(http, bobs))[0] == 200
    await hr._accepted(await fake.slash("alice", "game kick", member=fake.member("bob")))
    status, page, _ = await _get(http, bobs)
    assert status == 410 and "another player holds now" in page, \
        "a seat that changed hands ends its old holder's view"

    outsider = await fake.slash("dave", "game share", view="mine")
    assert await outsider.ephemeral()
    assert (await outsider.original()).text() == (
        "Only a seated player has a view of their own; `view:public` is for everyone.")


async def test_final_board_replay_button_opens_every_step(
    fake_discord: FakeDiscord, bot: PandemoniumBot, http: aiohttp.ClientSession
) -> None:
    """Rule: a finished game's final board links its replay (▶ Replay), and
    /game replay answers the same page: every step from the log, hands revealed
    after the end."""
    fake = fake_discord
    board = await _hellraiser(fake, bot)
    for _ in range(12):
        _, state = await hr._state(fake, bot)
        (seat,) = HELLRAISER.to_move(state)
        await hr._play(fake, bot, board, seat, hr_encode(HELLRAISER.ai_action(state, seat)))
    early = await fake.slash("alice", "game replay")
    assert await early.ephemeral()
    prompt = await (await fake.slash("alice", "game end")).original()
    await (await fake.click("alice", prompt, label="Yes, end the game")).settled()

    async def drawn() -> bool:
        final = await last_board(fake, bot, fake.text_channel.id)
        return "▶ Replay" in [c.get("label") for c in final.all_components()]

    await fake.wait_until(drawn, message="the final board never offered ▶ Replay")
    final = await last_board(fake, bot, fake.text_channel.id)
    button = next(c for c in final.all_components() if c.get("label") == "▶ Replay")
    url = str(button["url"])
    status, page, _ = await _get(http, url)
    assert status == 200 and 'id="step"' in page
    async with http.get(url + "/steps.json") as response:
        body = await response.json()
    steps = body["steps"]
    game = (await bot.storage.games_in_channel(fake.text_channel.id, limit=1))[0]
    log = [e for e in await bot.storage.log(game.id, include_undone=False)
           if e.kind in ("action", "chance")]
    assert len(steps) == len(log) + 1, "the set-up and one step per move or roll"
    rolled = [i + 1 for i, e in enumerate(log) if e.kind == "chance"]
    assert rolled and [i for i, s in enumerate(steps) if 'class="odds"' in s["html"]] == rolled, \
        "every roll or draw, and only those, says its odds"
    assert all(line.endswith(("roll)", "rolls)")) for line in body["luck"]), body["luck"]
    assert steps[0]["label"].startswith("Step 0 of")
    assert "Bob&#x27;s hidden cards, shown after the end" in steps[-1]["html"], \
        "after the end the hands are shown"
    picture = re.search(r'src="([^"]+\.png)"', steps[-2]["html"])
    assert picture is not None
    async with http.get(url.rsplit("/", 1)[0] + "/" + picture.group(1)) as response:
        assert response.status == 200 and response.content_type == "image/png"
    replayed = link_in(await (await fake.slash("bob", "game replay")).original())
    assert (await _get(http, replayed))[0] == 200
    await bot.storage.put_setting("channel", fake.text_channel.id, "reveal_after_end", False)
    async with http.get(url + "/steps.json") as response:
        assert response.status == 200, "every step passed the secrecy check"
        hidden = (await response.json())["steps"]
    assert len(hidden) == len(steps)
    assert not any("hidden cards, shown" in step["html"] for step in hidden), \
        "reveal_after_end off"


async def test_a_change_made_by_another_process_reaches_the_page(
    fake_discord: FakeDiscord, start_bot: StartBot, pig_game: None,
    http: aiohttp.ClientSession,
) -> None:
    """Rule: with several processes on one database a commit may be another's, so no
    notify comes here; the stream still finds the new version in storage (server
    side, one read per game every couple of seconds; the page never polls)."""
    fake = fake_discord
    async with start_bot(web_port=0) as bot:
        board = await started_pig(fake, bot)
        public = link_in(await (await fake.slash("alice", "game share")).original())
        assert bot.web is not None
        bot.boards.unsubscribe(bot.web.feed.notify)  # as if another process committed
        async with streaming(http, public) as stream:
            before = await bot.table.current(fake.text_channel.id)
            assert before is not None
            await stream.wait_for(before.game.version)
            await (await press_first_move(fake, bot, board, ("alice", "bob"))).response()

            async def moved() -> bool:
                now = await bot.table.current(fake.text_channel.id)
                return now is not None and now.game.version > before.game.version

            await fake.wait_until(moved, message="the move was never committed")
            after = await bot.table.current(fake.text_channel.id)
            assert after is not None
            arrived = await stream.wait_for(after.game.version, timeout=10.0)
            assert arrived["version"] == after.game.version
