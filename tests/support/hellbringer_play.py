"""Making a Hellbringer move as a player does, for end-to-end tests: its button or
menu on the live board, else on the seat's private panel ("🃏 My turn"), where the
moves that name a hand card are. A combined menu gets the picks that name the move."""

from __future__ import annotations

from typing import Any

from bot.games.hellbringer import codes
from bot.games.hellbringer.menus import COMBINED, parts
from engines.core.chance import ChanceRequest
from engines.hellbringer import ENGINE, HellbringerState
from engines.hellbringer.physical import DRAWN
from engines.hellbringer.piles import top_segment
from engines.hellbringer.stats import card_id
from tests.fakediscord import FakeDiscord, FakeMessage, InteractionHandle
from tests.support.boards import panel_of

MODAL = 9
"""The callback type of a form opened in answer to a press."""
BUTTONS = ("pd:mv:", "pd:gmv:")
MENUS = ("pd:sel:", "pd:gms:")
"""A player's move components, and a GM's on a `/game as` panel."""


async def offered(fake: FakeDiscord, who: str, message: FakeMessage, state: HellbringerState,
                  seat: int, action: Any) -> tuple[InteractionHandle, str] | None:
    """Press `action` on `message` if one of its components offers it (and say how)."""
    code = codes.encode(ENGINE.legal_actions(state, seat).index(action), action)
    for component in message.all_components():
        cid = str(component.get("custom_id", ""))
        values = [str(o["value"]) for o in component.get("options") or []]
        if cid.startswith(BUTTONS) and cid.endswith(f":{seat}:{code}"):
            return await fake.click(who, message, cid), "button"
        if cid.startswith(MENUS) and f":{seat}:" in cid and code in values:
            return await fake.select(who, message, cid, [code]), "menu"
        if cid.startswith(MENUS) and f":{seat}:{COMBINED}" in cid:
            found = parts(state, action)
            picks = [p[0] for p in found[1]] if found else []
            family = cid.rsplit(":", 1)[1][len(COMBINED)]
            if found and found[0] == family and set(picks) <= set(values):
                return await fake.select(who, message, cid, picks), "combined"
    return None


async def make(fake: FakeDiscord, who: str, board: FakeMessage, state: HellbringerState,
               seat: int, action: Any) -> tuple[InteractionHandle, str]:
    """Make `action` from the live `board`, else from the seat's panel ("panel …");
    AssertionError if neither offers it or the bot refuses it. A move that opened
    the form it waits for returns with that form open (`handle.submit_modal`)."""
    made = await offered(fake, who, board, state, seat, action)
    if made is None:
        panel = await panel_of(fake, who, board, seat)
        made = None if panel is None else await offered(fake, who, panel, state, seat, action)
        made = made and (made[0], f"panel {made[1]}")
    assert made is not None, f"{action} is on neither the board nor the panel"
    handle, how = made
    if await handle.response_type() == MODAL:
        return handle, how  # the form the move waits for, opened by the same press
    if await handle.ephemeral():
        raise AssertionError(f"refused: {(await handle.original()).text()}")
    await handle.original()
    return handle, how


def drawn(state: HellbringerState, request: ChanceRequest) -> list[str]:
    """Kinds a table could truly draw for a draw request of one or more cards: the
    pile's Commons first, then its Combat cards, then its Tome (items of one draw
    are reported together, so they are picked to fit the pile, not sampled)."""
    options = request.items[0].options
    count = len([i for i in request.items if i.key not in DRAWN])
    seg = top_segment(state.dungeon)
    if count == 1 or seg is None:
        return [options[0]] * count
    combat = [card_id(i) for i in state.dungeon.combat][:seg.combat]
    kinds = ["common"] * seg.commons + combat + ([card_id(seg.tome)] if seg.tome else [])
    return kinds[:count]
