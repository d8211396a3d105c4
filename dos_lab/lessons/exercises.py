"""Every exercise of the lessons, defined once: its question, the exact answer, the hint and the worked
answer; :func:`exercise` makes the page's answer box and :func:`check` checks an answer typed in code."""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Any

import numpy as np

from dos_lab import probability as P
from dos_lab.analysis.simulate import wilson_interval
from dos_lab.errors import InvalidInput
from dos_lab.i18n import decimal, get_language, gettext, language, percent
from dos_lab.lessons.analysis import at_least
from dos_lab.lessons.page import ROW_VALUES, row_label

__all__ = ["EXERCISES", "Exercise", "as_fraction", "check", "exercise", "one_row_card_chance", "row_card_table"]


def as_fraction(answer: object) -> Fraction:
    """A student's answer as a fraction: ``16``, ``Fraction(4, 27)``, ``"4/27"``, ``0.148``, ``"14.8 %"``."""
    from dos_lab.widgets.answers import read_number

    if isinstance(answer, bool):
        raise InvalidInput(gettext("answer with a number, not yes or no"))
    if isinstance(answer, Fraction | int):
        return Fraction(answer)
    if isinstance(answer, float):
        return Fraction(answer).limit_denominator(1_000_000)
    if isinstance(answer, np.integer | np.floating):
        return as_fraction(answer.item())
    try:
        return read_number(str(answer))
    except ValueError:
        raise InvalidInput(gettext("“{answer}” is not a number; answer like 16, 4/27, 0.148 or 14.8 %").format(
            answer=answer)) from None


@dataclass(frozen=True)
class Exercise:
    """One exercise: the question, its exact answer, how it is asked, a hint that does not give the answer
    away, and the worked answer."""

    question: str
    answer: Fraction
    kind: str  # "whole", "chance" or "number"
    hint: str
    explain: str
    decimals: int = 1


@cache
def one_row_card_chance(hand_size: int = 7) -> Fraction:
    """The chance of matching one random row card (dealt from the cards not in the hand).

    >>> percent(one_row_card_chance())
    '89.6 %'
    """
    counts = {v: c.count for v, c in zip(ROW_VALUES, P.VALUE_CLASSES, strict=True)}
    return sum((Fraction(n, 108) * P.p_any_match(v, hand_size, exclude_target=True) for v, n in counts.items()),
               Fraction(0))


