"""The live board of a Hellboy board game table, drawn from the engine's `view`.

Everything is public in this co-operative game, so one embed shows it all: the
round and phase, what the table waits for, the HQ tracks, the agents, the
enemies in play, the Unexpected Threat and the Deck of Doom's odds. What the
companion does not know is counted in its own field (listed by `/hbboard rules`),
never filled in.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import discord

from bot.models import GameRow
from bot.render.style import COLOUR_DONE, COLOUR_PLAY, FIELD_VALUE, clip, fit_lines
from engines.hellboy_board import ENGINE
from engines.hellboy_board.models import HBBoardState
from engines.hellboy_board.query import area_words

CUBE, NO_CUBE = "■", "□"
TITLE = "Hellboy: The Board Game — companion"
FIGURES_PER_LINE = 3


def percent(p: Fraction) -> str:
    return f"{float(p) * 100:.1f}%"


def dice_line(game: GameRow) -> str:
    """Who rolls and who draws at this table, said on the board."""
    if game.mode == "digital" or game.options.get("dice") == "bot":
        return "🎲 The bot rolls the dice · 🃏 cards come from your box (you report them)"
    return "🎲 You roll your own dice and report them · 🃏 cards come from your box"


def board(game: GameRow, state: HBBoardState) -> discord.Embed:
    view = ENGINE.view(state, None)
    done = state.phase == "over"
    embed = discord.Embed(title=TITLE, colour=COLOUR_DONE if done else COLOUR_PLAY)
    embed.description = clip("\n".join(_header(game, view)), 1500)
    embed.add_field(name="HQ tracks", value=_tracks(view), inline=False)
    embed.add_field(name="Agents", value=_agents(view), inline=False)
    if view["enemies"]:
        embed.add_field(name="Enemies in play", value=_enemies(view), inline=False)
    for t in view["threats"]:
        embed.add_field(name=f"Unexpected Threat: {t['name']}", value=_threat(t), inline=False)
    embed.add_field(name="Deck of Doom", value=_doom(view), inline=False)
    if view["last_test"] is not None:
        embed.add_field(name="Last test", value=_last_test(state, view["last_test"]),
                        inline=False)
    if view["warnings"]:
        embed.add_field(name="⚠️ Warnings", value=clip("\n".join(view["warnings"]), FIELD_VALUE),
                        inline=False)
    embed.add_field(name="Not known to the companion", value=_unknowns(view), inline=False)
    return embed


def _header(game: GameRow, view: dict[str, Any]) -> list[str]:
    if view["phase"] == "setup":
        lines = ["**Setting up the case.** Add agents (`/hbboard agent`), set up the case"
                 " (`/hbboard case`), put enemies in play (`/hbboard enemy` from your cards,"
                 " `/hbboard preset` for presets), then press **Start round 1**."]
    elif view["phase"] == "over":
        lines = [f"**The case is {'closed' if view['result'] == 'won' else 'lost'}.**"]
    else:
        lines = [f"**Round {view['round']} · {view['phase'].title()} phase**"]
    if view["prompt"]:
        prompt = view["prompt"]
        lines.append(f"⏳ {prompt}" + ("" if prompt.endswith((".", "?", "!")) else "."))
    lines.append(dice_line(game))
    if view["house_dice"]:
        lines.append("Dice faces are house data (unverified); report your own dice's totals"
                     " with `total:` if they differ.")
    return lines


def _tracks(view: dict[str, Any]) -> str:
    t = view["tracks"]
    end = f"/{t['doom_length']}" if t["doom_length"] is not None else " (length not given)"
    order = " → ".join(t["priority"]) or "no agents yet"
    return clip(f"Impending Doom **{t['doom']}**{end} · Information Gathered **{t['info']}**\n"
                f"Target Priority (front first): {order}", FIELD_VALUE)


def _agents(view: dict[str, Any]) -> str:
    rows = []
    for a in view["agents"]:
        cubes = CUBE * a["cubes"] + NO_CUBE * max(0, 3 - a["cubes"])
        health = f"/{a['health']}" if a["health"] is not None else ""
        parts = [f"**{a['name']}** ({a['player']})", a["area"] or "no area",
                 f"cubes {cubes}", f"damage {a['damage']}{health}"]
        if a["stunned"]:
            parts.append("😵 stunned")
        if a["knocked_out"]:
            parts.append("💤 knocked out")
        if a["marked"]:
            parts.append(f"🎯 the {a['marked']}")
        rows.append((" · ".join(parts), 1))
    if not rows:
        return "None yet: `/hbboard agent`."
    return fit_lines(rows, FIELD_VALUE, "agents")


def _enemies(view: dict[str, Any]) -> str:
    """One line per card (its printed numbers, once), then its figures in play a few
    to a line, a threat's enemy first: what doesn't fit is counted, never dropped
    silently."""
    rows: list[tuple[str, int]] = []
    by_card: dict[str, list[dict[str, Any]]] = {}
    for e in view["enemies"]:
        by_card.setdefault(e["card"], []).append(e)
    threats_first = sorted(by_card.values(), key=lambda fs: not any(f["threat"] for f in fs))
    for figures in threats_first:
        e = figures[0]
        house = "" if e["verified"] else " · house card (unverified)"
        rows.append((f"**{e['name']}** · Mv {e['move']} Res {e['resilience']} Health {e['health']}"
                     f" Rng {e['range']} Ranged {e['ranged']} Melee {e['printed_melee']}"
                     f"{house}", 0))
        shown = [_figure(f) for f in figures]
        for k in range(0, len(shown), FIGURES_PER_LINE):
            chunk = shown[k:k + FIGURES_PER_LINE]
            rows.append(("└ " + " · ".join(chunk), len(chunk)))
    return fit_lines(rows, FIELD_VALUE, "enemies")


def _figure(e: dict[str, Any]) -> str:
    where = f"in {area_words(e['area'])}" if e["area"] else "not placed"
    parts = [f"`{e['id']}` {where}", f"health {e['left']}/{e['health']}"]
    if e["hunting"]:
        parts.append(f"hunts **{e['hunting']}**")
    if e["runs_wild"]:
        parts.append("🔥 runs wild")
    if e["melee"] != e["printed_melee"]:
        parts.append(f"Melee {e['melee']} (printed {e['printed_melee']})")
    if e["boss"] is None and e["threat"]:
        parts.append("Boss? not known")
    elif e["boss"]:
        parts.append("Boss")
    return ", ".join(parts)


def _threat(t: dict[str, Any]) -> str:
    parts = [f"enemy `{t['enemy']}`"]
    if t["trigger_marker"]:
        parts.append("trigger marker on it")
    if t["title"]:
        parts.append(f"{t['title']}: **{t['marked']}**" if t["marked"]
                     else f"{t['title']}: not chosen yet")
    if t["boss"] is None:
        parts.append("Boss: not known yet")
    elif not t["boss"]:
        parts.append("not a Boss")
    else:
        deck = t["behaviour"] or {}
        last = f", last: {deck['last']}" if deck.get("last") else ""
        parts.append(f"Boss, Behaviour cards drawn {deck.get('drawn', 0)}{last}")
    parts.append("🔥 running wild" if t["runs_wild"] else "hunting" if t["marked"] else "")
    lines = [" · ".join(p for p in parts if p)]
    if t["awaiting"] and t["nobody_to_choose"]:
        lines.append("Every agent is knocked out: revive one (`/hbboard agentstate"
                     " change:revive`), then choose the lead agent.")
    elif t["awaiting"]:
        lines.append("Waiting for your choices: the buttons below or `/hbboard threat`.")
    return clip("\n".join(lines), FIELD_VALUE)


def _doom(view: dict[str, Any]) -> str:
    d = view["doom_deck"]
    size = f"{d['left']} left of {d['size']}" if d["size"] is not None else "size not given"
    lines = [f"{d['drawn']} drawn · {size}"]
    if d["threat_drawn"]:
        lines[0] += " · the Unexpected Threat has been drawn"
    elif d["threat_inside"]:
        p = d["next_is_threat"]
        odds = (f"next card is the threat: {p} ({percent(Fraction(p))})" if p is not None
                else "odds not known until the deck's size is given (`/hbboard case`)")
        lines.append(f"An unseen Unexpected Threat is shuffled in: {odds}.")
    else:
        lines.append("No Unexpected Threat shuffled in.")
    return clip("\n".join(lines), FIELD_VALUE)


def _last_test(state: HBBoardState, t: dict[str, Any]) -> str:
    name = state.agents[t["agent"]].name if t["agent"] in state.agents else t["agent"]
    dice = f" ({' + '.join(map(str, t['values']))}, effect {t['effect']})" if t["values"] else ""
    line = f"{name}, {t['skill'].title()} with {', '.join(t['pool'])}: **{t['total']}**{dice}"
    if t["target"] is not None:
        line += f" → {t['damage']} damage to `{t['target']}`"
    notes = [n for n in t["notes"] if n]
    if notes:
        line += f"\n{'; '.join(notes)}"
    return clip(line, FIELD_VALUE)


def _unknowns(view: dict[str, Any]) -> str:
    """One line: the list itself (a dozen rows) repeated on every update made the
    board some forty lines, mostly this; `/hbboard rules` shows it in full."""
    n = len(view["unknowns"])
    return (f"{n} ruling{'s' if n != 1 else ''} are your table's (not public, house or"
            " unclear on the card): `/hbboard rules` lists them and how each is played.")
