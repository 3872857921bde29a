"""Hellbringer's physical report forms: every request a physical table meets has
its own form (never the generic layout), five inputs at most, and a misread value
gets one sentence naming the field while the table stays as it was."""

from __future__ import annotations

import random

import pytest

from bot.games.hellbringer.forms import FORMS, DiceForm, DrawnForm, PrintedForm, TomeForm
from bot.ui.report import INPUT_LABEL, INPUT_PLACEHOLDER, MODAL_INPUTS, form_for
from engines.core.chance import ChanceItem, ChanceOutcome, ChanceRequest
from engines.core.errors import RuleError
from engines.core.protocol import Seat
from engines.hellbringer import ENGINE, HellbringerOptions, HellbringerState
from engines.hellbringer.models import Deal, Instants, ShowCard
from tests.support.hellbringer_play import drawn
from tests.unit.hellbringer.support import physical_turn

ANSWERS = {
    "sheet_": ["warrior", "35", "10", "2", "2"],
    "enemy_": ["Rat", "0", "5", "5", "1D"],
    "location_": ["0", "1"],
    "gear_": ["Padded Coat", "1", "", "armor+10", "blue"],
    "companion_": ["Ash Hound", "1", "10/10", "single 2D", ""],
    "other_": ["Smoke Veil", "potion", "0", "avoid"],
    "combat_": ["1"],
}


def _form(request: ChanceRequest) -> object:
    form = form_for("hellbringer", request)
    assert form is not None, f"no Hellbringer form for {request.prompt}"
    fields = form.fields(request)
    assert 1 <= len(fields) <= MODAL_INPUTS
    assert all(len(f.label) <= INPUT_LABEL and len(f.placeholder) <= INPUT_PLACEHOLDER
               for f in fields)
    return form


def _answer(state: HellbringerState, request: ChanceRequest) -> list[str]:
    """What a careful table types into the form for `request`."""
    form = form_for("hellbringer", request)
    if isinstance(form, PrintedForm):
        typed = ANSWERS[form.prefix]
        if form.prefix == "sheet_":
            typed = [("warrior", "monk")[request.reporter or 0], *typed[1:]]
        return form.values(request, typed)
    if isinstance(form, DrawnForm):
        return form.values(request, [", ".join(request.items[0].label_of(k)
                                               for k in drawn(state, request))])
    if isinstance(form, TomeForm):
        return form.values(request, ["draw", "1"])
    assert isinstance(form, DiceForm)
    typed = [" ".join(["5"] * len([i for i in request.items if i.key.startswith(k)]))
             for k in ("d", "a")]
    return form.values(request, [t for t in typed if t] or ["player hit"])


def _table(players: int) -> HellbringerState:
    return ENGINE.setup([Seat(index=i, name=f"P{i + 1}") for i in range(players)],
                        HellbringerOptions(mode="physical"))


@pytest.mark.parametrize("players", [1, 2])
def test_every_request_of_a_physical_session_has_a_hellbringer_form(players: int) -> None:
    rng = random.Random(players)
    state = _table(players)
    seen: set[str] = set()
    for step in range(600):
        if state.winners is not None:
            break
        request = ENGINE.chance(state)
        if request is not None:
            seen.add(type(_form(request)).__name__ + request.items[0].key.split("_")[0])
            state = ENGINE.resolve(state, ChanceOutcome(values=_answer(state, request)))[0]
            continue
        seat = ENGINE.to_move(state)[0]
        legal = ENGINE.legal_actions(state, seat)
        shows = [a for a in legal if isinstance(a, ShowCard)]
        action = shows[step % 3] if shows and step % 4 == 0 else rng.choice(
            [a for a in legal if not isinstance(a, ShowCard)] or legal)
        state = ENGINE.apply(state, seat, action)[0]
    assert {"PrintedFormsheet", "PrintedFormlocation", "PrintedFormenemy", "DrawnFormcard",
            "DiceFormenemy", "DiceFormd1"} <= seen
    assert seen & {"PrintedFormgear", "PrintedFormcompanion", "PrintedFormother"}


