"""A physical Hellbringer session through the real bot and the fake Discord.

Alice (host) and Bob play with their own box and dice; Erin, who can manage the
channel, is the GM. Everything printed comes in through Hellbringer's own forms
(the hero sheets, the Locations, every Monster and the Demon's two sides, each
card drawn, what each Tome and Combat card drawn does, a gear card shown, every
die rolled), every move is made from the
board's buttons and menus (never `/hellbringer do`), and the bot works out the
enemies' turn. A player who opens the wrong form takes it back with ↩️ Never
mind. A misread value gets one sentence and changes nothing; a value typed wrong
but possible (the Demon's Side B Armor) is put right with `/game correct`. The
party goes down to the Tomb and slays both sides of the Demon. The test reads
what the players read: the public lines, the board, and the hand that only its
owner sees."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from typing import Any

import pytest

from bot.app import PandemoniumBot
from bot.games.hellbringer.labels import card_name
from engines.core.chance import ChanceRequest
from engines.hellbringer import ENGINE, HellbringerState
from engines.hellbringer.models import (
    Activate,
    CancelShow,
    DiscardCards,
    EndTurn,
    Equip,
    Pass,
    PlacePoint,
    ShowCard,
    Trade,
    TradeReply,
)
from engines.hellbringer.stats import card_id
from tests.e2e.conftest import StartBot
from tests.fakediscord import FakeDiscord, FakeMessage, InteractionHandle
from tests.support.boards import board_now, board_recorded, panel_of
from tests.support.hands import leaks, public_texts
from tests.support.hellbringer_play import drawn, make

pytestmark = pytest.mark.timeout(600)

PLAYERS = ("alice", "bob", "carol")
"""Alice and Bob play this session; Carol joins a three-player one (the panel test)."""
GM = "erin"
MAX_STEPS = 1500
SHEETS = (["Warrior", "35", "10", "2", "3"], ["sorcerer", "30", "10", "2", "3"],
          ["hunter", "30", "20", "4", "2"])
BLADE = ["Worn Blade", "1", "single 2D", "", "red"]
MONSTER = ["Grave Imp", "0", "10", "0", "1D1A"]
SIDE_A = ["The Ember Maw, Side A", "0", "10", "10", "2D"]
SIDE_B_TYPO = ["The Ember Maw, Side B", "0", "10", "50", "2D"]


@pytest.fixture
async def bot(start_bot: StartBot) -> AsyncIterator[PandemoniumBot]:
    async with start_bot(seed=11) as started:
        yield started


class Session:
    """The table as the group sees it, and what it has done so far."""

    def __init__(self, fake: FakeDiscord, bot: PandemoniumBot, board: FakeMessage) -> None:
        self.fake, self.bot, self.board = fake, bot, board
        self.forms: set[str] = set()
        self.ways: set[str] = set()
        self.enemy_dice = 0
        self.fixed = False
        self.changed_mind = False
        self.instants: list[str] = []
        self.batches = 0
        self.made: dict[str, str] = {}
        """How each kind of move was first made ("button", "panel menu", …)."""

    async def state(self) -> HellbringerState | None:
        current = await self.bot.table.current(self.fake.text_channel.id)
        if current is None:
            return None
        assert isinstance(current.state, HellbringerState)
        return current.state

    def public(self) -> str:
        return "\n".join(m.text() for m in self.fake.messages(self.fake.text_channel))

    async def live(self) -> FakeMessage:
        return await board_now(self.fake, self.bot, self.board)

    async def press_report(self, who: str) -> InteractionHandle:
        live = await self.live()
        button = next(cid for cid in live.custom_ids() if cid.startswith("pd:rep:"))
        return await self.fake.click(who, live, button)

    async def open_form(self, who: str) -> InteractionHandle:
        opened = await self.press_report(who)
        await opened.modal()
        return opened

    async def not_theirs(self, who: str) -> str:
        """Pressing Report as a member who may not report: refused before a form opens."""
        pressed = await self.press_report(who)
        assert await pressed.response_type() == 4, "no form for who may not report"
        assert await pressed.ephemeral()
        return (await pressed.original()).text()

    async def report(self, who: str, answers: list[str]) -> str:
        """Fill in the board's form; the public reply, or AssertionError if refused."""
        opened = await self.open_form(who)
        title = str((await opened.modal())["title"])
        self.forms.add(title)
        handle = await opened.submit_modal({f"field{i}": v for i, v in enumerate(answers)})
        reply = await handle.original()
        if await handle.ephemeral():
            raise AssertionError(f"{title}: refused: {reply.text()}")
        return reply.text()

    async def refused(self, who: str, answers: list[str]) -> str:
        handle = await (await self.open_form(who)).submit_modal(
            {f"field{i}": v for i, v in enumerate(answers)})
        assert await handle.ephemeral(), "a misread value is answered privately"
        return (await handle.original()).text()

    async def move(self, seat: int, action: Any) -> InteractionHandle:
        """Make `action` from the board, else from the seat's private panel: its
        button, a one-pick menu, or a combined menu."""
        state = await self.state()
        assert state is not None
        handle, how = await make(self.fake, PLAYERS[seat], await self.live(), state, seat,
                                 action)
        self.ways.add(how)
        kind = "EndTurn+discard" if isinstance(action, EndTurn) and action.discard else \
            type(action).__name__
        self.made.setdefault(kind, how)
        await self.public_checked()
        return handle

    async def public_checked(self) -> None:
        """No public message (the live board, its components, event lines) names a
        card still hidden in a hand."""
        state = await self.state()
        if state is None:
            return
        await self.live()
        assert not leaks(public_texts(self.fake), state)


