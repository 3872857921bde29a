"""The web pages' pieces (issue 28): what a game says is escaped, Discord's marks
read as Discord shows them, a slow spectator keeps only the newest version, and an
address that asks too often is held back."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from bot.web.feed import Feed, Subscriber
from bot.web.links import Link
from bot.web.pages import board_fragment, text
from bot.web.server import RateLimit
from bot.web.views import Board, Part, Player


def test_a_name_is_text_never_markup() -> None:
    """Rule: a member's name or a card's text can never add markup to a page."""
    board = Board(1, "pig", 3, Part(title="<script>alert(1)</script>"),
                  [Player('"><img src=x onerror=alert(1)>', True, False)], ["**<b>**"], False)
    html = board_fragment(board, None)
    assert "<script>" not in html and "<img" not in html and "<b>" not in html
    assert "&lt;script&gt;" in html


@given(st.text(max_size=200))
def test_no_text_opens_a_tag(value: str) -> None:
    """Rule: whatever a game says, the only tags in it are the ones the page adds."""
    tags = {"<strong>", "</strong>", "<em>", "</em>", "<code>", "</code>", "<small>",
            "</small>"}
    shown = text(value)
    for tag in tags:
        shown = shown.replace(tag, "")
    assert "<" not in shown and ">" not in shown


def test_discord_marks_read_as_discord_shows_them() -> None:
    """Rule: bold, italic, code and subtext look as in Discord, not as raw marks."""
    shown = "<small><strong>Bob</strong> rolls <code>3</code></small>"
    assert text("-# **Bob** rolls `3`") == shown
    assert text("a *quiet* turn") == "a <em>quiet</em> turn"


async def test_a_slow_spectator_gets_the_newest_version_only() -> None:
    """Rule: a stream that has not written keeps only the newest bytes it was handed,
    and notify wakes only the watched game's pump, never a subscriber itself."""
    feed = Feed()
    link = Link(7, "public", None, 10**10)
    slow, other = Subscriber(link, "t"), Subscriber(Link(8, "public", None, 10**10), "u")
    with feed.subscribe(7, slow) as watched, feed.subscribe(8, other) as elsewhere:
        for version in (3, 4, 5):
            feed.notify(7, version)
        assert watched.wake.is_set() and watched.heard == 5
        assert not elsewhere.wake.is_set(), "another game's pump is not woken"
        for payload in (b"3", b"4", b"5"):
            slow.offer(payload)
        slow.nudge(b": still here")
        assert await slow.next() == b"5", "a keep-alive never replaces a board"
        assert feed.watching(7) == 1
        feed.close()
        assert await slow.next() is None
    assert feed.watching(7) == 0


def test_an_address_is_held_back_then_let_in_again() -> None:
    """Rule: each address gets its requests a minute; the next minute it may go on."""
    now = [0.0]
    limit = RateLimit(3, lambda: now[0])
    assert [limit.allow("a") for _ in range(4)] == [True, True, True, False]
    assert limit.allow("b"), "another address is not held back"
    now[0] = 20.0
    assert limit.allow("a")
