"""Hellbringer's live board and private hand, drawn from the engine's view.

The public board is `view(state, None)`, which never holds a hand (hands are
hidden, except an eliminated hero's); the hand embed is `view(state, seat)`,
sent only ephemerally ('My hand', `/hellbringer hand`)."""

from __future__ import annotations

from typing import Any

import discord

from bot.games.hellbringer.labels import NEVER_MIND
from bot.models import GameRow
from bot.render.style import COLOUR_DONE, COLOUR_INFO, COLOUR_PLAY, FIELD_VALUE, clip
from engines.hellbringer import ENGINE, HellbringerState
from engines.hellbringer.view import HOUSE_CARDS, own_hero

ROWS = (("in", "👁️ In Sight"), ("mixed", "🌗 Mixed"), ("out", "🌑 Out of Sight"))
STATS = (("health", "❤️"), ("armor", "🛡️"), ("sight", "👁️"), ("skill", "📘"))


def _enemy_line(e: dict[str, Any]) -> str:
    dice = e["dice"]
    seen = f" · seen by {', '.join(e['seen_by'])}" if e["seen_by"] else ""
    tags = f" · {e['abilities']}" if e.get("abilities") else ""
    return (f"**{e['name']}** `{e['uid']}` · sight {e['sight']} · threshold {e['threshold']} · "
            f"{dice['damage']}D{dice['acid']}A{tags}{seen}")


def _hero_value(h: dict[str, Any]) -> str:
    s = h["stats"]
    parts = [f"{icon} {s[k]}" for k, icon in STATS if k in s]
    lines = [f"{h['class'] or 'no class yet'} · threshold {h['threshold']} · "
             f"AP {h['ap_left']} · {h['hand_size']} in hand", " ".join(parts)]
    if h["gear"]:
        lines.append("Equipped: " + ", ".join(h["gear"]))
    if h["enchantments"]:
        lines.append("Enchantments: " + ", ".join(h["enchantments"]))
    if h["learned"]:
        lines.append("Learned: " + ", ".join(h["learned"]))
    if h["companions"]:
        lines.append("Companions: " + ", ".join(h["companions"]))
    if h["perk"]:
        lines.append(f"Perk: {h['perk']}{' (used)' if h['perk_used'] else ''}")
    if "hand" in h:
        lines.append("Hand shown: " + ", ".join(c["name"] for c in h["hand"]))
    return clip("\n".join(lines), FIELD_VALUE)


def _turn(game: GameRow, state: HellbringerState, view: dict[str, Any]) -> str:
    if view["outcome"] is not None:
        return view["summary"] or f"The party has {view['outcome']}."
    request = ENGINE.chance(state)
    if request is not None:
        seat = request.reporter
        who = game.seats[seat].shown if seat is not None and seat < len(game.seats) else \
            "Anyone at the table"
        back = f", or **{NEVER_MIND}**" if seat is not None and ENGINE.acts_during_chance(
            state, seat) else ""
        return (f"{request.prompt}.\n**{who}** presses **Report result** and fills in the"
                f" form{back}.")
    names = [game.seats[s].shown for s in view["to_move"] if s < len(game.seats)]
    phase = "Enemies' turn" if view["phase"] == "enemies" else "Turn"
    doing = view["waiting"] or "play"
    who = ", ".join(names) or "the dice and cards"
    return f"{phase}: waiting for {who} to {doing}."


def board(game: GameRow, state: HellbringerState) -> discord.Embed:
    view = ENGINE.view(state, None)
    over = view["outcome"] is not None or game.status != "active"
    embed = discord.Embed(
        title=f"Hellbringer — {view['location'] or 'the dungeon'} · round {view['round']}",
        description=_turn(game, state, view),
        colour=COLOUR_DONE if over else COLOUR_PLAY,
    )
    for key, title in ROWS:
        lines = [_enemy_line(e) for e in view["enemies"] if e["row"] == key]
        embed.add_field(name=title, value=clip("\n".join(lines) or "—", FIELD_VALUE),
                        inline=False)
    for seat, h in enumerate(view["heroes"]):
        mark = "▶️ " if seat in view["to_move"] else ""
        dead = " 💀" if h["eliminated"] else ""
        name = game.seats[seat].shown if seat < len(game.seats) else h["name"]
        embed.add_field(name=clip(f"{mark}{name}{dead}", 256), value=_hero_value(h), inline=True)
    piles = view["piles"]
    nxt = view["next_location"]
    pile_text = (f"Dungeon {piles['common']} · discard {piles['discard']} · "
                 f"monsters {piles['monsters']} · removed {piles['removed']}")
    if nxt:
        pile_text += f"\nNext location ({nxt['name']}) in {nxt['in']} cards"
    if view["mule"] and state.options.mode == "physical":
        pile_text += f"\nMule: {len(view['mule'])} cards, face up on the table"
    elif view["mule"]:
        pile_text += "\nMule: " + ", ".join(view["mule"])
    if view["middle"]:
        pile_text += "\nIn the middle: " + ", ".join(view["middle"])
    embed.add_field(name="🂠 Piles", value=clip(pile_text, FIELD_VALUE), inline=False)
    odds = view["strike_now"]
    strike = "\n".join(f"{who}: {p:.0%} to fall" for who, p in odds.items()) or \
        "No enemy can strike."
    embed.add_field(name="⚠️ If the enemies struck now", value=clip(strike, FIELD_VALUE),
                    inline=False)
    return embed


def hand(state: HellbringerState, seat: int) -> discord.Embed:
    """A seat's own hand: only ever sent ephemerally."""
    mine = own_hero(state, seat)
    cards = "\n".join(f"• {c['name']}" for c in mine.get("hand", [])) or "Your hand is empty."
    if state.options.mode == "physical" and any(c["card"].startswith("common#")
                                                for c in mine.get("hand", [])):
        cards += ("\n\nBefore you play a card, show it to the bot: your panel (🃏 My turn)"
                  " has 📝 Show a gear card, a companion, or another card.")
    embed = discord.Embed(title=f"Your hand — {mine['name']}", description=clip(cards, 4000),
                          colour=COLOUR_INFO)
    hero = {k: v for k, v in mine.items() if k != "hand"}  # listed above, not "shown"
    embed.add_field(name="Hero", value=_hero_value(hero), inline=False)
    embed.set_footer(text=HOUSE_CARDS)
    return embed
