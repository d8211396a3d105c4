"""Moves: what one player does at the table, as a frozen value that can be written down and played elsewhere.

Every move names its player (``move.player``, numbered from 0; the text says P1 for player 0). There are six:
a match, a draw, a placement (after a draw, or a colour-match bonus), the end of the matching phase, a DOS call
and a catch. A move is text (``str(move)``, read back with :meth:`Move.parse`) and JSON (``move.to_dict()``,
read back with :meth:`Move.from_dict`); both round-trip exactly. :meth:`dos_lab.engine.round.Round.legal_moves` lists
the moves a player may make now and :meth:`dos_lab.engine.round.Round.apply` plays one.

>>> m = PlayMatch(0, 1, ("R#=4", "R3"), target_as=7)
>>> str(m)
'P1: match 1 R#=4 R3 as 7'
>>> Move.parse(str(m)) == m, Move.from_dict(m.to_dict()) == m
(True, True)
>>> m.to_dict()
{'move': 'match', 'player': 0, 'target': 1, 'cards': ['R#=4', 'R3'], 'target_as': 7}
>>> Move.parse("P2: catch P1"), Move.parse("P1: draw + call DOS").call_dos
(Catch(player=1, target=0), True)

A tutorial's script line leaves out the player (``"match 0 R7"``); :meth:`Move.parse` takes it with the player
it is for:

>>> Move.parse("place Y#=4", player=1)
Place(player=1, card=Played(card=Card.parse('Y#'), value=4, color=None), call_dos=False)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, ClassVar

from dos_lab.engine.cards import Card, Color
from dos_lab.engine.events import player_name
from dos_lab.engine.matching import Played, parse_played
from dos_lab.errors import IllegalMove, InvalidInput, NotThere, huge_number, whole_number
from dos_lab.i18n import gettext, ngettext

if TYPE_CHECKING:
    from dos_lab.engine.round import Round
    from dos_lab.engine.round_view import RoundView

__all__ = ["MAX_PLAYERS", "CallDos", "Catch", "Draw", "EndTurn", "Move", "Place", "PlayMatch", "TurnMove", "apply",
           "legal_moves", "parse_player", "perform"]

#: a table seats at most this many players (R1), so a move names a player from 0 to 3
MAX_PLAYERS = 4
#: the suffix of a move that calls DOS with it (R11.4)
_WITH_CALL = " + call DOS"
_EXAMPLES = "write e.g. 'P1: match 0 R7', 'P1: draw', 'P1: place Y9', 'P1: end turn', 'P1: call DOS' or 'P2: catch P1'"


def _check_player(value: Any, what: str = "player") -> int:
    if not whole_number(value) or not 0 <= value < MAX_PLAYERS:
        shown = huge_number(value) or repr(value)
        raise InvalidInput(f"{what}={shown} is not a player: players are numbered 0 to {MAX_PLAYERS - 1} "
                           "(P1 to P4)")
    return int(value)


def _check_flag(value: Any) -> bool:
    if not isinstance(value, bool):
        raise InvalidInput(f"call_dos={value!r} must be true or false")
    return value


def parse_player(text: str) -> int:
    """``"P2"`` -> 1 (players are numbered from 1 in what people read).

    >>> parse_player("p3")
    2
    """
    word = text.strip().upper()
    if len(word) >= 2 and word[0] == "P" and word[1:].isdigit() and 1 <= int(word[1:]) <= MAX_PLAYERS:
        return int(word[1:]) - 1
    raise InvalidInput(f"{text[:24]!r} is not a player; write P1, P2, P3 or P4")


@dataclass(frozen=True, slots=True)
class Move:
    """One player's move. Build one of the six kinds below, or read one with :meth:`parse` or :meth:`from_dict`."""

    #: the name of the kind in text and JSON (``"match"``, ``"draw"``, …)
    verb: ClassVar[str] = ""
    player: int

    def __post_init__(self) -> None:
        object.__setattr__(self, "player", _check_player(self.player))

    # ---------------------------------------------------------------- text

    def _words(self) -> str:
        return self.verb

    def __str__(self) -> str:
        call = _WITH_CALL if getattr(self, "call_dos", False) else ""
        return f"P{self.player + 1}: {self._words()}{call}"

    @staticmethod
    def parse(text: str, player: int | None = None) -> Move:
        """A move from its text: ``"P1: match 0 R7"``, or a script line without the player (``"match 0 R7"``,
        ``"call P1"``, ``"catch P2 P1"``) when ``player`` says whose it is.

        >>> Move.parse("match W B1 B1 as b", player=0)
        PlayMatch(player=0, target='W', cards=(Played(card=Card.parse('B1'), value=None, color=None), \
Played(card=Card.parse('B1'), value=None, color=None)), target_as=<Color.BLUE: 'B'>, call_dos=False)
        >>> Move.parse("P1: jump")
        Traceback (most recent call last):
        ...
        dos_lab.errors.InvalidInput: 'P1: jump' is not a move; write e.g. 'P1: match 0 R7', 'P1: draw', \
'P1: place Y9', 'P1: end turn', 'P1: call DOS' or 'P2: catch P1'
        """
        if not isinstance(text, str):
            raise InvalidInput(f"a move is written as text, not {type(text).__name__}; {_EXAMPLES}")
        line = " ".join(text.replace(",", " ").split())
        shown = text if len(text) <= 40 else text[:40] + "…"
        head, colon, rest = line.partition(":")
        if colon:
            player = parse_player(head)
            line = rest.strip()
        call_dos = line.lower().endswith(_WITH_CALL.lower())
        if call_dos:
            line = line[: -len(_WITH_CALL)]
        words = line.split()
        move = _from_words(words[0].lower(), words[1:], player, call_dos, bool(colon)) if words else None
        if move is None:
            raise InvalidInput(f"{shown!r} is not a move; {_EXAMPLES}")
        return move

    # ---------------------------------------------------------------- JSON

    def to_dict(self) -> dict[str, Any]:
        """The move as plain JSON values; :meth:`from_dict` reads it back."""
        return {"move": self.verb, "player": self.player}

    @staticmethod
    def from_dict(data: Any) -> Move:
        """A move from :meth:`to_dict`'s form; anything else is refused with :class:`InvalidInput`.

        >>> Move.from_dict({"move": "catch", "player": 1, "target": 0})
        Catch(player=1, target=0)
        >>> Move.from_dict({"move": "draw", "player": True})
        Traceback (most recent call last):
        ...
        dos_lab.errors.InvalidInput: player=True is not a player: players are numbered 0 to 3 (P1 to P4)
        """
        if not isinstance(data, dict):
            raise InvalidInput(f"a move is a JSON object such as {{'move': 'draw', 'player': 0}}, not "
                               f"{type(data).__name__}")
        verb = data.get("move")
        kind = _KINDS.get(verb) if isinstance(verb, str) else None
        if kind is None:
            raise InvalidInput(f"move={str(data.get('move'))[:24]!r} is not a kind of move; the kinds are "
                               + ", ".join(sorted(_KINDS)))
        allowed = {"move", "player", *kind._fields}
        extra = sorted(str(k)[:24] for k in data if k not in allowed)
        if extra:
            raise InvalidInput(f"a {kind.verb} move has no field {', '.join(extra)}")
        if "player" not in data:
            raise InvalidInput(f"a {kind.verb} move needs its player")
        return kind._decode(data)

    _fields: ClassVar[tuple[str, ...]] = ()

    @classmethod
    def _decode(cls, data: dict[str, Any]) -> Move:
        return cls(data["player"])


