"""The live Hellboy board: one embed that answers every question at the table.

Whose turn, what is in play and how hard it still is, which dice are left,
Wounds, Clues at stake, the scores, what the player must decide now, and the
odds for that decision. Pure: a state in, an embed out, within Discord's limits
whatever the names and cards (every text is clipped to its field's limit).
"""

from __future__ import annotations

from functools import lru_cache

import discord
from discord.utils import escape_markdown

from bot.games.hellboy_dice import odds
from bot.games.hellboy_dice.symbols import (
    BLUE_DIE,
    CLUE,
    SKULL,
    blue_face,
    dice_set,
    die_face,
    faces,
    hand_line,
    percent,
    plural,
    wounds,
)
from bot.models import GameRow
from bot.render.style import (
    COLOUR_DONE,
    COLOUR_PLAY,
    EMBED_DESCRIPTION,
    EMBED_TITLE,
    FIELD_NAME,
    FIELD_VALUE,
    clip,
)
from engines.hellboy_dice.attack import attack_score
from engines.hellboy_dice.models import CHANCE_PHASES, COLOURS, HellboyState
from engines.hellboy_dice.odds import dice_model
from engines.hellboy_dice.view import PROMPTS

TITLE = "Hellboy: The Dice Game"


def name_of(game: GameRow, state: HellboyState, seat: int) -> str:
    robot = seat < len(game.seats) and game.seats[seat].ai
    return _escaped(state.names[seat]) + (" 🤖" if robot else "")


_escaped = lru_cache(maxsize=1024)(escape_markdown)
"""Players' and cards' names and card texts, escaped once: a board shows them every
click, each a regular expression's pass (a few hundred names and texts in all)."""


def board(game: GameRow, state: HellboyState) -> discord.Embed:
    over = state.phase == "over" or game.status == "finished"
    embed = discord.Embed(
        title=clip(f"🃏 {TITLE} — {'game over' if over else _stage(state)}", EMBED_TITLE),
        description=clip(_headline(game, state), EMBED_DESCRIPTION),
        colour=COLOUR_DONE if over else COLOUR_PLAY,
    )
    if not over:
        _add(embed, *_card_field(state))
        _add(embed, *_roll_field(state))
        _add(embed, f"🎲 Attack Dice left: {sum(state.hand)}", _dice_text(state))
        _add(embed, *_odds_field(state, odds.figures(game, state)))
        _add(embed, f"{CLUE} Clues this turn: {state.turn_clues}", _kept_text(state))
    _add(embed, f"🏆 Clues banked (target {state.options.target})", _scores_text(game, state))
    _add(embed, "🂠 Deck", _deck_text(state), inline=True)
    return embed


def _add(embed: discord.Embed, name: str | None, value: str | None, inline: bool = False) -> None:
    if name is None or not value:
        return
    embed.add_field(name=clip(name, FIELD_NAME), value=clip(value, FIELD_VALUE), inline=inline)


def _stage(state: HellboyState) -> str:
    if state.tiebreak:
        return f"tiebreak {state.tiebreak_rounds}"
    if state.final_trigger is not None:
        return "final round"
    return f"round {state.round}"


def _headline(game: GameRow, state: HellboyState) -> str:
    if state.phase == "over":
        winners = state.winners or ()
        if not winners:
            return f"🏁 The game is over: no one reached {state.options.target} Clues."
        names = " and ".join(f"**{name_of(game, state, i)}**" for i in winners)
        verb = "share the win" if len(winners) > 1 else "wins"
        return f"🏁 {names} {verb} with {plural(state.scores[winners[0]], 'Clue')}!"
    if state.phase == "first_player":
        return f"🎲 Who starts is drawn by lot.\n{_pending(game, state)}"
    who = name_of(game, state, state.turn)
    status = f"{wounds(state.wounds)} · {CLUE} {state.turn_clues} this turn"
    return f"▶️ **{who}**'s turn · {status}\n{_pending(game, state)}"


