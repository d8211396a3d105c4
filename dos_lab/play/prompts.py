"""The table's phase sentences: what the human should do next (:attr:`TableController.prompt
<dos_lab.play.controller.TableController.prompt>` puts them together), how a round or a game ended, and what a
match earned. They are the only "what do I do now" text; the table and the tutorial example both show them.

>>> from dos_lab.play.positions import staged_game
>>> turn_prompt(staged_game("colour-match").round)
'Your turn: select one or two cards and a row card, then Match — or Draw.'
>>> watching("P2 (greedy bot)", 3)
'P2 (greedy bot) is playing — 3 steps to watch. Press Next to see each step, or Skip to jump to your turn.'
"""

from __future__ import annotations

from collections.abc import Callable

from dos_lab.engine.game import BLOCKED_ROUNDS, Game
from dos_lab.engine.matching import Bonus, Match
from dos_lab.engine.round import Round
from dos_lab.engine.rules import AfterDraw, BonusPlacement
from dos_lab.engine.state import Phase
from dos_lab.i18n import card_codes, gettext, ngettext

__all__ = ["blocked_end", "game_won", "match_message", "round_over", "turn_prompt", "watching"]


def watching(player: str, steps: int) -> str:
    """While others play: whose play is shown, and how many steps are left to watch."""
    return ngettext("{player} is playing — {count} step to watch. Press Next to see each step, or Skip to "
                    "jump to your turn.",
                    "{player} is playing — {count} steps to watch. Press Next to see each step, or Skip to "
                    "jump to your turn.", steps).format(player=player, count=steps)


def turn_prompt(r: Round, dos: str = "") -> str:
    """What the player whose turn it is should do in the round's phase; ``dos`` is added where a DOS call is due
    (a sentence starting with two spaces, or "")."""
    if r.phase is Phase.BONUS:
        if r.rules.bonus_placement is BonusPlacement.OPTIONAL:
            return ngettext("Colour bonus! Select a card and press Place to put it into the Center Row ({count} to "
                            "place — or End turn to keep your cards, R8 E3).",
                            "Colour bonus! Select a card and press Place to put it into the Center Row ({count} to "
                            "place — or End turn to keep your cards, R8 E3).", r.bonuses_owed
                            ).format(count=r.bonuses_owed) + dos
        return ngettext("Colour bonus! Select a card and press Place to put it into the Center Row ({count} to "
                        "place, R8 E3).",
                        "Colour bonus! Select a card and press Place to put it into the Center Row ({count} to "
                        "place, R8 E3).", r.bonuses_owed).format(count=r.bonuses_owed) + dos
    if r.phase is Phase.DREW:
        drawn = r.drawn_card
        if drawn is None:
            return gettext("The draw pile is empty: press End turn (R14.2).")
        if r.matches_this_turn:
            return gettext("Press End turn.") + dos
        card = card_codes(drawn.code)
        if r.legal_matches():
            if r.rules.after_draw_matching is AfterDraw.DRAWN_CARD_ONLY:
                return gettext("You drew {card}. It can be matched: select it (and maybe a partner card) and a "
                               "row card, then Match — or select any card and Place it (R7.2, R7.3).").format(
                    card=card) + dos
            return gettext("You drew {card}. It can be matched: select cards and a row card, then Match — or "
                           "select any card and Place it (R7.2, R7.3).").format(card=card) + dos
        return gettext("You drew {card} and no match uses it: select a card and press Place to put it into the "
                       "Center Row (R7.3).").format(card=card) + dos
    if r.matches_this_turn:
        return gettext("Match another row card, or press End turn.") + dos
    return gettext("Your turn: select one or two cards and a row card, then Match — or Draw.") + dos


def blocked_end(g: Game, human: int, name: Callable[[int], str]) -> str:
    """Why a :attr:`~dos_lab.engine.game.Game.blocked` game is over, and who wins it (``name`` names a seat)."""
    why = ngettext("Game over: {count} round in a row ended with nobody going out (R14.2).",
                   "Game over: {count} rounds in a row ended with nobody going out (R14.2).",
                   BLOCKED_ROUNDS).format(count=BLOCKED_ROUNDS)
    if g.winner is None:
        return why + " " + gettext("The highest totals are tied, so nobody wins the game.")
    points = g.scores[g.winner]
    if g.winner == human:
        return why + " " + ngettext("You win the game with the most points: {points}.",
                                    "You win the game with the most points: {points}.", points).format(
                                        points=points)
    return why + " " + ngettext("{player} wins the game with the most points: {points}.",
                                "{player} wins the game with the most points: {points}.", points).format(
                                    player=name(g.winner), points=points)


def game_won(g: Game, winner: int, human: int, name: Callable[[int], str]) -> str:
    """Who won the game, with how many points, against which target."""
    points = g.scores[winner]
    if winner == human:
        return ngettext("Game over: You win the game with {points} point (target {target}).",
                        "Game over: You win the game with {points} points (target {target}).",
                        points).format(points=points, target=g.rules.target_score)
    return ngettext("Game over: {player} wins the game with {points} point (target {target}).",
                    "Game over: {player} wins the game with {points} points (target {target}).",
                    points).format(player=name(winner), points=points, target=g.rules.target_score)


def round_over(r: Round, human: int, name: Callable[[int], str], then: str = "") -> str:
    """Who went out of the round that is over, and what they score; ``then`` says what comes next."""
    if r.winner is None:
        return gettext("The round ended with no score (R14.2).") + then
    if r.winner == human:
        return ngettext("Round over: You went out and score {points} point.",
                        "Round over: You went out and score {points} points.", r.points).format(
            points=r.points) + then
    return ngettext("Round over: {player} went out and scores {points} point.",
                    "Round over: {player} went out and scores {points} points.", r.points).format(
        player=name(r.winner), points=r.points) + then


def match_message(m: Match, called: str = "") -> str:
    """What the player's match did, and what its colour bonus asks next (R6.1, R6.2)."""
    text = gettext("You played {match}{called}.").format(match=m.describe(), called=called)
    if m.bonus is Bonus.SINGLE_COLOUR:
        return text + " " + gettext("Press End turn: you will then place 1 bonus card (R6.1).")
    if m.bonus is Bonus.DOUBLE_COLOUR:
        return text + " " + gettext("Press End turn: you will place 1 bonus card and every opponent draws 1 (R6.2).")
    return text
