"""Signed links (issue 28): a link is good only as signed, until it expires, and
only under its server's current key; the key lives in the database."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.storage import Storage
from bot.storage_sqlite import SqliteStorage
from bot.web.links import BadLink, ExpiredLink, Link, check, parse

KEY = "k" * 43
LINK = Link(12, "seat", 1, 2_000_000_000, 777)


def test_a_signed_link_reads_back_as_itself() -> None:
    """Rule: a link's token names game, view, seat and expiry, and checks as signed."""
    link, signature = parse(LINK.token(KEY))
    assert check(link, signature, KEY, now=1_000.0) == LINK


@pytest.mark.parametrize(
    ("field", "forged"),
    [(0, "13"), (1, "replay"), (2, "2-777"), (2, "1-778"), (3, "2000000001")],
    ids=["game", "view", "seat", "holder", "expiry"],
)
def test_changing_any_signed_field_is_refused(field: int, forged: str) -> None:
    """Rule: the signature covers (game, view, seat and its holder, expiry): change
    one, it is 403."""
    parts = LINK.token(KEY).split(".")
    parts[field] = forged
    if field == 1:
        parts[2] = "-"
    with pytest.raises(BadLink):
        check(*parse(".".join(parts)), KEY, now=1_000.0)


def test_another_key_is_refused_and_time_up_is_expired() -> None:
    """Rule: a rotated key stops old links (403); a link past its expiry is 410."""
    with pytest.raises(BadLink):
        check(*parse(LINK.token(KEY)), "another key", now=1_000.0)
    with pytest.raises(ExpiredLink):
        check(*parse(LINK.token(KEY)), KEY, now=2_000_000_001.0)


@given(st.text(max_size=120))
def test_no_garbage_reads_as_a_link(token: str) -> None:
    """Rule: anything that is not a signed link is refused, never an error."""
    try:
        link, signature = parse(token)
    except BadLink:
        return
    with pytest.raises(BadLink):
        check(link, signature, KEY, now=0.0)


async def test_a_servers_key_is_kept_and_replaced_in_storage(storage: Storage) -> None:
    """Rule: the first key stored for a server is everyone's (every process agrees);
    a rotation replaces it; each server has its own. Both backends."""
    assert await storage.link_key(1, "alpha", 1.0) == "alpha"
    assert await storage.link_key(1, "beta", 2.0) == "alpha", "a second process agrees"
    assert await storage.link_key(2, "gamma", 2.0) == "gamma", "servers do not share"
    await storage.put_link_key(1, "delta", 3.0)
    assert await storage.link_key(1, "epsilon", 4.0) == "delta"


async def test_a_key_survives_a_restart(tmp_path: Path) -> None:
    """Rule: links survive restarts: the key is in the database, not the process."""
    storage = await SqliteStorage.open(tmp_path / "db.sqlite")
    try:
        await storage.put_link_key(1, "delta", 3.0)
    finally:
        await storage.close()
    again = await SqliteStorage.open(tmp_path / "db.sqlite")
    try:
        assert await again.link_key(1, "zeta", 5.0) == "delta", "kept across a restart"
    finally:
        await again.close()
