"""A server's own packs (`/game pack`): the group's dice faces and card values.

A GM uploads a YAML pack; it is validated before anything is stored (one
sentence naming the line and the field), kept per server, and chosen at
`/game new` with `pack=<name>`. The chosen pack is validated again against
the game and embedded, parsed, in the game's options with its digest
(`ChosenPack`): setup, undo and replay then rebuild the game from its own
row and log, whatever later happens to the stored pack, and the engine never
reads anything.
"""

from __future__ import annotations

import re
from typing import Any

from bot.storage import PackRow, Storage
from bot.table_core import Actor, TableCore
from engines import registry
from engines.core import pack_text
from engines.core.errors import PackError, RuleError
from engines.dice.pack import DiceOnlyPack
from engines.registry import AnyEngine

NAME = re.compile(r"^[a-z0-9][a-z0-9_-]{0,31}$")
MAX_PACKS = 25
"""Per server: what one autocomplete list shows, and plenty for one group's boxes."""

SHOWN_KEYS = 8
"""Card keys named when a pack is described; the rest are counted."""
OPTION = "pack"
"""The `/game new` option that chooses a pack, and the options field that carries it."""


def clean_name(name: str) -> str:
    cleaned = name.strip().lower()
    if not NAME.match(cleaned):
        raise RuleError(
            "A pack name is 1 to 32 lowercase letters, digits, - or _, starting with a"
            f" letter or digit (not '{name[:40]}')."
        )
    return cleaned


def refused(exc: PackError) -> RuleError:
    return RuleError(f"That pack can't be stored: {exc}.")


def check_upload_size(size: int) -> None:
    """Before downloading an attachment: Discord announces its size."""
    try:
        pack_text.check_size(size)
    except PackError as exc:
        raise refused(exc) from None


def read_pack(data: bytes) -> tuple[str, str | None]:
    """Check an uploaded file: (its text, the game it is for or None for dice only).
    Any problem is a RuleError with one sentence naming the line and the field."""
    try:
        text = pack_text.decode(data)
        raw, node = pack_text.parse(text)
        game = raw.get("game")
        if game is None:
            pack_text.validate(raw, node, DiceOnlyPack)
            return text, None
        engine = _engine_named(game, pack_text.line_of(node, ("game",)))
        assert engine.pack_model is not None
        pack_text.validate(raw, node, engine.pack_model)
        return text, engine.key
    except PackError as exc:
        raise refused(exc) from None


def _engine_named(game: object, line: int) -> AnyEngine:
    takers = ", ".join(k for k, e in sorted(registry.all_engines().items()) if e.pack_model)
    engine = registry.all_engines().get(game) if isinstance(game, str) else None
    if engine is None:
        raise PackError(
            f"line {line}, field 'game': there is no game called '{str(game)[:40]}'; packs are for"
            f" {takers or 'no game yet'}, or leave `game` out for a pack of dice only"
        )
    if engine.pack_model is None:
        raise PackError(f"line {line}, field 'game': {engine.title} takes no packs")
    return engine


async def stored_pack(storage: Storage, guild_id: int, name: str) -> PackRow:
    row = await storage.get_pack(guild_id, clean_name(name))
    if row is None:
        raise RuleError(f"This server has no pack called '{name}'. `/game pack list` shows them.")
    return row


async def embed_chosen_pack(
    storage: Storage, engine: AnyEngine, guild_id: int | None, options: dict[str, Any]
) -> dict[str, Any]:
    """`options` with `pack=<name>` replaced by the pack itself (see the module docstring)."""
    name = options.get(OPTION)
    if not isinstance(name, str):
        return options
    if engine.pack_model is None:
        raise RuleError(f"{engine.title} takes no packs.")
    if guild_id is None:
        raise RuleError("Packs belong to a server; open the table in one.")
    row = await stored_pack(storage, guild_id, name)
    if row.game not in (None, engine.key):
        raise RuleError(f"The pack '{row.name}' is for {game_title(row)}, not {engine.title}.")
    try:
        content = pack_text.load(row.text, engine.pack_model)
    except PackError as exc:
        raise RuleError(f"The pack '{row.name}' doesn't fit {engine.title}: {exc}.") from None
    chosen = {"name": row.name, "digest": row.digest, "content": content.model_dump(mode="json")}
    return {**options, OPTION: chosen}


