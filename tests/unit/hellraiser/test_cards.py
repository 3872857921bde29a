"""The decks as data, and every card's effect (Action, Leviathan, Search items), and
every room Power."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import get_args

import pytest

from engines.core.errors import PackError
from engines.core.packs import validate_pack
from engines.hellraiser import ENGINE
from engines.hellraiser.board import (
    Square,
    can_step,
    in_sight,
    tile_at,
    tile_index,
    tile_squares,
    walls_between_tiles,
)
from engines.hellraiser.cardplay import ACTION_EFFECTS, LEVIATHAN_EFFECTS
from engines.hellraiser.cards import (
    WIKI,
    ActionEffect,
    LeviathanEffect,
    LeviathanPack,
    catalogue,
)
from engines.hellraiser.cenobites import make_creature
from engines.hellraiser.damage import deal
from engines.hellraiser.models import (
    Attack,
    BreakFree,
    Choice,
    Choose,
    Damage,
    DrawCard,
    Effect,
    EndTurn,
    HellraiserState,
    Move,
    PlayCard,
    Search,
    UseItem,
    UsePower,
    clone,
)
from engines.hellraiser.query import Out, effective, effects
from engines.hellraiser.tiles import builtin_tiles
from tests.unit.hellraiser.support import (
    act,
    carrying,
    center,
    edit,
    figure,
    gate_opened,
    new_game,
    pending_roll,
    refused,
    report,
    roll,
    with_stats,
)

# The decks as data


def test_the_search_deck_has_the_wikis_cards_and_its_intended_mix() -> None:
    """40% normal items, 20% healing, 20% useless, 10% special, 10% bad."""
    cards = catalogue().search
    mix = Counter({c.category: 0 for c in cards.values()})
    for c in cards.values():
        mix[c.category] += c.copies
    total = sum(mix.values())
    assert total == 80
    assert {k: v / total for k, v in mix.items()} == {
        "normal": 0.4, "healing": 0.2, "useless": 0.2, "special": 0.1, "bad": 0.1}
    known = {"bible": 2, "koran": 2, "vedas": 2, "confucian_canon": 2, "revolver": 2,
             "shotgun": 2, "sharp_object": 3, "knife": 4, "large_heavy_object": 3,
             "puzzle_box": 1, "videogame": 1, "dictionary": 3, "thesaurus": 3,
             "first_aid_kit": 5, "lithium": 5, "prosac": 5, "somebodys_wallet": 2,
             "snacks": 2, "beer": 2, "newspaper": 2}
    assert {k: cards[k].copies for k in known} == known
    assert all(cards[k].source == WIKI for k in known)
    assert all(not c.verified for k, c in cards.items() if k not in known)


def test_the_action_and_leviathan_decks_keep_the_wikis_cards() -> None:
    action = catalogue().action
    assert {f"move_{n}" for n in range(1, 7)} <= set(action)
    assert {"memories_of_a_past_life", "escape_from_hell", "resurrection", "vision", "clue",
            "tome", "conversion", "think_harder", "run_for_your_life", "reload",
            "surge_of_adrenaline", "spilt_blood"} <= set(action)
    leviathan = catalogue().leviathan
    assert {"degeneracy", "insanity", "abomination", "surprise_attack", "justice_is_done",
            "just_deserts", "personal_hell", "vision", "conversion", "plaything", "darkness",
            "key", "torn_to_shreds", "tome", "trapped"} <= set(leviathan)
    assert sum(c.copies for c in action.values()) == 21
    assert sum(c.copies for c in leviathan.values()) == 34
    for deck in (action, leviathan):
        for card in deck.values():
            assert card.source.startswith(("curufea's Hellraiser wiki", "house"))


def test_every_card_effect_has_an_implementation() -> None:
    """'An unimplemented card must not exist in the deck.'"""
    assert set(get_args(ActionEffect)) == set(ACTION_EFFECTS)
    assert set(get_args(LeviathanEffect)) == set(LEVIATHAN_EFFECTS)


def test_a_pack_naming_an_unknown_effect_is_refused() -> None:
    raw = {"licence": "x", "cards": [{"id": "x", "name": "X", "category": "bad", "copies": 1,
                                      "effect": "explode", "text": "Boom.", "source": "t",
                                      "verified": False}]}
    with pytest.raises(PackError, match=r"cards\.0\.effect"):
        validate_pack(Path("leviathan.yaml"), raw, LeviathanPack)


def test_the_named_cenobites_are_the_five_of_the_wiki() -> None:
    names = [c.name for c in catalogue().cenobites]
    assert names == ["Pinhead", "The Female Cenobite", "Butterball", "The Chatterer",
                     "The Channard Cenobite"]
    assert [c.power for c in catalogue().cenobites] == [
        "chains", "exquisite_pain", "portal_hop", "chattering", "tentacles"]


# Action cards


def human_with(card: str, players: int = 3) -> HellraiserState:
    """Seat 1 opened the gateway (in the Reception, where everyone stands); seat 0 holds
    `card` and it is their turn."""
    state = gate_opened(new_game(players), seat=1)
    state.hands[0] = (f"action:{card}",)
    return state


def test_memories_of_a_past_life_attacks_a_cenobite_with_a_mind_statistic() -> None:
    state = human_with("memories_of_a_past_life")
    assert "Creativity, Wits, Morality or Willpower" in refused(
        state, PlayCard(card="memories_of_a_past_life", target="c-pinhead", stat="strength"))
    state = act(state, PlayCard(card="memories_of_a_past_life", target="c-pinhead",
                                stat="willpower"))
    r = pending_roll(state)
    assert r.stat == "willpower" and r.groups == (3, 4)
    assert "already made your attack" in refused(state.model_copy(update={"pending": []}),
                                                 Attack(target="c-pinhead"))


def test_tome_moves_spiritual_points_to_mental() -> None:
    state = act(human_with("tome"), PlayCard(card="tome", stat="morality", stat2="wits"))
    assert figure(state, "h0").stats == (3, 3, 3, 5, 1, 3)


def test_resurrection_raises_a_fresh_corpse_and_shocks_onlookers() -> None:
    """'A dead Human may return within 2 turns by moving points into physical stats;
    onlookers take 1 Mental.'"""
    state = human_with("resurrection", players=4)
    state = edit(state, "h2", condition="corpse", stats=(0, 0, 3, 4, 3, 3), died_round=1)
    state.roles[2] = "out"
    state = act(state, PlayCard(card="resurrection", target="h2"))
    risen = figure(state, "h2")  # a point from Wits (4), then from Creativity (first of 3s)
    assert risen.condition == "alive" and risen.stats == (1, 1, 2, 3, 3, 3)
    assert state.roles[2] == "human"
    head, rest = state.pending[0], state.pending[1:]
    assert isinstance(head, Choice) and head.figure == "h0" and head.group == "mental"
    assert [(d.target, d.group, d.points) for d in rest] == [("h3", "mental", 1)]  # type: ignore[union-attr]
    late = human_with("resurrection", players=4)
    late = edit(late, "h2", condition="corpse", died_round=-5)
    assert "Too late" in refused(late, PlayCard(card="resurrection", target="h2"))


