"""The web pages in a real browser (Debian's Chromium through Playwright): a
Hellraiser game played through the fake Discord while the browser watches its share
link and sees each move arrive; the replay scrubbed to a step shows that step; no
seat's secret in the DOM, in any response the page fetched, or in the SSE stream;
the 403/410/404 pages; no serious or critical axe-core finding on either page; both
pages read at 400 px without sideways scrolling."""

from __future__ import annotations

import os
from collections.abc import AsyncIterator
from pathlib import Path

import aiohttp
import pytest
from axe_playwright_python.async_playwright import Axe
from playwright.async_api import Browser, Page, Response, ViewportSize

from bot.app import PandemoniumBot
from bot.games.hellraiser.codes import encode as hr_encode
from bot.secrecy import find_leaks, unshown_secrets
from bot.web.links import Link
from engines.hellraiser import ENGINE as HELLRAISER
from tests.e2e import test_hellraiser_e2e as hr
from tests.e2e.conftest import StartBot
from tests.e2e.test_web_e2e import _hellraiser, link_in
from tests.fakediscord import FakeDiscord
from tests.support.boards import last_board
from tests.support.browser import launched
from tests.support.web_pages import forged, page_texts, signed, streaming

SECRET_STEPS = 4
MOVES = 150
PHONE = ViewportSize(width=400, height=800)
DESKTOP = ViewportSize(width=1280, height=900)
SHOTS = os.environ.get("PANDEMONIUM_SCREENSHOTS")
"""An existing folder to keep the pages' screenshots in (to look at them), or none."""
BAD = ("serious", "critical")


@pytest.fixture
async def browser() -> AsyncIterator[Browser]:
    async for found in launched():
        yield found


@pytest.fixture
async def bot(start_bot: StartBot) -> AsyncIterator[PandemoniumBot]:
    async with start_bot(seed=7, web_port=0) as started:
        yield started


class Fetched:
    """Every response a page received (bodies of all but the event stream and pictures)."""

    def __init__(self, page: Page) -> None:
        self.bodies: list[str] = []
        self.urls: list[str] = []
        page.on("response", self._seen)

    async def _seen(self, response: Response) -> None:
        self.urls.append(response.url)
        kind = response.headers.get("content-type", "")
        if kind.startswith(("text/html", "text/css", "text/javascript", "application/json")):
            self.bodies.append(await response.text())


async def _serious(page: Page) -> list[str]:
    results = await Axe().run(page)
    return [f"{v['id']}: {v['help']}" for v in results.response["violations"]
            if v.get("impact") in BAD]


async def _fits(page: Page) -> bool:
    return bool(await page.evaluate(
        "document.documentElement.scrollWidth <= document.documentElement.clientWidth"))


async def _shoot(page: Page, name: str) -> None:
    if SHOTS:
        await page.screenshot(path=str(Path(SHOTS) / f"{name}.png"), full_page=True)


async def test_a_browser_watches_each_move_arrive_and_sees_no_hand(
    fake_discord: FakeDiscord, bot: PandemoniumBot, browser: Browser
) -> None:
    """Rule: the live page is the channel's public view, updated by SSE on each
    commit; nothing it shows, fetches or streams names a card a seat holds."""
    fake = fake_discord
    board = await _hellraiser(fake, bot)
    public = link_in(await (await fake.slash("alice", "game share")).original())
    page = await browser.new_page(viewport=PHONE)
    fetched = Fetched(page)
    await page.goto(public)
    assert await _fits(page), "the live page reads at 400 px"
    secret_steps = 0
    async with aiohttp.ClientSession() as http, streaming(http, public) as stream:
        for step in range(1, MOVES + 1):
            if secret_steps >= SECRET_STEPS:
                break
            _, state = await hr._state(fake, bot)
            (seat,) = HELLRAISER.to_move(state)
            action = hr.hand_growing_move(state, seat, step)
            await hr._play(fake, bot, board, seat, hr_encode(action))
            now = await bot.table.current(fake.text_channel.id)
            assert now is not None
            await page.wait_for_selector(f'#board[data-version="{now.game.version}"]',
                                         state="attached", timeout=20_000)
            if any(unshown_secrets(HELLRAISER, now.state).values()):
                secret_steps += 1
            dom = await page.content()
            assert not find_leaks(HELLRAISER, now.state, page_texts(dom)), f"move {step}: DOM"
            streamed = await stream.wait_for(now.game.version)
            assert not find_leaks(HELLRAISER, now.state, page_texts(streamed["html"]))
            fetched_texts = [t for body in fetched.bodies for t in page_texts(body)]
            assert not find_leaks(HELLRAISER, now.state, fetched_texts), f"move {step}: fetched"
    assert secret_steps >= SECRET_STEPS
    assert not any("?" in url and "poll" in url for url in fetched.urls)
    assert await _serious(page) == [], "axe-core: no serious or critical finding (live)"
    await _shoot(page, "live-400")
    await page.set_viewport_size(DESKTOP)
    await _shoot(page, "live-desktop")