@dataclass(frozen=True, slots=True)
class PlayMatch(Move):
    """Play one or two hand cards (declarations ride on the codes: ``R#=4``, ``W=R``) on the row card at position
    ``target`` (from 0; a row card's code also names it); ``target_as`` is the number declared for a Wild # row
    card or the colour for a Wild DOS row card. ``call_dos`` calls DOS with the match if it leaves two cards."""

    verb: ClassVar[str] = "match"
    _fields: ClassVar[tuple[str, ...]] = ("target", "cards", "target_as", "call_dos")
    target: int | str
    cards: tuple[Played, ...]
    target_as: int | Color | None = None
    call_dos: bool = False

    def __post_init__(self) -> None:
        Move.__post_init__(self)
        target = self.target
        if isinstance(target, Card):
            target = target.code
        if isinstance(target, str):
            target = Card.parse(target).code
        elif not whole_number(target) or not 0 <= target < 1000:
            raise InvalidInput(f"target={huge_number(target) or repr(target)[:24]} is not a row position "
                               "(0, 1, …) or a row card's code")
        object.__setattr__(self, "target", target)
        if isinstance(self.cards, str | Card | Played) or not isinstance(self.cards, Iterable):
            raise InvalidInput("cards must be a list of card codes, e.g. ['R3', 'Y4']")
        object.__setattr__(self, "cards", tuple(parse_played(c) for c in self.cards))
        object.__setattr__(self, "target_as", _declared(self.target_as))
        object.__setattr__(self, "call_dos", _check_flag(self.call_dos))

    def _words(self) -> str:
        cards = "".join(f" {p.code}" for p in self.cards)
        declared = "" if self.target_as is None else f" as {_declaration_text(self.target_as)}"
        return f"match {self.target}{cards}{declared}"

    def to_dict(self) -> dict[str, Any]:
        data = Move.to_dict(self) | {"target": self.target, "cards": [p.code for p in self.cards]}
        if self.target_as is not None:
            data["target_as"] = _declaration_text(self.target_as)
        return data | _call_entry(self.call_dos)

    @classmethod
    def _decode(cls, data: dict[str, Any]) -> Move:
        if "target" not in data or "cards" not in data:
            raise InvalidInput("a match move needs its target and its cards")
        cards = data["cards"]
        if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
            raise InvalidInput("cards must be a list of card codes, e.g. ['R3', 'Y4']")
        return cls(data["player"], data["target"], tuple(cards), data.get("target_as"),
                   data.get("call_dos", False))


