"""The spec validator on its own: locating the spec, matching routes, naming the problem."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.fakediscord.limits import message_limit_problems
from tests.fakediscord.openapi import SPEC_ENV, load_spec, spec_path

CALLBACK = "/interactions/1/tok/callback"


def test_spec_is_found_inside_the_repository_by_default(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(SPEC_ENV, raising=False)
    path = spec_path()
    assert path.parts[-4:] == ("tests", "fakediscord", "spec", "openapi.json")
    assert path.is_file()
    assert (path.parent / "LICENSE").is_file()


def test_env_variable_overrides_the_spec_location(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv(SPEC_ENV, str(tmp_path / "elsewhere.json"))
    assert spec_path() == tmp_path / "elsewhere.json"


def test_missing_spec_file_is_reported_with_the_variable_to_set(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError, match=SPEC_ENV):
        load_spec(tmp_path / "missing.json")


def test_literal_original_segment_wins_over_message_id_template() -> None:
    spec = load_spec()
    original = spec.match("PATCH", "/webhooks/1/tok/messages/@original")
    by_id = spec.match("PATCH", "/webhooks/1/tok/messages/42")
    assert original is not None and original.template.endswith("/@original")
    assert (
        by_id is not None and by_id.path_params("/webhooks/1/tok/messages/42")["message_id"] == "42"
    )


def test_unknown_path_matches_nothing() -> None:
    assert load_spec().match("GET", "/no/such/route") is None


def test_embed_title_over_256_is_named_precisely_inside_the_callback_union() -> None:
    spec = load_spec()
    op = spec.match("POST", CALLBACK)
    assert op is not None
    problems = spec.validate_body(op, {"type": 4, "data": {"embeds": [{"title": "x" * 300}]}})
    assert len(problems) == 1
    assert problems[0].startswith("body.data.embeds[0].title:")
    assert "maxLength=256" in problems[0] and "length 300" in problems[0]


def test_valid_message_callback_has_no_problems() -> None:
    spec = load_spec()
    op = spec.match("POST", CALLBACK)
    assert op is not None
    body = {
        "type": 4,
        "data": {
            "content": "hi",
            "components": [
                {
                    "type": 1,
                    "components": [{"type": 2, "style": 1, "label": "Go", "custom_id": "go"}],
                }
            ],
        },
    }
    assert spec.validate_body(op, body) == []


def test_custom_id_over_100_characters_is_a_violation() -> None:
    spec = load_spec()
    op = spec.match("POST", CALLBACK)
    assert op is not None
    button = {"type": 2, "style": 1, "label": "Go", "custom_id": "c" * 101}
    problems = spec.validate_body(
        op, {"type": 4, "data": {"components": [{"type": 1, "components": [button]}]}}
    )
    assert any("custom_id" in p and "maxLength=100" in p for p in problems)


def test_unknown_query_parameter_is_reported_and_booleans_accept_one() -> None:
    spec = load_spec()
    op = spec.match("POST", "/webhooks/1/tok")
    assert op is not None
    assert spec.validate_query(op, {"wait": "1"}) == []
    assert spec.validate_query(op, {"wait": "maybe", "bogus": "x"}) == [
        "query parameter wait='maybe' does not fit {'type': 'boolean'}",
        "query parameter 'bogus' is not defined for POST /webhooks/{webhook_id}/{webhook_token}",
    ]


def test_bot_content_over_2000_characters_breaks_discord_limit_though_spec_allows_4000() -> None:
    spec = load_spec()
    op = spec.match("POST", "/channels/1/messages")
    assert op is not None
    body = {"content": "x" * 2001}
    assert spec.validate_body(op, body) == []
    assert message_limit_problems(body) == [
        "body.content: 2001 characters; Discord rejects bot messages over 2000"
    ]
    assert message_limit_problems({"content": "x" * 2000}) == []


def test_embeds_over_6000_characters_in_total_break_discord_limit() -> None:
    embeds = [{"title": "t", "description": "d" * 4000}, {"description": "e" * 2000}]
    assert message_limit_problems({"type": 4, "data": {"embeds": embeds}}) == [
        "body.data.embeds: 6001 characters across embeds; Discord's limit is 6000"
    ]


def test_snowflakes_may_be_integers_as_discord_py_numbers_new_attachments() -> None:
    spec = load_spec()
    op = spec.match("POST", "/channels/1/messages")
    assert op is not None
    assert spec.validate_body(op, {"attachments": [{"id": 0, "filename": "log.txt"}]}) == []
    assert spec.validate_body(op, {"attachments": [{"id": "12"}]}) == []
    assert spec.validate_body(op, {"attachments": [{"id": -1}]}) != []
    assert spec.validate_body(op, {"attachments": [{"id": "abc"}]}) != []