def test_conversion_takes_a_creature_in_your_room() -> None:
    state = clone(human_with("conversion"))
    make_creature(state, "", 3, 3, figure(state, "h0").square, Out())  # type: ignore[arg-type]
    state = act(state, PlayCard(card="conversion", target="x1"))
    assert figure(state, "x1").seat == 0
    attack = Attack(attacker="x1", target="c-pinhead")
    gate = state.board.gateway  # type: ignore[union-attr]
    assert act(edit(state, "c-pinhead", square=gate), attack).pending


def test_vision_shows_a_leviathan_players_hand_to_the_viewer_only() -> None:
    state = human_with("vision")
    state.hands[1] = ("leviathan:key",)
    state = act(state, PlayCard(card="vision", seat=1))
    assert ENGINE.view(state, 0)["vision"]["cards"] == ["key"]
    assert ENGINE.view(state, 2)["vision"] is None


def test_clue_takes_from_the_discard_or_draws_two() -> None:
    state = human_with("clue")
    state.decks["action"].discard["move_3"] = 1
    took = act(state, PlayCard(card="clue", option="move_3"))
    assert took.hands[0] == ("action:move_3",) and "move_3" not in took.decks["action"].discard
    drew = act(state, PlayCard(card="clue"))
    drew = report(report(drew, "move_1"), "move_2")
    assert drew.hands[0] == ("action:move_1", "action:move_2")


def test_think_harder_doubles_a_mental_statistic_until_your_next_turn() -> None:
    state = act(human_with("think_harder"), PlayCard(card="think_harder", stat="wits"))
    assert effective(state, figure(state, "h0"), "wits") == 6
    state = act(state, EndTurn())
    state = act(act(state, EndTurn()), EndTurn())
    assert state.turn == 0 and effective(state, figure(state, "h0"), "wits") == 3


