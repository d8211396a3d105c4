"""The lessons' class experiments: every student deals a small share of hands, the class pools the shares.

An :class:`Experiment` is one yes/no question of a lesson with its exact answer — or, for lesson 5's tournament
between two bots, without one (``exact`` is None: nobody can work out the long-run win rate; the class estimates
it). A student's share is dealt (or played) from a seed made of the experiment's name and the student's first name
(:func:`share_seed`), so classmates deal different hands, and anyone can deal a share again and check it
(:func:`check_share`). What the class has pooled is a :class:`Pool`, with the 95 % Wilson interval of the class's
frequency.

>>> hits = Experiment("demo", "single_match", Fraction(1, 2), v=7, exclude_target=True, size=100)
>>> share = run_share(hits, "Ala")
>>> share == {"hits": share["hits"], "trials": 100, "seed": share_seed("demo", "Ala")}
True
>>> check_share(hits, "Ala", share) == share
True
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import math
import zlib
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import Any

from dos_lab.analysis.chances import hand_points_pmf, p_any_match, p_match_both, p_single_match
from dos_lab.analysis.sampling import sample_outcomes
from dos_lab.analysis.simulate import SerialExecutor, play_games, wilson_interval
from dos_lab.bots import GreedyBot, TacticianBot
from dos_lab.classroom.site import read_shared, shared_path, store_shared
from dos_lab.errors import InvalidInput
from dos_lab.i18n import decimal, gettext, ngettext, noop, number, percent

__all__ = ["EVEN", "EXPERIMENTS", "GAMES_SHARE", "GUESS", "Experiment", "Pool", "check_guess", "check_share",
           "experiment", "guesses", "pool", "reading", "run_share", "share_seed", "student_key"]

#: how many hands one student deals: 30 students make 3,000, the cost of 100 each
SHARE_SIZE = 100
#: the suffix of the experiment that keeps a lesson's guesses ("lesson-01-hits/guess")
GUESS = "/guess"
#: how many games one student of lesson 5 plays: about 1 s here (bench/class_results.py); 30 students make 1,500,
#: ten times the lesson's own tournament
GAMES_SHARE = 50
#: the win rate of an even contest between two bots, drawn where an experiment with no exact answer has none
EVEN = Fraction(1, 2)


@dataclasses.dataclass(frozen=True)
class Experiment:
    """One yes/no question a lesson simulates, and its exact chance (None if it has none).

    ``question``, ``v``, ``hand_size``, ``exclude_target`` and ``at_least`` are what
    :func:`dos_lab.probability.sample_outcomes` deals (``at_least``: a hand's points reach this many).
    ``choices`` are the row-card values a lesson's guess picks between, when it is not a guess of the chance;
    :attr:`right_choice` is the one a hand can match most often.

    An experiment with ``bots`` is a tournament: each share is ``size`` seeded games between them (seats swap
    every game), and a "hit" is a game the first bot won. It has no exact answer; ``reference`` is what the
    lesson's own tournament gave (wins, games).

    >>> lesson_2 = EXPERIMENTS["lesson-02-any-match"]
    >>> lesson_2.choices, lesson_2.right_choice
    ((1, 'W', 10, '#'), 3)
    >>> lesson_5 = EXPERIMENTS["lesson-05-greedy-wins"]
    >>> lesson_5.exact, lesson_5.size, lesson_5.reference, lesson_5.lesson
    (None, 50, (71, 150), 5)
    """

    name: str
    question: str
    exact: Fraction | None
    v: int | str | None = None
    hand_size: int = 7
    exclude_target: bool = False
    at_least: int | None = None
    size: int = SHARE_SIZE
    #: the words of the lesson's simulation: "{hits} of {total} hands could match"
    noun: str = noop("hands")
    verb: str = noop("could match")
    choices: tuple[int | str, ...] = ()
    #: a tournament's players, the first one's wins counted (:func:`play_games`)
    bots: tuple[type[GreedyBot] | type[TacticianBot], ...] = ()
    #: the lesson's own big simulation of the question: (hits, trials)
    reference: tuple[int, int] | None = None

    @property
    def lesson(self) -> int:
        """The number of the lesson the experiment belongs to ("lesson-02-any-match": 2)."""
        return int(self.name.split("-")[1])

    @property
    def right_choice(self) -> int | None:
        """The index of the choice easiest to match with a hand of ``hand_size`` (None without choices)."""
        if not self.choices:
            return None
        chances = [p_any_match(v, self.hand_size) for v in self.choices]
        return chances.index(max(chances))


def _hands_worth(points: int) -> Fraction:
    return sum((q for p, q in hand_points_pmf(7).items() if p >= points), Fraction(0))


@functools.cache
def _experiments() -> dict[str, Experiment]:
    # the questions and answers of the lessons' own simulations (notebooks/01 … 04)
    found = [Experiment("lesson-01-hits", "single_match", p_single_match(7, exclude_target=True), v=7,
                        exclude_target=True),
             Experiment("lesson-02-any-match", "any_match", p_any_match(10, exclude_target=True), v=10,
                        exclude_target=True, choices=(1, "W", 10, "#")),
             Experiment("lesson-03-both", "match_both", p_match_both(), noun=noop("deals"),
                        verb=noop("let you match both row cards")),
             Experiment("lesson-04-100-points", "hand_points", _hands_worth(100), at_least=100,
                        verb=noop("were worth 100 points or more")),
             # lesson 5's tournament: GreedyBot won 71 of its 150 games (seed 2024; tests/test_class_lesson5.py)
             Experiment("lesson-05-greedy-wins", "games", None, size=GAMES_SHARE,
                        # Translators: counted games, in the form the class experiment's sentences need after a
                        # number, as "hands" and "deals": "96 of 200 tournament games were won by GreedyBot"
                        noun=noop("tournament games"), verb=noop("were won by GreedyBot"),
                        bots=(GreedyBot, TacticianBot), reference=(71, 150))]
    return {e.name: e for e in found}


EXPERIMENTS: Mapping[str, Experiment] = _experiments()


def experiment(name: str) -> Experiment:
    """The experiment called ``name``; :class:`~dos_lab.errors.InvalidInput` for a name no lesson uses."""
    try:
        return EXPERIMENTS[name]
    except (KeyError, TypeError):
        raise InvalidInput(gettext("No lesson has an experiment called {name}.").format(name=str(name)[:64])) from None


def share_seed(name: str, student: str) -> int:
    """The seed of ``student``'s share of experiment ``name``: the same for the same first name (in any
    capitals), different for classmates.

    >>> ala = share_seed("lesson-01-hits", "Ala")
    >>> ala == share_seed("lesson-01-hits", " ALA") != share_seed("lesson-01-hits", "Ola")
    True
    """
    return zlib.crc32(f"{name}/{student_key(student)}".encode())


def student_key(student: str) -> str:
    """Who ``student`` is, whatever the capitals and spaces: "ala", " Ala " and "ALA" are one student."""
    return " ".join(student.split()).casefold()


@functools.lru_cache(maxsize=4096)
def _hits(e: Experiment, seed: int, trials: int) -> int:
    if e.bots:
        return _remembered(f"{e.name}-{seed}-{trials}", lambda: sum(
            1 for r in play_games(list(e.bots), trials, seed, SerialExecutor()) if r.winner == 0))
    outcomes = sample_outcomes(e.question, trials, seed, v=e.v, hand_size=e.hand_size,
                               exclude_target=e.exclude_target)
    if e.at_least is not None:
        return int((outcomes >= e.at_least).sum())
    return int(outcomes.sum())


def _remembered(key: str, play: Callable[[], int]) -> int:
    """``play()``, kept for the other kernels of a ``dos-lab`` site in its private folder (``DOS_LAB_CACHE``).

    A tournament share takes about a second to play, and every page of the class checks every classmate's share:
    so the page that played a share keeps its count, and the other pages accept what the lesson computed instead
    of playing all the class's games again. Only the site's own kernels can write there; a result that did not
    come from one (or with no site around: nbval, JupyterLab) is played again.
    """
    path = shared_path(f"class-share-{key}")
    stored = read_shared(path) if path is not None else None
    if stored is not None:
        with contextlib.suppress(ValueError):
            return int(stored)
    made = play()
    if path is not None:
        store_shared(path, str(made).encode())
    return made


def run_share(e: Experiment, student: str) -> dict[str, int]:
    """Deal ``student``'s share of ``e``: ``{"hits": …, "trials": …, "seed": …}``, what the store keeps."""
    seed = share_seed(e.name, student)
    return {"hits": _hits(e, seed, e.size), "trials": e.size, "seed": seed}