def _pending(game: GameRow, state: HellboyState) -> str:
    """What the player must decide (or report) now, in words."""
    phase = state.phase
    if phase in CHANCE_PHASES:
        if state.options.mode == "physical":
            return f"📝 {PROMPTS[phase]}: press **Report result** and fill in what you see."
        return f"⏳ {PROMPTS[phase]}…"
    if phase == "explore":
        if not state.first_resolved:
            return "➡️ **Explore** to turn over the first card of your turn."
        return f"➡️ **Explore** another card, or **End turn** and bank {CLUE} {state.turn_clues}."
    if phase == "attack":
        card = state.in_play.name if state.in_play is not None else "the card"
        return (
            f"⚔️ Attack **{_escaped(card)}**: choose one to three Attack Dice;"
            f" the blue die {BLUE_DIE} always rolls with them."
        )
    return f"❓ {PROMPTS[phase]}"


def _card_field(state: HellboyState) -> tuple[str | None, str | None]:
    card = state.in_play
    if card is None:
        return None, None
    lines = []
    if card.event is None:
        left = state.fight_left
        fight = f"Fight **{left}**" + (f" (printed {card.fight})" if left != card.fight else "")
        lines.append(
            f"{card.kind.capitalize()} · {fight} · {SKULL} {card.skulls} · {CLUE} {card.clues}"
        )
        if state.card_dice:
            lines.append(f"On the card: {faces(state.components, state.card_dice)}")
    else:
        lines.append("Event")
    lines += [f"• {text}" for text in card.effect_text()]
    if card.text:
        lines.append(f"*{_escaped(card.text)}*")
    return f"🃏 In play: {card.name}", "\n".join(lines)


def _roll_field(state: HellboyState) -> tuple[str | None, str | None]:
    roll = state.roll
    if roll is None or not roll.faces or roll.blue is None:
        return None, None
    comps = state.components
    dice = " · ".join(
        f"{i + 1}. {die_face(comps, d.colour, d.label)}" + (" (re-rolled)" if again else "")
        for i, (d, again) in enumerate(zip(roll.faces, roll.rerolled, strict=True))
    )
    score = attack_score(state)
    return "🎲 The roll", (
        f"{dice}\n{BLUE_DIE} {blue_face(comps, roll.blue)}\n"
        f"Attack Score so far **{score}** against Fight Value **{state.fight_left}**"
    )


def _dice_text(state: HellboyState) -> str:
    lines = [hand_line(state.hand), f"{BLUE_DIE} The blue die rolls with every attack."]
    if any(state.gone):
        gone = " ".join(
            f"{dice_set([c])} ×{n}" for c, n in zip(COLOURS, state.gone, strict=True) if n
        )
        lines.append(f"Gone this turn: {gone}")
    return "\n".join(lines)


def _odds_field(state: HellboyState, shown: odds.Figures) -> tuple[str | None, str | None]:
    lines = odds_lines(state, shown)
    return ("📊 Odds", "\n".join(lines)) if lines else (None, None)