@pytest.mark.parametrize(("card", "group"), [("spilt_blood", "physical"), ("panic", "mental")])
def test_bad_action_cards_hurt_when_drawn(card: str, group: str) -> None:
    state = gate_opened(new_game(2), seat=1)
    state = edit(state, "h0", square=center(state, "library"))
    state = report(roll(act(state, Search(deck="action")), 6, 6, 6), card)
    head = state.pending[0]
    assert isinstance(head, Choice) and head.group == group and head.points == 1
    assert state.hands.get(0, ()) == () and state.decks["action"].discard == {card: 1}


# Leviathan cards


def leviathan_with(card: str, players: int = 3) -> HellraiserState:
    """Seat 1 opened the gateway in the Reception and holds `card`; it is their turn."""
    state = act(gate_opened(new_game(players), seat=1), EndTurn())
    state.hands[1] = (f"leviathan:{card}",)
    return state


def test_degeneracy_hurts_humans_in_a_tile_with_a_cenobite() -> None:
    state = leviathan_with("degeneracy")
    state = edit(state, "h2", square=center(state, "chapel"))
    state = act(state, PlayCard(card="degeneracy"))
    head = state.pending[0]
    assert isinstance(head, Choice) and head.figure == "h0" and head.group == "spiritual"
    assert len(state.pending) == 1
    assert state.decks["leviathan"].removed == {"degeneracy": 1}


def test_insanity_hands_every_insane_human_to_the_player_for_two_turns() -> None:
    state = with_stats(leviathan_with("insanity"), "h0", (3, 3, 0, 6, 3, 3))
    state = act(state, PlayCard(card="insanity"))
    state = act(act(state, EndTurn()), EndTurn(), seat=2)
    assert state.turn == 0 and ENGINE.to_move(state) == [1]
    assert [e.turns for e in effects(state, "insanity", "h0")] == [2]


def test_abomination_crawls_out_of_the_gateway() -> None:
    state = act(leviathan_with("abomination"), PlayCard(card="abomination"))
    creature = figure(state, "x1")
    assert creature.stats[:2] == (6, 3) and creature.square == state.board.gateway  # type: ignore[union-attr]


def test_surprise_attack_moves_an_unseen_cenobite_out_of_sight() -> None:
    state = leviathan_with("surprise_attack")
    state = edit(state, "h0", square=center(state, "chapel"))
    state = edit(state, "h2", square=center(state, "chapel"))
    assert state.board is not None
    seen = set(tile_squares(tile_index(center(state, "chapel"))))
    hidden: Square = next((x, y) for y in range(18) for x in range(18)
                          if (x, y) not in seen and not in_sight(
                              state.board, center(state, "chapel"), (x, y)))
    state = act(state, PlayCard(card="surprise_attack", target="c-pinhead", square=hidden))
    assert figure(state, "c-pinhead").square == hidden
    visible = center(state, "chapel")
    again = leviathan_with("surprise_attack")
    again = edit(edit(again, "h0", square=visible), "h2", square=visible)
    assert "no Human can see" in refused(
        again, PlayCard(card="surprise_attack", target="c-pinhead", square=visible))


def test_just_deserts_punishes_humans_who_attacked_a_cenobite() -> None:
    state = gate_opened(new_game(3), seat=1)
    gate = state.board.gateway  # type: ignore[union-attr]
    state = with_stats(edit(state, "h0", square=gate), "h0", (3, 3, 3, 3, 2, 4))
    state = roll(act(state, Attack(target="c-pinhead")), 1, 1, 1, 1, 1, 1, 1)
    state = act(state, EndTurn())
    state.hands[1] = ("leviathan:just_deserts",)
    state = act(state, PlayCard(card="just_deserts"))
    assert figure(state, "h0").stats == (3, 3, 3, 3, 1, 4)


def test_personal_hell_keeps_a_human_alive_and_sharpens_mind_attacks() -> None:
    state = act(leviathan_with("personal_hell"), PlayCard(card="personal_hell", target="h0"))
    s = clone(state)
    deal(s, Damage(target="h0", group="physical", points=6), Out())
    head = s.pending[0]
    assert isinstance(head, Choice) and head.points == 5  # one point is always left
    s = roll(act(state, Attack(attacker="c-pinhead", target="h0", stat="wits")),
             6, 6, 1, 1, 1, 1, 1)
    head = s.pending[0]
    assert isinstance(head, Choice) and head.points == 3