class PackOps(TableCore):
    """Upload, list, show and delete a server's packs."""

    async def upload_pack(
        self, *, guild_id: int, channel_id: int, actor: Actor, name: str, data: bytes
    ) -> PackRow:
        current = await self.current(channel_id)
        if not await self.is_gm(current.game if current else None, actor, guild_id):
            raise RuleError(
                "Only a table's host, a member with Manage Channels, or the server's GM role"
                " can upload packs."
            )
        name = clean_name(name)
        text, game = read_pack(data)
        held = await self.storage.list_packs(guild_id)
        if len(held) >= MAX_PACKS and all(p.name != name for p in held):
            raise RuleError(
                f"This server already has {MAX_PACKS} packs; delete one first"
                " (`/game pack delete`)."
            )
        row = PackRow(
            guild_id=guild_id,
            name=name,
            game=game,
            text=text,
            digest=pack_text.digest(text),
            uploader_id=actor.user_id,
            created_at=self._clock(),
        )
        await self.storage.put_pack(row)
        return row

    async def packs(self, guild_id: int) -> list[PackRow]:
        return await self.storage.list_packs(guild_id)

    async def pack(self, guild_id: int, name: str) -> PackRow:
        return await stored_pack(self.storage, guild_id, name)

    async def delete_pack(self, *, guild_id: int, actor: Actor, name: str) -> PackRow:
        """The uploader, Manage Channels or the GM role may delete a pack. Games that
        chose it keep their copy (it is embedded in their options)."""
        row = await self.pack(guild_id, name)
        if row.uploader_id != actor.user_id and not await self.is_gm(None, actor, guild_id):
            raise RuleError(
                "Only whoever uploaded a pack, a member with Manage Channels, or the server's"
                " GM role can delete it."
            )
        await self.storage.delete_pack(guild_id, row.name)
        return row


def contents(row: PackRow) -> str:
    """What a stored pack holds, in a few words: its dice by name, its deck and size."""
    try:
        raw, _ = pack_text.parse(row.text)
    except PackError:
        return "unreadable"
    parts = []
    dice = raw.get("dice")
    if isinstance(dice, list) and dice:
        names = [str(d.get("name")) for d in dice if isinstance(d, dict)]
        parts.append("dice " + ", ".join(names))
    deck = raw.get("deck")
    if isinstance(deck, dict):
        cards = deck.get("cards")
        size = sum(
            int(c.get("copies", 1)) for c in (cards if isinstance(cards, list) else [])
            if isinstance(c, dict)
        )
        parts.append(f"deck '{deck.get('name', 'deck')}' ({size} cards)")
    for section in ("enemies", "threats"):
        cards = raw.get(section)
        if isinstance(cards, list) and cards:
            parts.append(_cards_in(section, [c for c in cards if isinstance(c, dict)]))
    return "; ".join(parts) or "nothing"


def _cards_in(section: str, cards: list[dict[str, Any]]) -> str:
    """'enemies frog, deep-one (1 house, unverified)': keys, and any house data."""
    keys = [str(c.get("key")) for c in cards]
    shown = ", ".join(keys[:SHOWN_KEYS]) + (f" and {len(keys) - SHOWN_KEYS} more"
                                            if len(keys) > SHOWN_KEYS else "")
    house = sum(1 for c in cards if c.get("verified") is False)
    return f"{section} {shown}" + (f" ({house} house, unverified)" if house else "")


def game_title(row: PackRow) -> str:
    if row.game is None:
        return "dice for any game"
    engine = registry.all_engines().get(row.game)
    return engine.title if engine is not None else row.game
