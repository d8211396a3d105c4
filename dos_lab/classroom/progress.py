"""Each student's progress through the tutorials, for the teacher: how every exercise, playable example and
closing-check question of a tutorial page went.

A tutorial's closing check sends, with the first name the student typed, one result per tutorial
("tutorial-03"): for each item of the page, whether it was done right, at the first try, after "Show me", how
many tries it took, and the rules it is about. An item's ``kind`` says what it is: a closing-check ``question``,
an ``exercise`` in the body of the page, or a playable ``example`` (done right: its goal reached by the student's
own moves). A result kept before items had a kind has questions only, and still reads. A later result replaces
the earlier one, so the teacher sees where each student is now.

>>> answers = [{"right": True, "first_try": False, "shown": False, "tries": 2, "rules": ["R4.2"]}]
>>> check_progress({"answers": answers}) == {"answers": answers}
True
>>> tutorial_of("tutorial-03"), tutorial_of("lesson-01-hits")
(3, None)
>>> done = {"right": True, "first_try": True, "shown": False, "tries": 1, "rules": [], "kind": "example"}
>>> [a.kind for a in answers_of({"answers": [*answers, done]})]
['question', 'example']
>>> check_progress({"answers": [{**done, "kind": "game"}]})
Traceback (most recent call last):
...
dos_lab.errors.InvalidInput: This is not a tutorial's progress: each item is an exercise, an example or a question.
"""

from __future__ import annotations

import dataclasses
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from dos_lab.errors import InvalidInput
from dos_lab.i18n import gettext

__all__ = ["ALL_TUTORIALS", "KINDS", "Answer", "answers_of", "check_progress", "cited_rules", "missed_rules",
           "progress_name", "rules_in", "tally", "tutorial_of"]

#: a closing check has a few questions; a result with more is not one of ours
MAX_QUESTIONS = 20
#: a tutorial page has a few exercises, examples and questions in all; a result with more is not one of ours
MAX_ITEMS = 60
#: an item names a few rules; a longer list is not one of ours
MAX_RULES = 10
#: what an item of a page can be, in the order the teacher's page names them
KINDS = ("exercise", "example", "question")
_FIELDS = {"right", "first_try", "shown", "tries", "rules"}
#: the names every tutorial's progress can be kept under (tutorials are numbered with two digits)
ALL_TUTORIALS: tuple[str, ...] = tuple(f"tutorial-{n:02d}" for n in range(1, 100))
_NAME = re.compile(r"tutorial-(\d{2})")
_RULE = re.compile(r"\b[RD]\d{1,2}(?:\.\d{1,2})?\b")
_CITATION = re.compile(r"\(([RD]\d{1,2}(?:\.\d{1,2})?(?:, [RD]\d{1,2}(?:\.\d{1,2})?)*)\)")


@dataclasses.dataclass(frozen=True)
class Answer:
    """How one question of a closing check went (as the store keeps it: :meth:`to_dict`)."""

    right: bool
    first_try: bool
    shown: bool
    tries: int
    rules: tuple[str, ...]
    #: ``question`` (of the closing check), ``exercise`` or ``example`` (:data:`KINDS`)
    kind: str = "question"

    def to_dict(self) -> dict[str, Any]:
        return {"right": self.right, "first_try": self.first_try, "shown": self.shown, "tries": self.tries,
                "rules": list(self.rules), "kind": self.kind}


def progress_name(tutorial: int) -> str:
    """The name a tutorial's progress is kept under: ``progress_name(3) == "tutorial-03"``."""
    return f"tutorial-{tutorial:02d}"


def tutorial_of(name: str) -> int | None:
    """The tutorial a kept result belongs to, or None for a lesson's experiment."""
    found = _NAME.fullmatch(name)
    return int(found.group(1)) if found else None


def rules_in(*texts: str) -> tuple[str, ...]:
    """The rule numbers a question's texts name, in order, each once; a rule is left out when one of its parts is
    named too (R4 beside R4.2).

    >>> rules_in("A Wild # (R5.3) counts as any number (R5)", "See R5.3 and D4.")
    ('R5.3', 'D4')
    """
    named = dict.fromkeys(rule for text in texts for rule in _RULE.findall(re.sub(r"<[^>]+>", " ", text)))
    return tuple(rule for rule in named if not any(other.startswith(rule + ".") for other in named))


def cited_rules(*texts: str) -> tuple[str, ...]:
    """The rules cited in brackets in an exercise's or example's texts — "(R4.2)", "(R4.3, R8)" — as
    :func:`rules_in` reads them. Card codes outside a citation are not rules: "R6" in "P2 draws R6" is a card.

    >>> cited_rules("P2 draws R6. Who deals?", "Wild cards count 0 (R2.1); see (R4, R4.2) and R7.")
    ('R2.1', 'R4.2')
    """
    return rules_in(*(citation for text in texts
                      for citation in _CITATION.findall(re.sub(r"<[^>]+>", "", text))))


