"""The live Hellraiser board, character sheets and a player's own hand, as embeds.

The board must make sense without its picture (images off, screen readers,
a failed upload): the fields say who stands where (square and room) with which
statistics, the text map is one command away (`/hellraiser map`, not on every
board: it filled a phone's screen), what the gateway and the decks are doing,
and what the table waits for. Everything comes from the engine's public view
(`view(state, None)`); a hand only ever appears in `private`, which the bot
sends ephemerally to its owner.
"""

from __future__ import annotations

from typing import Any

import discord
from discord.utils import escape_markdown

from bot.games.hellraiser.labels import (
    SHORT,
    any_card_name,
    card_name,
    choice_prompt,
    pending_choice,
    stats_line,
)
from bot.games.hellraiser.picture import render_text
from bot.games.hellraiser.pieces import SEAT_SQUARES, pieces, public_view
from bot.models import GameRow
from bot.render.style import (
    COLOUR_DONE,
    COLOUR_INFO,
    COLOUR_PLAY,
    EMBED_DESCRIPTION,
    EMBED_TITLE,
    FIELD_NAME,
    FIELD_VALUE,
    clip,
)
from engines.hellraiser import ENGINE
from engines.hellraiser.board import square_name, tile_at
from engines.hellraiser.cards import catalogue
from engines.hellraiser.models import HellraiserState
from engines.hellraiser.stats import LABEL
from engines.hellraiser.tiles import STATS, TILE_COUNT

TITLE = "Hellraiser"
BOARD_BUDGET = 4600
"""The presenter's share of the 6,000 characters of a message's embeds; the table adds
a footer and, at the end, the result."""
CREDIT = "Hellraiser by curufea (CC BY-NC-SA 2.5 AU) · house tiles and cards unverified"
ROLES = {"human": "Human", "skinned": "Skinned Human", "leviathan": "Leviathan", "out": "out"}
MAIN_DONE = {
    "move": "moved", "search": "searched", "draw": "drew a Leviathan card",
    "furniture": "used a room item", "cenobites": "rolled the Cenobites' movement",
    "puzzle": "worked the puzzle", "skin": "took a skin", "break_free": "struggled in the chains",
}
"""The turn's main action, as the board says it."""
MAP_HINT = "-# 🗺️ The picture's squares are named like C7; `/hellraiser map` posts it as text."
FATES = {
    "corpse": "💀 dead", "mad": "🌀 permanently insane", "hell": "🔥 in Hell",
    "cenobite": "⛓️ became a Cenobite", "creature": "🧟 raised as a Creature",
}


def name_of(game: GameRow, state: HellraiserState, seat: int) -> str:
    if not 0 <= seat < state.seats:
        return "the house Leviathan"
    robot = seat < len(game.seats) and game.seats[seat].ai
    return f"**{escape_markdown(state.names[seat])}**" + (" 🤖" if robot else "")


def text_map(state: HellraiserState) -> str | None:
    """The plain-text map (≤ 1,900 characters) without fences, or None before it is laid."""
    if state.board is None:
        return None
    return render_text(state.board, pieces(state))


def board(game: GameRow, state: HellraiserState) -> discord.Embed:
    view = public_view(game, state)
    embed = discord.Embed(
        title=clip(f"🩸 {TITLE} — {_stage(view)}", EMBED_TITLE),
        colour=COLOUR_DONE if state.phase == "over" else COLOUR_PLAY,
    )
    lines = [_headline(game, state, view)]
    if state.board is not None and state.phase == "play":
        lines.append(MAP_HINT)
    embed.description = clip("\n".join(lines), EMBED_DESCRIPTION)
    if state.phase == "create":
        _add(embed, "✍️ Characters", _creation_text(game, state))
        _add(embed, "How", "Spread **18 points** over the six statistics, each 1 to 6: pick"
             " a ready-made character below, or `/hellraiser create` your own.")
        return _fit(embed)
    if state.phase == "map":
        waiting = view["waiting"] or {}
        text = f"{view['tiles_laid'] or 0} of {TILE_COUNT} tiles laid."
        if waiting.get("kind") == "map":
            text = "One map number names the whole Institute; the board then draws it for" \
                " you to build from the printed tiles."
        _add(embed, "🗺️ The map", text)
        return _fit(embed)
    _add(embed, "🧍 Characters", _humans_text(game, state, view))
    _add(embed, "⛓️ Cenobites and Creatures", _monsters_text(view))
    _add(embed, "🚪 The gateway", _gateway_text(view), inline=True)
    _add(embed, "🂠 Decks", _decks_text(view), inline=True)
    return _fit(embed)


def _add(embed: discord.Embed, name: str, value: str | None, inline: bool = False) -> None:
    if value:
        embed.add_field(name=clip(name, FIELD_NAME), value=clip(value, FIELD_VALUE),
                        inline=inline)


