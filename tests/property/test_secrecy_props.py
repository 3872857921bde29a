"""The secrecy guarantee (issue 21) under random play of every game in `GAMES`.

Random games, digital and physical, with human and (digital) AI seats, are played
by the engines; after every step every public message the presenters build is read
as Discord would show it — the board's embed, its buttons and menus (labels,
placeholders, options and their descriptions), the event lines, the board picture's
file name and the report form a public button opens — and no seat's secret
(`Engine.secrets`, less what the public view shows) may appear in any of it. A
failure names the game, the step and the string. Per-seat ephemeral answers (My
hand, whispers, a GM's `/game as` panel) are private and not read here.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.games import GAMES
from bot.secrecy import find_leaks, message_payload, payload_texts, unshown_secrets
from tests.support.random_tables import Table

STEPS = 400
"""Hellraiser's hands come with its gateway, some 150-250 moves in."""
QUIET_STEPS = 60
"""For a game without hidden information: enough to show it names no secret it has."""
PICTURE_EVERY = 30
"""Drawing a picture is slow; its file name is read every this many steps."""

CASES = [
    pytest.param(g.key, mode, id=f"{g.key}-{mode}")
    for g in GAMES for mode in ("digital", "physical")
]


def play_and_read(key: str, mode: str, players: int, ai: int, seed: int) -> None:
    table = Table(key, mode, players, ai, seed)
    for step in range(STEPS if table.engine.hidden_information else QUIET_STEPS):
        events = [] if step == 0 else table.step()
        if events is None:
            return
        if not any(unshown_secrets(table.engine, table.state).values()):
            continue  # nothing hidden yet (Hellraiser's hands come with its gateway)
        for where, payload in table.public(events, picture=step % PICTURE_EVERY == 0):
            leaks = find_leaks(table.engine, table.state, payload_texts(payload))
            assert not leaks, f"{key} ({mode}), step {step}, {where}: {leaks[0]}"


@pytest.mark.parametrize(("key", "mode"), CASES)
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), players=st.integers(1, 4), ai=st.integers(0, 2))
def test_no_public_message_names_a_secret(key: str, mode: str, players: int, ai: int,
                                          seed: int) -> None:
    play_and_read(key, mode, players, ai, seed)


def test_the_check_catches_a_hand_card_on_a_button() -> None:
    """The test's own eyes: a card dealt into a Hellbringer hand, put on a board button,
    is found and blamed on its seat."""
    table = Table("hellbringer", "digital", 2, 0, 5)
    while not any(unshown_secrets(table.engine, table.state).values()):
        assert table.step() is not None, "the deal comes first"
    seat, words = next(iter(unshown_secrets(table.engine, table.state).items()))
    card = sorted(words)[0]
    payload = message_payload(components=[{"type": 1, "components": [
        {"type": 2, "style": 1, "label": f"Play {card}", "custom_id": "x"}]}])
    assert {leak.seat for leak in find_leaks(table.engine, table.state,
                                             payload_texts(payload))} == {seat}
