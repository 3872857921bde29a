"""Which Hellbringer card names a public message must not hold: the cards in the
seats' hands that the public view does not already show (an eliminated hero's
hand is face up, a name also equipped or in the Mule is public anyway). Tests
read the hands straight from the state, never through the code under test."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from typing import Any

import discord

from engines.hellbringer import ENGINE, HellbringerState
from engines.hellbringer.view import UNSHOWN, card_label
from tests.fakediscord import FakeDiscord


def secret_names(state: HellbringerState) -> set[str]:
    public = json.dumps(ENGINE.view(state, None), ensure_ascii=False)
    names = {card_label(state, card) for hero in state.heroes for card in hero.hand}
    return {name for name in names if name not in public and name != UNSHOWN}


def component_texts(components: Iterable[Any]) -> list[str]:
    """Every word a player reads on components: labels, placeholders, options and
    their descriptions. Takes `discord.ui` items or the JSON Discord received."""
    texts: list[str] = []
    for item in components:
        data = item.to_component_dict() if isinstance(item, discord.ui.Item) else item
        for child in data.get("components") or []:
            texts += component_texts([child])
        texts += [str(data.get("label") or ""), str(data.get("placeholder") or "")]
        for option in data.get("options") or []:
            texts += [str(option.get("label") or ""), str(option.get("description") or "")]
    return [t for t in texts if t]


def leaks(texts: Iterable[str], state: HellbringerState) -> list[tuple[str, str]]:
    """(card name, text) for each secret name found in a text as whole words (a
    Location "Cavern" does not name a card "Cave")."""
    found = [(name, re.compile(rf"(?<!\w){re.escape(name)}(?!\w)"))
             for name in secret_names(state)]
    return [(name, text[max(0, m.start() - 80):m.end() + 80]) for text in texts
            for name, word in found if (m := word.search(text))]


def public_texts(fake: FakeDiscord) -> list[str]:
    """Everything the text channel shows anyone: every non-ephemeral message's text
    (content and embeds) and the words on its components."""
    messages = fake.messages(fake.text_channel)
    return [m.text() for m in messages] + component_texts(c for m in messages
                                                          for c in m.components)