@dataclass(frozen=True, slots=True)
class _CallOnly(Move):
    """A turn move whose only choice is whether to call DOS with it."""

    _fields: ClassVar[tuple[str, ...]] = ("call_dos",)
    call_dos: bool = False

    def __post_init__(self) -> None:
        Move.__post_init__(self)
        object.__setattr__(self, "call_dos", _check_flag(self.call_dos))

    def to_dict(self) -> dict[str, Any]:
        return Move.to_dict(self) | _call_entry(self.call_dos)

    @classmethod
    def _decode(cls, data: dict[str, Any]) -> Move:
        return cls(data["player"], data.get("call_dos", False))


@dataclass(frozen=True, slots=True)
class Draw(_CallOnly):
    """Draw a card instead of matching (R7.1); ``call_dos`` calls DOS with it if it brings the player to two."""

    verb: ClassVar[str] = "draw"


@dataclass(frozen=True, slots=True)
class Place(Move):
    """Put one hand card into the Center Row: after a draw without a match (R7.3), or as a colour-match bonus
    (R8 E3). A Wild # may carry its number (``G#=5``) where the rules declare it when placed (D4)."""

    verb: ClassVar[str] = "place"
    _fields: ClassVar[tuple[str, ...]] = ("card", "call_dos")
    card: Played
    call_dos: bool = False

    def __post_init__(self) -> None:
        Move.__post_init__(self)
        object.__setattr__(self, "card", parse_played(self.card))
        object.__setattr__(self, "call_dos", _check_flag(self.call_dos))

    def _words(self) -> str:
        return f"place {self.card.code}"

    def to_dict(self) -> dict[str, Any]:
        return Move.to_dict(self) | {"card": self.card.code} | _call_entry(self.call_dos)

    @classmethod
    def _decode(cls, data: dict[str, Any]) -> Move:
        if not isinstance(data.get("card"), str):
            raise InvalidInput("a place move needs its card, as a code such as 'Y9'")
        return cls(data["player"], data["card"], data.get("call_dos", False))


