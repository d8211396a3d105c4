"""dos_lab — learn, play and study the card game DOS (Mattel, classic first edition).

>>> from dos_lab import Round
>>> r = Round.from_position(hands=["R7 B3 G9", "Y1 Y5 B8"], center_row="B7 Y5", draw_pile="G4 Y8 R1")
>>> [str(m) for m in r.legal_matches()]
['R7 on B7: single number match']
"""

from dos_lab.engine.cards import Card, Color, Kind, full_deck, parse_cards
from dos_lab.engine.game import Game
from dos_lab.engine.matching import Bonus, Match
from dos_lab.engine.moves import Move
from dos_lab.engine.round import Round
from dos_lab.engine.rules import RuleSet
from dos_lab.engine.state import Phase
from dos_lab.errors import DosError, IllegalMove, InvalidInput
from dos_lab.i18n import language, set_language

__all__ = [
    "Bonus",
    "Card",
    "Color",
    "DosError",
    "Game",
    "IllegalMove",
    "InvalidInput",
    "Kind",
    "Match",
    "Move",
    "Phase",
    "Round",
    "RuleSet",
    "full_deck",
    "language",
    "parse_cards",
    "set_language",
]

__version__ = "0.1.0"
