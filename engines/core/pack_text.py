"""A group's own pack, uploaded as YAML text: parsed once, with errors that name the line.

Packs on disk are read by whoever runs the bot, so their errors name the file
(`packs.py`). An uploaded pack is read by the GM who wrote it, in Discord, so
every problem is one sentence naming the YAML line and the field, found by
walking pydantic's error location down the composed YAML nodes.

Anchors and aliases are refused: with them a few kilobytes of YAML can expand
into millions of values for validation to walk (the "billion laughs").
"""

from __future__ import annotations

import hashlib
from typing import Any, TypeVar

import yaml
from pydantic import BaseModel, ValidationError
from pydantic_core import ErrorDetails

from engines.core.errors import PackError
from engines.core.wording import plain

M = TypeVar("M", bound=BaseModel)

MAX_PROBLEMS = 5
"""Problems named one by one in an upload's refusal; more are counted."""
MAX_PACK_BYTES = 64 * 1024
"""Far above any real pack (the house deck is 5 KiB), small enough to keep in a game's options."""


class _PackLoader(yaml.SafeLoader):
    """The safe loader, minus aliases (see the module docstring)."""

    def compose_node(self, parent: yaml.Node | None, index: int) -> yaml.Node | None:
        if self.check_event(yaml.AliasEvent):
            mark = self.peek_event().start_mark  # type: ignore[no-untyped-call]
            raise PackError(f"line {mark.line + 1}: anchors and aliases (`*name`) aren't allowed")
        return super().compose_node(parent, index)


def digest(text: str) -> str:
    """The pack's fingerprint: games record it, so a re-uploaded pack is told apart."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def check_size(size: int) -> None:
    """Refuse an oversize file, also before downloading it (its size is announced)."""
    if size > MAX_PACK_BYTES:
        raise PackError(
            f"the file is {size // 1024} KiB; a pack may be at most {MAX_PACK_BYTES // 1024} KiB"
        )


def decode(data: bytes) -> str:
    """Bytes as uploaded → text, refusing what can't be a pack."""
    check_size(len(data))
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise PackError(f"the file is not UTF-8 text (byte {exc.start})") from None


def parse(text: str) -> tuple[dict[Any, Any], yaml.Node | None]:
    """The YAML's data and its node tree (for line numbers)."""
    try:
        loader = _PackLoader(text)
        try:
            node = loader.get_single_node()
            data = loader.construct_document(node) if node is not None else None
        finally:
            loader.dispose()
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        where = f"line {mark.line + 1}: " if mark is not None else ""
        raise PackError(f"{where}this is not valid YAML ({exc.problem or exc.context})") from None
    except yaml.reader.ReaderError as exc:
        line = text.count("\n", 0, exc.position) + 1
        what = (f"the character U+{exc.character:04X}" if isinstance(exc.character, int)
                else "a character")
        raise PackError(f"line {line}: {what} can't be in YAML ({exc.reason})") from None
    except yaml.YAMLError as exc:
        raise PackError(f"this is not valid YAML ({exc})") from None
    except RecursionError:
        raise PackError("the YAML is nested too deeply") from None
    if not isinstance(data, dict):
        raise PackError("a pack is a YAML mapping of sections (`game:`, `dice:`, …)")
    return data, node


def validate(data: object, node: yaml.Node | None, model: type[M]) -> M:
    """`model` from the parsed YAML. Each problem (up to `MAX_PROBLEMS`, the rest
    counted) names its line and field, so a GM fixes a whole library in one pass."""
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        errors = exc.errors()
        listed = [_problem(node, error) for error in errors[:MAX_PROBLEMS]]
        more = len(errors) - len(listed)
        extra = f" (and {more} more problem{'s' if more > 1 else ''})" if more else ""
        raise PackError("; ".join(listed) + extra) from None


def _problem(node: yaml.Node | None, error: ErrorDetails) -> str:
    where = ".".join(str(part) for part in error["loc"])
    field = f", field '{where}'" if where else ""
    return f"line {line_of(node, error['loc'])}{field}: {plain(dict(error))}"


def line_of(node: yaml.Node | None, loc: tuple[int | str, ...]) -> int:
    """The 1-based line of the YAML node at pydantic location `loc`: the deepest key or
    item that exists (a missing field points at the mapping that lacks it). Parts that
    name no key, such as a union member's type, are skipped."""
    if node is None:
        return 1
    line = node.start_mark.line
    for part in loc:
        if isinstance(node, yaml.MappingNode):
            found = next(
                ((k, v) for k, v in node.value
                 if isinstance(k, yaml.ScalarNode) and k.value == str(part)),
                None,
            )
            if found is None:
                continue
            line, node = found[0].start_mark.line, found[1]
        elif isinstance(node, yaml.SequenceNode) and isinstance(part, int):
            if not 0 <= part < len(node.value):
                break
            node = node.value[part]
            line = node.start_mark.line
    return line + 1


def load(text: str, model: type[M]) -> M:
    """Parse and validate pack text in one step."""
    data, node = parse(text)
    return validate(data, node, model)