def _answers(state: HellbringerState, request: ChanceRequest, session: Session) -> list[str]:
    """What the group reads off its box (and its own dice) for `request`."""
    keys = [i.key for i in request.items]
    if keys[0].startswith("sheet_"):
        return SHEETS[request.reporter or 0]
    if keys[0].startswith("location_"):
        where = card_id(state.dungeon.locations[-1]) if state.dungeon.locations else ""
        return {"graveyard": ["0", "2"], "tomb": ["0", "0"]}.get(where, ["0", "1"])
    if keys[0].startswith("enemy_"):
        side = state.dungeon.demon_side
        if "Demon" in request.prompt:
            return SIDE_A if side == "sealed" else SIDE_B_TYPO
        return MONSTER
    if keys[0].startswith("gear_"):
        return BLADE
    if keys == ["tome_effect", "tome_amount"]:
        session.instants.append(request.prompt)
        return ["weaken", "5"] if "Tome V " in request.prompt else ["read it aloud", ""]
    if keys == ["combat_monsters"]:
        session.instants.append(request.prompt)
        return []  # the form comes filled in with the rulebook's one Monster
    if keys == ["card"]:
        item = request.items[0]
        return ["Common" if "common" in item.options else item.label_of(item.options[0])]
    if keys[0] == "card":
        session.batches += 1
        return [", ".join(request.items[0].label_of(k) for k in drawn(state, request))]
    if keys == ["enemy"]:
        session.enemy_dice += 1
        return ["Player Hit" if session.enemy_dice == 1 else "Miss"]
    damage = [k for k in keys if k.startswith("d")]
    acid = [k for k in keys if k.startswith("a")]
    face = "10" if request.reporter is not None else "5" if session.enemy_dice <= 1 else "0"
    typed = [" ".join([face] * len(damage)), " ".join(["5"] * len(acid))]
    return [t for t in typed if t]


def _choice(state: HellbringerState, seat: int) -> Any:
    """The move the player makes: answer a trade with a card, pass the window, place a
    point, strike whatever is in sight, equip, show a weapon once, or end the turn
    discarding a card to draw more."""
    legal = ENGINE.legal_actions(state, seat)
    hero = state.heroes[seat]
    replies = [a for a in legal if isinstance(a, TradeReply) and a.give is not None]
    if replies:
        return replies[0]
    for kind in (Pass, PlacePoint, DiscardCards):
        found = [a for a in legal if isinstance(a, kind)]
        if found:
            return found[0]
    for action in legal:
        if isinstance(action, Activate) and action.target is not None:
            return action
    for action in legal:
        if isinstance(action, Equip):
            return action
    known = [c for c in hero.hand if card_id(c) != "common"]
    if ShowCard(form="gear") in legal and not hero.equipped and not known:
        return ShowCard(form="gear")
    ends = [a for a in legal if isinstance(a, EndTurn)]
    spare = [a for a in ends if a.discard and all(card_id(c) == "common" for c in a.discard)]
    return (spare or ends or legal)[0]


