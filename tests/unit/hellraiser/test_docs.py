"""docs/games/hellraiser.md stays in step with the data packs: every card, Named
Cenobite and room Power is listed, and the credit to curufea and the licence are there."""

from __future__ import annotations

from pathlib import Path

from engines.hellraiser.cards import catalogue
from engines.hellraiser.powers import POWERS
from engines.hellraiser.tiles import builtin_tiles

DOC = Path(__file__).parents[3] / "docs" / "games" / "hellraiser.md"


def test_every_card_and_cenobite_is_documented_with_its_copies() -> None:
    text = DOC.read_text(encoding="utf-8")
    c = catalogue()
    for deck in (c.search, c.action, c.leviathan):
        for card in deck.values():
            assert f"`{card.id}`" in text, card.id
    for cenobite in c.cenobites:
        assert f"`{cenobite.id}`" in text and cenobite.name in text
    assert f"{sum(x.copies for x in c.search.values())} cards" in text
    assert f"{sum(x.copies for x in c.action.values())} cards" in text
    assert f"{sum(x.copies for x in c.leviathan.values())} cards" in text


def test_the_credit_licence_commands_and_room_powers_are_there() -> None:
    text = DOC.read_text(encoding="utf-8")
    assert "curufea" in text and "Creative Commons" in text
    assert "/game new game:hellraiser" in text and "`/hellraiser`" in text
    names = {t.power.id: t.power.name for t in builtin_tiles().tiles if t.power is not None}
    assert set(names) <= POWERS
    for name in names.values():
        assert name.lower() in text.lower(), name