@dataclass(frozen=True, slots=True)
class EndTurn(_CallOnly):
    """Finish the matching phase (E1 discard, E2 refill, then any bonus cards owed); in the bonus phase under
    optional bonus placement, decline the rest. ``call_dos`` calls DOS first if the player holds two cards."""

    verb: ClassVar[str] = "end turn"


@dataclass(frozen=True, slots=True)
class CallDos(Move):
    """The player calls "DOS!" for themselves, holding exactly two cards (R11.1, R11.3)."""

    verb: ClassVar[str] = "call DOS"


@dataclass(frozen=True, slots=True)
class Catch(Move):
    """The player calls "DOS!" on ``target``, who holds two cards and forgot to call (R11.1, R11.2)."""

    verb: ClassVar[str] = "catch"
    _fields: ClassVar[tuple[str, ...]] = ("target",)
    target: int

    def __post_init__(self) -> None:
        Move.__post_init__(self)
        object.__setattr__(self, "target", _check_player(self.target, "target"))

    @property
    def caller(self) -> int:
        """The player who catches (the move's player)."""
        return self.player

    def _words(self) -> str:
        return f"catch P{self.target + 1}"

    def to_dict(self) -> dict[str, Any]:
        return Move.to_dict(self) | {"target": self.target}

    @classmethod
    def _decode(cls, data: dict[str, Any]) -> Move:
        if "target" not in data:
            raise InvalidInput("a catch move needs its target, the player who is caught")
        return cls(data["player"], data["target"])


_KINDS: dict[str, type[Move]] = {kind.verb: kind for kind in (PlayMatch, Draw, Place, EndTurn, CallDos, Catch)}


def _call_entry(call_dos: bool) -> dict[str, Any]:
    """A move's JSON names ``call_dos`` only when the move calls DOS."""
    return {"call_dos": True} if call_dos else {}


def _declared(value: Any) -> int | Color | None:
    """A row card's declaration: a number 1–10 for a Wild #, a colour for a Wild DOS, or None."""
    if value is None or isinstance(value, Color):
        return value
    if isinstance(value, str):
        text = value.strip()
        if not (text.isdigit() and len(text) <= 2):
            return Color.parse(text)
        value = int(text)
    if whole_number(value) and 0 <= value <= 99:
        return int(value)
    raise InvalidInput(f"target_as={huge_number(value) or repr(value)[:24]} must be a number 1–10 or a colour "
                       "R, B, G or Y")


def _declaration_text(value: int | Color) -> str | int:
    return value.value if isinstance(value, Color) else value


