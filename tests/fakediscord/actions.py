"""What a player's Discord client sends for a click, a select pick or a modal submit.

The client only lets a player press a button that is on the message and
enabled, pick options that exist, and submit a modal whose required fields
are filled within their length limits; these builders refuse anything else
with an AssertionError, so a test cannot pass by sending the impossible.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tests.fakediscord.messages import (
    BUTTON,
    STRING_SELECT,
    TEXT_INPUT,
    FakeAttachment,
    FakeMessage,
)
from tests.fakediscord.resolved import Resolvable, ResolvedBuilder
from tests.fakediscord.world import JSON, FakeChannel, FakeMember, FakeRole, FakeUser

ACTION_ROW = 1
LABEL = 18
ENTITY_SELECTS = frozenset({5, 6, 7, 8})


def button_data(message: FakeMessage, custom_id: str | None, label: str | None) -> JSON:
    """``data`` of a button press; the button must be on the message and enabled."""
    if custom_id is None and label is None:
        raise AssertionError("click needs a custom_id or a label")
    component = message.find_component(custom_id, label=label)
    if component.get("type") != BUTTON:
        raise AssertionError(
            f"component {component.get('custom_id')!r} is not a button: {component}"
        )
    if component.get("disabled"):
        raise AssertionError(
            f"button {component.get('label')!r} is disabled; a player cannot press it"
        )
    return {"custom_id": component["custom_id"], "component_type": BUTTON}


def select_data(
    message: FakeMessage,
    custom_id: str,
    values: Sequence[Any],
    resolved: ResolvedBuilder,
) -> JSON:
    """``data`` of a select pick; string values must be offered options, counts within limits."""
    component = message.find_component(custom_id)
    kind = int(component.get("type", 0))
    if kind != STRING_SELECT and kind not in ENTITY_SELECTS:
        raise AssertionError(f"component {custom_id!r} is not a select menu: {component}")
    if component.get("disabled"):
        raise AssertionError(f"select {custom_id!r} is disabled; a player cannot use it")
    _check_count(custom_id, component, len(values))
    data: JSON = {"custom_id": custom_id, "component_type": kind}
    if kind == STRING_SELECT:
        offered = [o["value"] for o in component.get("options") or []]
        missing = [v for v in values if v not in offered]
        if missing:
            raise AssertionError(f"select {custom_id!r} offers {offered}, not {missing}")
        data["values"] = list(values)
        return data
    data["values"] = [resolved.add(_resolvable(custom_id, v)) for v in values]
    data["resolved"] = resolved.payload()
    return data


def forged_data(custom_id: str, values: Sequence[str] | None) -> tuple[JSON, JSON]:
    """The component a forged click pretends the message holds, and the click's ``data``:
    a button, or with ``values`` a select offering exactly those values."""
    if values is None:
        button: JSON = {"type": BUTTON, "style": 1, "label": "?", "custom_id": custom_id}
        return button, {"custom_id": custom_id, "component_type": BUTTON}
    options = [{"label": value[:100] or "?", "value": value} for value in values]
    select: JSON = {
        "type": STRING_SELECT,
        "custom_id": custom_id,
        "options": options,
        "min_values": len(values),
        "max_values": len(values),
    }
    return select, {"custom_id": custom_id, "component_type": STRING_SELECT, "values": list(values)}


def _check_count(custom_id: str, component: JSON, count: int) -> None:
    low = int(component.get("min_values", 1))
    high = int(component.get("max_values", 1))
    if not low <= count <= high:
        raise AssertionError(f"select {custom_id!r} takes {low}..{high} values, got {count}")


def _resolvable(custom_id: str, value: Any) -> Resolvable:
    if isinstance(value, FakeMember | FakeUser | FakeChannel | FakeRole | FakeAttachment):
        return value
    raise AssertionError(f"select {custom_id!r} needs members, roles or channels, got {value!r}")


def modal_submit_data(modal: JSON, values: Mapping[str, Any], resolved: ResolvedBuilder) -> JSON:
    """``data`` of a MODAL_SUBMIT mirroring the modal's layout (action rows or labels)."""
    fields = {c["custom_id"]: c for top in modal.get("components") or [] for c in _inputs_of(top)}
    unknown = [k for k in values if k not in fields]
    if unknown:
        raise AssertionError(
            f"modal {modal.get('custom_id')!r} has no field(s) {unknown}; it has {list(fields)}"
        )
    components = []
    for top in modal.get("components") or []:
        kind = top.get("type")
        if kind == ACTION_ROW:
            inner = [_submitted(c, values, resolved) for c in top.get("components") or []]
            components.append({"type": ACTION_ROW, "components": inner})
        elif kind == LABEL and isinstance(top.get("component"), dict):
            components.append(
                {"type": LABEL, "component": _submitted(top["component"], values, resolved)}
            )
    data: JSON = {"custom_id": modal["custom_id"], "components": components}
    payload = resolved.payload()
    if payload:
        data["resolved"] = payload
    return data


def _inputs_of(top: JSON) -> list[JSON]:
    if top.get("type") == ACTION_ROW:
        return [c for c in top.get("components") or [] if "custom_id" in c]
    child = top.get("component")
    return [child] if isinstance(child, dict) and "custom_id" in child else []


def _submitted(field: JSON, values: Mapping[str, Any], resolved: ResolvedBuilder) -> JSON:
    custom_id = field["custom_id"]
    kind = int(field.get("type", 0))
    if kind == TEXT_INPUT:
        value = values.get(custom_id, field.get("value") or "")
        if not isinstance(value, str):
            raise AssertionError(f"text input {custom_id!r} takes a str, got {value!r}")
        if field.get("required", True) and not value:
            raise AssertionError(f"text input {custom_id!r} is required; a player must fill it")
        low, high = field.get("min_length"), field.get("max_length")
        if value and (
            (low is not None and len(value) < low) or (high is not None and len(value) > high)
        ):
            raise AssertionError(
                f"text input {custom_id!r}: length {len(value)} outside [{low}, {high}]"
            )
        return {"type": TEXT_INPUT, "custom_id": custom_id, "value": value}
    picked = list(values.get(custom_id, []))
    _check_count(custom_id, field, len(picked))
    if kind == STRING_SELECT:
        offered = [o["value"] for o in field.get("options") or []]
        if any(v not in offered for v in picked):
            raise AssertionError(f"select {custom_id!r} offers {offered}, not {picked}")
        return {"type": kind, "custom_id": custom_id, "values": picked}
    ids = [resolved.add(_resolvable(custom_id, v)) for v in picked]
    return {"type": kind, "custom_id": custom_id, "values": ids}