def test_leviathan_vision_looks_at_the_top_three_cards_and_they_stay_on_top() -> None:
    state = act(leviathan_with("vision"), PlayCard(card="vision", option="search"))
    state = report(report(report(state, "knife"), "bible"), "beer")
    assert state.decks["search"].top == ("knife", "bible", "beer")
    assert ENGINE.view(state, 1)["vision"]["cards"] == ["knife", "bible", "beer"]
    assert ENGINE.view(state, 0).get("vision") is None
    state = act(act(state, EndTurn()), EndTurn())
    state = edit(state, "h0", square=center(state, "library"))
    state = roll(act(state, Search()), 6, 6, 6)
    assert [i.card for i in figure(state, "h0").items] == ["knife"]  # no draw needed


def test_leviathan_conversion_takes_back_a_creature() -> None:
    state = clone(leviathan_with("conversion"))
    make_creature(state, "", 3, 3, (0, 0), Out(), seat=0)
    state = act(state, PlayCard(card="conversion", target="x1"))
    assert figure(state, "x1").seat is None


def test_plaything_swaps_two_statistics_of_a_human_near_a_cenobite() -> None:
    state = with_stats(leviathan_with("plaything"), "h0", (5, 3, 3, 3, 1, 3))
    state = act(state, PlayCard(card="plaything", target="h0", stat="strength",
                                stat2="morality"))
    assert figure(state, "h0").stats == (1, 3, 3, 3, 5, 3)


def test_plaything_lowering_strength_makes_the_human_drop_items() -> None:
    """Regression: the carrying limit follows Strength whatever lowered it."""
    state = with_stats(leviathan_with("plaything"), "h0", (3, 3, 3, 3, 1, 3))
    state = carrying(state, "h0", "knife", "bible", "koran")
    state = act(state, PlayCard(card="plaything", target="h0", stat="strength",
                                stat2="morality"))
    head = state.pending[0]
    assert isinstance(head, Choice) and head.purpose == "drop" and head.seat == 0
    state = act(act(state, Choose(option="0"), seat=0), Choose(option="0"), seat=0)
    assert len(figure(state, "h0").items) == 1


def test_key_opens_a_wall_between_tiles_beside_a_cenobite() -> None:
    state = leviathan_with("key")
    assert state.board is not None
    pinhead = figure(state, "c-pinhead").square
    assert pinhead is not None
    walls = [e for e in walls_between_tiles(state.board, tile_index(pinhead)) if pinhead in e]
    if not walls:  # Pinhead stands away from the tile's walls: walk him to one
        walls = walls_between_tiles(state.board, tile_index(pinhead))
        state = edit(state, "c-pinhead", square=walls[0][0] if tile_index(
            walls[0][0]) == tile_index(pinhead) else walls[0][1])
        pinhead = figure(state, "c-pinhead").square
        assert pinhead is not None
        walls = [e for e in walls if pinhead in e]
    beyond = walls[0][1] if walls[0][0] == pinhead else walls[0][0]
    state = act(state, PlayCard(card="key", square=beyond))
    assert state.board is not None and can_step(state.board, pinhead, beyond)


def test_trapped_chains_a_human_and_torn_to_shreds_kills_the_chained() -> None:
    state = leviathan_with("trapped")
    state = act(state, PlayCard(card="trapped", target="h0"))
    assert figure(state, "h0").chained
    state = act(act(state, EndTurn()), EndTurn())
    assert state.turn == 0
    assert "chains" in refused(state, Move(to=(0, 0)))
    failed = roll(act(state, BreakFree()), 6, 1, 1)
    assert figure(failed, "h0").chained
    freed = roll(act(state, BreakFree()), 6, 5, 1)
    assert not figure(freed, "h0").chained
    torn = act(failed, EndTurn())
    torn.hands[1] = ("leviathan:torn_to_shreds",)
    torn = act(torn, PlayCard(card="torn_to_shreds"))
    victim = figure(torn, "h0")
    assert victim.condition == "corpse" and victim.soul_in_hell


def test_tome_turns_a_corpse_under_a_cenobite_into_a_creature() -> None:
    state = leviathan_with("tome")
    gate = state.board.gateway  # type: ignore[union-attr]
    state = edit(state, "h2", condition="corpse", square=gate, stats=(0, 0, 3, 3, 3, 3))
    state.roles[2] = "out"
    state = act(state, PlayCard(card="tome", target="h2"))
    # The original character's 18 points, as evenly as 8 and 8 allow (rule 26).
    assert figure(state, "x1").stats[:2] == (8, 8) and figure(state, "h2").condition == "creature"