def check_share(e: Experiment, student: str, result: Any) -> dict[str, int]:
    """``result`` if it is the share ``student`` deals in ``e`` (its seed and size, and the hits they give);
    :class:`~dos_lab.errors.InvalidInput` otherwise, saying what differs."""
    if not isinstance(result, dict) or set(result) != {"hits", "trials", "seed"}:
        raise InvalidInput(gettext("This is not a result of the lesson's simulation."))
    if result["trials"] != e.size or result["seed"] != share_seed(e.name, student):
        if e.bots:
            raise InvalidInput(gettext("This result was not played with {student}'s seed and {size} games.").format(
                student=student, size=e.size))
        raise InvalidInput(gettext("This result was not dealt with {student}'s seed and {size} hands.").format(
            student=student, size=e.size))
    hits = _hits(e, result["seed"], e.size)
    if e.bots and result["hits"] != hits:
        raise InvalidInput(ngettext("The lesson's tournament with this seed gives GreedyBot {hits} win, not {sent}.",
                                    "The lesson's tournament with this seed gives GreedyBot {hits} wins, not {sent}.",
                                    hits).format(hits=hits, sent=str(result["hits"])[:12]))
    if result["hits"] != hits:
        raise InvalidInput(ngettext("The lesson's simulation with this seed gives {hits} hit, not {sent}.",
                                    "The lesson's simulation with this seed gives {hits} hits, not {sent}.",
                                    hits).format(hits=hits, sent=str(result["hits"])[:12]))
    return dict(result)