def test_the_forms_are_hellbringers_own() -> None:
    """Looked up by the game's key: another game's requests never get them."""
    request = ENGINE.chance(_table(1))
    assert request is not None
    assert form_for("hellbringer", request) is FORMS[0]
    assert form_for("hellraiser", request) is not FORMS[0]


@pytest.mark.parametrize(("typed", "field"), [
    (["warrior", "42", "10", "2", "2"], "Health"),
    (["warrior", "40", "ten", "2", "2"], "Armor"),
    (["elf", "40", "10", "2", "2"], "Class"),
])
def test_a_misread_sheet_names_its_field_and_changes_nothing(
        typed: list[str], field: str) -> None:
    state = _table(1)
    request = ENGINE.chance(state)
    assert request is not None
    form = _form(request)
    assert isinstance(form, PrintedForm)
    with pytest.raises(RuleError, match=rf"^{field}") as error:
        ENGINE.resolve(state, ChanceOutcome(values=form.values(request, typed)))
    assert str(error.value).count(". ") == 0, "one sentence"
    assert state == _table(1)


def _drawn() -> ChanceRequest:
    item = ChanceItem(key="card", label="card drawn", options=["common", "combat", "tome_ii"],
                      weights=[8, 1, 1], labels=["a Common card", "a Combat card", "Tome II"],
                      source="card")
    return ChanceRequest(prompt="Draw a card", items=[item], reporter=0)


def test_what_was_drawn_reads_the_kind_and_shows_the_odds() -> None:
    request = _drawn()
    form = _form(request)
    assert isinstance(form, DrawnForm)
    assert "Common card 80%" in form.fields(request)[0].placeholder
    assert form.values(request, ["Combat"]) == ["combat"]
    assert form.values(request, ["a common card"]) == ["common"]
    assert form.values(request, ["tome"]) == ["tome_ii"]
    with pytest.raises(RuleError, match="Say which kind"):
        form.values(request, ["showdown"])


def test_dice_form_takes_the_faces_in_a_row_and_names_a_wrong_die() -> None:
    from engines.hellbringer.flow import dice_request
    request = dice_request(3, 1, "Roll the attack", 0)
    form = _form(request)
    assert isinstance(form, DiceForm)
    assert form.values(request, ["5 10 0", "5"]) == ["5", "10", "0", "5"]
    with pytest.raises(RuleError, match=r"^Damage dice: type 3"):
        form.values(request, ["5 10", "5"])
    with pytest.raises(RuleError, match=r"^Acid dice: a die shows 0, 5, not 10"):
        form.values(request, ["5 10 0", "10"])


def _drawn_request(cid: str) -> ChanceRequest:
    """What a physical table is asked once its P1 has drawn `cid` off the dungeon pile."""
    state = physical_turn()
    state.queue[:0] = [Deal(seat=0, count=1), Instants(seat=0)]
    request = ENGINE.chance(ENGINE.resolve(state, ChanceOutcome(values=[cid]))[0])
    assert request is not None
    return request


def test_the_tome_form_takes_one_word_and_an_amount_and_names_a_wrong_word() -> None:
    """What a printed Tome does, in the word the hint lists; the GM applies anything else."""
    request = _drawn_request("tome_ii")
    form = _form(request)
    assert isinstance(form, TomeForm)
    what, amount = form.fields(request)
    assert "read · draw · collect · resurrect · weaken" in what.placeholder
    assert "/game correct" in what.placeholder and not amount.required
    assert form.values(request, ["Weaken", "20"]) == ["weaken_demon", "20"]
    assert form.values(request, ["resurrection", ""]) == ["resurrect", ""]
    assert form.values(request, ["read it aloud", ""]) == ["none", ""]
    assert form.values(request, ["draws", "2"]) == ["draw", "2"]
    with pytest.raises(RuleError, match=r"^What the Tome does: say read, draw, collect,"
                       r" resurrect or weaken") as error:
        form.values(request, ["teleport", ""])
    assert str(error.value).count(". ") == 0, "one sentence"


def test_the_combat_form_fills_in_the_rulebooks_one_monster() -> None:
    request = _drawn_request("combat")
    form = _form(request)
    assert isinstance(form, PrintedForm) and form.prefix == "combat_"
    assert [f.default for f in form.fields(request)] == ["1"]
