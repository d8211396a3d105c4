"""Widgets a student answers with on a lesson page: a guess locked in before the reveal, an answer box, a
multiple-choice question and a closing quiz with a score.

They work the same in JupyterLab and on a Voila page, where the student cannot edit code. What a student
types is read as a number the way people write numbers (``16``, ``3/4``, ``66.4 %``, ``0,664``, spaces
anywhere); feedback is plain text, never Python.

>>> read_number("66,4 %")
Fraction(83, 125)
>>> read_number(" 3 / 4 "), read_number("0.664", chance=True), read_number("66.4", chance=True)
(Fraction(3, 4), Fraction(83, 125), Fraction(83, 125))
>>> box = AnswerBox("How many?", 16, kind="whole", hint="Count the Wild # cards too.", explain="8 + 8 = 16.")
>>> box.submit("8"); box.feedback_text()
'Not yet. Count the Wild # cards too.'
>>> box.submit("sixteen"); box.feedback_text()
'I could not read “sixteen” as a number. Type a whole number, like 12.'
>>> box.submit(" 16 "); box.feedback_text()
'Right! 8 + 8 = 16.'
"""

from __future__ import annotations

import html
import re
import warnings
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any, Literal

import ipywidgets as widgets  # type: ignore[import-untyped,unused-ignore]

from dos_lab.engine.listeners import Listeners
from dos_lab.i18n import decimal, gettext, ngettext, noop

__all__ = ["AnswerBox", "ChoiceBox", "Guess", "Quiz", "on_enter", "read_number"]

Kind = Literal["whole", "chance", "number"]

_SPACES = re.compile(r"[\s\u00a0\u2009\u202f]+")
_NUMBER = re.compile(r"[+-]?(\d+(\.\d*)?|\.\d+)")
_GREEN, _RED, _GREY = "#1b5e20", "#b71c1c", "#37474f"