def check_guess(guess: Any, choices: int = 0) -> dict[str, float | int]:
    """A student's guess as the store keeps it: ``{"chance": percent}`` (0–100), or ``{"choice": index}`` of one
    of ``choices`` options (an index, so classmates who read the page in other languages guess the same thing);
    :class:`~dos_lab.errors.InvalidInput` otherwise.

    >>> check_guess({"chance": 35}), check_guess({"choice": 3}, choices=4)
    ({'chance': 35.0}, {'choice': 3})
    """
    if not isinstance(guess, dict) or len(guess) != 1:
        raise InvalidInput(gettext("A guess is a chance from 0 % to 100 %, or one of the page's options."))
    (kind, value), = guess.items()
    whole = isinstance(value, int) and not isinstance(value, bool)
    if kind == "chance" and not choices and (whole or isinstance(value, float)) and 0 <= value <= 100:
        return {"chance": float(value)}
    if kind == "choice" and choices and whole and 0 <= value < choices:
        return {"choice": int(value)}
    raise InvalidInput(gettext("A guess is a chance from 0 % to 100 %, or one of the page's options."))


def _latest(results: Sequence[tuple[str, Any]]) -> list[tuple[str, Any]]:
    """``results`` with one per student (:func:`student_key`): the latest, where the student's first one was."""
    kept: dict[str, tuple[str, Any]] = {}
    for student, result in results:
        kept[student_key(student)] = (student, result)
    return list(kept.values())


def guesses(results: Sequence[tuple[str, Any]], choices: int = 0) -> list[tuple[str, float | int]]:
    """The well-formed guesses among ``results`` (as :meth:`ClassStore.results` gives them): (student, value)."""
    found: list[tuple[str, float | int]] = []
    for student, result in _latest(results):
        with contextlib.suppress(InvalidInput):
            found.extend((student, value) for value in check_guess(result, choices).values())
    return found


@dataclasses.dataclass(frozen=True)
class Pool:
    """What the class has pooled of one experiment: every student's share and the class's total.

    >>> hits = Experiment("demo", "single_match", Fraction(1, 2), v=7, exclude_target=True, size=100)
    >>> p = pool(hits, [("Ala", {"hits": 40, "trials": 100, "seed": 0}), ("Ola", {"hits": 60, "trials": 100,
    ...                                                                          "seed": 1})], checked=False)
    >>> p.students, p.hits, p.trials, p.frequency
    (2, 100, 200, 0.5)
    >>> [round(x, 4) for x in p.interval]
    [0.4314, 0.5686]
    """

    shares: tuple[tuple[str, int, int], ...]  # (student, hits, trials), in the order they were sent
    refused: int  # results that are not the lesson's own simulation: left out

    @property
    def students(self) -> int:
        return len(self.shares)

    @property
    def hits(self) -> int:
        return sum(h for _, h, _ in self.shares)

    @property
    def trials(self) -> int:
        return sum(t for _, _, t in self.shares)

    @property
    def frequency(self) -> float:
        return self.hits / self.trials if self.trials else math.nan

    @property
    def interval(self) -> tuple[float, float]:
        """The 95 % Wilson interval of the class's frequency."""
        return wilson_interval(self.hits, self.trials)

    def running(self) -> list[tuple[int, float, float, float]]:
        """(n, frequency, low, high) after each student's share joined the class's, in the order they came."""
        out, hits, trials = [], 0, 0
        for _, h, t in self.shares:
            hits, trials = hits + h, trials + t
            out.append((trials, hits / trials, *wilson_interval(hits, trials)))
        return out


