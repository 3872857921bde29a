"""What a renderer needs to draw the board. Nothing is hidden in this game (the
deck is a shuffled multiset, so there is no order to leak), so every seat and
spectators see the same picture."""

from __future__ import annotations

from typing import Any

from engines.hellboy_dice.attack import attack_score
from engines.hellboy_dice.flow import can_draw
from engines.hellboy_dice.models import COLOURS, HellboyState

PROMPTS: dict[str, str] = {
    "first_player": "Draw lots for who starts",
    "explore": "Explore the next card",
    "attack": "Choose up to three Attack Dice to roll with the blue die",
    "draw": "Draw the next Exploration card",
    "roll": "Roll the blue die and the chosen Attack Dice",
    "boss_reroll": "The boss forces a re-roll of the highest scoring die",
    "choose_reroll": "Blue Re-roll: choose a die to re-roll, or keep the roll",
    "reroll": "Re-roll the chosen die",
    "choose_x2": "Blue X2: choose the die to double",
    "blue_again": "The boss rolls the blue die again",
    "brave_move": "Brave Move: lose a Wound for a Clue?",
    "lucky_find": "Lucky Find: roll one of your remaining dice?",
    "lucky_roll": "Roll the Lucky Find die",
    "accident": "Accident: roll the blue die",
    "over": "The game is over",
}


def board(state: HellboyState) -> dict[str, Any]:
    s = state
    card = s.in_play
    roll = None
    if s.roll is not None:
        roll = {
            "dice": [{"colour": c} for c in s.roll.colours] if not s.roll.faces
            else [d.model_dump() for d in s.roll.faces],
            "blue": s.roll.blue,
            "rerolled": list(s.roll.rerolled),
            "doubled": s.roll.doubled,
            "score": attack_score(s) if s.roll.blue is not None else None,
        }
    digital = s.options.mode == "digital"
    return {
        "game": "hellboy-dice",
        "mode": s.options.mode,
        "deck": {
            "name": s.components.deck_name,
            "house": not s.components.deck_verified,
            "left": sum(s.deck) if digital else None,
            "discard": sum(s.discard) if digital else None,
        },
        "turn": s.turn,
        "turn_name": s.names[s.turn],
        "round": s.round,
        "phase": s.phase,
        "prompt": PROMPTS[s.phase],
        "can_explore": s.phase == "explore" and can_draw(s),
        "can_bank": s.phase == "explore" and s.first_resolved,
        "card": None if card is None else {
            "id": card.id,
            "name": card.name,
            "kind": card.kind,
            "clues": card.clues,
            "fight": card.fight,
            "fight_left": s.fight_left,
            "skulls": card.skulls,
            "effects": list(card.effects),
            "event": card.event,
            "effect_text": card.effect_text(),
            "text": card.text,
        },
        "card_dice": [d.model_dump() for d in s.card_dice],
        "hand": dict(zip(COLOURS, s.hand, strict=True)),
        "hand_total": sum(s.hand),
        "gone": dict(zip(COLOURS, s.gone, strict=True)),
        "wounds": s.wounds,
        "turn_clues": s.turn_clues,
        "kept": [{"name": c.name, "clues": c.clues} for c in s.kept],
        "bonus_clues": s.bonus_clues,
        "roll": roll,
        "lucky_die": s.lucky_die,
        "target": s.options.target,
        "scores": [
            {"seat": i, "name": n, "clues": s.scores[i]} for i, n in enumerate(s.names)
        ],
        "final_round": s.final_trigger is not None,
        "final_trigger": s.final_trigger,
        "final_left": list(s.final_left),
        "tiebreak": list(s.tiebreak),
        "winners": None if s.winners is None else list(s.winners),
    }
