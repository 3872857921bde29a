"""Validate what the bot sends against Discord's published OpenAPI spec.

DESIGN.md makes this a contract: every REST body the bot sends must match the
request schema of its route in ``spec/openapi.json`` (Discord's MIT-licensed
spec, copied into the project with its licence and version so a clone with
nothing beside it can run the tests). The spec is
OpenAPI 3.1, i.e. JSON Schema 2020-12, so request schemas are checked with
``jsonschema`` and ``#/components/...`` references resolve through a
``referencing`` registry holding the whole document. The 1 MB spec is parsed
once per process and each operation's validator is compiled on first use.

One deliberate widening: the spec types every snowflake as a decimal string,
but Discord also accepts JSON integers there, and discord.py relies on that
(it numbers new attachments ``{"id": 0}``). ``SnowflakeType`` therefore also
admits non-negative integers; everything else is checked as published.
"""

from __future__ import annotations

import functools
import json
import os
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator  # type: ignore[import-untyped]
from jsonschema.exceptions import ValidationError  # type: ignore[import-untyped]
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

SPEC_ENV = "PANDEMONIUM_OPENAPI"
SPEC_URI = "urn:discord:openapi"
HTTP_METHODS = ("get", "put", "post", "patch", "delete")
MAX_ERRORS_PER_BODY = 5
MAX_VALUE_CHARS = 80
SNOWFLAKE = "SnowflakeType"


def spec_path() -> Path:
    """``$PANDEMONIUM_OPENAPI`` (to try a newer spec), else the copy inside the project."""
    override = os.environ.get(SPEC_ENV)
    if override:
        return Path(override)
    return Path(__file__).resolve().parent / "spec" / "openapi.json"


def _pointer_token(text: str) -> str:
    return text.replace("~", "~0").replace("/", "~1")


@dataclass(frozen=True)
class Operation:
    """One (method, path template) of the spec, e.g. ``PATCH /channels/{channel_id}``."""

    method: str
    template: str
    pattern: re.Pattern[str]
    literal_segments: int
    body_pointer: str | None
    body_required: bool
    query_params: Mapping[str, Any] = field(default_factory=dict)

    @property
    def key(self) -> str:
        return f"{self.method} {self.template}"

    def path_params(self, path: str) -> dict[str, str]:
        """``{"channel_id": "123", ...}`` for a concrete path this operation matches."""
        found = self.pattern.match(path)
        return {} if found is None else found.groupdict()


class OpenApiSpec:
    """Route matching and request validation for one loaded spec document."""

    def __init__(self, document: Mapping[str, Any]) -> None:
        document = _accept_integer_snowflakes(document)
        resource = Resource.from_contents(dict(document), default_specification=DRAFT202012)
        self._registry: Registry[Any] = Registry().with_resource(SPEC_URI, resource)
        self._operations = list(self._index(document))
        self._validators: dict[str, Draft202012Validator] = {}

    @staticmethod
    def _index(document: Mapping[str, Any]) -> Iterable[Operation]:
        for template, item in document["paths"].items():
            segments = template.strip("/").split("/")
            regex = "/".join(
                f"(?P<{s[1:-1]}>[^/]+)" if s.startswith("{") else re.escape(s) for s in segments
            )
            pattern = re.compile(f"^/{regex}$")
            literals = sum(not s.startswith("{") for s in segments)
            shared_params = item.get("parameters", [])
            for method in HTTP_METHODS:
                op = item.get(method)
                if op is None:
                    continue
                body = op.get("requestBody")
                pointer = None
                if body and "application/json" in body.get("content", {}):
                    pointer = "/".join(
                        [
                            "#",
                            "paths",
                            _pointer_token(template),
                            method,
                            "requestBody",
                            "content",
                            _pointer_token("application/json"),
                            "schema",
                        ]
                    )
                query = {
                    p["name"]: p.get("schema", {})
                    for p in [*shared_params, *op.get("parameters", [])]
                    if p.get("in") == "query"
                }
                yield Operation(
                    method=method.upper(),
                    template=template,
                    pattern=pattern,
                    literal_segments=literals,
                    body_pointer=pointer,
                    body_required=bool(body and body.get("required")),
                    query_params=query,
                )

    def match(self, method: str, path: str) -> Operation | None:
        """The most specific operation matching a path (literal ``@original`` beats ``{id}``)."""
        candidates = [
            op for op in self._operations if op.method == method.upper() and op.pattern.match(path)
        ]
        return max(candidates, key=lambda op: op.literal_segments, default=None)

    def _validator(self, op: Operation) -> Draft202012Validator | None:
        if op.body_pointer is None:
            return None
        cached = self._validators.get(op.key)
        if cached is None:
            schema = {
                "$schema": "https://json-schema.org/draft/2020-12/schema",
                "$ref": SPEC_URI + op.body_pointer,
            }
            cached = Draft202012Validator(schema, registry=self._registry)
            self._validators[op.key] = cached
        return cached

    def validate_body(self, op: Operation, body: Any) -> list[str]:
        """Human-readable problems with a JSON body for this operation (empty when valid)."""
        if body is None:
            return ["request body is required but none was sent"] if op.body_required else []
        validator = self._validator(op)
        if validator is None:
            return ["the spec defines no JSON request body for this operation"]
        problems: list[str] = []
        for error in sorted(validator.iter_errors(body), key=lambda e: list(e.path)):
            problems.extend(describe(error))
            if len(problems) >= MAX_ERRORS_PER_BODY:
                break
        return problems[:MAX_ERRORS_PER_BODY]

    def validate_query(self, op: Operation, query: Mapping[str, str]) -> list[str]:
        """Loose check: known parameter names, and values that parse as their declared type."""
        problems = []
        for name, value in query.items():
            schema = op.query_params.get(name)
            if schema is None:
                problems.append(f"query parameter {name!r} is not defined for {op.key}")
            elif not _query_value_ok(schema, value):
                problems.append(f"query parameter {name}={value!r} does not fit {schema}")
        return problems