async def open_table(fake: FakeDiscord, bot: PandemoniumBot) -> Session:
    """Alice opens a physical table (the older Commons in the piles)."""
    opened = await fake.slash("alice", "game new", game="hellbringer", mode="physical",
                              options={"options": "pile_commons=older"})
    board = await opened.original()
    await board_recorded(fake, bot, board)
    return Session(fake, bot, board)


async def _setup(session: Session) -> None:
    fake = session.fake
    board = session.board
    await (await fake.click("bob", board, label="Join")).original()
    await (await fake.click("alice", board, label="Start")).original()
    live = await session.live()
    assert "Alice: report your hero sheet" in live.text()
    assert "**Alice** presses **Report result**" in live.text()
    rules = await fake.slash("bob", "hellbringer rules")
    assert await rules.ephemeral()
    assert "hero sheet" in (await rules.original()).text(), "the rules of this step: setup"
    before = await session.state()
    told = await session.not_theirs("bob")
    assert "Alice reports this one" in told, "Bob may not fill in Alice's sheet"
    misread = await session.refused("alice", ["warrior", "42", "10", "2", "3"])
    assert misread == "Health comes in fives on the card (5, 10, 15 …), not 42."
    assert await session.state() == before, "a misread sheet changes nothing"
    said = await session.report("alice", SHEETS[0])
    assert "Alice plays the Warrior: Health 35, Armor 10, Sight 2, 3 AP." in said
    taken = await session.refused("bob", ["warrior", "30", "10", "2", "3"])
    assert taken.startswith("Class: another hero is the Warrior already")
    await session.report("bob", SHEETS[1])


@pytest.mark.slow(25)
async def test_a_gm_assisted_physical_session_from_setup_to_the_demons_side_b(
    fake_discord: FakeDiscord, bot: PandemoniumBot
) -> None:
    fake = fake_discord
    session = await open_table(fake, bot)
    await _setup(session)
    hand_checked = False
    for _ in range(MAX_STEPS):
        state = await session.state()
        if state is None:
            break
        request = ENGINE.chance(state)
        if request is not None:
            if "Side B" in request.prompt:
                await _side_b(session, request)
                continue
            who = PLAYERS[request.reporter] if request.reporter is not None else "bob"
            await session.report(who, _answers(state, request, session))
            continue
        seat = ENGINE.to_move(state)[0]
        shown = [c for c in state.heroes[seat].hand if c.startswith("x")]
        if shown and not hand_checked:
            await _hand_is_private(session, state, seat, shown[0])
            hand_checked = True
        choice = _choice(state, seat)
        if choice == ShowCard(form="gear") and not session.changed_mind:
            await _never_mind(session, seat)
        if "Trade" not in session.made and isinstance(choice, EndTurn):
            await _trade(session, state, seat)
            continue
        await session.move(seat, choice)
    else:
        raise AssertionError(f"the session did not end in {MAX_STEPS} steps")
    public = session.public()
    games = await bot.storage.games_in_channel(fake.text_channel.id, limit=1)
    final = ENGINE.load_state(games[0].state or "")
    assert final.outcome == "won", final.summary
    assert session.fixed, "the GM corrected the Demon's Side B"
    assert session.changed_mind, "a 📝 Show was taken back with ↩️ Never mind"
    assert {"Your hero sheet", "The Location card", "The enemy card", "What did you draw?",
            "Your dice", "The gear card you show", "The Tome you read",
            "The Combat or Showdown card"} <= session.forms
    assert "Tome II: nothing for the bot to track." in public, "a Tome is the printed one"
    assert "Cartographer" not in public, "never the house Tome at a physical table"
    assert "Combat: 1 Monster enters play." in public, "the form's suggested one Monster"
    assert "The cracked seal takes 5 Armor off The Ember Maw, Side A." in public
    assert "menu" in session.ways or "combined" in session.ways
    on_panels = {k: h for k, h in session.made.items() if h.startswith("panel")}
    assert {"Equip", "Trade", "TradeReply", "ShowCard"} <= set(on_panels), \
        f"hand moves are made on the player's own panel: {session.made}"
    assert "EndTurn+discard" in session.made, "unshown discards: on the board or the panel"
    assert "Enemy Die: Player Hit" in public, "the table's own Enemy Die"
    assert session.batches, "the cards of one draw are reported on one form"
    assert re.search(r"(Alice|Bob) suffers \d+ against \d+ and stands", public), \
        "the bot compares the enemies' pooled dice with each target's threshold"
    assert "The party reaches the Tomb." in public
    assert "The Demon's Side A falls; it turns over to Side B, a new enemy." in public
    assert "The Ember Maw, Side B" in public
    assert "GM: The Ember Maw, Side B corrected." in public