def pool(e: Experiment, results: Sequence[tuple[str, Any]], *, checked: bool = True) -> Pool:
    """The class's pool of ``results`` (as :meth:`ClassStore.results` gives them); a result that is not the
    share its student deals is left out and counted in :attr:`Pool.refused` (``checked=False`` takes every
    well-formed result as it is)."""
    shares, refused = [], 0
    for student, result in _latest(results):
        try:
            share = check_share(e, student, result) if checked else result
            shares.append((student, int(share["hits"]), int(share["trials"])))
        except (InvalidInput, KeyError, TypeError, ValueError):
            refused += 1
    return Pool(tuple(shares), refused)


def _inside(e: Experiment, low: float, high: float) -> str:
    exact = float(e.exact if e.exact is not None else EVEN)
    return (gettext("is inside the interval.") if low <= exact <= high else
            gettext("is outside the interval this time: a 95 % interval misses in about 1 run of 20."))


def _estimate(e: Experiment, p: Pool, low: float, high: float) -> list[str]:
    """What a tournament's pool says when there is no exact answer to compare it with: what the interval
    estimates, whether an even contest fits, and how it compares with the lesson's own tournament."""
    # the sentences name the lesson's bots, so that each language can write their names as its lesson 5 does
    said = [gettext("There is no exact answer to work out here: the interval is the class's estimate of GreedyBot's "
                    "long-run win rate, all the rates that fit the games the class has played.")]
    if low <= EVEN <= high:
        said.append(gettext("50 % is inside the interval: the class's games still fit an even contest, so they do not "
                            "show that either bot is the better player."))
    else:
        said.append(gettext("The whole interval lies below 50 %: the class's games are strong evidence that "
                            "TacticianBot wins more than half of the games in the long run.") if high < EVEN else
                    gettext("The whole interval lies above 50 %: the class's games are strong evidence that "
                            "GreedyBot wins more than half of the games in the long run."))
    if e.reference is not None:
        wins, games = e.reference
        a, b = wilson_interval(wins, games)
        told = gettext("The lesson's own tournament of {games} games gave {share} (95 % Wilson interval {low} to "
                       "{high}).").format(games=number(games), share=percent(wins / games), low=percent(a),
                                          high=percent(b))
        if p.trials > games:
            times = p.trials / games
            told += " " + gettext("The class has played {times} times as many games, and its interval is {ratio} "
                                  "times narrower (√{times} ≈ {root}).").format(
                times=decimal(times, 1), ratio=decimal((b - a) / (high - low), 1), root=decimal(math.sqrt(times), 1))
        else:
            told += " " + gettext("The class has not played more games than that yet; its interval narrows as "
                                  "classmates send theirs.")
        said.append(told)
    return said


