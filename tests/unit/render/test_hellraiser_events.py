"""Event lines that explain themselves (issue 15, point 5): a tied attack says nobody
is hurt, a shot names its target and weapon, the puzzle says what its totals did,
turns with nothing to do are said once, and a drawn card is whispered to its drawer."""

from __future__ import annotations

from bot.games.hellraiser.events import drawn_lines, event_lines
from engines.core.protocol import Seat
from engines.hellraiser import ENGINE
from engines.hellraiser.models import CardDrawn, DiceRolled, PuzzleAttempted, TurnStarted

NAMES = ("Alice", "Bob", "Carol")


def attack(dice: list[list[int]], **fields: object) -> DiceRolled:
    return DiceRolled(purpose="attack", dice=dice, successes=[sum(d >= 4 for d in g) for g in dice],
                      totals=[sum(g) for g in dice], labels=["Pinhead", "Alice"][:len(dice)],
                      text="", stat="creativity", **fields)


def test_a_tied_hand_to_hand_attack_says_nobody_is_hurt() -> None:
    """Rules: the difference in successes is the damage, to the side with fewer."""
    (tie,) = event_lines([attack([[4, 1], [5, 2]])])
    assert "Attack (Creativity)" in tie and "a tie: nobody is hurt" in tie
    (won,) = event_lines([attack([[4, 5], [1, 2]])])
    assert "Pinhead wins by 2: Alice takes the damage" in won
    (lost,) = event_lines([attack([[1], [5, 6]])])
    assert "Alice wins by 2: Pinhead takes the damage" in lost


def test_a_shot_names_its_target_and_weapon_and_counts_hits() -> None:
    """Rules: guns and thrown items count the attacker's successes only."""
    (shot,) = event_lines([attack([[6, 4, 1]], ranged=True, item="revolver", aimed_at="Bob")])
    assert "Attack on Bob at range (Creativity, with the Revolver)" in shot
    assert "2 hits" in shot and "only the attacker's successes count" in shot
    (miss,) = event_lines([attack([[1, 2]], ranged=True, aimed_at="Bob")])
    assert miss.endswith("→ a miss.")


def puzzle(result: str, mine: int, theirs: int, left: int) -> PuzzleAttempted:
    return PuzzleAttempted(figure="h0", difficulty=3, result=result, mine=mine,
                           theirs=theirs, left=left,
                           text=f"Alice works the puzzle: {mine} against Leviathan's {theirs}.")


def test_the_puzzle_line_says_what_its_totals_did() -> None:
    """Rules: a win banishes a Cenobite (the last shuts the gateway), a loss drags the
    Human towards the gateway, a tie changes nothing."""
    lines = event_lines([puzzle("success", 12, 9, 2), puzzle("success", 12, 9, 1),
                         puzzle("failure", 7, 9, 2), puzzle("tie", 9, 9, 2)])
    assert "12 against Leviathan's 9 (3 dice) — solved: a Cenobite is sent back" in lines[0]
    assert "shuts the gateway" in lines[1]
    assert "Alice is dragged a square towards the gateway" in lines[2]
    assert "a tie: nothing happens" in lines[3]


def test_a_tie_the_house_balance_decided_says_so() -> None:
    """House balance (balance.yaml `ties`, `humans_tie_from`): an even roll may go to
    either side; the line says which, so equal totals never read as a mistake."""
    won, lost = event_lines([puzzle("success", 9, 9, 2), puzzle("failure", 9, 9, 2)])
    assert "9 against Leviathan's 9 (3 dice), a tie that is the Human's by the house" \
        " balance — solved" in won
    assert "a tie that is Leviathan's by the house balance — it fails" in lost


def turn(seat: int, round_: int) -> TurnStarted:
    return TurnStarted(seat=seat, round=round_, role="human", controller=seat,
                       text=f"Round {round_}: {NAMES[seat]}'s turn.")


def test_turns_with_nothing_to_do_are_said_once() -> None:
    lines = event_lines([turn(1, 4), turn(2, 4), turn(1, 5), turn(2, 5), turn(0, 6)], NAMES)
    assert lines == ["💤 Rounds 4–5: **Bob** and **Carol** have nothing to do; the turn passes"
                     " (4 turns).", "🕯️ **Round 6: Alice's turn.**"]


def test_a_hidden_card_is_whispered_to_the_hand_it_joined() -> None:
    s = ENGINE.setup([Seat(index=i, name=n) for i, n in enumerate(NAMES)],
                     ENGINE.parse_options({}))
    s = s.model_copy(update={"hands": {1: ("leviathan:relentless",)}})
    drawn = CardDrawn(seat=1, deck="leviathan", card=None, hand=1, index=0,
                      text="A card is drawn from the Leviathan deck.")
    (public,) = event_lines([drawn], NAMES)
    assert "Relentless" not in public and "draws a card" in public
    (secret,) = drawn_lines(s, [drawn], 1)
    assert "Only you see this" in secret and "**Relentless**" in secret
    assert drawn_lines(s, [drawn], 0) == [], "nobody else"