async def _trade(session: Session, state: HellbringerState, seat: int) -> None:
    """Co-op 'Trading a Card' at the real table: the offer is made on the player's
    panel and the channel reads only that a trade is offered; the partner's panel
    says what is offered (the bot knows it only as far as it was shown)."""
    partner = 1 - seat
    offer = next(a for a in ENGINE.legal_actions(state, seat)
                 if isinstance(a, Trade) and a.partner == partner)
    await session.move(seat, offer)
    said = f"{state.names[seat]} offers {state.names[partner]} a trade."
    await session.fake.wait_until(lambda: said in session.public(), message=said)
    panel = await panel_of(session.fake, PLAYERS[partner], await session.live(), partner)
    assert panel is not None
    assert f"offers you **{card_name(state, offer.give)}**" in panel.text()


async def _never_mind(session: Session, seat: int) -> None:
    """A player picks the wrong form for their weapon (a companion's) and presses ↩️
    Never mind: only they may, and the table is as it was before the Show. Undo (the
    GM) replays the log without it, so the wrong form waits again, and is taken back
    again."""
    before = await session.state()
    assert before is not None
    name = before.names[seat]
    await session.move(seat, ShowCard(form="companion"))
    pending = await session.state()
    live = await session.live()
    assert "or **↩️ Never mind: show no card**" in live.text()
    mine = next(c for c in live.custom_ids() if c.startswith("pd:mv:") and f":{seat}:" in c)
    other = await session.fake.click(PLAYERS[1 - seat], live, mine)
    assert await other.ephemeral()
    assert (await other.original()).text().startswith("Those buttons are for")
    assert await session.state() == pending, "a refused press changes nothing"
    taken_back = await session.move(seat, CancelShow())
    assert await session.state() == before
    said = "\n".join(m.text() for m in await taken_back.followups())
    assert f"{name} shows no card after all." in said
    undo = await session.fake.slash(GM, "game undo")
    assert not await undo.ephemeral(), (await undo.original()).text()
    assert await session.state() == pending, "undo replays up to the Show"
    await session.move(seat, CancelShow())
    assert await session.state() == before
    session.changed_mind = True


async def _hand_is_private(session: Session, state: HellbringerState, seat: int,
                           inst: str) -> None:
    """A shown card stays in its owner's hand, seen only by them until it is played."""
    name = card_name(state, inst)
    assert name not in session.public(), "a card in hand is never named in public"
    live = await session.live()
    button = next(cid for cid in live.custom_ids() if cid.startswith("pd:me:"))
    handle = await session.fake.click(PLAYERS[seat], live, button)
    assert await handle.ephemeral()
    assert f"• {name}" in (await handle.original()).text()


async def _side_b(session: Session, request: ChanceRequest) -> None:
    """Alice misreads the Side B Armor (50 for 10): the board shows it, Erin fixes it."""
    await session.report("alice", SIDE_B_TYPO)
    live = await session.live()
    line = next(row for row in live.text().splitlines() if "Side B" in row)
    assert "threshold 60" in line, line
    uid = re.search(r"`([a-z_]+#\d+)`", line)
    assert uid is not None, line
    fix = f"fix_enemy enemy={uid[1]} sight=0 health=10 armor=10 dice=2D"
    bob = await session.fake.slash("bob", "game correct", correction=fix)
    assert await bob.ephemeral() and "Only the host" in (await bob.original()).text()
    fixed = await session.fake.slash(GM, "game correct",
                                     correction=fix)
    assert not await fixed.ephemeral(), (await fixed.original()).text()
    session.fixed = True
    await session.bot.boards.flush()
    line = next(row for row in (await session.live()).text().splitlines() if "Side B" in row)
    assert "threshold 20" in line, line
