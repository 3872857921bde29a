"""Every way the game ends.

- "If the Human players close the gate to Hell, they win" (gateway.close).
- "If a Skinned Human player gets a skin and closes the gate to Hell, they win"
  (gateway.close).
- "If the Leviathan players cause all Humans to become casualties, they win" —
  house: only if Leviathan caused at least one of them (Humans who only fell to each
  other, or to the opener's own gateway, hand nobody the win: a 2-player game where
  one kills the other and then opens the gate ends with no winner) — and unless
  "the Skinned Human player kills more Humans than the Leviathan players": then that
  Skinned Human player wins (house: compared when no Human is left, or at the limit;
  the Skinned Human with most kills, ties shared).
- House limit (option `max_rounds`): the game ends after that many rounds. With
  the gateway open the Leviathan players win (balanced), nobody (`limit_outcome:
  draw`), or the game is unfinished with no winner (`limit_outcome: unfinished`, as
  written's default: no house rule decides a game the table did not ask it to);
  with it still shut, nobody raised Hell: a draw (unfinished, as written).
- Who "the Human players" are (both presets, the text's reading): every player the
  text has not moved to another side. Only two things do: opening the gate ("the
  player is now the first Leviathan player", line 160) and a Spiritual death ("the
  player is now a Leviathan player", line 80); a player back from Hell plays a
  Skinned Human ("Skinned Human player", line 16). A Physical or Mental casualty
  leaves the player a Human player, so their closed gate is still won with the others
  (house rule `lost_souls: out` only says they have nothing left to move): dying does
  not change what they win by. Under the house option `lost_souls: leviathan` the
  casualty plays for Leviathan instead, and is no Human player.
- Balanced preset (house, `converts_share: false`): a player who joined Leviathan by a
  casualty (a Spiritual death, or `lost_souls: leviathan`) never shares Leviathan's
  win. "If the Leviathan players *cause* all Humans to become casualties": Leviathan
  wins for what it does to the Humans, and a player who fell to it and then shared
  its win would gain by dying. So a Leviathan win is the first victim's (who is no
  casualty: opening the gate made them Leviathan's first player), a closed gate is
  the Human players', and every decided game of two or more players has a loser. A
  Skinned Human's own two wins stay under both presets: the text names them ("they
  win"), each is earned by what the Skinned Human does (a stolen skin and a closed
  gate, or more kills than Leviathan), never by having died, and each is a win alone.
"""

from __future__ import annotations

from engines.hellraiser.balance import balance
from engines.hellraiser.models import GameOver, HellraiserState
from engines.hellraiser.query import Out, alive_humans, gate_open


def casualty(s: HellraiserState, seat: int) -> bool:
    """Is this seat's character a casualty (dead, mad, in Hell, a Cenobite, a Skinned
    Human)? The first victim is not: nobody killed them, they opened the gate."""
    return any(f.kind == "human" and f.seat == seat and f.condition != "alive"
               and not f.first_victim for f in s.figures)


def human_players(s: HellraiserState) -> tuple[int, ...]:
    """The seats that win when the Human players close the gate: those playing a Human,
    and those sitting out whose character fell as a Human (never a Skinned Human)."""
    back = {f.seat for f in s.figures if f.kind == "human" and f.returned}
    return tuple(i for i, r in enumerate(s.roles)
                 if r == "human" or (r == "out" and i not in back))


def finish(s: HellraiserState, winners: tuple[int, ...], summary: str, out: Out) -> None:
    s.winners = tuple(sorted(w for w in winners if 0 <= w < s.seats))
    s.summary = summary
    s.phase = "over"
    s.pending.clear()
    if not out.quiet:
        out.add(GameOver(winners=s.winners, text=summary))


def _skinned_victors(s: HellraiserState) -> tuple[int, ...]:
    best = max(s.skinned_kills.values(), default=0)
    if best <= s.leviathan_kills or best == 0:
        return ()
    return tuple(seat for seat, n in s.skinned_kills.items() if n == best)


def _leviathan_win(s: HellraiserState, why: str, out: Out) -> None:
    skinned = _skinned_victors(s)
    if skinned:
        names = " and ".join(s.names[i] for i in skinned)
        finish(s, skinned, f"{why} {names} killed more Humans than Leviathan and"
                           f" wins as a Skinned Human.", out)
        return
    winners = [i for i, r in enumerate(s.roles) if r == "leviathan"]
    if not winners or s.phantom:  # house solo: only closing the gate beats the house
        finish(s, (), f"{why} Leviathan wins.", out)
        return
    summary = f"{why} The Leviathan players win."
    converts = [w for w in winners if casualty(s, w)]
    if converts and not balance(s).converts_share:
        winners = [w for w in winners if w not in converts]
        names = " and ".join(s.names[w] for w in converts)
        summary += f" ({names}: a casualty, so not among the winners.)"
    finish(s, tuple(winners), summary, out)


def check(s: HellraiserState, out: Out) -> None:
    """After every step: is there no Human left standing?"""
    if s.phase != "play" or s.winners is not None:
        return
    if alive_humans(s):
        return
    if s.leviathan_kills == 0 and not s.skinned_kills and not s.phantom:
        finish(s, (), "Every Human is a casualty, but Hell's servants caused none of it: nobody"
                      " wins.", out)
        return
    _leviathan_win(s, "Every Human is a casualty.", out)


def round_limit(s: HellraiserState, out: Out) -> bool:
    """Called as a round starts; True if the house limit ended the game."""
    if s.round <= s.options.max_rounds:
        return False
    why = f"The house limit of {s.options.max_rounds} rounds is reached."
    if s.options.limit_outcome == "unfinished":
        finish(s, (), f"{why} The game is unfinished (no winner).", out)
    elif not gate_open(s):
        finish(s, (), f"{why} Nobody opened the gateway: a draw.", out)
    elif s.options.limit_outcome == "draw":
        finish(s, (), f"{why} The gateway is still open: a draw.", out)
    else:
        _leviathan_win(s, f"{why} The gateway is still open.", out)
    return True