def odds_lines(state: HellboyState, figures: odds.Figures | None = None) -> list[str]:
    """The figures for the decision at hand (none when there is no decision to inform);
    `figures`: those the board's buttons share, if at hand."""
    phase = state.phase
    figures = figures or odds.Figures(state)
    lines: list[str] = []
    if phase == "attack":
        hint = figures.suggested
        shown = figures.attack_buttons
        if shown and shown[0].knocked_out_in_the_end is not None:
            return _hopeless_lines(state, shown, hint)
        for choice in shown:
            ko = f" · {percent(choice.knocked_out)} Knocked Out" if choice.knocked_out else ""
            tip = " 💡" if choice.dice == hint else ""
            lines.append(f"{dice_set(choice.dice)} **{percent(choice.defeat)}** to defeat{ko}{tip}")
        lines.append("💡 the computer players' pick · `/hellboy odds` lists every dice set")
    elif phase == "choose_reroll" and state.roll is not None:
        for i, p in figures.reroll_chances.items():
            face = die_face(state.components, state.roll.colours[i], state.roll.faces[i].label)
            lines.append(f"Re-roll {i + 1}. {face}: **{percent(p)}** to defeat the card")
        lines.append("Keep the roll: the attack fails")
    elif phase == "choose_x2" and state.roll is not None:
        fight = state.fight_left
        for i, score in figures.x2_scores.items():
            face = die_face(state.components, state.roll.colours[i], state.roll.faces[i].label)
            verdict = "defeats the card" if score >= fight else "not enough"
            lines.append(f"Double {i + 1}. {face}: score **{score}** — {verdict}")
    elif phase == "lucky_find":
        model = dice_model(state.components)
        for i, colour in enumerate(COLOURS):
            if state.hand[i]:
                lines.append(f"{dice_set([colour])} **{percent(model.clue[i])}** to find a Clue")
    else:
        risk = figures.next_card
        if risk is not None:
            lines.append(
                f"Explore again: **{percent(risk.knocked_out)}** chance of a Knock Out"
                f" (losing {CLUE} {state.turn_clues}); about +{risk.expected_clues:.1f}"
                " Clues expected from the card."
            )
            if state.options.mode == "physical":
                lines.append("(From the deck's make-up: the bot can't see your box's deck.)")
    return lines


def _hopeless_lines(
    state: HellboyState, shown: list[odds.AttackChoice], hint: tuple[str, ...] | None
) -> list[str]:
    """No set can defeat the card this attack, so no '0 %' is worth showing: what each
    set takes off the Fight Value (its scoring dice stay on the card) weighed against
    the Knock Out risk, now and before the card falls."""
    fight = state.fight_left
    lines = [
        f"Nothing can defeat it in this attack (Fight Value **{fight}**). The dice that"
        " score stay on the card and lower it, so weigh what each set takes off"
        " against the risk of a Knock Out:"
    ]
    for choice in shown:
        later = choice.knocked_out_in_the_end or 0.0
        now = f" · {percent(choice.knocked_out)} Knocked Out now" if choice.knocked_out else ""
        tip = " 💡" if choice.dice == hint else ""
        after = max(0.0, fight - choice.cost)
        lines.append(
            f"{dice_set(choice.dice)}: about −{choice.cost:.1f} (Fight → ~{after:.1f}){now}"
            f" · **{percent(1 - later)}** to beat it in the end{tip}"
        )
    lines.append(
        "In the end: fighting on as the computer players would until the card falls"
        " · 💡 their pick · `/hellboy odds` lists every dice set"
    )
    return lines


def _kept_text(state: HellboyState) -> str:
    if not state.kept and not state.bonus_clues:
        return "Nothing kept yet: a Knock Out now would cost nothing."
    cards = [
        _escaped(c.name) + (f" ({c.clues})" if c.event is None else "") for c in state.kept
    ]
    bonus = f"bonus +{state.bonus_clues}" if state.bonus_clues else ""
    return " · ".join([*cards, *([bonus] if bonus else [])])


def _scores_text(game: GameRow, state: HellboyState) -> str:
    lines = []
    playing = state.phase != "over" and game.status != "finished"
    for seat, score in enumerate(state.scores):
        marker = "▶️" if playing and seat == state.turn else "▫️"
        tags = []
        if state.final_trigger == seat:
            tags.append("🔔")
        if seat in state.tiebreak and playing:
            tags.append("⚔️ tiebreak")
        if state.winners and seat in state.winners:
            tags.append("👑")
        extra = f" {' '.join(tags)}" if tags else ""
        lines.append(f"{marker} {name_of(game, state, seat)} — **{score}**{extra}")
    if playing and state.final_trigger is not None and not state.tiebreak:
        left = ", ".join(name_of(game, state, i) for i in state.final_left)
        lines.append(f"🔔 Final round: {left} still to play.")
    return "\n".join(lines)


def _deck_text(state: HellboyState) -> str:
    if state.options.mode == "physical":
        return "Your own box"
    return f"{sum(state.deck)} left · {sum(state.discard)} discarded"
