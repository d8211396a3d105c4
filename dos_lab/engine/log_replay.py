"""Does a dealt round's log follow from its deal? The log is replayed move by move from the deal that the round's
seed, dealer and rules make again, and must lead to exactly the saved round.

A save whose log was edited (events reordered, added or taken out) would show the class a game that nobody
played; :meth:`dos_lab.engine.round.Round.from_dict` refuses it with the first event that does not follow.

>>> from dos_lab.engine.round import Round
>>> r = Round.deal(2, seed=3)
>>> _ = r.draw()
>>> replay_log(Round.deal(2, seed=3), r.log) == r
True
>>> try:
...     replay_log(Round.deal(2, seed=3), [*r.log, r.log[-1]])  # the same draw twice
... except InvalidInput as refusal:
...     print(str(refusal).split(": ", 2)[2])
event 4 (P2 draws G4.) does not follow from the events before it
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from dos_lab.engine.events import (
    BonusPlaced,
    DosCalled,
    DosCaught,
    Event,
    Matched,
    Placed,
)
from dos_lab.engine.matching import parse_played
from dos_lab.engine.moves import CallDos, Catch, Draw, EndTurn, Move, Place, PlayMatch, perform
from dos_lab.errors import DosError, InvalidInput

if TYPE_CHECKING:
    from dos_lab.engine.round import Round

__all__ = ["replay_log"]


def _moves_for(event: Event, current: int) -> Iterator[Move]:
    """The moves that may have written ``event``: the one it names, or a draw or the end of the turn (for what the
    engine writes itself)."""
    if isinstance(event, Matched):
        for call in (False, True):
            yield PlayMatch(event.player, event.target, tuple(parse_played(c) for c in event.cards), event.target_as,
                            call)
    elif isinstance(event, Placed | BonusPlaced):
        code = event.card.code if event.declared is None else f"{event.card.code}={event.declared}"
        yield from (Place(current, parse_played(code)), Place(current, parse_played(code), True))
    elif isinstance(event, DosCalled):
        yield CallDos(event.player)
    elif isinstance(event, DosCaught):
        yield Catch(event.caller, event.target)
    # a draw may first shuffle the discards into a new pile (R14.1), and the end of a turn writes E1–E6
    yield from (Draw(current), Draw(current, True), EndTurn(current), EndTurn(current, True))


def replay_log(dealt: Round, log: Sequence[Event]) -> Round:
    """Replay ``log`` on ``dealt`` (a fresh deal) with the moves that wrote it, and return the round it leads to;
    :class:`InvalidInput` names the first event that does not follow."""
    done = len(dealt.log)
    if list(log[:done]) != dealt.log:
        raise InvalidInput("corrupt saved round: its log does not begin with the deal its seed and dealer make")
    while done < len(log):
        for move in _moves_for(log[done], dealt.current):
            trial = dealt.copy()
            try:
                perform(trial, move)
            except DosError:
                continue
            written = trial.log
            if len(written) > done and list(log[:len(written)]) == written:
                dealt, done = trial, len(written)
                break
        else:
            raise InvalidInput(f"corrupt saved round: its log does not follow from its deal: event {done + 1} "
                               f"({log[done].describe()}) does not follow from the events before it")
    return dealt