def _from_words(verb: str, args: list[str], player: int | None, call_dos: bool, named: bool) -> Move | None:
    """The move a line's words spell, or None if they spell none. ``player`` is the line's own ("P1: …", then
    ``named``) or the one a script line is for, which a script form naming its players overrides."""
    if verb in ("call", "catch") and not call_dos:
        who = [parse_player(a) for a in args if a.upper() != "DOS"]
        if verb == "call" and len(args) == 1 and args[0].upper() == "DOS":
            return CallDos(_needs(player, "call DOS"))
        if verb == "call" and len(who) == 1:  # the script form "call P1"
            return CallDos(_same(player if named else None, who[0]))
        if verb == "catch" and len(who) == 1:
            return Catch(_needs(player, "catch"), who[0])
        if verb == "catch" and len(who) == 2:  # the script form "catch P2 P1": P2 catches P1
            return Catch(_same(player if named else None, who[0]), who[1])
        return None
    if verb == "match":
        target_as: int | Color | None = None
        if len(args) >= 2 and args[-2].lower() == "as":
            target_as = _declared(args[-1])
            args = args[:-2]
        if not args:
            raise InvalidInput("a match needs a row card and one or two hand cards: 'match 0 R7'")
        target: int | str = int(args[0]) if args[0].isdigit() and len(args[0]) <= 3 else args[0]
        return PlayMatch(_needs(player, "match"), target, tuple(map(parse_played, args[1:])), target_as, call_dos)
    if verb == "draw" and not args:
        return Draw(_needs(player, "draw"), call_dos)
    if verb == "place" and len(args) == 1:
        return Place(_needs(player, "place"), parse_played(args[0]), call_dos)
    if (verb == "end" and args == ["turn"]) or (verb == "end_turn" and not args):
        return EndTurn(_needs(player, "end turn"), call_dos)
    return None


def _same(player: int | None, named: int) -> int:
    """The player a script form names, who must be the one the line is written for, if any."""
    if player is not None and player != named:
        raise InvalidInput(f"the line is written for P{player + 1}, but names P{named + 1} as the one who acts")
    return named


def _needs(player: int | None, verb: str) -> int:
    if player is None:
        raise InvalidInput(f"a {verb} move needs its player: write it as 'P1: {verb} …'")
    return player


#: the moves only the player whose turn it is makes; a DOS call and a catch may come from anyone, at any time
TurnMove = PlayMatch | Draw | Place | EndTurn


def legal_moves(r: RoundView, player: int | None = None) -> list[Move]:
    """Every move ``player`` (the current player by default) may make now, in this order:

    1. the turn's moves, for the current player only: every match of :meth:`~dos_lab.engine.round.Round.legal_matches`
       (in its order), the draw, each distinct hand card that may be placed (in hand order), and the end of the
       matching phase; each followed by the same move calling DOS with it, where that call would count (the move
       leaves the player exactly two cards, and they have not called);
    2. the player's own DOS call, if it would count now (:meth:`~dos_lab.engine.round.Round.can_call_dos`);
    3. a catch of every other player who may be caught now, in seat order.

    A match is listed with the declarations the engine would choose, and a Wild # to place under its plain code
    (the engine gives it its number where the rules declare one when placed). Nothing is listed once the round is
    over.
    """
    player = r.current if player is None else _seat(r, player)
    if r.over:
        return []
    found: list[Move] = []
    if player == r.current:
        turn: list[TurnMove] = [PlayMatch(player, m.target, tuple(map(parse_played, m.cards)), m.target_as)
                                for m in r.legal_matches()]
        if r.can_draw():
            turn.append(Draw(player))
        if r.can_place():
            codes = dict.fromkeys(card.code for card in r.hand(player))
            turn.extend(Place(player, parse_played(code)) for code in codes if r.can_place(code))
        if r.can_end_turn():
            turn.append(EndTurn(player))
        for move in turn:
            found.append(move)
            if _call_refusal(r, move) is None:
                found.append(replace(move, call_dos=True))
    if r.can_call_dos(player):
        found.append(CallDos(player))
    found.extend(Catch(player, other) for other in range(r.players) if other != player and r.can_catch(player, other))
    return found


def apply(r: Round, move: Move) -> object:
    """Play ``move`` with every guard of the methods, and more: a move for the wrong player or out of turn, a DOS
    call or a catch that would have no effect, or a call riding on a move that would not count, raises
    :class:`IllegalMove` and changes nothing. Returns what the method returns (a Match, the drawn card, True for a
    call or a catch, or None)."""
    if not isinstance(move, Move):
        raise InvalidInput(f"apply() takes a Move, such as Move.parse('P1: draw'), not {type(move).__name__}")
    _seat(r, move.player)
    if isinstance(move, CallDos):
        refusal = _own_call_refusal(r, move.player)
    elif isinstance(move, Catch):
        _seat(r, move.target)
        refusal = r.verify_catch(move.player, move.target)
    elif isinstance(move, TurnMove):
        refusal = _turn_refusal(r, move) or (_call_refusal(r, move) if move.call_dos else None)
    else:
        raise InvalidInput(f"{move!r} is not a move")
    if refusal is not None:
        raise IllegalMove(refusal)
    return perform(r, move)


