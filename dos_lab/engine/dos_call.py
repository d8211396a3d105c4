"""The DOS call (RULES.md R11): who must call, when a missed call can be caught, and why a call or catch does
nothing.

A player who holds exactly two cards must call "DOS!" (R11.1). The call is checked at the round's rest points
(R11.4, RP0–RP7): a player who holds two cards there without having called is *exposed*, and a catch on an
exposed player imposes the penalty. These functions read and change a :class:`~dos_lab.engine.state.RoundState`;
:class:`~dos_lab.engine.round.Round` calls them and is the only code that does.

>>> from dos_lab.engine.cards import parse_cards
>>> from dos_lab.engine.rules import RuleSet
>>> s = RoundState([parse_cards("R7 B3"), parse_cards("Y1 Y5 B8")], [], [], [], [], 1,
...                dos_called=[False, False], dos_exposed=[False, False], dos_lapsed=[False, False],
...                dos_caught=[False, False])
>>> rest_point(s, RuleSet(), "RP1"); s.dos_exposed
[True, False]
>>> call_refusal(s, 1)
'P2 holds 3 cards: DOS! counts only with exactly two (R11.3)'
"""

from __future__ import annotations

from collections.abc import Iterable

from dos_lab.engine.events import DosCalled, player_name
from dos_lab.engine.rules import CatchWindow, DosCheckpoints, RuleSet
from dos_lab.engine.state import Phase, RoundState
from dos_lab.errors import IllegalMove
from dos_lab.i18n import gettext, ngettext

__all__ = ["call", "call_refusal", "catchable", "check_catch", "hand_changed", "rest_point", "start_acting"]


def hand_changed(s: RoundState, rules: RuleSet, player: int, *, call_dos: bool = False) -> None:
    """After ``player``'s hand changed: a hand that left two cards starts afresh; with
    ``call_dos`` a hand that reached two calls DOS with the action (R11.4)."""
    if len(s.hands[player]) != 2:
        s.dos_called[player] = s.dos_exposed[player] = s.dos_lapsed[player] = s.dos_caught[player] = False
        return
    if call_dos:
        call(s, player)
    elif rules.dos_checkpoints is DosCheckpoints.EVERY_CARD_MOVEMENT and catchable(s, player):
        s.dos_exposed[player] = True


def catchable(s: RoundState, player: int) -> bool:
    """True if ``player`` holds two cards and owes a call that no catch has punished yet."""
    return (len(s.hands[player]) == 2 and not s.dos_called[player] and not s.dos_lapsed[player]
            and not s.dos_caught[player] and not (player == s.current and s.penalty_pending))


def call(s: RoundState, player: int) -> None:
    """``player`` calls DOS (if they hold two cards and have not called yet)."""
    if len(s.hands[player]) == 2 and not s.dos_called[player] and s.phase is not Phase.OVER:
        s.dos_called[player] = True
        s.dos_exposed[player] = False
        s.log.append(DosCalled(player))


def rest_point(s: RoundState, rules: RuleSet, point: str, players: Iterable[int] | None = None) -> None:
    """Expose every player who holds two cards and has not called (R11.4).

    ``players`` are the players whose hands this rest point is about. RP7 (an
    out-of-turn penalty draw) concerns only the player who drew: it never exposes
    the active player in the middle of their matching or bonus phase.
    """
    mode = rules.dos_checkpoints
    candidates: Iterable[int]
    if mode is DosCheckpoints.END_OF_OWN_TURN:
        if point not in ("RP5", "RP6", "RP7"):
            return
        candidates = players if players is not None else ()
    elif point == "RP7":
        candidates = players if players is not None else ()
    else:
        candidates = range(len(s.hands))
    for p in candidates:
        if len(s.hands[p]) == 2 and catchable(s, p):  # the cheap check first: most hands are not two
            s.dos_exposed[p] = True


def start_acting(s: RoundState, rules: RuleSet) -> None:
    """The turn's first action: under ``until_next_turn_starts`` older exposure ends (R11.5)."""
    if not s.acted and rules.dos_catch_window is CatchWindow.UNTIL_NEXT_TURN_STARTS:
        # the chance to catch a missed call is gone for good, until that hand changes size
        for p, exposed in enumerate(s.dos_exposed):
            if exposed:
                s.dos_exposed[p] = False
                s.dos_lapsed[p] = True
    s.acted = True


def call_refusal(s: RoundState, player: int) -> str | None:
    """Why ``player``'s call would not count now (the message, naming the rule), or None."""
    if s.phase is Phase.OVER:
        return gettext("the round is over, so a DOS! call has no effect (R11.5, R12.1)")
    if len(s.hands[player]) != 2:
        return ngettext("{player} holds {count} card: DOS! counts only with exactly two (R11.3)",
                        "{player} holds {count} cards: DOS! counts only with exactly two (R11.3)",
                        len(s.hands[player])).format(player=player_name(player), count=len(s.hands[player]))
    return None


def check_catch(s: RoundState, caller: int, target: int) -> None:
    """Raise :class:`IllegalMove` naming the rule if ``caller``'s catch of ``target`` would impose no penalty now."""
    if caller == target:
        raise IllegalMove(gettext("{player} cannot catch themselves; only another player can (R11.2)").format(
            player=player_name(caller)))
    who = player_name(target)
    if s.dos_exposed[target]:
        return
    if s.phase is Phase.OVER:
        raise IllegalMove(gettext("the round is over, so nobody can be caught (R11.5, R12.1)"))
    if len(s.hands[target]) != 2:
        raise IllegalMove(ngettext("{player} holds {count} card: only a player with exactly two cards can be "
                                   "caught (R11.1)",
                                   "{player} holds {count} cards: only a player with exactly two cards can be "
                                   "caught (R11.1)", len(s.hands[target])).format(player=who,
                                                                                  count=len(s.hands[target])))
    if s.dos_called[target]:
        raise IllegalMove(gettext("{player} already called DOS, so the catch has no effect (R11.3)").format(
            player=who))
    if s.dos_caught[target] or (target == s.current and s.penalty_pending):
        raise IllegalMove(gettext("{player} was already caught and owes the penalty; a missed call is punished "
                                  "once (R11.2, R11.4)").format(player=who))
    if s.dos_lapsed[target]:
        raise IllegalMove(gettext("the chance to catch {player} ended when the next turn began (R11.5)").format(
            player=who))
    if target == s.current:
        raise IllegalMove(gettext("{player} is still playing their turn: a missed DOS call counts only at "
                                  "fixed moments, such as when the player ends the matches or after the last bonus "
                                  "card (R11.4)").format(player=who))
    raise IllegalMove(gettext("{player} has not yet been checked with these two cards: a missed DOS call counts "
                              "only at the fixed moments of R11.4").format(player=who))
