"""Frozen records of everything that happens in a round, each with ``describe()``.

The round's log is a list of these events. Tutorials and the app narrate a game
from it, and the end of a turn can be replayed stage by stage: every event of
the end-of-turn pipeline carries its ``stage`` (``"E1"`` … ``"E6"``, RULES.md R8)
and, where the Center Row changed, the row as it stands afterwards.

Players are numbered from 0 in the API and named P1, P2, … in the narration.

>>> from dos_lab.engine.cards import parse_cards
>>> event = Refilled(cards=tuple(parse_cards("G4")), center_row=tuple(parse_cards("Y5 G4")))
>>> event.stage, event.describe()
('E2', 'E2 refill: only 1 card was left in the Center Row, so G4 is turned up to make two.')
>>> Drew(player=1, card=parse_cards("R4")[0]).describe(viewer=0)
'P2 draws a card.'
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from dos_lab.engine import save
from dos_lab.engine.cards import Card, Color
from dos_lab.i18n import card_codes, colour_name, gettext, ngettext, pgettext

__all__ = [
    "BonusForfeited",
    "BonusPlaced",
    "Discarded",
    "DosCalled",
    "DosCaught",
    "DrawSkipped",
    "Drew",
    "Event",
    "Matched",
    "OpponentDrew",
    "Passed",
    "PenaltyDrawn",
    "PenaltyVoided",
    "Placed",
    "Refilled",
    "Reflipped",
    "Reshuffled",
    "RoundEnded",
    "RoundStarted",
    "TurnPassed",
    "TurnStarted",
    "event_from_dict",
    "event_to_dict",
    "player_name",
]


def player_name(player: int) -> str:
    """``P1`` for player 0, as in RULES.md.

    >>> player_name(2)
    'P3'
    """
    return pgettext("player label", "P{number}").format(number=player + 1)


def _cards(cards: tuple[Card, ...]) -> str:
    return card_codes(", ".join(card.code for card in cards)) if cards else gettext("nothing")


def _code(card: Card) -> str:
    return card_codes(card.code)


#: a player, as an event names one (a table seats at most 4)
_PLAYER = save.whole(0, 3, expect="a player from 0 to 3")
#: a declared number of a wild card (R10.2)
_VALUE = save.whole(1, 10)
#: field metadata: how each event field is saved and checked (:mod:`dos_lab.engine.save`)
_KIND: dict[str, Mapping[str, save.Field]] = {kind: {"save": codec} for kind, codec in {
    "player": _PLAYER, "player_or_none": save.or_none(_PLAYER), "count": save.COUNT,
    "counts": save.list_of(save.COUNT, build=tuple, expect="a list of whole numbers of 0 or more"),
    "bool": save.BOOL, "text": save.TEXT, "text_or_none": save.or_none(save.TEXT), "card": save.CARD,
    "cards": save.list_of(save.CARD, build=tuple, expect="a list of card codes"), "codes": save.CODES,
    "value_or_none": save.or_none(_VALUE),
    "value_or_colour_or_none": save.Field(
        f"{_VALUE.expect}, {save.COLOUR.expect} or null",
        lambda v: v is None or _VALUE.test(v) or save.COLOUR.test(v),
        lambda v: save.COLOUR.build(v) if isinstance(v, dict) else v,
        lambda v: save.COLOUR.write(v) if isinstance(v, Color) else v),
}.items()}


@dataclass(frozen=True, slots=True)
class Event:
    """Base class: one thing that happened. ``stage`` is the R8 stage, if any."""

    stage: ClassVar[str | None] = None

    def describe(self, viewer: int | None = None) -> str:
        """A sentence in the current language (:mod:`dos_lab.i18n`; English unless chosen). With ``viewer`` set,
        cards hidden from that player are not named."""
        raise NotImplementedError

    def __str__(self) -> str:
        return self.describe()

    @property
    def row(self) -> tuple[Card, ...]:
        """The earlier name of ``center_row`` (the Center Row after the event), for events that carry it."""
        try:
            return self.center_row  # type: ignore[attr-defined, no-any-return]
        except AttributeError:
            raise AttributeError(f"{type(self).__name__} has no row") from None


@dataclass(frozen=True, slots=True)
class RoundStarted(Event):
    players: int = field(metadata=_KIND["count"])
    dealer: int | None = field(metadata=_KIND["player_or_none"])
    first: int = field(metadata=_KIND["player"])
    center_row: tuple[Card, ...] = field(metadata=_KIND["cards"])

    def describe(self, viewer: int | None = None) -> str:
        values = {"players": self.players, "row": _cards(self.center_row), "first": player_name(self.first)}
        if self.dealer is not None:
            return gettext("A new round for {players} players: {dealer} deals; the Center Row starts with {row}, and "
                           "{first} goes first.").format(dealer=player_name(self.dealer), **values)
        return gettext("A new round for {players} players: the Center Row starts with {row}, and {first} goes "
                       "first.").format(**values)


@dataclass(frozen=True, slots=True)
class TurnStarted(Event):
    player: int = field(metadata=_KIND["player"])
    turn: int = field(metadata=_KIND["count"])

    def describe(self, viewer: int | None = None) -> str:
        return gettext("Turn {turn}: {player} to play.").format(turn=self.turn, player=player_name(self.player))


@dataclass(frozen=True, slots=True)
class Matched(Event):
    player: int = field(metadata=_KIND["player"])
    target: int = field(metadata=_KIND["count"])
    target_card: Card = field(metadata=_KIND["card"])
    target_as: int | Color | None = field(metadata=_KIND["value_or_colour_or_none"])
    cards: tuple[str, ...] = field(metadata=_KIND["codes"])
    bonus: str | None = field(metadata=_KIND["text_or_none"])

    def describe(self, viewer: int | None = None) -> str:
        on = _code(self.target_card)
        if isinstance(self.target_as, Color):
            on = gettext("{card} (a 2, called {colour})").format(card=on, colour=colour_name(self.target_as.value))
        elif self.target_as is not None:
            on = gettext("{card} (called {value})").format(card=on, value=self.target_as)
        values = {"player": player_name(self.player), "cards": card_codes(" + ".join(self.cards)), "on": on}
        double = len(self.cards) == 2
        if self.bonus == "single_colour":
            return gettext("{player} plays {cards} on {on}: a single match, and the colours match: single colour "
                           "match, 1 bonus card to place (R6.1).").format(**values)
        if self.bonus == "double_colour":
            return gettext("{player} plays {cards} on {on}: a double match, both cards the same colour as the row "
                           "card: double colour match, 1 bonus card to place and every other player draws a card "
                           "(R6.2).").format(**values)
        if double:
            return gettext("{player} plays {cards} on {on}: a double match.").format(**values)
        return gettext("{player} plays {cards} on {on}: a single match.").format(**values)


@dataclass(frozen=True, slots=True)
class Drew(Event):
    player: int = field(metadata=_KIND["player"])
    card: Card = field(metadata=_KIND["card"])

    def describe(self, viewer: int | None = None) -> str:
        if viewer is not None and viewer != self.player:
            return gettext("{player} draws a card.").format(player=player_name(self.player))
        return gettext("{player} draws {card}.").format(player=player_name(self.player), card=_code(self.card))


@dataclass(frozen=True, slots=True)
class DrawSkipped(Event):
    player: int = field(metadata=_KIND["player"])
    reason: str = field(metadata=_KIND["text"])

    def describe(self, viewer: int | None = None) -> str:
        return gettext("{player} cannot draw: {reason} (R14.2).").format(player=player_name(self.player),
                                                                         reason=gettext(self.reason))


@dataclass(frozen=True, slots=True)
class Placed(Event):
    player: int = field(metadata=_KIND["player"])
    card: Card = field(metadata=_KIND["card"])
    declared: int | None = field(metadata=_KIND["value_or_none"])
    center_row: tuple[Card, ...] = field(metadata=_KIND["cards"])

    def describe(self, viewer: int | None = None) -> str:
        card = _code(self.card) if self.declared is None else gettext("{card} (called {value})").format(
            card=_code(self.card), value=self.declared)
        return gettext("{player} made no match after drawing, so puts {card} into the Center Row (R7.3).").format(
            player=player_name(self.player), card=card)


@dataclass(frozen=True, slots=True)
class Passed(Event):
    player: int = field(metadata=_KIND["player"])

    def describe(self, viewer: int | None = None) -> str:
        return gettext("{player} could not draw and made no match, so passes (R14.2).").format(
            player=player_name(self.player))


@dataclass(frozen=True, slots=True)
class Discarded(Event):
    stage: ClassVar[str | None] = "E1"
    cards: tuple[Card, ...] = field(metadata=_KIND["cards"])
    center_row: tuple[Card, ...] = field(metadata=_KIND["cards"])

    def describe(self, viewer: int | None = None) -> str:
        return gettext("E1 discard: every matched row card goes to the discard pile with the cards played on it: "
                       "{cards}.").format(cards=_cards(self.cards))


@dataclass(frozen=True, slots=True)
class Reshuffled(Event):
    count: int = field(metadata=_KIND["count"])

    def describe(self, viewer: int | None = None) -> str:
        return ngettext("The draw pile is empty, so the {count} discarded card are shuffled into a new draw pile "
                        "(R14.1).",
                        "The draw pile is empty, so the {count} discarded cards are shuffled into a new draw pile "
                        "(R14.1).", self.count).format(count=self.count)


@dataclass(frozen=True, slots=True)
class Reflipped(Event):
    card: Card = field(metadata=_KIND["card"])

    def describe(self, viewer: int | None = None) -> str:
        return gettext("{card} was turned up for the Center Row; by the house rule it goes to the discard pile and "
                       "another card is turned up (R2.4).").format(card=_code(self.card))


@dataclass(frozen=True, slots=True)
class Refilled(Event):
    stage: ClassVar[str | None] = "E2"
    cards: tuple[Card, ...] = field(metadata=_KIND["cards"])
    center_row: tuple[Card, ...] = field(metadata=_KIND["cards"])

    def describe(self, viewer: int | None = None) -> str:
        before = len(self.center_row) - len(self.cards)
        if not self.cards:
            if before >= 2:
                return ngettext("E2 refill: {count} card is still in the Center Row, so no card is turned up.",
                                "E2 refill: {count} cards are still in the Center Row, so no card is turned up.",
                                before).format(count=before)
            return gettext("E2 refill: the draw pile is empty, so no card can be turned up (R14.2).")
        cards = _cards(self.cards)
        if len(self.center_row) < 2:  # the draw pile ran out after one card (a reshuffle may follow, R14)
            return gettext("E2 refill: no cards were left in the Center Row, so {cards} is turned up. It was the last "
                           "card of the draw pile.").format(cards=cards)
        if before == 1:
            return ngettext("E2 refill: only 1 card was left in the Center Row, so {cards} is turned up to make two.",
                            "E2 refill: only 1 card was left in the Center Row, so {cards} are turned up to make two.",
                            len(self.cards)).format(cards=cards)
        if before == 0:
            return ngettext("E2 refill: no cards were left in the Center Row, so {cards} is turned up to make two.",
                            "E2 refill: no cards were left in the Center Row, so {cards} are turned up to make two.",
                            len(self.cards)).format(cards=cards)
        return ngettext("E2 refill: {count} cards were left in the Center Row, so {cards} is turned up to make two.",
                        "E2 refill: {count} cards were left in the Center Row, so {cards} are turned up to make two.",
                        len(self.cards)).format(count=before, cards=cards)


@dataclass(frozen=True, slots=True)
class BonusPlaced(Event):
    stage: ClassVar[str | None] = "E3"
    player: int = field(metadata=_KIND["player"])
    card: Card = field(metadata=_KIND["card"])
    declared: int | None = field(metadata=_KIND["value_or_none"])
    center_row: tuple[Card, ...] = field(metadata=_KIND["cards"])

    def describe(self, viewer: int | None = None) -> str:
        card = _code(self.card) if self.declared is None else gettext("{card} (called {value})").format(
            card=_code(self.card), value=self.declared)
        return gettext("E3 bonus: {player} puts {card} into the Center Row.").format(
            player=player_name(self.player), card=card)


@dataclass(frozen=True, slots=True)
class BonusForfeited(Event):
    stage: ClassVar[str | None] = "E3"
    player: int = field(metadata=_KIND["player"])
    count: int = field(metadata=_KIND["count"])
    #: "hand_empty" (R12.4) or "declined" (bonus_placement=optional)
    reason: str = field(metadata=_KIND["text"])

    def describe(self, viewer: int | None = None) -> str:
        who = player_name(self.player)
        if self.reason == "declined":
            return ngettext("E3 bonus: {player} chooses not to place {count} bonus card (rule option D3).",
                            "E3 bonus: {player} chooses not to place {count} bonus cards (rule option D3).",
                            self.count).format(player=who, count=self.count)
        return ngettext("E3 bonus: {player} has no cards left, so {count} bonus card is not placed (R12.4).",
                        "E3 bonus: {player} has no cards left, so {count} bonus cards are not placed (R12.4).",
                        self.count).format(player=who, count=self.count)


@dataclass(frozen=True, slots=True)
class OpponentDrew(Event):
    stage: ClassVar[str | None] = "E4"
    player: int = field(metadata=_KIND["player"])
    card: Card = field(metadata=_KIND["card"])
    by: int = field(metadata=_KIND["player"])

    def describe(self, viewer: int | None = None) -> str:
        if viewer is not None and viewer != self.player:
            return gettext("E4 double colour match: {player} draws a card (R6.2).").format(
                player=player_name(self.player))
        return gettext("E4 double colour match: {player} draws {card} (R6.2).").format(
            player=player_name(self.player), card=_code(self.card))


@dataclass(frozen=True, slots=True)
class DosCalled(Event):
    player: int = field(metadata=_KIND["player"])

    def describe(self, viewer: int | None = None) -> str:
        return gettext("{player} calls \"DOS!\" with two cards left (R11.1).").format(player=player_name(self.player))


@dataclass(frozen=True, slots=True)
class DosCaught(Event):
    caller: int = field(metadata=_KIND["player"])
    target: int = field(metadata=_KIND["player"])
    deferred: bool = field(metadata=_KIND["bool"])

    def describe(self, viewer: int | None = None) -> str:
        values = {"caller": player_name(self.caller), "target": player_name(self.target)}
        if self.deferred:
            return gettext("{caller} calls \"DOS!\" on {target}, who forgot to call: {target} draws the penalty "
                           "cards at the end of their turn (E5) (R11.1).").format(**values)
        return gettext("{caller} calls \"DOS!\" on {target}, who forgot to call: {target} draws the penalty cards "
                       "now (R11.1).").format(**values)


@dataclass(frozen=True, slots=True)
class PenaltyDrawn(Event):
    player: int = field(metadata=_KIND["player"])
    cards: tuple[Card, ...] = field(metadata=_KIND["cards"])
    deferred: bool = field(metadata=_KIND["bool"])

    @property
    def stage(self) -> str | None:  # type: ignore[override]
        return "E5" if self.deferred else None

    def describe(self, viewer: int | None = None) -> str:
        who = player_name(self.player)
        if viewer is not None and viewer != self.player:
            count = len(self.cards)
            if self.deferred:
                return ngettext("E5 penalty: {player} draws {count} card for the missed DOS call (R11.1).",
                                "E5 penalty: {player} draws {count} cards for the missed DOS call (R11.1).",
                                count).format(player=who, count=count)
            return ngettext("{player} draws {count} card for the missed DOS call (R11.1).",
                            "{player} draws {count} cards for the missed DOS call (R11.1).",
                            count).format(player=who, count=count)
        if self.deferred:
            return gettext("E5 penalty: {player} draws {cards} for the missed DOS call (R11.1).").format(
                player=who, cards=_cards(self.cards))
        return gettext("{player} draws {cards} for the missed DOS call (R11.1).").format(
            player=who, cards=_cards(self.cards))


@dataclass(frozen=True, slots=True)
class PenaltyVoided(Event):
    stage: ClassVar[str | None] = "E5"
    player: int = field(metadata=_KIND["player"])

    def describe(self, viewer: int | None = None) -> str:
        return gettext("E5 penalty: {player} has no cards left, so the DOS penalty is dropped (R11.6, "
                       "rule option D7).").format(player=player_name(self.player))


@dataclass(frozen=True, slots=True)
class TurnPassed(Event):
    stage: ClassVar[str | None] = "E6"
    player: int = field(metadata=_KIND["player"])
    to: int = field(metadata=_KIND["player"])
    cards_left: int = field(metadata=_KIND["count"])

    def describe(self, viewer: int | None = None) -> str:
        return ngettext("E6: {player} still holds {count} card, so play passes to {next}.",
                        "E6: {player} still holds {count} cards, so play passes to {next}.",
                        self.cards_left).format(player=player_name(self.player), count=self.cards_left,
                                                next=player_name(self.to))


@dataclass(frozen=True, slots=True)
class RoundEnded(Event):
    stage: ClassVar[str | None] = "E6"
    winner: int | None = field(metadata=_KIND["player_or_none"])
    points: int = field(metadata=_KIND["count"])
    hand_points: tuple[int, ...] = field(metadata=_KIND["counts"])

    def describe(self, viewer: int | None = None) -> str:
        if self.winner is None:
            return gettext("Nobody can draw or match any more, so the round ends with no score (R14.2).")
        others = [gettext("{player} holds {points}").format(player=player_name(p), points=pts)
                  for p, pts in enumerate(self.hand_points) if p != self.winner]
        return ngettext("E6: {player} has no cards left and wins the round, scoring {points} point ({holdings}) "
                        "(R12, R13).",
                        "E6: {player} has no cards left and wins the round, scoring {points} points ({holdings}) "
                        "(R12, R13).", self.points).format(player=player_name(self.winner), points=self.points,
                                                            holdings="; ".join(others))


_EVENT_TYPES: dict[str, type[Event]] = {
    cls.__name__: cls
    for cls in (RoundStarted, TurnStarted, Matched, Drew, DrawSkipped, Placed, Passed, Discarded, Reshuffled,
                Reflipped, Refilled, BonusPlaced, BonusForfeited, OpponentDrew, DosCalled, DosCaught, PenaltyDrawn,
                PenaltyVoided, TurnPassed, RoundEnded)
}


#: each kind of event's fields, with how each is saved (the order of the dataclass)
_SAVED_FIELDS: dict[type[Event], tuple[tuple[str, save.Field], ...]] = {
    cls: tuple((f.name, f.metadata["save"]) for f in dataclasses.fields(cls)) for cls in _EVENT_TYPES.values()}


def event_to_dict(event: Event) -> dict[str, Any]:
    """A JSON-ready dict: ``{"event": "Drew", "player": 0, "card": "G5"}``.

    >>> from dos_lab.engine.cards import Card
    >>> event_to_dict(Drew(0, Card.parse("G5")))
    {'event': 'Drew', 'player': 0, 'card': 'G5'}
    """
    data: dict[str, Any] = {"event": type(event).__name__}
    for name, codec in _SAVED_FIELDS[type(event)]:
        data[name] = codec.write(getattr(event, name))
    return data


#: what a saved event names its kind with
_EVENT_KIND = save.Field("the name of an event: " + ", ".join(_EVENT_TYPES),
                         lambda v: isinstance(v, str) and v in _EVENT_TYPES)
#: names a saved event may still use for a field that was renamed
_OLD_NAMES = {"row": "center_row"}


def event_from_dict(data: Any) -> Event:
    """The event saved by :func:`event_to_dict`; a malformed record raises
    :class:`~dos_lab.errors.InvalidInput`.

    >>> event_from_dict({"event": "Drew", "player": 0, "card": "G5"})
    Drew(player=0, card=Card.parse('G5'))
    >>> event_from_dict({"event": "Drew", "player": "P1", "card": "G5"})
    Traceback (most recent call last):
    ...
    dos_lab.errors.InvalidInput: corrupt saved event: Drew.player='P1' must be a player from 0 to 3
    >>> event_from_dict({"event": "Teleported"})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    dos_lab.errors.InvalidInput: corrupt saved event: event='Teleported' must be the name of an event: ...
    >>> event_from_dict({"event": "Drew", "player": 0})
    Traceback (most recent call last):
    ...
    dos_lab.errors.InvalidInput: the saved event Drew is missing card
    """
    save.check_keys(data, "event", ["event"], optional=None)  # the other fields depend on the kind
    name = data["event"]
    cls = _EVENT_TYPES[_EVENT_KIND.read(name, "event", "event")]
    data = {_OLD_NAMES.get(key, key): value for key, value in data.items()}
    saved = _SAVED_FIELDS[cls]
    save.check_keys(data, f"event {name}", ["event", *(key for key, _ in saved)])
    return cls(**{key: codec.read(data[key], f"{name}.{key}", "event") for key, codec in saved})