def _exercises() -> dict[str, Exercise]:
    """Every exercise, its texts in the current language."""
    both = percent(one_row_card_chance(), 2)
    low, high = wilson_interval(8, 10)
    points_100 = at_least(P.hand_points_pmf(7), 100)
    return {
        "1.hits_on_a_7": Exercise(
            gettext("A 7 lies in the row. How many of the <b>107 other cards</b> can match it on their own?"),
            Fraction(15), "whole",
            gettext("The 7 in the row is not among them. Count the 7s that are left, then the cards that can "
                    "stand for any number."),
            gettext("7 sevens are left (the eighth lies in the row) and 8 Wild # cards can be any number from 1 to "
                    "10: 7 + 8 = 15.")),
        "1.one_card_hits_a_7": Exercise(
            gettext("You hold just <b>one</b> card, dealt from the 107 cards that are not in the row. What is the "
                    "chance it matches the 7 on its own?"), Fraction(15, 107), "chance",
            gettext("A chance is (cards that work) ÷ (cards it could be). How many cards work, out of how many?"),
            gettext("15 of the 107 cards match: 15/107, about 14.0 %.")),
        "1.two_cards_miss_a_7": Exercise(
            gettext("You hold <b>two</b> cards. What is the chance that <b>both</b> miss the 7? (Cards are dealt "
                    "without putting them back.)"), Fraction(92 * 91, 107 * 106), "chance",
            gettext("Multiply two chances: the first card misses, then the second misses given that the first did. "
                    "After one miss, how many misses are left, and how many cards?"),
            gettext("(92/107) × (91/106) = 8372/11342, about 73.8 %: after one miss, 91 misses are left among 106 "
                    "cards.")),
        "1.wild_hash_one_card": Exercise(
            gettext("A <b>Wild #</b> lies in the row. You hold one card. What is the chance that it matches the "
                    "Wild # on its own?"), P.p_single_match("#", 1, exclude_target=True), "chance",
            gettext("The player who matches a Wild # in the row says which number it is, anything from one to ten. "
                    "Which cards can count as such a number?"),
            gettext("Every card can: a number card, a Wild DOS (2) and a Wild # all count as a number from 1 to 10, "
                    "so the chance is 1 (100 %). (This is this package's usual rule; the rule option D4 can fix the "
                    "number of a Wild # when it is put into the row.)")),
        "2.pairs_for_6": Exercise(
            gettext("How many <b>kinds of pairs</b> of cards add up to <b>6</b>? (Count 1+5 and 5+1 once; a Wild "
                    "DOS counts 2, a Wild # any number 1–10.)"), Fraction(len(P.pair_combinations(6))), "whole",
            gettext("Go in order: 1 with something, then a Wild DOS (2) with something, then 3 with 3 — and do not "
                    "forget the pairs that use a Wild #, including two Wild # cards."),
            gettext("1+5, Wild DOS+4, 3+3, and with a Wild #: 1+#, Wild DOS+#, 3+#, 4+#, 5+#, #+# — 9 kinds.")),
        "2.double_on_w_two_cards": Exercise(
            gettext("You hold <b>two</b> cards. A <b>Wild DOS</b> (counts as 2) lies in the row. What is the chance "
                    "your two cards make a double match on it?"), Fraction(math.comb(20, 2), math.comb(107, 2)),
            "chance",
            gettext("2 = 1 + 1, so both cards must be able to count as 1. Which cards can be a 1, and how many? "
                    "Then count the pairs of them, and all pairs of the 107 cards."),
            gettext("12 ones and 8 Wild # can be a 1: C(20, 2) / C(107, 2) = 190/5671, about 3.4 %.")),
        "2.pairs_for_5": Exercise(
            gettext("How many kinds of pairs add up to <b>5</b>?"), Fraction(len(P.pair_combinations(5))), "whole",
            gettext("Use the pairs explorer above, or go in order: 1+?, Wild DOS+?, then the pairs with a Wild #."),
            gettext("1+4, Wild DOS+3, 1+#, Wild DOS+#, 3+#, 4+#, #+# — 7 kinds.")),
        "3.naive_both": Exercise(
            gettext("If the two row cards were <b>independent</b>, what would the chance of matching <b>both</b> "
                    "be? One row card is matched with chance {chance}.").format(chance=both),
            one_row_card_chance() ** 2, "chance",
            gettext("For independent events, the chance that both happen is found with one operation on the two "
                    "chances."),
            f"{both} × {both} ≈ {percent(one_row_card_chance() ** 2)}."),
        "3.expected_cleared": Exercise(
            gettext("What is the <b>expected number</b> of row cards you can clear in one turn with 7 cards?"),
            P.expected_matchable(), "number",
            gettext("You clear 0, 1 or 2 cards. The expected number is P(at least one) + P(both): both chances are "
                    "in the table above."),
            gettext("{one} + {both} ≈ {expected} row cards.").format(
                one=decimal(P.p_can_match(), 4), both=decimal(P.p_match_both(), 4),
                expected=decimal(P.expected_matchable(), 2)), decimals=2),
        "3.exactly_one": Exercise(
            gettext("What is the chance you can match <b>exactly one</b> of the two row cards (one, but not both)?"),
            P.p_can_match() - P.p_match_both(), "chance",
            gettext("The deals where you can match at least one are split into two kinds: exactly one, and both."),
            gettext("P(at least one) − P(both) = {one} − {both} = {exactly_one}.").format(
                one=percent(P.p_can_match()), both=percent(P.p_match_both()),
                exactly_one=percent(P.p_can_match() - P.p_match_both()))),
        "4.mean_points": Exercise(
            gettext("What is the <b>average</b> number of points in a random 7-card hand?"),
            P.expected_hand_points(7), "number",
            gettext("The whole deck of 108 cards is worth 1036 points. What is one card worth on average? "
                    "And seven cards?"), gettext("7 × 1036/108 ≈ 67.1 points."), decimals=1),
        "4.points_below_100": Exercise(
            gettext("What is the exact chance that a 7-card hand is worth <b>less than 100</b> points?"),
            1 - points_100, "chance",
            gettext("Use the complement rule with the exact chance from the table above."),
            gettext("1 − P(100 or more) = 1 − {high} = {low}.").format(
                high=percent(points_100), low=percent(1 - points_100))),
        "5.wilson_low_8_of_10": Exercise(
            gettext("A bot won <b>8 of 10</b> games. What is the <b>lower end</b> of the 95 % Wilson interval for "
                    "its win rate?"), Fraction(low).limit_denominator(100_000), "chance",
            gettext("Set the interval calculator above to 8 wins in 10 games and read the lower end."),
            gettext("The interval runs from {low} to {high}: 8 wins in 10 games could still come from a player who "
                    "wins only half the time.").format(low=percent(low), high=percent(high))),
        "5.greedy_rate": Exercise(
            gettext("GreedyBot won 71 of the 150 games. What is its win rate?"), Fraction(71, 150), "chance",
            gettext("A win rate is wins ÷ games."), f"71/150 ≈ {percent(Fraction(71, 150))}."),
    }