def _fit(embed: discord.Embed) -> discord.Embed:
    """Shorten the longest field until the embed fits its budget (never in practice, but
    six long names with full inventories must not cost the whole board)."""
    while len(embed) > BOARD_BUDGET and embed.fields:
        index = max(range(len(embed.fields)), key=lambda i: len(embed.fields[i].value or ""))
        field = embed.fields[index]
        value = field.value or ""
        cut = max(1, len(value) - (len(embed) - BOARD_BUDGET))
        embed.set_field_at(index, name=field.name or "…", value=clip(value, cut),
                           inline=field.inline)
        if cut == 1:
            break
    return embed


def _stage(view: dict[str, Any]) -> str:
    phase = view["phase"]
    if phase == "create":
        return "creating characters"
    if phase == "map":
        return "laying out the Channard Institute"
    if phase == "over":
        return "game over"
    return f"round {view['round']} of {view['max_rounds']}"


def _headline(game: GameRow, state: HellraiserState, view: dict[str, Any]) -> str:
    if state.phase == "over":
        return f"🏁 {escape_markdown(state.summary)}"
    request = ENGINE.chance(state)
    if request is not None:
        if game.mode == "physical":
            who = name_of(game, state, request.reporter) if request.reporter is not None \
                else "a GM"
            return f"🎲 **{request.prompt}**: {who}, press **Report result**."
        return f"🎲 {request.prompt}…"
    if state.phase == "create":
        return "Each player creates a character."
    head = pending_choice(state)
    if head is not None:
        return f"⏳ {escape_markdown(choice_prompt(state, head))}"
    controller = view["controller"]
    turn = view["turn"]
    who = name_of(game, state, turn)
    line = f"▶️ {who}'s turn" if turn >= 0 else "▶️ The house Leviathan's turn"
    if controller is not None and controller != turn:
        line += f", played by {name_of(game, state, controller)}"
    fig = next((f for f in view["figures"] if f["id"] == view["turn_figure"]), None)
    if fig is not None and fig["square"] is not None and state.board is not None:
        sq = (fig["square"][0], fig["square"][1])
        line += f" · {square_name(sq)}, {tile_at(state.board, sq).name}"
    done = _turn_done(view["flags"])
    return line + (f"\n{done}" if done else "")


def _turn_done(flags: dict[str, Any]) -> str:
    done = []
    if flags.get("main"):
        done.append(MAIN_DONE.get(flags["main"], str(flags["main"]).replace("_", " ")))
    if flags.get("attacked"):
        done.append("attacked")
    if flags.get("card"):
        done.append("played a card")
    if flags.get("power"):
        done.append("used the room's Power")
    if flags.get("budget"):
        done.append(f"{flags['budget']} squares of Cenobite movement left")
    return "This turn: " + ", ".join(done) + "." if done else ""


def _creation_text(game: GameRow, state: HellraiserState) -> str:
    lines = []
    for seat in range(state.seats):
        mark = "✅" if state.created[seat] is not None else "✍️"
        lines.append(f"{mark} {SEAT_SQUARES[seat % 6]} {name_of(game, state, seat)}")
    return "\n".join(lines)


def _humans_text(game: GameRow, state: HellraiserState, view: dict[str, Any]) -> str:
    seats = {s["seat"]: s for s in view["seats"]}
    lines = []
    for f in view["figures"]:
        if f["kind"] != "human" or f["seat"] is None:
            continue
        seat = seats[f["seat"]]
        head = f"{SEAT_SQUARES[f['seat'] % 6]} {name_of(game, state, f['seat'])}"
        if seat["role"] not in ("human",):
            head += f" ({ROLES[seat['role']]})"
        lines.append(f"{head} · {_figure_line(state, f)} · 🂠{seat['hand_size']}")
    return "\n".join(lines)


def _figure_line(state: HellraiserState, f: dict[str, Any]) -> str:
    where = square_name((f["square"][0], f["square"][1])) if f["square"] is not None else "—"
    if f["kind"] == "human" and f["condition"] in FATES:
        parts = [FATES[f["condition"]]]
        if f["square"] is not None:
            parts.append(where)
        return ", ".join(parts)
    stats = " ".join(f"{SHORT[st]} {v}" for st, v in f["stats"].items())
    parts = [where, stats]
    if f["items"]:
        parts.append("🎒 " + ", ".join(i["name"] for i in f["items"]))
    if f["states"]:
        parts.append("⚠️ " + ", ".join(f["states"]))
    return " · ".join(parts)


def _monsters_text(view: dict[str, Any]) -> str:
    lines = []
    waiting = 0
    for f in view["figures"]:
        if f["kind"] == "human":
            continue
        if f["condition"] == "pool":
            waiting += 1
            continue
        if f["condition"] != "board":
            continue
        icon = "⛓️" if f["kind"] == "cenobite" else "🧟"
        lines.append(f"{icon} **{escape_markdown(f['name'])}** · "
                     f"{_figure_line_plain(f)}")
    if waiting:
        lines.append(f"🔥 {waiting} Cenobite{'s wait' if waiting > 1 else ' waits'} in Hell.")
    return "\n".join(lines) or "None on the map yet."


