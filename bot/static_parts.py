"""Small writes: a snapshot refers to its game's static data by digest.

Most of a Hellboy state is the deck and dice it was set up with (92 % of the
text), identical in every game with the same packs and never changed by play.
Rewriting it on every click is most of what a click writes. So the stored state
text replaces each of the engine's `static_state_fields` (a hint: fields set up
from packs that play does not change) by a reference, `{"$static":"<sha-256>"}`,
and the field's exact JSON text is kept once in a content-addressed table of
static blobs. Loading puts the text back, byte for byte, so what a backend hands
out is the very text that was dumped; a state without references (every row
written before this) loads as it always did.

A game's options get the same treatment for the fields the table sets once and
never changes (`STATIC_OPTIONS`: a chosen pack, embedded whole, up to 64 KiB):
the stored options name it by reference, so a click does not rewrite it with the
games row.

Only the exact text span of a top-level field is cut out, and the split is kept
only if joining it back gives the original text, so a field the engine did
change is simply stored under its new digest: the hint costs space if wrong,
never correctness.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections import OrderedDict
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from engines import registry

MIN_SPLIT = 256
"""A field shorter than this stays inline: a reference costs about 80 bytes."""

REFERENCE = re.compile(r'\{"\$static":"([0-9a-f]{64})"\}')
"""In JSON text, unescaped quotes cannot occur inside a string, so this only ever
matches a reference object, never a player's text."""

_DECODER = json.JSONDecoder()
_SPACE = " \t\n\r"


class MissingStaticBlob(LookupError):
    """A stored state names static data the database does not hold."""


def digest_of(body: str) -> str:
    return hashlib.sha256(body.encode()).hexdigest()


def reference_to(digest: str) -> str:
    return f'{{"$static":"{digest}"}}'


def static_fields(game_key: str) -> frozenset[str]:
    """The game's static fields; none for a game this process does not know."""
    if game_key not in registry.all_engines():
        return frozenset()
    return registry.get(game_key).static_state_fields


def _skip(text: str, i: int) -> int:
    while i < len(text) and text[i] in _SPACE:
        i += 1
    return i


def _top_level_spans(text: str) -> Iterator[tuple[str, int, int]]:
    """(key, start, end) of each top-level value of a JSON object's text."""
    i = _skip(text, 0)
    if not text.startswith("{", i):
        return
    i = _skip(text, i + 1)
    while i < len(text) and text[i] != "}":
        key, i = _DECODER.raw_decode(text, i)
        i = _skip(text, i)
        if not text.startswith(":", i):
            return
        start = _skip(text, i + 1)
        _, end = _DECODER.raw_decode(text, start)
        yield str(key), start, end
        i = _skip(text, end)
        if text.startswith(",", i):
            i = _skip(text, i + 1)


def _cut(text: str, spans: Iterable[tuple[int, int]]) -> tuple[str, dict[str, str]]:
    """Replace each large span by its reference, kept only if joining gives `text` back."""
    blobs: dict[str, str] = {}
    parts: list[str] = []
    done = 0
    for start, end in sorted(spans):
        if end - start < MIN_SPLIT or start < done:
            continue
        body = text[start:end]
        digest = digest_of(body)
        blobs[digest] = body
        parts += [text[done:start], reference_to(digest)]
        done = end
    if not blobs:
        return text, {}
    compact = "".join(parts) + text[done:]
    if join(compact, blobs) != text:
        return text, {}
    return compact, blobs


def split(text: str, fields: Iterable[str]) -> tuple[str, dict[str, str]]:
    """The state text with each large static field replaced by its reference, and the
    cut-out texts by digest. Text that is not a JSON object comes back unchanged."""
    return Splitter().split(text, frozenset(fields), "")


