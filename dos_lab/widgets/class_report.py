"""A tutorial page, reported to the teacher: on a ``dos-lab`` site the student types a first name once, in the
closing check, and how the page's exercises, playable examples (:mod:`dos_lab.widgets.page_progress`) and
closing-check questions have gone reaches the teacher's page; every answer from then on updates it
(:mod:`dos_lab.classroom.progress`).

>>> from dos_lab.classroom import ClassStore
>>> from dos_lab.classroom.progress import answers_of
>>> from dos_lab.widgets.answers import ChoiceBox
>>> store = ClassStore(":memory:")
>>> question = ChoiceBox("Cards in a match?", ["1 or 2", "3"], "1 or 2", hint="See R4.", explain="R4.2.")
>>> report = ClassReport(3, [question], store)
>>> report.name.value = "Ala"
>>> question.choose("3"); question.choose("1 or 2")
>>> [(a.right, a.first_try, a.tries, a.rules) for a in answers_of(store.results("tutorial-03")[0][1])]
[(True, False, 2, ('R4.2',))]

The page's exercises and examples come after the questions, with what was done before the name was typed:

>>> from dos_lab.widgets.page_progress import Page, PageItem
>>> page, exercise = Page(), PageItem("exercise", ("R7.2",))
>>> page.add(exercise); exercise.checked(True)
>>> report = ClassReport(4, [question], store, page=page)
>>> report.name.value = "Ola"
>>> [(a.kind, a.right, a.tries) for a in answers_of(dict(store.results("tutorial-04"))["Ola"])]
[('question', True, 2), ('exercise', True, 1)]
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets  # type: ignore[import-untyped]

from dos_lab.classroom.progress import Answer, check_progress, progress_name, rules_in
from dos_lab.errors import DosError
from dos_lab.i18n import gettext
from dos_lab.widgets.answers import AnswerBox, ChoiceBox
from dos_lab.widgets.cards import set_trait

if TYPE_CHECKING:
    from dos_lab.classroom import ClassStore
    from dos_lab.widgets.page_progress import Page

__all__ = ["ClassReport", "answer_of"]


def answer_of(question: AnswerBox | ChoiceBox) -> Answer:
    """How ``question`` has gone so far, with the rules its hint and explanation name."""
    return Answer(question.right, question.right_first_try, question.shown, question.tries,
                  rules_in(question.hint, question.explain))


class ClassReport(widgets.VBox):  # type: ignore[misc]
    """"Your first name" above a closing check; once it is typed, every answer is sent to the class store — the
    questions', and those of the ``page``'s exercises and examples."""

    def __init__(self, tutorial: int, questions: Sequence[AnswerBox | ChoiceBox], store: ClassStore, *,
                 page: Page | None = None) -> None:
        self.tutorial, self.questions, self.store, self.page = tutorial, list(questions), store, page
        self.student: str | None = None
        self.name = widgets.Text(placeholder=gettext("your first name"), description=gettext("Your first name"),
                                 style={"description_width": "9em"}, layout=widgets.Layout(width="22rem"))
        self.name.continuous_update = False
        self.name.add_class("dos-report-name")
        self.name.observe(lambda _: self._named(), "value")
        self.status = widgets.HTML().add_class("dos-report-status")
        intro = widgets.HTML("<p style='margin:4px 0;font-size:15px'>" + html.escape(gettext(
            "Type your first name and press Enter: your teacher's page then shows how the exercises, examples and "
            "questions of this page go for you. Only your first name and how each one went are kept.")) + "</p>")
        super().__init__([intro, self.name, self.status])
        self.add_class("dos-report")
        for question in self.questions:
            question.on_answer(lambda _: self.send())
        if page is not None:
            page.on_change(self.send)

    def _named(self) -> None:
        self.student = " ".join(self.name.value.split()) or None
        self.send()

    def send(self) -> None:
        """Keep how every question, exercise and example has gone, under the student's first name (nothing before a
        name is typed)."""
        if self.student is None:
            return
        done = [answer_of(q) for q in self.questions] + (self.page.answers() if self.page is not None else [])
        result: dict[str, Any] = {"answers": [a.to_dict() for a in done]}
        try:  # what the page would send is checked as the teacher's page reads it: a refused one is not kept
            self.store.submit(progress_name(self.tutorial), self.student, check_progress(result))
        except DosError as error:
            self._say(str(error), "#b71c1c")
            return
        self._say(gettext("Your teacher sees your answers as {name}.").format(name=self.student), "#1b5e20")

    def _say(self, text: str, colour: str) -> None:
        set_trait(self.status, "value", f"<p style='margin:4px 0;font-size:15px;color:{colour}'>"
                  f"{html.escape(text)}</p>")