def test_drag_pulls_a_human_towards_a_cenobite_that_sees_them() -> None:
    state = leviathan_with("drag")
    gate = state.board.gateway  # type: ignore[union-attr]
    assert gate is not None
    away = next(sq for sq in tile_squares(tile_index(gate))
                if abs(sq[0] - gate[0]) + abs(sq[1] - gate[1]) == 2)
    state = edit(state, "h0", square=away)
    state = act(state, PlayCard(card="drag", target="h0"))
    moved = figure(state, "h0").square
    assert moved is not None and abs(moved[0] - gate[0]) + abs(moved[1] - gate[1]) == 1


def test_disorder_discards_the_hand_when_drawn() -> None:
    state = leviathan_with("key")
    state = report(act(state, DrawCard()), "disorder")
    assert state.hands.get(1, ()) == ()
    assert state.decks["leviathan"].removed == {"disorder": 1, "key": 1}


# Search items and room Powers


def test_healing_items_heal_d6_in_their_group_up_to_the_start_with_three_uses() -> None:
    state = carrying(new_game(1), "h0", "first_aid_kit")
    state = edit(state, "h0", stats=(1, 1, 3, 3, 3, 3))
    state = roll(act(state, UseItem(item="first_aid_kit")), 6)
    assert figure(state, "h0").stats[:2] == (3, 3)
    assert figure(state, "h0").items[0].used == 1
    assert "already used an item" in refused(state, UseItem(item="first_aid_kit"))


def power_room(tile_id: str) -> HellraiserState:
    state = new_game(2)
    return edit(state, "h0", square=center(state, tile_id))


@pytest.mark.parametrize(("tile", "group"), [("chapel", "spiritual"),
                                             ("hydrotherapy", "physical")])
def test_healing_room_powers_heal_one_point(tile: str, group: str) -> None:
    state = power_room(tile)
    state = edit(state, "h0", stats=(2, 3, 3, 3, 2, 3))
    state = act(state, UsePower())
    assert sum(figure(state, "h0").stats) == 17
    assert "already used" in refused(state, UsePower())


def test_every_room_power_works() -> None:
    powers = {t.id: t.power.id for t in builtin_tiles().tiles if t.power is not None}
    for tile_id, power in powers.items():
        state = edit(power_room(tile_id), "h0", stats=(2, 3, 1, 1, 2, 3))
        state.hands[0] = ("action:vision",)
        card = "vision" if power == "confession" else None
        state = act(state, UsePower(card=card))
        assert state.flags.power, power
        assert state.board is not None
        assert tile_at(state.board, center(state, tile_id)).power is not None
        if power == "channards_notes":
            state = report(report(state, "knife"), "bible")
            head = state.pending[0]
            assert isinstance(head, Choice) and head.purpose == "order"
            state = act(state, Choose(option="swap"))
            assert state.decks["search"].top == ("bible", "knife")
        elif power == "reference":
            assert state.flags.reference
        elif power == "shock_treatment":
            assert figure(state, "h0").stats[2:4] == (2, 2)
        elif power == "confession":
            assert state.hands[0] == () and figure(state, "h0").stats[4] == 3
        elif power == "scalding_steam":
            assert not state.pending  # no Cenobite or Creature in the boiler room
        else:
            assert sum(figure(state, "h0").stats) == 13, power


def test_personal_hell_spares_its_victim_from_torn_to_shreds() -> None:
    """Regression: 'A Human can't be killed by Physical damage' — Torn to Shreds killed
    a chained victim of Personal Hell anyway."""
    state = leviathan_with("trapped")
    state = act(state, PlayCard(card="trapped", target="h0"))
    state.effects.append(Effect(kind="personal_hell", seat=1, figure="h0"))
    state = act(act(act(state, EndTurn()), EndTurn()), EndTurn())
    assert state.turn == 1
    state.hands[1] = ("leviathan:torn_to_shreds",)
    assert "torn to shreds" in refused(state, PlayCard(card="torn_to_shreds"))
    assert figure(state, "h0").condition == "alive"


def test_every_house_reading_is_flagged_unverified_and_film_names_are_not_the_wikis() -> None:
    """Data we invent or complete is `verified: false` and shown as house data: a wiki
    card with a house reading included. The Named Cenobites' names are the films'."""
    cat = catalogue()
    for deck in (cat.search, cat.action, cat.leviathan):
        for card in deck.values():
            assert not ("house" in card.source and card.verified), card.id
    for cenobite in cat.cenobites:
        assert "films" in cenobite.source and "wiki" not in cenobite.source
        assert not cenobite.verified


