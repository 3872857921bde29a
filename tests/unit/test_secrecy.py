"""The secrecy checker (issue 21): what it reads of a public message, how it matches a
secret, what it leaves out because the public view shows it anyway, and the runtime
guard the table runs when it verifies."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from bot.models import GameRow, SeatRow
from bot.secrecy import (
    SecrecyGuard,
    SecretLeak,
    find_leaks,
    message_payload,
    payload_texts,
)
from engines import registry
from engines.core.protocol import Seat
from tests.support.pig import PigEngine, PigOptions, PigState

HAND = frozenset({"Blue Lotus", "blue_lotus", "Tome", "Crown"})


class SecretPig(PigEngine):
    """Pig whose first seat holds a hand: three cards, one of them (the Crown) also
    face up on the table, as an equipped copy would be."""

    key = "secret-pig"
    title = "Secret Pig"

    def secrets(self, state: PigState) -> dict[int, frozenset[str]]:
        return {0: HAND}

    def view(self, state: PigState, seat: int | None) -> dict[str, Any]:
        return {"table": {"face_up": ["Crown"]}, "scores": state.scores}


ENGINE = SecretPig()
STATE = ENGINE.setup([Seat(index=0, name="Ann"), Seat(index=1, name="Bo")], PigOptions())


@pytest.fixture(autouse=True)
def secret_pig() -> Iterator[None]:
    registry.register(ENGINE)
    yield
    registry.unregister(ENGINE.key)


def _game(key: str = ENGINE.key) -> GameRow:
    return GameRow(id=3, guild_id=1, channel_id=2, game=key, mode="digital", status="active",
                   host_id=10, rng_seed=0, version=7,
                   seats=[SeatRow(user_id=10, name="Ann"), SeatRow(user_id=11, name="Bo")])


def _found(*texts: str) -> list[str]:
    return [leak.secret for leak in find_leaks(ENGINE, STATE, texts)]


def test_every_string_a_member_reads_is_read_and_no_machine_code() -> None:
    """Rule: a message's content, embeds (title, description, fields, footer, author),
    buttons, menus (placeholder, options' labels and descriptions), modals and
    attachments (name, alt text) are public; custom ids and option values are not."""
    payload = message_payload(
        content="c",
        embeds=[{"title": "t", "description": "d", "fields": [{"name": "fn", "value": "fv"}],
                 "footer": {"text": "ft"}, "author": {"name": "an"}}],
        components=[{"type": 1, "components": [
            {"type": 2, "label": "bl", "custom_id": "Tome"},
            {"type": 3, "placeholder": "ph", "custom_id": "x", "options": [
                {"label": "ol", "value": "Tome", "description": "od"}]}]}],
        files=[("picture.png", "alt")],
    )
    modal = {"title": "mt", "custom_id": "Tome", "components": [{"type": 1, "components": [
        {"type": 4, "label": "il", "custom_id": "Tome", "placeholder": "ip"}]}]}
    assert sorted(payload_texts(payload)) == sorted(
        ["c", "t", "d", "fn", "fv", "ft", "an", "bl", "ph", "ol", "od", "picture.png", "alt"])
    assert sorted(payload_texts(modal)) == ["il", "ip", "mt"]


def test_a_secret_is_found_as_a_whole_word_in_any_case() -> None:
    assert _found("🛡️ Equip BLUE LOTUS") == ["Blue Lotus"]
    assert _found("code blue_lotus") == ["blue_lotus"]
    assert _found("Tomes of the dead", "Blue Lotuses", "tome_keeper") == []
    assert _found("Read the Tome.") == ["Tome"]


def test_a_secret_the_public_view_shows_cannot_leak() -> None:
    """Rule: a card also face up (an equipped copy) names nothing hidden, so it is not
    checked; the rest of the hand still is."""
    assert _found("Offer Crown to Bo") == []
    assert _found("Offer Crown and Tome") == ["Tome"]


def test_the_guard_raises_and_records_a_leak_when_it_verifies() -> None:
    guard = SecrecyGuard(enabled=True)
    guard.check(_game(), STATE, message_payload(content="Ann rolls a 3."), "the event lines")
    assert guard.leaks == []
    with pytest.raises(SecretLeak, match="Tome"):
        guard.check(_game(), STATE, message_payload(content="Ann holds a Tome"), "a line")
    assert len(guard.leaks) == 1 and "secret-pig" in guard.leaks[0] and "seat 1" in guard.leaks[0]
    SecrecyGuard(enabled=False).check(_game(), STATE, message_payload(content="Tome"), "off")