def on_enter(box: widgets.Text, action: Callable[[], None]) -> None:
    """Run ``action`` when the student presses Enter in ``box``, as pressing its Check (or Start) button does:
    students press Enter and take silence for an answer ignored. ipywidgets 8 marks ``on_submit`` deprecated in
    favour of ``continuous_update=False``, which also fires when the box loses focus: no answer may be checked
    merely because the student clicked elsewhere."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        box.on_submit(lambda _: action())


def _decimal(text: str) -> Fraction:
    if not _NUMBER.fullmatch(text):
        raise ValueError(text)
    return Fraction(text)


def read_number(text: str, *, chance: bool = False) -> Fraction:
    """A number as a student types it: whole, decimal (point or comma), fraction ``a/b`` or percentage.

    With ``chance=True`` a plain number above 1 (and at most 100) is read as a percentage, since a chance
    is never more than 1. Raises ``ValueError`` when the text is not a number.

    >>> read_number("4/27"), read_number("14.8%"), read_number("-2")
    (Fraction(4, 27), Fraction(37, 250), Fraction(-2, 1))
    """
    raw = _SPACES.sub("", str(text)).replace("\u2212", "-")
    is_percent = raw.endswith("%")
    raw = raw.rstrip("%")
    if raw.count(",") == 1 and "." not in raw:
        raw = raw.replace(",", ".")
    if not raw:
        raise ValueError(text)
    try:
        if raw.count("/") == 1:
            top, bottom = (_decimal(part) for part in raw.split("/"))
            if bottom == 0:
                raise ValueError(text)
            value = top / bottom
        else:
            value = _decimal(raw)
    except (ValueError, ZeroDivisionError) as error:
        raise ValueError(text) from error
    if is_percent or (chance and 1 < value <= 100):
        value /= 100
    return value


def _styled(text: str, colour: str) -> str:
    return f"<div style='color:{colour};font-size:15px;margin:2px 0'>{text}</div>"


class _Question(widgets.VBox):  # type: ignore[misc]
    """What answer boxes and choice questions share: a name, a feedback line, listeners for the quiz."""

    def __init__(self, name: str, children: Sequence[Any]) -> None:
        self.name = name
        self.feedback = widgets.HTML().add_class("dos-feedback")
        self.right = False
        self.right_first_try = False
        self.shown = False
        self.tries = 0
        self._listeners: Listeners[[_Question]] = Listeners()
        super().__init__([*children, self.feedback])
        self.add_class("dos-question")
        if name:
            self.add_class(f"dos-q-{name}")

    def on_answer(self, listener: Callable[[_Question], None]) -> None:
        """Call ``listener(question)`` after every check and every "Show me"."""
        self._listeners.add(listener)

    def feedback_text(self) -> str:
        """The feedback as plain text (what the student reads)."""
        return html.unescape(re.sub(r"<[^>]+>", "", self.feedback.value)).strip()

    def _verdict(self, right: bool, message: str) -> None:
        self.tries += 1
        if right and not self.right and not self.shown:
            self.right_first_try = self.tries == 1
        self.right = self.right or (right and not self.shown)
        self.feedback.value = _styled(message, _GREEN if right else _RED)
        self._listeners.notify(self)

    def _show(self, message: str) -> None:
        if not self.right:
            self.shown = True
        self.feedback.value = _styled(message, _GREY)
        self._listeners.notify(self)


_ASK = {
    "whole": noop("Type a whole number, like 12."),
    "chance": noop("Type a chance as a fraction (3/4), a decimal with at least 3 places (0.750) or a percentage "
                   "with one decimal (75.0 %)."),
}


class AnswerBox(_Question):
    """A question, a box to type the answer, a Check button, and a "Show me" button for the worked answer.

    ``kind`` is ``"whole"`` (an exact whole number), ``"chance"`` (a probability: right within half a tenth of
    a percentage point, or as the exact fraction) or ``"number"`` (right to ``decimals`` decimal places).
    ``hint`` is shown after a wrong try and must not give the answer away; ``explain`` is the worked answer,
    shown after a right answer or on request.
    """

    def __init__(self, question: str, answer: Fraction | int | float, *, kind: Kind = "number",
                 decimals: int = 1, hint: str, explain: str, name: str = "", unit: str = "") -> None:
        self.answer = Fraction(answer) if not isinstance(answer, float) else Fraction(str(answer))
        self.kind = kind
        self.hint = hint
        self.explain = explain
        self.decimals = decimals
        self.tolerance = {"whole": Fraction(0), "chance": Fraction(1, 2000)}.get(
            kind, Fraction(1, 2 * 10 ** decimals))
        if kind in _ASK:
            self.asked = gettext(_ASK[kind])
        elif unit:
            self.asked = ngettext("Give the answer to {count} decimal place (in {unit}), like {example}.",
                                  "Give the answer to {count} decimal places (in {unit}), like {example}.",
                                  decimals).format(count=decimals, unit=unit, example=decimal(12.3456, decimals))
        else:
            self.asked = ngettext("Give the answer to {count} decimal place, like {example}.",
                                  "Give the answer to {count} decimal places, like {example}.",
                                  decimals).format(count=decimals, example=decimal(12.3456, decimals))
        self.box = widgets.Text(placeholder=gettext("your answer"), layout=widgets.Layout(width="14em")).add_class(
            "dos-answer-input")
        self.check_button = widgets.Button(description=gettext("Check"), button_style="primary").add_class("dos-check")
        self.show_button = widgets.Button(description=gettext("Show me")).add_class("dos-show")
        self.check_button.on_click(lambda _: self.submit(self.box.value))
        on_enter(self.box, lambda: self.submit(self.box.value))
        self.show_button.on_click(lambda _: self._show(gettext("The answer: {explain}").format(explain=self.explain)))
        prompt = widgets.HTML(f"<div style='font-size:15px'>{question}</div>"
                              f"<div style='color:{_GREY};font-size:13px'>{html.escape(self.asked)}</div>")
        super().__init__(name, [prompt, widgets.HBox([self.box, self.check_button, self.show_button])])

    def submit(self, text: str) -> None:
        """Check what the student typed and show the verdict."""
        if not str(text).strip():
            self.feedback.value = _styled(html.escape(gettext("Type your answer in the box first.")), _RED)
            return
        try:
            given = read_number(text, chance=self.kind == "chance")
        except ValueError:
            self.feedback.value = _styled(
                html.escape(gettext("I could not read “{answer}” as a number.").format(answer=str(text).strip()))
                + " " + html.escape(self.asked), _RED)
            return
        gap = abs(given - self.answer)
        if gap <= self.tolerance:
            self._verdict(True, gettext("Right!") + f" {self.explain}")
            return
        if self._rounded_too_much(str(text)):
            self._verdict(False, html.escape(gettext("Close, but not precise enough.")) + f" {html.escape(self.asked)}")
        else:
            self._verdict(False, gettext("Not yet.") + f" {self.hint}")

    def _rounded_too_much(self, text: str) -> bool:
        """Is the typed number the answer rounded to fewer decimals than asked for?"""
        if self.kind == "whole" or "/" in text:
            return False
        raw = _SPACES.sub("", text).replace(",", ".")
        number = raw.rstrip("%")
        as_percent = raw.endswith("%") or (self.kind == "chance" and float(number) > 1)
        scale = 100 if as_percent else 1
        digits = len(number.partition(".")[2])
        needed = {"chance": 3 if scale == 1 else 1}.get(self.kind, self.decimals)
        if digits >= needed:
            return False
        typed = read_number(text, chance=self.kind == "chance") * scale
        return round(float(self.answer * scale), digits) == float(typed)


class ChoiceBox(_Question):
    """A multiple-choice question: clicking an option checks it at once."""

    def __init__(self, question: str, options: Sequence[str], answer: str, *, hint: str, explain: str,
                 name: str = "") -> None:
        if answer not in options:
            raise ValueError(f"the answer {answer!r} is not one of the options")
        self.answer = answer
        self.hint = hint
        self.explain = explain
        self.buttons = widgets.ToggleButtons(options=list(options), value=None,
                                             style={"button_width": "auto"}).add_class("dos-choice")
        self.buttons.observe(lambda change: self.choose(change["new"]), names="value")
        super().__init__(name, [widgets.HTML(f"<div style='font-size:15px'>{question}</div>"), self.buttons])

    def choose(self, option: str | None) -> None:
        """Check the option the student clicked."""
        if option is None:
            return
        if option == self.answer:
            self._verdict(True, gettext("Right!") + f" {self.explain}")
        else:
            self._verdict(False, html.escape(gettext("Not “{option}”.").format(option=option)) + f" {self.hint}")


class Quiz(widgets.VBox):  # type: ignore[misc]
    """A closing check: a few questions and a running score."""

    def __init__(self, questions: Sequence[_Question], title: str = "", above: Sequence[Any] = ()) -> None:
        """``above``: widgets shown between the title and the questions."""
        self.questions = list(questions)
        self.score = widgets.HTML().add_class("dos-quiz-score")
        for question in self.questions:
            question.on_answer(lambda _: self._update())
        self._update()
        heading = [widgets.HTML(f"<h3 style='margin:6px 0'>{html.escape(title)}</h3>")] if title else []
        super().__init__([*heading, *above, *self.questions, self.score])
        self.add_class("dos-quiz")

    def _update(self) -> None:
        right = sum(q.right for q in self.questions)
        first = sum(q.right_first_try for q in self.questions)
        total = len(self.questions)
        text = gettext("Score: {right} of {total} right").format(right=right, total=total)
        if right:
            text += " " + gettext("({first} at the first try)").format(first=first)
        shown = sum(q.shown and not q.right for q in self.questions)
        if right == total:
            text += ". " + self._finished()
        elif right + shown == total:  # every question done, some by "Show me": say why the score is short
            text += ". " + ngettext("{count} answer was shown with “Show me”, so it does not count.",
                                    "{count} answers were shown with “Show me”, so they do not count.",
                                    shown).format(count=shown) + " " + self._finished()
        self.score.value = f"<div style='font-size:16px;font-weight:bold;margin:6px 0'>{text}</div>"

    def _finished(self) -> str:
        return gettext("Well done — you have finished this lesson!")

    def score_text(self) -> str:
        """The score line as plain text."""
        return re.sub(r"<[^>]+>", "", self.score.value)


class Guess(widgets.VBox):  # type: ignore[misc]
    """A guess made before the answer is worked out: a slider (or buttons) and a "Lock in my guess" button.

    :meth:`compare` gives a line for later in the page that compares the locked-in guess with the answer.
    ``kind`` is ``"chance"`` (a slider in percent), ``"number"`` (a slider from ``low`` to ``high``) or
    ``"choice"`` (one of ``options``).
    """

    def __init__(self, question: str, *, kind: Literal["chance", "number", "choice"] = "chance",
                 options: Sequence[str] = (), low: int = 0, high: int = 100, start: int | None = None,
                 unit: str = "", name: str = "") -> None:
        self.kind = kind
        self.unit = "%" if kind == "chance" else unit
        self.value: float | str | None = None
        self._listeners: Listeners[[]] = Listeners()
        control: Any
        if kind == "choice":
            control = widgets.ToggleButtons(options=list(options), value=None, style={"button_width": "auto"})
        else:
            control = widgets.IntSlider(value=(low + high) // 2 if start is None else start, min=low, max=high,
                                        description=gettext("My guess ({unit}):").format(unit=self.unit)
                                        if self.unit else gettext("My guess:"),
                                        style={"description_width": "initial"},
                                        layout=widgets.Layout(width="28em"))
            control.readout_format = "d"
        self.control = control.add_class("dos-guess-control")
        self.lock = widgets.Button(description=gettext("Lock in my guess"), button_style="info").add_class("dos-lock")
        self.lock.on_click(lambda _: self.lock_in())
        guess = gettext("Make your guess, then lock it in.")
        self.status = widgets.HTML("<i>" + html.escape(guess) + "</i>").add_class(
            "dos-guess-status")
        super().__init__([widgets.HTML(f"<div style='font-size:15px'>{question}</div>"),
                          widgets.HBox([self.control, self.lock]), self.status])
        self.add_class("dos-guess")
        if name:
            self.add_class(f"dos-guess-{name}")

    def _shown(self, value: float | str) -> str:
        if self.kind == "choice":
            return str(value)
        return f"{decimal(float(value))} {self.unit}".strip()

    def lock_in(self) -> None:
        """Record the guess; the control is locked from now on."""
        if self.control.value is None:
            self.status.value = ("<span style='color:#b71c1c'>"
                                 "" + html.escape(gettext('Pick one of the options first.')) + "</span>")
            return
        self.value = self.control.value
        self.control.disabled = True
        self.lock.disabled = True
        self.status.value = html.escape(gettext("Your guess is locked in: {guess}. Read on — the page compares it with "
                                                "the answer further down.")).replace(
            "{guess}", f"<b>{html.escape(self._shown(self.control.value))}</b>")
        self._listeners.notify()

    def on_lock(self, listener: Callable[[], None]) -> None:
        """Call ``listener`` whenever the guess is locked in."""
        self._listeners.add(listener)

    def compare(self, answer: Fraction | float | str, *, what: str | None = None,
                note: str = "") -> Any:
        """A line that compares the locked-in guess with ``answer`` (it waits for the guess)."""
        line = widgets.HTML().add_class("dos-guess-compare")
        line.layout.margin = "4px 0"
        what = gettext("The exact answer") if what is None else what

        def redraw() -> None:
            if self.value is None:
                line.value = ("<div style='font-size:15px'><i>" + html.escape(gettext(
                    "Lock in your guess at the top of the page to compare it with the answer.")) + "</i></div>")
                return
            if self.kind == "choice":
                verdict = gettext("You were right!") if self.value == answer else gettext("Not this time.")
                line.value = ("<div style='font-size:15px'>" + _compared(str(self.value), what, str(answer))
                              + f" {html.escape(verdict)} {note}</div>")
                return
            assert not isinstance(answer, str)
            exact = float(answer) * (100 if self.kind == "chance" else 1)
            gap = float(self.value) - exact
            tolerance = 0.5
            if abs(gap) < tolerance:
                where = gettext("You were spot on!")
            elif self.kind == "chance":
                where = (gettext("You were {gap} percentage points too high.") if gap > 0 else
                         gettext("You were {gap} percentage points too low.")).format(gap=decimal(abs(gap), 1))
            else:
                where = (gettext("You were {gap} {unit} too high.") if gap > 0 else
                         gettext("You were {gap} {unit} too low.")).format(gap=decimal(abs(gap), 1), unit=self.unit)
            line.value = ("<div style='font-size:15px'>"
                          + _compared(self._shown(self.value), what, f"{decimal(exact, 1)} {self.unit}".strip())
                          + f" {html.escape(where)} {note}</div>")

        self._listeners.add(redraw)
        redraw()
        return line


def _compared(guess: str, what: str, answer: str) -> str:
    """"Your guess: **30 %**. The exact answer: **27.3 %**." in the current language (HTML)."""
    return html.escape(gettext("Your guess: {guess}. {what}: {answer}.")).replace(
        "{guess}", f"<b>{html.escape(guess)}</b>").replace("{what}", what).replace(
        "{answer}", f"<b>{html.escape(answer)}</b>")
