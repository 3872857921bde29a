"""Debian's Chromium for the browser tests, driven by Playwright (never a downloaded
browser). Without one the tests skip with a line saying how to install it, unless
PANDEMONIUM_BROWSER_TESTS=required (set by .ci/run), where they fail instead."""

from __future__ import annotations

import os
import shutil
from collections.abc import AsyncIterator

import pytest
from playwright.async_api import Browser, async_playwright

CHROMIUM = os.environ.get("PANDEMONIUM_CHROMIUM", "/usr/bin/chromium")
REQUIRED = "PANDEMONIUM_BROWSER_TESTS"
INSTALL = "no Chromium at {path}: `sudo apt-get install -y chromium` to run the browser tests"


def chromium_path() -> str:
    found = CHROMIUM if os.access(CHROMIUM, os.X_OK) else shutil.which("chromium")
    if found is None:
        message = INSTALL.format(path=CHROMIUM)
        if os.environ.get(REQUIRED) == "required":
            pytest.fail(message)
        pytest.skip(message)
    return found


async def launched() -> AsyncIterator[Browser]:
    path = chromium_path()
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(
            executable_path=path, headless=True, args=["--no-sandbox", "--disable-gpu"]
        )
        try:
            yield browser
        finally:
            await browser.close()
