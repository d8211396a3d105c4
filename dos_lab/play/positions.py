"""Named staged games for the table: a known first turn for demos, lessons and browser tests.

A staged position lists the hands, the Center Row and the top of the draw pile;
:func:`staged_game` puts every other card of the deck under those top cards
(shuffled with the seed), so the game can be played on to the end.

>>> game = staged_game("colour-match", seed=0)
>>> [len(h) for h in game.round.hands], game.round.current, len(game.round.draw_pile)
([7, 7], 0, 92)
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from dos_lab.engine.cards import full_deck, parse_cards
from dos_lab.engine.game import Game
from dos_lab.engine.rules import RuleSet
from dos_lab.errors import InvalidInput

__all__ = ["POSITIONS", "staged_game"]

#: name -> the position: hands (player 0 first), center_row, draw_top (top card first), and a sentence
POSITIONS: dict[str, dict[str, Any]] = {
    "colour-match": {
        "about": "Your first turn offers a single colour match (R7 on R7) and a double colour match "
                 "(Y1+Y4 on Y5).",
        "hands": ["R7 Y1 Y4 B3 G9 W G#", "B8 G6 R3 Y10 B1 G1 R10"],
        "center_row": "R7 Y5",
        "draw_top": "G4 Y8 R1 B5 Y3",
    },
    "dos-call": {
        "about": "Two matches and a bonus card take you down to two cards: remember to call DOS! (R11).",
        "hands": ["R5 B9 G6 G3 B1", "R3 B4 G8 Y9 W", "B6 G10 R1 Y7 B#"],
        "center_row": "R5 Y6",
        "draw_top": "G5 R4 B3",
    },
    "going-out": {
        "about": "One double match ends the round: read the scoring table (R12, R13).",
        "hands": ["B3 G4", "R10 W B#", "Y5 Y5"],
        "center_row": "R7 Y9",
        "draw_top": "G1 B6",
    },
}


def staged_game(name: str, seed: int = 0, rules: RuleSet | None = None) -> Game:
    """A game whose first round starts from the named position, player 0 to play."""
    try:
        spec = POSITIONS[name]
    except KeyError:
        raise InvalidInput(f"unknown position {name!r}; choose one of {', '.join(POSITIONS)}") from None
    hands = [parse_cards(h) for h in spec["hands"]]
    row = parse_cards(spec["center_row"])
    top = parse_cards(spec["draw_top"])
    rest = Counter(full_deck())
    rest.subtract(Counter([c for h in hands for c in h] + row + top))
    pile = []
    for card in full_deck():
        if rest[card] > 0:
            rest[card] -= 1
            pile.append(card)
    random.Random(f"{seed}/staged/{name}").shuffle(pile)
    players = len(hands)
    return Game.from_position(scores=[0] * players, dealer=players - 1, hands=hands, center_row=row,
                              draw_pile=top + pile, seed=seed, rules=rules or RuleSet())
