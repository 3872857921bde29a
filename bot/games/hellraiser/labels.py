"""Plain words for Hellraiser's actions, figures and cards, as buttons and menus say them.

Labels name things the way the board does: figures by name, squares like C7,
cards and room items by their printed names. Every function is pure over the
state, so a label can be rebuilt for any board.
"""

from __future__ import annotations

from engines.hellraiser.board import Edge, room_furniture, square_name, tile_at
from engines.hellraiser.cards import catalogue
from engines.hellraiser.cenobites import creature_points, creature_speed
from engines.hellraiser.models import (
    PHANTOM,
    Action,
    Attack,
    BreakFree,
    Choice,
    Choose,
    Convert,
    CreateCharacter,
    DrawCard,
    Drop,
    EndTurn,
    HellraiserState,
    Move,
    MoveFigure,
    PickUp,
    PlayCard,
    RollMovement,
    Search,
    Skin,
    SolvePuzzle,
    UseFurniture,
    UseItem,
    UsePower,
)
from engines.hellraiser.query import hid, maybe, seat_name
from engines.hellraiser.stats import LABEL
from engines.hellraiser.tiles import STATS, Stat

SHORT: dict[Stat, str] = {"strength": "Str", "speed": "Spd", "creativity": "Cre",
                          "wits": "Wit", "morality": "Mor", "willpower": "Wil"}
USE_VERBS = {"tip": "Tip", "obstacle": "Block a doorway with", "restraint": "Restrain with"}
CHOICE_HEADS = {
    "damage": "Take the damage as",
    "drop": "Drop",
    "banish": "Banish",
    "order": "Channard's notes:",
}


def figure_name(s: HellraiserState, fid: str | None) -> str:
    if fid is None:
        return "your character"
    fig = maybe(s, fid)
    return fig.name if fig is not None else fid


def card_name(deck: str, card: str) -> str:
    cards = getattr(catalogue(), deck, {})
    spec = cards.get(card)
    return spec.name if spec is not None else card


def any_card_name(card: str) -> str:
    """A card named without its deck (a PlayCard or a Confession)."""
    for deck in ("action", "leviathan", "search"):
        if card in getattr(catalogue(), deck):
            return card_name(deck, card)
    return card


def item_name(card: str) -> str:
    return card_name("search", card)


def stats_line(stats: tuple[int, ...], kinds: tuple[Stat, ...] = STATS) -> str:
    """'Str 3 Spd 3 · Cre 3 Wit 3 · Mor 3 Wil 3': the groups side by side."""
    by = dict(zip(STATS, stats, strict=True))
    words = [f"{SHORT[st]} {by[st]}" for st in kinds]
    if kinds == STATS:
        return " · ".join(" ".join(words[i:i + 2]) for i in range(0, 6, 2))
    return " ".join(words)


def doorway_name(doorway: Edge) -> str:
    return "–".join(square_name(sq) for sq in doorway)


def furniture_name(s: HellraiserState, tile: int, furniture: str) -> str:
    if s.board is None:
        return furniture
    for placed in room_furniture(s.board, tile):
        if placed.furniture.id == furniture:
            return placed.furniture.name
    return furniture


def place_name(s: HellraiserState, square: tuple[int, int]) -> str:
    """'C7 · Library': the square and the tile it lies in."""
    name = square_name(square)
    if s.board is None:
        return name
    return f"{name} · {tile_at(s.board, square).name}"


def label(s: HellraiserState, action: Action) -> str:
    """One line for a button or a menu option (callers clip it to Discord's limits)."""
    if isinstance(action, EndTurn):
        return "⏭️ End turn"
    if isinstance(action, Move):
        return f"🚶 Move to {square_name(action.to)}"
    if isinstance(action, Search):
        # searching ends the turn (the rules' search step is followed by end of turn)
        return "🔍 Search the room (ends your turn)" if action.deck == "search" else \
            "🔍 Search: draw from the Action deck (ends your turn)"
    if isinstance(action, SolvePuzzle):
        return "🧩 Work the puzzle"
    if isinstance(action, BreakFree):
        return "⛓️ Break free"
    if isinstance(action, RollMovement):
        return "🎲 Roll the Cenobites' movement"
    if isinstance(action, DrawCard):
        return "🂠 Draw a Leviathan card"
    if isinstance(action, MoveFigure):
        return f"👣 {figure_name(s, action.figure)} → {square_name(action.to)}"
    if isinstance(action, Attack):
        return _attack(s, action)
    if isinstance(action, UseFurniture):
        return _furniture(s, action)
    if isinstance(action, PlayCard):
        return _play(s, action)
    if isinstance(action, UsePower):
        return _power(s, action)
    if isinstance(action, UseItem):
        return f"💊 Use {item_name(action.item)}"
    if isinstance(action, PickUp):
        return f"✋ Pick up {item_name(action.item)}"
    if isinstance(action, Drop):
        return f"🫳 Drop {item_name(action.item)}"
    if isinstance(action, Skin):
        return f"🔪 Take the skin of {figure_name(s, action.corpse)}"
    if isinstance(action, Convert):
        fig = maybe(s, action.casualty)
        speed = creature_speed(creature_points(s, fig), action.strength) \
            if fig is not None else "?"
        return (f"🧟 {figure_name(s, action.cenobite)} raises {figure_name(s, action.casualty)}"
                f" (Str {action.strength}, Spd {speed})")
    if isinstance(action, Choose):
        return choice_label(s, action.option)
    assert isinstance(action, CreateCharacter)
    return stats_line(action.stats())


