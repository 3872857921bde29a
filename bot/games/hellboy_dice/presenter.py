"""Hellboy: The Dice Game in Discord: the presenter the table uses for its board.

The game's manifest (`bot.games.hellboy_dice.FRONTEND`) hands it to the table
with the physical-mode card form (`forms`). The board itself is drawn by
`board`, roll messages by `events`, the odds picked by `odds`; button codes
live in `codes`.

Buttons for the player to move: Explore / End turn (with the risk of drawing
again), a few attacks that are the best trade-offs between the chance to win
and the dice spent (`/hellboy attack` or the dice select for any other set),
and every choice the rules give (X2, Re-roll, Brave Move, Lucky Find).
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

import discord
from pydantic import ValidationError

from bot.games.hellboy_dice import codes, odds
from bot.games.hellboy_dice.board import board as board_embed
from bot.games.hellboy_dice.events import event_lines
from bot.games.hellboy_dice.symbols import (
    COLOUR_SQUARE,
    dice_set,
    die_face,
    percent,
    plural,
)
from bot.models import GameRow
from bot.render import per_version
from bot.render.games import SelectChoice
from bot.render.style import COLOUR_PLAY, clip
from engines.core.errors import RuleError
from engines.core.protocol import Event, Seat
from engines.hellboy_dice import ENGINE
from engines.hellboy_dice import odds as engine_odds
from engines.hellboy_dice.components import build_components
from engines.hellboy_dice.models import (
    BLUE,
    CHANCE_PHASES,
    COLOURS,
    MAX_ATTACK_DICE,
    Action,
    Attack,
    BraveMove,
    ChooseReroll,
    ChooseX2,
    Colour,
    Components,
    EndTurn,
    Explore,
    Hand,
    HellboyOptions,
    HellboyState,
    LuckyFind,
)
from engines.hellboy_dice.odds import dice_model

KEY = "hellboy-dice"
LABEL = 80
OPTION_TEXT = 100


class HellboyPresenter:
    """The table's view of a Hellboy game (see bot.render.games.Presenter)."""

    def board(self, game: GameRow, state: Any) -> discord.Embed:
        if not isinstance(state, HellboyState):
            return discord.Embed(title="Hellboy: The Dice Game", colour=COLOUR_PLAY)
        return board_embed(game, state)

    def action_buttons(self, game: GameRow, state: Any) -> list[tuple[str, str, int]]:
        seat = _human_to_move(game, state)
        if seat is None:
            return []
        return [(label[:LABEL], codes.encode(action), seat)
                for label, action in _choices(state, per_version.legal_actions(game, state, seat),
                                              odds.figures(game, state))]

    def action_selects(self, game: GameRow, state: Any) -> list[SelectChoice]:
        """The attack's dice select: any one to three of the dice left."""
        seat = _human_to_move(game, state)
        if seat is None or state.phase != "attack":
            return []
        options = list(_dice_options(state.components, state.hand))
        return [
            SelectChoice(
                code=codes.ATTACK_SELECT,
                seat=seat,
                placeholder="Or attack with any 1–3 dice of your choice…",
                options=options,
                min_values=1,
                max_values=min(MAX_ATTACK_DICE, len(options)),
            )
        ]

    def decode(self, game: GameRow, state: Any, seat: int, code: str, values: list[str]) -> Any:
        if not isinstance(state, HellboyState):
            raise RuleError("This game hasn't started yet.")
        return ENGINE.dump_action(codes.decode(code, values))

    def event_lines(self, game: GameRow, events: list[Event]) -> list[str]:
        comps = components_of(game)
        if comps is None:
            return [e.text for e in events if e.text]
        return event_lines(comps, [s.name for s in game.seats], events)

    def rematch_options(
        self, game: GameRow, state: Any, options: dict[str, Any]
    ) -> dict[str, Any]:
        """Who starts moves one seat on from whoever started the game just played, fixed
        or drawn by lot, so rematches take turns at the first turn's advantage."""
        if not isinstance(state, HellboyState) or not game.seats:
            return options
        return {**options, "first_seat": str((state.first + 1) % len(game.seats) + 1)}

    def footer(self, game: GameRow) -> str:
        return _footer(json.dumps(game.options, sort_keys=True))


_DICE_OPTIONS: dict[tuple[int, Hand], tuple[discord.SelectOption, ...]] = {}


def _dice_options(comps: Components, hand: Hand) -> tuple[discord.SelectOption, ...]:
    """The dice select's options: one per die left, kept per dice set and hand (a few
    hundred at most) since every attack board lists them. Shared: never changed."""
    key = (comps.dice_id, hand)
    found = _DICE_OPTIONS.get(key)
    if found is not None:
        return found
    model = dice_model(comps)
    options = []
    for i, colour in enumerate(COLOURS):
        faces = " ".join(f.label for f in comps.dice[colour].faces)
        for number in range(1, hand[i] + 1):
            options.append(
                discord.SelectOption(
                    label=f"{colour.capitalize()} die {number}",
                    value=codes.select_value(colour, number),
                    description=clip(
                        f"{model.mean[i]:.1f} pips on average · faces {faces}", OPTION_TEXT
                    ),
                    emoji=COLOUR_SQUARE[colour],
                )
            )
    found = _DICE_OPTIONS[key] = tuple(options)
    return found


def _human_to_move(game: GameRow, state: Any) -> int | None:
    """The seat whose buttons the board shows: a person to move, with no roll or draw pending."""
    if not isinstance(state, HellboyState) or state.phase in CHANCE_PHASES:
        return None
    if state.phase == "over" or game.status != "active":
        return None
    seat = state.turn
    if seat < len(game.seats) and game.seats[seat].ai:
        return None
    return seat