async def test_the_replay_scrubs_to_a_step_and_the_links_refuse_in_words(
    fake_discord: FakeDiscord, bot: PandemoniumBot, browser: Browser
) -> None:
    """Rule: the replay shows the step the address names (#step=N), moves with the
    slider, the buttons and the arrow keys; bad links are 403/410/404 pages."""
    fake = fake_discord
    board = await _hellraiser(fake, bot)
    for _ in range(12):
        _, state = await hr._state(fake, bot)
        (seat,) = HELLRAISER.to_move(state)
        await hr._play(fake, bot, board, seat, hr_encode(HELLRAISER.ai_action(state, seat)))
    prompt = await (await fake.slash("alice", "game end")).original()
    await (await fake.click("alice", prompt, label="Yes, end the game")).settled()

    async def drawn() -> bool:
        final = await last_board(fake, bot, fake.text_channel.id)
        return "▶ Replay" in [c.get("label") for c in final.all_components()]

    await fake.wait_until(drawn, message="the final board never offered ▶ Replay")
    final = await last_board(fake, bot, fake.text_channel.id)
    url = next(str(c["url"]) for c in final.all_components() if c.get("label") == "▶ Replay")

    page = await browser.new_page(viewport=PHONE)
    await page.goto(url + "#step=5")
    await page.wait_for_selector("body[data-ready]", state="attached")
    assert await page.get_attribute("#board", "data-step") == "5"
    assert (await page.text_content("#where") or "").startswith("Step 5 of")
    await page.keyboard.press("ArrowRight")
    assert await page.get_attribute("#board", "data-step") == "6"
    assert page.url.endswith("#step=6"), "the step is in the address"
    await page.click("#prev")
    await page.click("#prev")
    assert await page.get_attribute("#board", "data-step") == "4"
    await page.fill("#step", "9")
    assert await page.get_attribute("#board", "data-step") == "9"
    last = int(await page.get_attribute("#step", "max") or 0)
    await page.goto(url + f"#step={last}")
    await page.reload()
    await page.wait_for_selector("body[data-ready]", state="attached")
    assert "Alice's hidden cards" in (await page.text_content("#board") or ""), \
        "the end shows the hands"
    assert await _fits(page), "the replay reads at 400 px"
    assert await _serious(page) == [], "axe-core: no serious or critical finding (replay)"
    await _shoot(page, "replay-400")
    await page.set_viewport_size(DESKTOP)
    await _shoot(page, "replay-desktop")

    game = (await bot.storage.games_in_channel(fake.text_channel.id, limit=1))[0]
    key = await bot.storage.link_key(fake.guild.id, "unused", 0.0)
    base = url.split("/r/")[0]
    cases = {
        403: (forged(url, expires="9999999999"), "This link is not valid"),
        410: (signed(base, Link(game.id, "replay", None, 5), key), "This link has expired"),
        404: (signed(base, Link(10**12, "replay", None, 2**35), key), "No such game"),
    }
    for status, (address, words) in cases.items():
        response = await page.goto(address)
        assert response is not None and response.status == status
        assert words in (await page.text_content("h1") or "")
        assert await _serious(page) == []
    await _shoot(page, "error-410")