def _attack(s: HellraiserState, a: Attack) -> str:
    turn = maybe(s, hid(s.turn)) if s.turn != PHANTOM else None
    attacker = "" if a.attacker is None or (turn is not None and a.attacker == turn.id) \
        else f"{figure_name(s, a.attacker)}: "
    if a.doorway is not None:
        return f"🪓 {attacker}Smash the blocked doorway {doorway_name(a.doorway)}"
    if a.furniture is not None:
        return f"🪓 {attacker}Smash the room item {a.furniture.replace('_', ' ')}"
    target = figure_name(s, a.target)
    if a.weapon is not None:
        spec = catalogue().search.get(a.weapon)
        verb = "🗡️ Throw" if spec is not None and spec.effect == "thrown" else "🔫 Fire"
        return f"{verb} {item_name(a.weapon)} at {target}"
    if a.drain is not None:
        return f"🩸 {attacker}Drain {target}'s {LABEL[a.drain]}"
    return f"⚔️ {attacker}Attack {target} ({LABEL[a.stat]})"


def _furniture(s: HellraiserState, a: UseFurniture) -> str:
    who = f"{figure_name(s, a.by)}: " if a.by is not None else ""
    name = furniture_name(s, a.tile, a.furniture)
    if a.use == "obstacle" and a.doorway is not None:
        return f"🚪 {who}Block {doorway_name(a.doorway)} with the {name}"
    if a.use == "tip":
        return f"🪑 {who}Tip the {name} onto {figure_name(s, a.target)}"
    return f"🪢 {who}Restrain {figure_name(s, a.target)} with the {name}"


def _play(s: HellraiserState, a: PlayCard) -> str:
    parts = [f"🃏 {any_card_name(a.card)}"]
    if a.target is not None:
        parts.append(figure_name(s, a.target))
    if a.square is not None:
        parts.append(f"→ {square_name(a.square)}")
    if a.stat is not None:
        parts.append(LABEL[a.stat] + (f" ⇄ {LABEL[a.stat2]}" if a.stat2 is not None else ""))
    if a.seat is not None:
        parts.append(seat_name(s, a.seat))
    if a.option is not None:
        parts.append(card_name("action", a.option) if a.option in catalogue().action
                     else a.option.capitalize())
    return " · ".join([parts[0], " ".join(parts[1:])]) if len(parts) > 1 else parts[0]


def _power(s: HellraiserState, a: UsePower) -> str:
    name = "the room's Power"
    fig = maybe(s, hid(s.turn)) if 0 <= s.turn < s.seats else None
    if s.board is not None and fig is not None and fig.square is not None:
        power = tile_at(s.board, fig.square).power
        if power is not None:
            name = power.name
    if a.card is not None:
        return f"✨ {name}: discard {card_name('action', a.card)}"
    return f"✨ {name}"


def pending_choice(s: HellraiserState) -> Choice | None:
    head = s.pending[0] if s.pending else None
    return head if isinstance(head, Choice) else None


def choice_label(s: HellraiserState, option: str) -> str:
    """The words the rules gave a decision's option (e.g. 'Strength −1, Speed −2')."""
    head = pending_choice(s)
    if head is None or option not in head.options:
        return option
    text = head.labels[head.options.index(option)]
    return f"{CHOICE_HEADS[head.purpose]} {text}"


def choice_prompt(s: HellraiserState, head: Choice) -> str:
    """What a pending decision is about, for the board."""
    who = seat_name(s, head.seat)
    fig = figure_name(s, head.figure) if head.figure is not None else who
    if head.purpose == "damage":
        group = head.group.capitalize() if head.group else ""
        return f"{who}: share {head.points} {group} damage to {fig} between its statistics."
    if head.purpose == "drop":
        return f"{who}: {fig} carries too much: pick an item to drop."
    if head.purpose == "banish":
        return f"{who}: the Puzzle Solution works: choose a Cenobite to send back to Hell."
    return f"{who}: put the two Search cards back in an order."
