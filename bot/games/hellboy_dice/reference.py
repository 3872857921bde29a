"""What /hellboy shows beside the board: every attack's odds, and the rules at a glance.

The board has room for a few figures; `/hellboy odds` lists them all (every
dice set the player could roll, the deck's make-up, the risk of drawing again).
`/hellboy rules` is the rules sheet in short, with the blue die's faces drawn
from the dice pack the game uses, so a group's own pack is described truly.
"""

from __future__ import annotations

import discord
from discord.utils import escape_markdown

from bot.games.hellboy_dice import odds
from bot.games.hellboy_dice.board import odds_lines
from bot.games.hellboy_dice.symbols import BLUE_DIE, CLUE, SKULL, dice_set, percent, plural
from bot.render.style import COLOUR_INFO, EMBED_DESCRIPTION, FIELD_VALUE, clip
from engines.hellboy_dice.cards import BOSS_EFFECT_TEXT, EVENT_TEXT
from engines.hellboy_dice.models import BLUE, Components, HellboyOptions, HellboyState


def odds_embed(state: HellboyState, footer: str) -> discord.Embed:
    embed = discord.Embed(title=_odds_title(state), colour=COLOUR_INFO)
    if state.phase == "attack":
        lines = [_attack_line(choice) for choice in odds.all_attacks(state)]
        card = state.in_play
        assert card is not None
        effects = "".join(f"\n• {text}" for text in card.effect_text())
        head = (
            f"Fight **{state.fight_left}** left · {SKULL} {card.skulls} ·"
            f" {sum(state.hand)} Attack {'Die' if sum(state.hand) == 1 else 'Dice'} left{effects}\n"
            "Every dice set you could roll with the blue die, best chance first"
            " (the blue die's faces and the boss's effects included):"
        )
        embed.description = clip("\n".join([head, *lines]), EMBED_DESCRIPTION)
    else:
        lines = odds_lines(state)
        embed.description = clip(
            "\n".join(lines) or "No choice needs odds right now.", EMBED_DESCRIPTION
        )
    if state.options.mode == "digital" and state.phase != "over":
        embed.add_field(name="🂠 Deck", value=clip(_deck_make_up(state), FIELD_VALUE))
    embed.set_footer(text=footer)
    return embed


def _odds_title(state: HellboyState) -> str:
    card = state.in_play
    if state.phase == "attack" and card is not None:
        return clip(f"📊 Odds against {card.name}", 256)
    return "📊 Odds"


def _attack_line(choice: odds.AttackChoice) -> str:
    """A set's chance to defeat the card; when no set can, what it takes off the Fight
    Value and its chance to beat the card in the end instead of a row of 0 %."""
    ko = f" · {percent(choice.knocked_out)} Knocked Out" if choice.knocked_out else ""
    later = choice.knocked_out_in_the_end
    if later is not None:
        return (
            f"{dice_set(choice.dice)} −{choice.cost:.1f} Fight{ko}"
            f" · **{percent(1 - later)}** to beat it in the end"
        )
    return f"{dice_set(choice.dice)} **{percent(choice.defeat)}**{ko}"


def _deck_make_up(state: HellboyState) -> str:
    kinds = {"room": 0, "boss": 0, "event": 0}
    for card, copies in zip(state.components.cards, state.deck, strict=True):
        kinds[card.kind] += copies
    left = sum(state.deck)
    return (
        f"{plural(left, 'card')} left: {plural(kinds['room'], 'room')},"
        f" {plural(kinds['boss'], 'boss')}, {plural(kinds['event'], 'event')};"
        f" {sum(state.discard)} in the discard pile."
    )


def _house_choices(options: HellboyOptions) -> list[str]:
    """The options this table changed from the defaults, in the players' words."""
    defaults = HellboyOptions()
    lines = []
    for key, spec in HellboyOptions.model_fields.items():
        if key in {"mode", "pack", "deck_path", "dice_path"}:
            continue
        value = getattr(options, key)
        if value != getattr(defaults, key):
            shown = ("on" if value else "off") if isinstance(value, bool) else value
            lines.append(f"• `{key}={shown}` — {spec.description}")
    return lines


def rules_embed(
    components: Components, footer: str, options: HellboyOptions | None = None
) -> discord.Embed:
    """The rules sheet in short (every text well inside a field's limit), with this
    table's target and house choices when a table is open."""
    options = options or HellboyOptions()
    target = options.target
    blue = components.dice[BLUE]
    faces = []
    seen = set()
    for face in blue.faces:
        if face.label in seen:
            continue
        seen.add(face.label)
        meaning = blue.effects.get(face.effect or "", "")
        faces.append(f"{face.symbol} **{escape_markdown(face.label)}** — {meaning}")
    embed = discord.Embed(
        title="📖 Hellboy: The Dice Game — quick reference",
        colour=COLOUR_INFO,
        description=(
            f"Race to {target} Clues. On your turn you start with all 12 Attack Dice"
            f" ({dice_set(['yellow'] * 6 + ['orange'] * 3 + ['red'] * 2 + ['black'])}),"
            f" the blue die {BLUE_DIE} and 3 Wounds. **Explore** to turn over a card; defeat"
            " or resolve it before you may end your turn."
        ),
    )
    fields = [
        ("⚔️ Attacking", (
            "Roll the blue die with one to three Attack Dice of your choice; add the pips."
            " Match or beat the card's Fight Value to take it: every die used on it is gone"
            " for the turn. Otherwise you lose a Wound per Skull on the card, scoring dice"
            " stay on it and lower its Fight Value, the rest are gone; attack again."
        )),
        (f"{BLUE_DIE} The blue die", "\n".join(faces)),
        ("👹 Boss effects", "\n".join(f"• {t}" for t in BOSS_EFFECT_TEXT.values())),
        ("📜 Events", "\n".join(f"• {t}" for t in EVENT_TEXT.values())),
        ("😵 Knocked Out", (
            "Three Wounds lost, or no Attack Dice left with a card in play: the turn ends"
            " and scores nothing; its cards are discarded."
        )),
        (f"🏦 Banking {CLUE}", (
            "After your first card is defeated or resolved, **End turn** at any time to bank"
            " the Clues of the cards you kept. The deck reshuffles its discards when empty."
        )),
        ("🏁 Winning", (
            f"When someone banks {target} or more, everyone else gets one final turn. Most Clues"
            " wins; tied leaders alone play tiebreaker turns."
        )),
        ("🎮 Here", (
            "Buttons on the board: Explore, End turn, the attacks worth a look (with their"
            " odds) and every choice the rules give. `/hellboy attack` rolls any dice set,"
            " `/hellboy odds` lists every attack's exact odds."
        )),
    ]
    house = _house_choices(options)
    fields.append((
        "🏠 This table",
        "\n".join(house) if house else (
            f"Played as written (target {target}). House options, set at"
            " `/game new … options:key=value`, are listed by `/game options hellboy`."
        ),
    ))
    for name, value in fields:
        embed.add_field(name=name, value=clip(value, FIELD_VALUE), inline=False)
    embed.set_footer(text=footer)
    return embed