def _figure_line_plain(f: dict[str, Any]) -> str:
    where = square_name((f["square"][0], f["square"][1])) if f["square"] is not None else "—"
    stats = " ".join(f"{SHORT[st]} {v}" for st, v in f["stats"].items())
    extra = f" · ⚠️ {', '.join(f['states'])}" if f["states"] else ""
    return f"{where} · {stats}{extra}"


def _gateway_text(view: dict[str, Any]) -> str:
    gate = view["gateway"]
    if gate is None:
        return "Shut. Search the rooms: every item found may open it (the Hell number)."
    where = square_name((gate[0], gate[1]))
    puzzle = view["puzzle"]
    text = f"**Open** at {where}."
    if puzzle is not None:
        text += (f"\nPuzzle Solution: {LABEL[puzzle['stat']]} {puzzle['value']},"
                 f" difficulty {puzzle['difficulty']}.")
    return text


def _decks_text(view: dict[str, Any]) -> str:
    decks = view["decks"]
    text = " · ".join(f"{name.capitalize()} {decks[name]['left']}"
                      for name in ("search", "action", "leviathan"))
    if view["leviathan_kills"]:
        text += f"\nLeviathan's casualties: {view['leviathan_kills']}"
    return text


# A character sheet (public) and a player's own cards (private)


def sheet(game: GameRow, state: HellraiserState, seat: int) -> discord.Embed:
    """Everything public about a seat's character: statistics against their start, items,
    conditions and how many cards they hold (never which)."""
    view = ENGINE.view(state, None)
    info = view["seats"][seat]
    embed = discord.Embed(title=clip(f"{state.names[seat]} — {ROLES[info['role']]}", EMBED_TITLE),
                          colour=COLOUR_INFO)
    fig = next((f for f in view["figures"] if f["id"] == f"h{seat}"), None)
    if fig is None:
        embed.description = "No character yet." if state.created[seat] is None else \
            f"Character: {stats_line(state.created[seat] or (0,) * 6)} (the map is being laid)."
        return embed
    lines = []
    for st in STATS:
        now, start = fig["stats"][st], fig["start"][st]
        change = "" if now == start else f" (started {start})"
        lines.append(f"**{LABEL[st]}** {now}{change}")
    embed.add_field(name="Statistics", value="\n".join(lines), inline=True)
    where = "—"
    if fig["square"] is not None:
        sq = (fig["square"][0], fig["square"][1])
        where = square_name(sq) + (f", {tile_at(state.board, sq).name}"
                                   if state.board is not None else "")
    facts = [f"📍 {where}", f"🂠 {info['hand_size']} card(s) in hand"]
    if fig["condition"] in FATES:
        facts.insert(0, FATES[fig["condition"]])
    if fig["states"]:
        facts.append("⚠️ " + ", ".join(fig["states"]))
    if info["skinned_kills"]:
        facts.append(f"🔪 kills as a Skinned Human: {info['skinned_kills']}")
    embed.add_field(name="Where and how", value=clip("\n".join(facts), FIELD_VALUE), inline=True)
    items = [f"**{i['name']}**" + (f" (used {i['used']})" if i["used"] else "") + _item_text(i)
             for i in fig["items"]]
    embed.add_field(name=f"🎒 Carrying ({len(items)} of {fig['stats']['strength']})",
                    value=clip("\n".join(items) or "Nothing.", FIELD_VALUE), inline=False)
    return embed


def _item_text(item: dict[str, Any]) -> str:
    spec = catalogue().search.get(item["card"])
    if spec is None:
        return ""
    mods = ", ".join(f"{LABEL[st]} {v:+d}" for st, v in spec.modifiers.items())
    text = mods or spec.text
    return f" — {clip(text, 120)}" if text else ""


def private(game: GameRow, state: HellraiserState, seat: int) -> discord.Embed:
    """What only `seat` may see: its hand, with each card's text, and any Vision."""
    mine = ENGINE.view(state, seat)
    embed = discord.Embed(title=clip(f"Only you see this, {state.names[seat]}", EMBED_TITLE),
                          colour=COLOUR_INFO)
    hand = mine.get("hand") or []
    lines = []
    for card in hand:
        house = " *(house card)*" if card["house"] else ""
        lines.append(f"**{card['name']}** ({card['deck'].capitalize()}){house} — {card['text']}")
    embed.description = clip("\n".join(lines) or "You hold no cards.", EMBED_DESCRIPTION)
    vision = mine.get("vision")
    if vision:
        deck = "leviathan" if "hand" in vision["what"] else next(
            (d for d in ("search", "action", "leviathan") if d in vision["what"].lower()), "")
        names = [card_name(deck, c) if deck else any_card_name(c) for c in vision["cards"]]
        embed.add_field(name=clip(f"👁️ You saw {vision['what']}", FIELD_NAME),
                        value=clip(", ".join(names) or "nothing", FIELD_VALUE), inline=False)
    role = ROLES.get(mine["seats"][seat]["role"], "")
    embed.set_footer(text=f"{role} · use the cards from the board's menu or /hellraiser card")
    return embed