EXPLORE, END_TURN, KEEP_ROLL = Explore(), EndTurn(), ChooseReroll(die=None)
BRAVE, NOT_BRAVE, NO_LUCK = BraveMove(accept=True), BraveMove(accept=False), LuckyFind(die=None)
"""Moves every board offers, built once: actions are frozen, so boards share them."""


@lru_cache(maxsize=256)
def _attack(dice: tuple[Colour, ...]) -> Attack:
    return Attack(dice=dice)


def _choices(state: HellboyState, legal: list[Action], figures: odds.Figures
             ) -> list[tuple[str, Action]]:
    """(label, action) for each button, every one of the seat to move's `legal` actions,
    with the `figures` the board's odds show. Actions are frozen, so the legal ones are
    looked up in a set by kind and fields (pydantic's equality, move by move, cost a
    third of a board, and its hash and equality in a set still a twentieth)."""
    phase, comps = state.phase, state.components
    allowed = {_same(action) for action in legal}
    found: list[tuple[str, Action]] = []
    if phase == "explore":
        risk = figures.next_card
        if _same(EXPLORE) in allowed:
            note = f" · {percent(risk.knocked_out)} risk of Knock Out" if risk else ""
            found.append((f"🃏 Explore{note}", EXPLORE))
        if _same(END_TURN) in allowed:
            found.append((f"🏦 End turn · bank {plural(state.turn_clues, 'Clue')}", END_TURN))
    elif phase == "attack":
        hint = figures.suggested
        for choice in figures.attack_buttons:
            found.append((_attack_label(choice, hint), _attack(choice.dice)))
    elif phase == "choose_x2" and state.roll is not None:
        for i, score in figures.x2_scores.items():
            face = die_face(comps, state.roll.colours[i], state.roll.faces[i].label)
            found.append((f"✖️2 Double {i + 1}. {face} → {score}", ChooseX2(die=i)))
    elif phase == "choose_reroll" and state.roll is not None:
        for i, p in figures.reroll_chances.items():
            face = die_face(comps, state.roll.colours[i], state.roll.faces[i].label)
            found.append((f"🔄 Re-roll {i + 1}. {face} · {percent(p)}", ChooseReroll(die=i)))
        found.append(("✋ Keep the roll", KEEP_ROLL))
    elif phase == "brave_move":
        found.append(("❤️ Lose a Wound for a Clue", BRAVE))
        found.append(("🚪 No, discard the card", NOT_BRAVE))
    elif phase == "lucky_find":
        model = dice_model(comps)
        for i, colour in enumerate(COLOURS):
            if state.hand[i]:
                label = f"🍀 Roll {dice_set([colour])} · {percent(model.clue[i])} Clue"
                found.append((label, LuckyFind(die=colour)))
        found.append(("🚪 No thanks", NO_LUCK))
    return [(label, action) for label, action in found if _same(action) in allowed]


def _same(action: Action) -> tuple[Any, ...]:
    """What tells two moves apart: their kind and fields (actions are frozen)."""
    return (type(action), *action.__dict__.values())


def _attack_label(choice: odds.AttackChoice, hint: tuple[str, ...] | None) -> str:
    """An attack button: the dice, then the chance to defeat the card; or, when no set
    can, what it takes off the Fight Value and the chance to beat the card in the end."""
    tip = " 💡" if choice.dice == hint else ""
    later = choice.knocked_out_in_the_end
    if later is None:
        return f"⚔️ {dice_set(choice.dice)} · {percent(choice.defeat)}{tip}"
    beat = percent(1 - later)
    return f"⚔️ {dice_set(choice.dice)} · −{choice.cost:.1f} Fight · {beat} to beat it{tip}"


@lru_cache(maxsize=64)
def _components(options: str) -> Components | None:
    try:
        return build_components(HellboyOptions.model_validate_json(options))
    except (RuleError, ValidationError):
        return None


@lru_cache(maxsize=64)
def _footer(options: str) -> str:
    """The footer for a game's options (kept per options: every board has one)."""
    comps = _components(options)
    if comps is None:
        return ""
    pack = json.loads(options).get("pack")
    named = f"pack {pack.get('name')} · " if isinstance(pack, dict) else ""
    return named + provenance(comps)


def components_of(game: GameRow) -> Components | None:
    """The deck and dice a game's options name or carry (a chosen pack), for symbols and
    provenance; built once per distinct options."""
    return _components(json.dumps(game.options, sort_keys=True))


def provenance(comps: Components) -> str:
    """Where the deck and dice come from, as the footer says it: house data is labelled."""
    dice_verified = all(comps.dice[name].verified for name in (*COLOURS, BLUE))
    deck = comps.deck_name if comps.deck_verified else f"{comps.deck_name} (unverified)"
    dice = "dice faces verified" if dice_verified else "house dice faces (unverified)"
    if not comps.deck_verified and not dice_verified:
        return f"{comps.deck_name}, house dice faces — unverified"
    return f"{deck} · {dice}"


PRESENTER = HellboyPresenter()


def warm_up() -> None:
    """Build the odds tables for the built-in dice and deck once, at start-up, for
    every hand of dice a turn can reach (~0.4 s of CPU, once per process): a board's
    odds then cost microseconds, where each hand met for the first time cost its
    board milliseconds (most of Hellboy's board build, issue 27)."""
    seats = [Seat(index=0, name="warm-up")]
    engine_odds.warm_up(ENGINE.setup(seats, ENGINE.parse_options({})), every_hand=True)