def perform(r: Round, move: Move) -> object:
    """Play ``move`` as the round's methods play it: a call or a catch that has no effect returns False, and a
    call riding on a move that does not bring two cards is left out. A turn move for anyone but the current player
    raises :class:`IllegalMove`, like everything else the rules refuse; nothing changes then."""
    refusal = _turn_refusal(r, move) if isinstance(move, TurnMove) else None
    if refusal is not None:
        raise IllegalMove(refusal)
    if isinstance(move, PlayMatch):
        return r.match(move.target, *move.cards, target_as=move.target_as, call_dos=move.call_dos)
    if isinstance(move, Draw):
        return r.draw(call_dos=move.call_dos)
    if isinstance(move, Place):
        r.place(move.card, call_dos=move.call_dos)
        return None
    if isinstance(move, EndTurn):
        r.end_turn(call_dos=move.call_dos)
        return None
    if isinstance(move, CallDos):
        return r.call_dos(move.player)
    if isinstance(move, Catch):
        return r.catch_dos(move.player, move.target)
    raise InvalidInput(f"{move!r} is not a move")


def _seat(r: RoundView, player: int) -> int:
    if not whole_number(player) or not 0 <= player < r.players:
        # players are numbered from 0 in code, and labelled from P1 on the table
        raise NotThere(ngettext("there is no player {player} at this table: it has {count} seat, player {last} (P1)",
                                "there is no player {player} at this table: it has {count} seats, players 0 to "
                                "{last} (P1 to P{count})", r.players).format(
            player=huge_number(player) or repr(player)[:24], count=r.players, last=r.players - 1))
    return player


def _turn_refusal(r: RoundView, move: Move) -> str | None:
    if r.over:
        return gettext("the round is over, so no more moves can be made (R12.1)")
    if move.player == r.current:
        return None
    if isinstance(move, PlayMatch):
        text = gettext("it is {current}'s turn, so {player} cannot match now (R3)")
    elif isinstance(move, Draw):
        text = gettext("it is {current}'s turn, so {player} cannot draw now (R3)")
    elif isinstance(move, Place):
        text = gettext("it is {current}'s turn, so {player} cannot place a card now (R3)")
    else:
        text = gettext("it is {current}'s turn, so {player} cannot end the turn now (R3)")
    return text.format(current=player_name(r.current), player=player_name(move.player))


def _own_call_refusal(r: RoundView, player: int) -> str | None:
    refusal = r.verify_call(player)
    if refusal is None and r.has_called_dos(player):
        return gettext("{player} has already called DOS (R11.1)").format(player=player_name(player))
    return refusal


def _call_refusal(r: RoundView, move: TurnMove) -> str | None:
    """Why a DOS call riding on ``move`` would not count, or None (R11.3, R11.4)."""
    held = len(r.hand(move.player))
    after = {PlayMatch: held - len(getattr(move, "cards", ())), Draw: held + 1, Place: held - 1,
             EndTurn: held}[type(move)]
    if after != 2:
        return ngettext("a DOS call with this move would not count: {player} would hold {count} card, and DOS! "
                        "counts only with exactly two (R11.3)",
                        "a DOS call with this move would not count: {player} would hold {count} cards, and DOS! "
                        "counts only with exactly two (R11.3)", after).format(player=player_name(move.player),
                                                                             count=after)
    if after == held and r.has_called_dos(move.player):
        return gettext("{player} has already called DOS (R11.1)").format(player=player_name(move.player))
    return None
