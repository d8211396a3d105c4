"""Each student's progress through the tutorials, for the teacher: how every closing-check question went.

A tutorial's closing check sends, with the first name the student typed, one result per tutorial
("tutorial-03"): for each question, whether it was answered right, at the first try, after "Show me", how many
tries it took, and the rules it asks about. A later result replaces the earlier one, so the teacher sees where
each student is now.

>>> answers = [{"right": True, "first_try": False, "shown": False, "tries": 2, "rules": ["R4.2"]}]
>>> check_progress({"answers": answers}) == {"answers": answers}
True
>>> tutorial_of("tutorial-03"), tutorial_of("lesson-01-hits")
(3, None)
"""

from __future__ import annotations

import dataclasses
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from dos_lab.errors import InvalidInput
from dos_lab.i18n import gettext

__all__ = ["ALL_TUTORIALS", "Answer", "answers_of", "check_progress", "missed_rules", "progress_name", "rules_in",
           "tutorial_of"]

#: a closing check has a few questions; a result with more is not one of ours
MAX_QUESTIONS = 20
#: the names every tutorial's progress can be kept under (tutorials are numbered with two digits)
ALL_TUTORIALS: tuple[str, ...] = tuple(f"tutorial-{n:02d}" for n in range(1, 100))
_NAME = re.compile(r"tutorial-(\d{2})")
_RULE = re.compile(r"\b[RD]\d{1,2}(?:\.\d{1,2})?\b")


@dataclasses.dataclass(frozen=True)
class Answer:
    """How one question of a closing check went (as the store keeps it: :meth:`to_dict`)."""

    right: bool
    first_try: bool
    shown: bool
    tries: int
    rules: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"right": self.right, "first_try": self.first_try, "shown": self.shown, "tries": self.tries,
                "rules": list(self.rules)}


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


def check_progress(result: Any) -> dict[str, list[dict[str, Any]]]:
    """``result`` if it is a closing check's progress (``{"answers": [...]}``, each as :meth:`Answer.to_dict`);
    :class:`~dos_lab.errors.InvalidInput` otherwise."""
    answers = result.get("answers") if isinstance(result, dict) and set(result) == {"answers"} else None
    if not isinstance(answers, list) or not 0 < len(answers) <= MAX_QUESTIONS:
        raise InvalidInput(gettext("This is not a tutorial's closing check."))
    for a in answers:
        if not (isinstance(a, dict) and set(a) == {"right", "first_try", "shown", "tries", "rules"}
                and all(isinstance(a[k], bool) for k in ("right", "first_try", "shown"))
                and isinstance(a["tries"], int) and not isinstance(a["tries"], bool) and 0 <= a["tries"] <= 1000
                and isinstance(a["rules"], list) and len(a["rules"]) <= 10
                and all(isinstance(r, str) and _RULE.fullmatch(r) for r in a["rules"])):
            raise InvalidInput(gettext("This is not a tutorial's closing check."))
    return {"answers": [dict(a) for a in answers]}


def answers_of(result: Any) -> list[Answer]:
    """The answers of a kept result (:func:`check_progress` first)."""
    return [Answer(a["right"], a["first_try"], a["shown"], a["tries"], tuple(a["rules"]))
            for a in check_progress(result)["answers"]]


def missed_rules(results: Iterable[Sequence[Answer]]) -> list[tuple[str, int, int]]:
    """For every rule the questions ask about: (rule, how many students missed it at the first try, how many
    answered a question on it), the most missed first.

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