def _refusal(item: Any) -> str | None:
    """Why ``item`` is not an item of a tutorial page's progress (None if it is one)."""
    if not isinstance(item, dict) or not _FIELDS <= set(item) <= _FIELDS | {"kind"}:
        return gettext("This is not a tutorial's closing check.")
    if item.get("kind", "question") not in KINDS:
        return gettext("This is not a tutorial's progress: each item is an exercise, an example or a question.")
    if not all(isinstance(item[k], bool) for k in ("right", "first_try", "shown")):
        return gettext("This is not a tutorial's closing check.")
    tries = item["tries"]
    if not isinstance(tries, int) or isinstance(tries, bool) or not 0 <= tries <= 1000:
        return gettext("This is not a tutorial's progress: the tries are a whole number from 0 to 1000.")
    rules = item["rules"]
    if not isinstance(rules, list) or not all(isinstance(r, str) and _RULE.fullmatch(r) for r in rules):
        return gettext("This is not a tutorial's closing check.")
    if len(rules) > MAX_RULES:
        return gettext("This is not a tutorial's progress: an item names at most {count} rules.").format(
            count=MAX_RULES)
    return None


def check_progress(result: Any) -> dict[str, list[dict[str, Any]]]:
    """``result`` if it is a tutorial page's progress (``{"answers": [...]}``, each as :meth:`Answer.to_dict`, the
    ``kind`` left out for a closing-check question kept before items had a kind);
    :class:`~dos_lab.errors.InvalidInput` otherwise, with what is wrong."""
    answers = result.get("answers") if isinstance(result, dict) and set(result) == {"answers"} else None
    if not isinstance(answers, list) or not answers:
        raise InvalidInput(gettext("This is not a tutorial's closing check."))
    if (len(answers) > MAX_ITEMS or sum(isinstance(a, dict) and a.get("kind", "question") == "question"
                                        for a in answers) > MAX_QUESTIONS):
        raise InvalidInput(gettext("This is not a tutorial's progress: a page has at most {count} exercises, "
                                   "examples and questions.").format(count=MAX_ITEMS))
    for a in answers:
        refusal = _refusal(a)
        if refusal is not None:
            raise InvalidInput(refusal)
    return {"answers": [dict(a) for a in answers]}


def answers_of(result: Any) -> list[Answer]:
    """The answers of a kept result (:func:`check_progress` first); an item without a kind is a question."""
    return [Answer(a["right"], a["first_try"], a["shown"], a["tries"], tuple(a["rules"]), a.get("kind", "question"))
            for a in check_progress(result)["answers"]]


def tally(answers: Iterable[Answer]) -> dict[str, tuple[int, int, int]]:
    """For each kind of item on a page (in the order of :data:`KINDS`, only the kinds there are): how many were
    done right, how many there are, and how many were right at the first try.

    >>> tally([Answer(True, False, False, 2, (), "exercise"), Answer(False, False, True, 1, (), "exercise"),
    ...        Answer(True, True, False, 1, ())])
    {'exercise': (1, 2, 0), 'question': (1, 1, 1)}
    """
    counted: dict[str, list[int]] = {kind: [0, 0, 0] for kind in KINDS}
    for a in answers:
        counts = counted[a.kind]
        counts[0] += a.right
        counts[1] += 1
        counts[2] += a.first_try
    return {kind: (right, total, first) for kind, (right, total, first) in counted.items() if total}


def missed_rules(results: Iterable[Sequence[Answer]]) -> list[tuple[str, int, int]]:
    """For every rule the items ask about (exercises, examples and questions alike): (rule, how many students
    missed it at the first try, how many tried an item on it), the most missed first.

    >>> right, wrong = Answer(True, True, False, 1, ("R4.2",)), Answer(True, False, False, 3, ("R4.2", "R5.3"))
    >>> missed_rules([[right], [wrong]])
    [('R4.2', 1, 2), ('R5.3', 1, 1)]
    """
    missed: Counter[str] = Counter()
    asked: Counter[str] = Counter()
    for answers in results:
        for rule in dict.fromkeys(r for a in answers if a.tries or a.shown for r in a.rules):
            asked[rule] += 1
        for rule in dict.fromkeys(r for a in answers if (a.tries or a.shown) and not a.first_try for r in a.rules):
            missed[rule] += 1
    return sorted(((rule, missed[rule], asked[rule]) for rule in asked), key=lambda m: (-m[1], m[0]))