def _accept_integer_snowflakes(document: Mapping[str, Any]) -> dict[str, Any]:
    """A shallow copy whose ``SnowflakeType`` also accepts integers (see the module docstring)."""
    schemas = dict(document["components"]["schemas"])
    schemas[SNOWFLAKE] = {"anyOf": [schemas[SNOWFLAKE], {"type": "integer", "minimum": 0}]}
    return {**document, "components": {**document["components"], "schemas": schemas}}


def _query_value_ok(schema: Mapping[str, Any], value: str) -> bool:
    if schema.get("$ref", "").endswith("/SnowflakeType"):
        return value.isdigit()
    kind = schema.get("type")
    if kind == "boolean":
        return value.lower() in {"true", "false", "1", "0"}
    if kind == "integer":
        return re.fullmatch(r"-?\d+", value) is not None
    return True


def _short(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False, default=str)
    if len(text) > MAX_VALUE_CHARS:
        return text[: MAX_VALUE_CHARS - 1] + f"…({len(text)} chars)"
    return text


def _depth(error: ValidationError) -> int:
    """How far into the body an error (or any error nested in its union) reaches."""
    nested = [_depth(sub) for sub in error.context or []]
    return max([len(error.absolute_path), *nested])


def _misses_discriminator(error: ValidationError) -> bool:
    """An enum/const failure on a ``type`` key: the body is plainly not of this branch."""
    path = list(error.absolute_path)
    return bool(path) and path[-1] == "type" and error.validator in ("enum", "const")


def _branch_score(errors: list[ValidationError]) -> tuple[bool, int, int]:
    return (
        not any(_misses_discriminator(e) for e in errors),
        max(_depth(e) for e in errors),
        -len(errors),
    )


def describe(error: ValidationError) -> list[str]:
    """Turn one jsonschema error into readable lines, looking inside anyOf/oneOf.

    Union schemas (anyOf/oneOf) report a single useless "is not valid under
    any of the given schemas". The branch whose errors reach deepest into the
    body is the one the sender meant (e.g. the message-callback branch, not
    the modal one), unless its ``type`` discriminator already rules it out;
    only that branch's errors are reported.
    """
    if error.validator in ("anyOf", "oneOf") and error.context:
        branches: dict[int, list[ValidationError]] = {}
        for sub in error.context:
            branches.setdefault(int(sub.relative_schema_path[0]), []).append(sub)
        chosen = max(branches.values(), key=_branch_score)
        lines: list[str] = []
        for sub in chosen:
            lines.extend(describe(sub))
        return lines
    where = error.json_path.replace("$", "body", 1)
    message = error.message
    if error.validator in (
        "maxLength",
        "minLength",
        "maxItems",
        "minItems",
        "pattern",
        "enum",
        "type",
        "maximum",
        "minimum",
        "const",
        "required",
        "additionalProperties",
    ):
        message = (
            f"{_short(error.instance)} violates {error.validator}={_short(error.validator_value)}"
        )
        if error.validator == "maxLength" and isinstance(error.instance, str):
            message += f" (length {len(error.instance)})"
        if error.validator == "maxItems" and isinstance(error.instance, list):
            message += f" (has {len(error.instance)})"
        if error.validator == "required":
            message = error.message
    return [f"{where}: {message}"]


@functools.cache
def load_spec(path: Path | None = None) -> OpenApiSpec:
    """The parsed spec, once per process (the file is over a megabyte)."""
    resolved = path or spec_path()
    if not resolved.is_file():
        raise FileNotFoundError(
            f"Discord OpenAPI spec not found at {resolved}; set {SPEC_ENV} to its location"
        )
    return OpenApiSpec(json.loads(resolved.read_text(encoding="utf-8")))