WIKI_READINGS: dict[str, str] = {
    # Every card marked `verified: true`, with the one text the research notes support
    # (research-notes.md, the Hellraiser section, quoted in the comment). A card whose
    # text says more than its note is a house reading: `verified: false`, its source
    # naming the reading. Cards with no text are items the notes give as modifiers.
    # Search deck
    "bible": "", "koran": "", "vedas": "", "confucian_canon": "", "knife": "",
    "large_heavy_object": "", "puzzle_box": "", "videogame": "", "dictionary": "",
    "thesaurus": "", "somebodys_wallet": "", "snacks": "", "beer": "",
    # "heal d6 Physical / Mental / Spiritual, 3 uses, never above starting scores,
    # Humans only"
    "first_aid_kit": "Heal d6 Physical points, never above your starting scores."
                     " Humans only. 3 uses.",
    "lithium": "Heal d6 Mental points, never above your starting scores. Humans only. 3 uses.",
    "prosac": "Heal d6 Spiritual points, never above your starting scores. Humans only."
              " 3 uses.",
    # "ranged, fixed Strength 5; d6 per shot: 5 out of ammo, 6 misfire: 1 Physical
    # damage, destroyed"
    "revolver": "Ranged attack with a fixed Strength of 5. Roll a d6 per shot: 5, out of"
                " ammo; 6, misfire: 1 Physical damage to you and the gun is destroyed.",
    # "ranged, fixed Strength 7, may fire twice; 6 misfire: 2 Physical damage, destroyed"
    "shotgun": "Ranged attack with a fixed Strength of 7; may fire twice. Roll a d6 per"
               " shot: 6, misfire: 2 Physical damage to you and the gun is destroyed.",
    # "thrown, range = Strength, −1 Strength per square, lands in target square"
    "sharp_object": "Thrown: range equal to your Strength, -1 Strength per square; it lands"
                    " in the target's square.",
    # Action deck: "Move 1…6 (one card each)"
    **{f"move_{n}": f"Move up to {n} square{'s' * (n > 1)}, on top of your move this turn."
       for n in range(1, 7)},
    # "Reload (ignore the first out-of-ammo or misfire)"
    "reload": "Ignore the next out-of-ammo or misfire result of your guns.",
    # "Clue (take one card from the Action discard or draw 2)"
    "clue": "Take one card of your choice from the Action discard pile, or draw 2 Action"
            " cards.",
    # "Think harder (double one mental stat until your next turn)"
    "think_harder": "Double one of your Mental statistics until your next turn.",
    # Leviathan deck: "Abomination (entrance: a Creature, Strength 6 Speed 3, from the
    # gateway)"
    "abomination": "A Creature (Strength 6, Speed 3) crawls out of the gateway.",
    # "Degeneracy (Humans in a tile with a Cenobite take 1 Spiritual)"
    "degeneracy": "Every Human in a tile with a Cenobite takes 1 Spiritual damage.",
    # "Insanity (control all insane Humans for 2 turns)"
    "insanity": "You control every insane Human for their next 2 turns.",
    # "Vision (look at the top 3 of any deck)"
    "vision": "Look at the top 3 cards of the Search, Action or Leviathan deck.",
}


def test_every_verified_card_says_only_what_the_research_notes_support() -> None:
    """A card is `verified: true` only if its text is the reading the notes support,
    word for word as listed above; anything the notes don't say (Plaything's "in a tile
    with a Cenobite", Vision's "until your next turn", Escape from Hell's Strength 1 and
    Speed 1…) makes it a house reading, unverified, with the reading in its source."""
    cat = catalogue()
    verified = {(deck, card.id): card.text for deck, cards in
                (("search", cat.search), ("action", cat.action), ("leviathan", cat.leviathan))
                for card in cards.values() if card.verified}
    assert {cid: text for (_, cid), text in verified.items()} == WIKI_READINGS
    assert ("action", "vision") not in verified and ("leviathan", "vision") in verified
    for deck in (cat.action, cat.leviathan):
        for card in deck.values():
            if not card.verified and card.source.startswith("curufea"):
                assert "house" in card.source, card.id
    escape = cat.action["escape_from_hell"]
    assert "Strength 1 and Speed 1" in escape.source and not escape.verified