def reading(e: Experiment, p: Pool) -> list[str]:
    """What the class's pool says, sentence by sentence, the way a statistician reads it (HTML).

    >>> hits = Experiment("demo", "single_match", Fraction(1, 2), v=7, exclude_target=True, size=100)
    >>> shares = [(name, {"hits": h, "trials": 100, "seed": 0})
    ...           for name, h in [("Ala", 40), ("Ola", 62), ("Ewa", 51)]]
    >>> for sentence in reading(hits, pool(hits, shares, checked=False)):  # doctest: +NORMALIZE_WHITESPACE
    ...     print(sentence)
    The class has sent 3 results. 153 of 300 hands could match: <b>51.0 %</b>
    (95 % Wilson interval 45.37 % to 56.61 %). The exact chance, 50.00 %, is inside the interval.
    The class's interval is 11.2 percentage points wide; one student's interval is 18.9 points wide on average.
    The class's pool is 3 students' results, and its interval is 1.7 times narrower than one student's:
    an interval's width shrinks like 1 divided by the square root of the pool's size (√3 ≈ 1.7).
    Single students' results scatter: their shares run from 40.0 % to 62.0 %, and 2 of 3 are further from
    the exact chance than the class's share is.

    A tournament has no exact answer: the interval is read as the class's estimate of the long-run win rate.

    >>> games = EXPERIMENTS["lesson-05-greedy-wins"]
    >>> shares = [(name, {"hits": h, "trials": 50, "seed": 0}) for name, h in [("Ala", 20), ("Ola", 29),
    ...                                                                         ("Ewa", 23), ("Jan", 24)]]
    >>> for sentence in reading(games, pool(games, shares, checked=False)):  # doctest: +NORMALIZE_WHITESPACE
    ...     print(sentence)
    The class has sent 4 results. 96 of 200 tournament games were won by GreedyBot: <b>48.0 %</b>
    (95 % Wilson interval 41.2 % to 54.9 %).
    There is no exact answer to work out here: the interval is the class's estimate of GreedyBot's long-run win
    rate, all the rates that fit the games the class has played.
    50 % is inside the interval: the class's games still fit an even contest, so they do not show that either
    bot is the better player.
    The lesson's own tournament of 150 games gave 47.3 % (95 % Wilson interval 39.5 % to 55.3 %). The class has
    played 1.3 times as many games, and its interval is 1.2 times narrower (√1.3 ≈ 1.2).
    The class's interval is 13.7 percentage points wide; one student's interval is 26.5 points wide on average.
    The class's pool is 4 students' results, and its interval is 1.9 times narrower than one student's:
    an interval's width shrinks like 1 divided by the square root of the pool's size (√4 ≈ 2.0).
    Single students' results scatter: their shares run from 40.0 % to 58.0 %, and 2 of 4 lie outside the
    class's interval.
    """
    left_out = [ngettext("{count} result was left out: it is not what the lesson's simulation deals for its "
                         "student.", "{count} results were left out: they are not what the lesson's simulation "
                         "deals for their students.", p.refused).format(count=number(p.refused))] if p.refused else []
    if not p.students:
        return [gettext("Nobody has sent a result yet."), *left_out]
    low, high = p.interval
    sent = ngettext("The class has sent {students} result.", "The class has sent {students} results.",
                    p.students).format(students=number(p.students)) + " "
    if e.exact is None:
        said = [sent + gettext("{hits} of {total} {noun} {verb}: <b>{share}</b> (95 % Wilson interval {low} to "
                               "{high}).").format(
            hits=number(p.hits), total=number(p.trials), noun=gettext(e.noun), verb=gettext(e.verb),
            share=percent(p.frequency), low=percent(low), high=percent(high)), *_estimate(e, p, low, high)]
    else:
        said = [sent + gettext("{hits} of {total} {noun} {verb}: <b>{share}</b> (95 % Wilson interval {low} to "
                               "{high}). The exact chance, {exact}, {inside}").format(
            hits=number(p.hits), total=number(p.trials), noun=gettext(e.noun), verb=gettext(e.verb),
            share=percent(p.frequency), low=percent(low, 2), high=percent(high, 2), exact=percent(e.exact, 2),
            inside=_inside(e, low, high))]
    if p.students == 1:
        return [*said, gettext("When classmates send their results, the class's interval narrows."), *left_out]
    widths = [b - a for a, b in (wilson_interval(h, t) for _, h, t in p.shares)]
    single, width = sum(widths) / len(widths), high - low
    said.append(gettext("The class's interval is {width} percentage points wide; one student's interval is {single} "
                        "points wide on average. The class's pool is {times} students' results, and its interval is "
                        "{ratio} times narrower than one student's: an interval's width shrinks like 1 divided by "
                        "the square root of the pool's size (√{times} ≈ {root}).").format(
        width=decimal(width * 100, 1), single=decimal(single * 100, 1), times=number(p.students),
        ratio=decimal(single / width, 1), root=decimal(math.sqrt(p.students), 1)))
    shares = [h / t for _, h, t in p.shares]
    if e.exact is None:
        outside = sum(not low <= share <= high for share in shares)
        said.append(ngettext("Single students' results scatter: their shares run from {low} to {high}, and "
                             "{outside} of {students} lies outside the class's interval.",
                             "Single students' results scatter: their shares run from {low} to {high}, and "
                             "{outside} of {students} lie outside the class's interval.", outside).format(
            low=percent(min(shares)), high=percent(max(shares)), outside=number(outside),
            students=number(p.students)))
        return [*said, *left_out]
    further = sum(abs(s - float(e.exact)) > abs(p.frequency - float(e.exact)) for s in shares)
    said.append(ngettext("Single students' results scatter: their shares run from {low} to {high}, and "
                         "{further} of {students} is further from the exact chance than the class's share is.",
                         "Single students' results scatter: their shares run from {low} to {high}, and "
                         "{further} of {students} are further from the exact chance than the class's share is.",
                         further).format(low=percent(min(shares)), high=percent(max(shares)),
                                         further=number(further), students=number(p.students)))
    return [*said, *left_out]
