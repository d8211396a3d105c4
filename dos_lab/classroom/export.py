"""The class's experiments and tutorials as a table for the teacher: one row per student per experiment and per
student per tutorial exercise, playable example and closing-check question, as CSV.

The columns (``COLUMNS``):

* ``experiment`` — the experiment's name, such as ``lesson-01-hits``;
* ``student`` — the first name the student typed;
* ``hits``, ``trials`` — how many of the student's hands (or deals) came out yes, of how many (lesson 5: how many
  of the student's games GreedyBot won, of how many);
* ``share_percent`` — ``hits`` as a percentage of ``trials``, one decimal;
* ``exact_percent`` — the exact chance of the experiment, two decimals (empty for lesson 5, which has none);
* ``guess`` — the student's locked-in guess: a chance in percent, or the option picked (lesson 2: a row card,
  numbered from 1 in the page's order: 1, Wild DOS, 10, Wild #); empty if none was sent;
* ``counted`` — ``yes``, or why the result is left out of the class's pool;
* ``sent_at`` — when the result was sent (UTC, ISO 8601);
* ``question``, ``rules``, ``answer``, ``tries`` — on a tutorial's rows (``experiment`` is then ``tutorial-03``
  and so on, and the columns above stay empty): the item's number among the page's items of its kind, from 1 in
  the page's order (closing-check question 1, 2, …; exercise 1, 2, …; example 1, 2, …); the rules it is about; how
  it went — ``first_try``, ``right`` (after more tries), ``shown`` ("Show me" was pressed first),
  ``not_right_yet`` or ``not_answered``; and how many answers the student checked (for an example: how many times
  the student started playing it, from the start or after "Start again"). An example is ``right`` when its goal
  was reached by the student's own moves;
* ``kind`` — what the row is: ``experiment`` (a lesson's), or on a tutorial's rows ``question`` (of the closing
  check), ``exercise`` (in the body of the page) or ``example`` (a playable example); empty on a tutorial's row
  whose result is not counted.

>>> from dos_lab.classroom import ClassStore
>>> from dos_lab.classroom.experiments import experiment, run_share
>>> store = ClassStore(":memory:")
>>> store.submit("lesson-01-hits", "Ala", run_share(experiment("lesson-01-hits"), "Ala"))
>>> store.submit("lesson-01-hits/guess", "Ala", {"chance": 40})
>>> print(results_csv(store).splitlines()[0])
experiment,student,hits,trials,share_percent,exact_percent,guess,counted,sent_at,question,rules,answer,tries,kind
>>> results_csv(store).splitlines()[1].split(",")[:8]
['lesson-01-hits', 'Ala', '72', '100', '72.0', '66.40', '40', 'yes']
"""

from __future__ import annotations

import csv
import io
from collections import Counter
from datetime import UTC, datetime
from typing import Any

from dos_lab.classroom.experiments import EXPERIMENTS, GUESS, Experiment, check_guess, check_share, student_key
from dos_lab.classroom.progress import Answer, answers_of, tutorial_of
from dos_lab.classroom.store import ClassStore
from dos_lab.errors import InvalidInput

__all__ = ["COLUMNS", "results_csv"]

COLUMNS = ("experiment", "student", "hits", "trials", "share_percent", "exact_percent", "guess", "counted", "sent_at",
           "question", "rules", "answer", "tries", "kind")


def _how(a: Answer) -> str:
    if a.right:
        return "first_try" if a.first_try else "right"
    return "shown" if a.shown else "not_right_yet" if a.tries else "not_answered"


def _tutorial_rows(name: str, student: str, result: Any, sent_at: str) -> list[list[Any]]:
    try:
        answers = answers_of(result)
    except InvalidInput as refusal:
        return [[name, student, "", "", "", "", "", f"no: {refusal}", sent_at, "", "", "", "", ""]]
    numbers: Counter[str] = Counter()
    rows = []
    for a in answers:
        numbers[a.kind] += 1
        rows.append([name, student, "", "", "", "", "", "yes", sent_at, numbers[a.kind], " ".join(a.rules), _how(a),
                     a.tries, a.kind])
    return rows


def _guess(result: Any) -> str:
    """A stored guess as the table writes it: the chance in percent, or the option's number from 1."""
    for choices in (0, 100):
        try:
            (kind, value), = check_guess(result, choices).items()
        except InvalidInput:
            continue
        return str(value + 1) if kind == "choice" else f"{value:g}"
    return ""


def _exact(e: Experiment | None) -> str:
    """The exact chance of experiment ``e`` as the table writes it; empty for an unknown one or one without."""
    return "" if e is None or e.exact is None else f"{100 * float(e.exact):.2f}"


def _when(at: float) -> str:
    return datetime.fromtimestamp(at, UTC).isoformat(timespec="seconds")


def results_csv(store: ClassStore) -> str:
    """Every student's latest result of every experiment in ``store``, with the guess, as CSV (``COLUMNS``)."""
    sent = store.sent()
    guesses = {(name.removesuffix(GUESS), student_key(student)): result
               for name, student, result, _ in sent if name.endswith(GUESS)}
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(COLUMNS)
    for name, student, result, at in sent:
        if name.endswith(GUESS):
            continue
        if tutorial_of(name) is not None:
            writer.writerows(_tutorial_rows(name, student, result, _when(at)))
            continue
        e = EXPERIMENTS.get(name)
        hits = result.get("hits") if isinstance(result, dict) else None
        trials = result.get("trials") if isinstance(result, dict) else None
        try:
            if e is None:
                raise InvalidInput("no lesson has this experiment")
            check_share(e, student, result)
            counted = "yes"
        except InvalidInput as refusal:
            counted = f"no: {refusal}"
        share = (f"{100 * hits / trials:.1f}" if isinstance(hits, int) and isinstance(trials, int) and trials > 0
                 else "")
        writer.writerow([name, student, hits if hits is not None else "", trials if trials is not None else "",
                         share, _exact(e),
                         _guess(guesses.get((name, student_key(student)))), counted, _when(at), "", "", "", "",
                         "experiment"])
        guesses.pop((name, student_key(student)), None)
    sent_guess = {(name.removesuffix(GUESS), student_key(student)): (student, at) for name, student, _, at in sent
                  if name.endswith(GUESS)}
    for (name, key), result in guesses.items():  # a guess whose student has not sent a result
        student, at = sent_guess[(name, key)]
        e = EXPERIMENTS.get(name)
        writer.writerow([name, student, "", "", "", _exact(e),
                         _guess(result), "no: no result sent", _when(at), "", "", "", "", "experiment"])
    return out.getvalue()