@cache
def _exercises_in(lang: str) -> dict[str, Exercise]:
    """:data:`EXERCISES` with their texts in the language ``lang``."""
    with language(lang):
        return _exercises()


#: every exercise of the lessons, by name: ``"<lesson>.<name>"`` (texts in English; a page shows them in its language)
EXERCISES: dict[str, Exercise] = _exercises_in("en")


def exercise(name: str) -> Any:
    """The exercise ``name`` as an answer box for the page (see :mod:`dos_lab.widgets.answers`)."""
    from dos_lab.widgets.answers import AnswerBox

    if name not in EXERCISES:
        raise InvalidInput(gettext("there is no exercise “{name}”; the exercises are {names}").format(
            name=name, names=", ".join(EXERCISES)))
    ex = _exercises_in(get_language())[name]
    return AnswerBox(ex.question, ex.answer, kind=ex.kind, decimals=ex.decimals,  # type: ignore[arg-type]
                     hint=ex.hint, explain=ex.explain, name=name.replace(".", "-"))


def check(name: str, answer: object, expected: object = None) -> bool:
    """Check an answer typed in code to the exercise ``name``; print the verdict and return True if right.

    ``expected`` overrides the stored answer.

    >>> check("1.one_card_hits_a_7", "15/107")
    Right! 15 of the 107 cards match: 15/107, about 14.0 %.
    True
    """
    box = exercise(name)
    if expected is not None:
        box.answer = as_fraction(expected)
    if isinstance(answer, Fraction):
        answer = f"{answer.numerator}/{answer.denominator}"
    elif not isinstance(answer, str):
        try:
            answer = str(as_fraction(answer))
        except InvalidInput as error:
            print(gettext("Not yet: {error}").format(error=error))
            return False
    box.submit(answer)
    print(box.feedback_text())
    return bool(box.right)


def row_card_table(hand_size: int = 7) -> list[tuple[str, str, str, str]]:
    """Rows of (row card, single, double, any) chances for every row-card value, as percentages, with the row
    card not in the deck the hand is dealt from.

    >>> row_card_table()[0]
    ('1', '75.7 %', '0.0 %', '75.7 %')
    """
    return [(row_label(v), percent(P.p_single_match(v, hand_size, True)),
             percent(P.p_double_match(v, hand_size, True)), percent(P.p_any_match(v, hand_size, True)))
            for v in ROW_VALUES]
