"""Limits Discord enforces on bot messages that the OpenAPI spec does not express.

The spec allows 4,000 characters of content on channel messages (a Nitro
user's limit) while Discord rejects more than 2,000 from a bot, and the
6,000-character total across a message's embeds appears only in the docs.
Both are easy to overrun in a game bot that renders boards as text, so the
fake checks them alongside the schema.
"""

from __future__ import annotations

from typing import Any

MAX_BOT_CONTENT = 2000
MAX_EMBED_TOTAL = 6000


def _embed_chars(embed: dict[str, Any]) -> int:
    total = len(embed.get("title") or "") + len(embed.get("description") or "")
    for fld in embed.get("fields") or []:
        total += len(fld.get("name") or "") + len(fld.get("value") or "")
    total += len((embed.get("footer") or {}).get("text") or "")
    total += len((embed.get("author") or {}).get("name") or "")
    return total


def message_limit_problems(body: Any) -> list[str]:
    """Problems with a message-shaped body (channel message, webhook, or callback ``data``)."""
    if not isinstance(body, dict):
        return []
    message = body["data"] if isinstance(body.get("data"), dict) else body
    where = "body.data" if message is not body else "body"
    problems = []
    content = message.get("content")
    if isinstance(content, str) and len(content) > MAX_BOT_CONTENT:
        problems.append(
            f"{where}.content: {len(content)} characters; Discord rejects bot messages over "
            f"{MAX_BOT_CONTENT}"
        )
    embeds = message.get("embeds")
    if isinstance(embeds, list):
        total = sum(_embed_chars(e) for e in embeds if isinstance(e, dict))
        if total > MAX_EMBED_TOTAL:
            problems.append(
                f"{where}.embeds: {total} characters across embeds; Discord's limit is "
                f"{MAX_EMBED_TOTAL}"
            )
    return problems