class Splitter:
    """Splits states, remembering each game's last static texts: the next click's
    state almost always holds the same ones, and finding a known text is a substring
    search, where finding a field's span means decoding the whole state (a Hellboy
    deck is many small objects). A state that holds other static texts (another
    pack) is scanned, and its texts remembered instead."""

    def __init__(self) -> None:
        self._last: dict[tuple[str, str], str] = {}

    def split(self, text: str, fields: frozenset[str], game_key: str) -> tuple[str, dict[str, str]]:
        if not fields:
            return text, {}
        spans = self._known_spans(text, fields, game_key)
        if spans is None:
            try:
                found = [(k, s, e) for k, s, e in _top_level_spans(text) if k in fields]
            except ValueError:
                return text, {}
            for key, start, end in found:
                self._last[game_key, key] = text[start:end]
            spans = [(s, e) for _, s, e in found]
        return _cut(text, spans)

    def _known_spans(
        self, text: str, fields: frozenset[str], game_key: str
    ) -> list[tuple[int, int]] | None:
        spans = []
        for key in fields:
            body = self._last.get((game_key, key))
            if body is None:
                return None
            token = f"{json.dumps(key)}:{body}"
            at = text.find(token)
            if at < 0:
                return None
            start = at + len(token) - len(body)
            spans.append((start, start + len(body)))
        return spans


def references(text: str | None) -> set[str]:
    return set(REFERENCE.findall(text)) if text else set()


def join(text: str, blobs: Mapping[str, str]) -> str:
    """The full state text of a stored one (unchanged if it holds no reference)."""
    if '"$static"' not in text:
        return text

    def body(match: re.Match[str]) -> str:
        found = blobs.get(match.group(1))
        if found is None:
            raise MissingStaticBlob(f"static data {match.group(1)[:12]}… is not stored")
        return found

    return REFERENCE.sub(body, text)


STATIC_OPTIONS = frozenset({"pack"})
"""Options fields fixed when the game is created (bot/table_packs.py's chosen pack)."""

STATIC_KEY = "$static"


def split_options(options: Mapping[str, Any]) -> tuple[dict[str, Any], dict[str, str]]:
    """`options` with each large STATIC_OPTIONS value replaced by its reference, and
    the cut-out JSON texts by digest (parsing a text gives the value back exactly)."""
    compact = dict(options)
    blobs: dict[str, str] = {}
    for key in STATIC_OPTIONS & options.keys():
        body = json.dumps(options[key], separators=(",", ":"))
        if len(body) >= MIN_SPLIT:
            digest = digest_of(body)
            blobs[digest] = body
            compact[key] = {STATIC_KEY: digest}
    return compact, blobs


def option_references(options: Mapping[str, Any]) -> set[str]:
    return {d for v in options.values() if (d := _reference_in(v)) is not None}


def join_options(options: dict[str, Any], blobs: Mapping[str, str]) -> dict[str, Any]:
    """The full options of stored ones (the same dict if they hold no reference)."""
    if not option_references(options):
        return options
    full = dict(options)
    for key, value in options.items():
        digest = _reference_in(value)
        if digest is None:
            continue
        body = blobs.get(digest)
        if body is None:
            raise MissingStaticBlob(f"static data {digest[:12]}… is not stored")
        full[key] = json.loads(body)
    return full


def _reference_in(value: Any) -> str | None:
    if isinstance(value, dict) and value.keys() == {STATIC_KEY}:
        digest = value[STATIC_KEY]
        return digest if isinstance(digest, str) else None
    return None


class BlobCache:
    """The static blobs a process has seen (they never change), bounded: a blob is a
    game's deck and dice, so there are as many as distinct pack sets in play."""

    def __init__(self, limit: int = 256) -> None:
        self.limit = limit
        self._bodies: OrderedDict[str, str] = OrderedDict()

    def get(self, digest: str) -> str | None:
        body = self._bodies.get(digest)
        if body is not None:
            self._bodies.move_to_end(digest)
        return body

    def add(self, blobs: Mapping[str, str]) -> None:
        for digest, body in blobs.items():
            self._bodies[digest] = body
            self._bodies.move_to_end(digest)
        while len(self._bodies) > self.limit:
            self._bodies.popitem(last=False)

    def missing(self, digests: Iterable[str]) -> list[str]:
        return sorted(d for d in digests if d not in self._bodies)

    def known(self, digests: Iterable[str]) -> dict[str, str]:
        return {d: b for d in digests if (b := self.get(d)) is not None}
