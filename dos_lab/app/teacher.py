"""The teacher's page (``teacher.ipynb``): the class's rooms and its pooled experiments, behind a teacher token.

``dos-lab`` makes a teacher token at start (``--teacher-token`` chooses it), prints it with the page's address,
and tells its kernels through ``DOS_LAB_TEACHER_TOKEN``; students' pages never show it. The page asks for the
token (or takes ``?teacher=…``); a wrong one is refused and shows nothing. Then it shows each room with its
seats and game (and resets a room for a new game: its students join it again with its code), each
experiment's pooled results with the same pictures as the students' and every student by
first name, a link that downloads the CSV (:func:`dos_lab.classroom.export.results_csv`), and "Clear the class".
It redraws by itself when a result comes in.
"""

from __future__ import annotations

import base64
import contextlib
import functools
import logging
import os
import secrets
import threading
import time
from html import escape
from urllib.parse import parse_qsl

import ipywidgets as widgets  # type: ignore[import-untyped]

from dos_lab.app.course import TEACHER_ENV
from dos_lab.app.page import request_query
from dos_lab.classroom import ClassStore
from dos_lab.classroom.experiments import EXPERIMENTS, GUESS, Experiment, guesses, pool, reading, student_key
from dos_lab.classroom.export import results_csv
from dos_lab.classroom.progress import ALL_TUTORIALS, Answer, answers_of, missed_rules, tally, tutorial_of
from dos_lab.classroom.site import class_store
from dos_lab.engine.events import player_name
from dos_lab.errors import InvalidInput
from dos_lab.i18n import SOURCE_LANGUAGE, get_language, gettext, ngettext, notebook_language, number, percent
from dos_lab.widgets.cards import safe, set_trait, stylesheet
from dos_lab.widgets.class_pictures import marked, running_picture, shares_picture

__all__ = ["TeacherPage", "teacher_page"]

log = logging.getLogger(__name__)
POLL_SECONDS = 1.0


def _cell(text: str, bold: bool = False) -> str:
    words = escape(text)
    return f"<td style='padding:2px 10px 2px 0'>{'<b>' + words + '</b>' if bold else words}</td>"


def _guess_shown(e: Experiment, guess: float | int | None) -> str:
    if guess is None:
        return ""
    if e.choices:
        from dos_lab.lessons import row_label

        return row_label(e.choices[int(guess)])
    return percent(guess / 100, 0)


def _progress(answers: list[Answer]) -> str:
    """A student's progress in one tutorial, one line per kind of item on the page: "Exercises: 1 of 2 right (0 at
    the first try)", "Examples: 2 of 3 done", "Closing check: 3 of 4 right (2 at the first try)"."""
    lines = []
    for kind, (right, total, first) in tally(answers).items():
        score = gettext("{right} of {total} right ({first} at the first try)").format(
            right=number(right), total=number(total), first=number(first))
        lines.append(f"<span class='dos-teacher-{kind}s'>" + escape(
            gettext("Exercises: {score}").format(score=score) if kind == "exercise" else
            gettext("Examples: {done} of {total} done").format(done=number(right), total=number(total))
            if kind == "example" else gettext("Closing check: {score}").format(score=score)) + "</span>")
    return "<br>".join(lines)


class TeacherPage(widgets.VBox):  # type: ignore[misc]
    """The token form, then the class: rooms, experiments, the CSV and "Clear the class"."""

    def __init__(self, store: ClassStore, token: str | None, query: str = "") -> None:
        self.store, self._token = store, token
        self._stop = threading.Event()
        self._lock = threading.RLock()
        self._showing = False
        title = widgets.HTML('<h1 style="margin:4px 0">' + escape(gettext("The class: teacher's page")) + "</h1>")
        self.status = widgets.HTML().add_class("dos-teacher-status")
        self.key = widgets.Password(description=gettext("Teacher token"), style={"description_width": "9em"},
                                    layout=widgets.Layout(width="22rem")).add_class("dos-teacher-token")
        enter = widgets.Button(description=gettext("Open the teacher's page"), button_style="primary",
                               layout=widgets.Layout(width="auto")).add_class("dos-teacher-enter")
        enter.on_click(safe(self.enter))
        self.form = widgets.VBox([widgets.HTML("<p style='margin:4px 0;font-size:15px'>" + escape(gettext(
            "Type the teacher token that dos-lab printed when it started.")) + "</p>"),
            widgets.HBox([self.key, enter])])
        self.rooms = widgets.HTML().add_class("dos-teacher-rooms")
        self.room_choice = widgets.Dropdown(description=gettext("Room"), options=(), style={"description_width": "4em"},
                                            layout=widgets.Layout(width="12rem")).add_class("dos-teacher-room-choice")
        self.reset_sure = widgets.Checkbox(description=gettext("Yes, end its game"), indent=False,
                                           layout=widgets.Layout(width="auto")).add_class("dos-teacher-reset-sure")
        reset = widgets.Button(description=gettext("Reset the room"), button_style="warning",
                               layout=widgets.Layout(width="auto")).add_class("dos-teacher-reset")
        reset.on_click(safe(self.reset))
        self.room_tools = widgets.HBox([self.room_choice, reset, self.reset_sure],
                                       layout=widgets.Layout(align_items="center")).add_class("dos-teacher-room-tools")
        self.tutorials = widgets.HTML().add_class("dos-teacher-tutorials")
        self.experiments = widgets.VBox().add_class("dos-teacher-experiments")
        self.download = widgets.HTML().add_class("dos-teacher-csv")
        self.sure = widgets.Checkbox(description=gettext("Yes, delete every room and every result"), indent=False)
        self.sure.add_class("dos-teacher-sure")
        clear = widgets.Button(description=gettext("Clear the class"), button_style="danger",
                               layout=widgets.Layout(width="auto")).add_class("dos-teacher-clear")
        clear.on_click(safe(self.clear))
        self.auto = widgets.Checkbox(description=gettext("Send each student's result as soon as they have typed a "
                                                         "first name"), indent=False, layout=widgets.Layout(
                                                             width="auto")).add_class("dos-teacher-auto")
        self.first_names = widgets.Checkbox(description=gettext("Show students their classmates' first names (else "
                                                                "anonymous dots)"), indent=False,
                                            layout=widgets.Layout(width="auto")).add_class("dos-teacher-names")
        for box in (self.auto, self.first_names):
            box.observe(safe(self._chosen), "value")
        #: one button per experiment: "Close …" while it takes results, "Open …" while it is closed
        self.switches = {name: widgets.Button(layout=widgets.Layout(width="auto", margin="2px 6px 2px 0")).add_class(
            f"dos-teacher-switch-{name}") for name in EXPERIMENTS}
        for name, button in self.switches.items():
            button.on_click(safe(functools.partial(self.switch, name)))
        choices = widgets.VBox([widgets.HTML("<h2 style='margin:8px 0 4px'>" + escape(gettext("Class experiments"))
                                             + "</h2>"), self.auto, self.first_names,
                                widgets.HBox(list(self.switches.values()),
                                             layout=widgets.Layout(flex_flow="row wrap"))])
        self.board = widgets.VBox([self.download, self.rooms, self.room_tools, self.tutorials, choices,
                                   self.experiments, widgets.HBox([clear, self.sure])])
        self.board.layout.display = "none"
        super().__init__([stylesheet(), title, self.status, self.form, self.board], layout=widgets.Layout(
            padding="0 4px"))
        self.add_class("dos-page")
        self.add_class("dos-teacher-page")
        asked = dict(parse_qsl(query, keep_blank_values=True)).get("teacher")
        if token is None:
            self._say(gettext("This page opens on a dos-lab site: dos-lab prints its teacher token when it starts."),
                      "#b71c1c")
            self.form.layout.display = "none"
        elif asked:
            self.key.value = asked[:64]
            self.enter()

    def __repr__(self) -> str:
        return gettext("The class: teacher's page")

    def _say(self, text: str, colour: str = "#1b5e20") -> None:
        set_trait(self.status, "value", f"<p style='margin:4px 0;font-size:15px;color:{colour}'>{escape(text)}</p>")

    def enter(self) -> None:
        """Open the page if the token is the teacher's; say so and show nothing otherwise."""
        if self._token is None or not secrets.compare_digest(self.key.value.strip().encode(), self._token.encode()):
            self._say(gettext("That is not the teacher token: look for it where dos-lab was started."), "#b71c1c")
            return
        self.key.value = ""
        self.form.layout.display = "none"
        self.board.layout.display = None
        self._say("")
        self.redraw()
        threading.Thread(target=self._follow, name="teacher", daemon=True).start()

    def clear(self) -> None:
        """Delete every room and result, if the teacher ticked that they are sure."""
        if not self.sure.value:
            self._say(gettext("Tick the box next to the button first: clearing the class cannot be undone."),
                      "#b71c1c")
            return
        gone = self.store.clear()
        self.sure.value = False
        rooms = ngettext("{count} room", "{count} rooms", gone["rooms"]).format(count=number(gone["rooms"]))
        results = ngettext("{count} result", "{count} results", gone["results"]).format(
            count=number(gone["results"]))
        self._say(gettext("The class is cleared: {rooms} and {results} deleted.").format(rooms=rooms,
                                                                                         results=results))
        self.redraw()

    def reset(self) -> None:
        """Empty the chosen room for a new game (its students join it again with its code), if the teacher ticked
        that its game may end."""
        code = self.room_choice.value
        if not code:
            return
        if not self.reset_sure.value:
            self._say(gettext("Tick the box next to the button first: resetting room {code} ends its game.").format(
                code=code), "#b71c1c")
            return
        self.store.reset_room(code)
        self.reset_sure.value = False
        self._say(gettext("Room {code} is empty again: its students join it again with its code for a new game.")
                  .format(code=code))
        self.redraw()

    def _chosen(self, _change: object = None) -> None:
        if not self._showing:  # a tick the teacher made, not one the page shows from the store
            self.store.change_settings(send_automatically=self.auto.value, first_names=self.first_names.value)

    def switch(self, name: str, _button: object = None) -> None:
        """Close the experiment ``name`` if it takes results, open it if it is closed."""
        if name in self.store.settings().closed:
            self.store.open_experiment(name)
        else:
            self.store.close_experiment(name)
        self.redraw()

    # ---------------------------------------------------------------- what the page shows

    def _show_settings(self) -> None:
        chosen = self.store.settings()
        self._showing = True
        try:
            set_trait(self.auto, "value", chosen.send_automatically)
            set_trait(self.first_names, "value", chosen.first_names)
        finally:
            self._showing = False
        for name, button in self.switches.items():
            lesson = number(EXPERIMENTS[name].lesson)
            closed = name in chosen.closed
            set_trait(button, "description", (gettext("Open lesson {number}'s experiment") if closed else
                                              gettext("Close lesson {number}'s experiment")).format(number=lesson))
            set_trait(button, "button_style", "success" if closed else "")

    def redraw(self) -> None:
        with self._lock:
            self._show_settings()
            table = results_csv(self.store)
            rows = table.count("\n") - 1
            link = base64.b64encode(table.encode()).decode()
            set_trait(self.download, "value", f"<p style='margin:6px 0;font-size:15px'>"
                      f"<a download='dos-lab-results.csv' href='data:text/csv;base64,{link}'>"
                      + escape(ngettext("Download the results (CSV, {rows} row: one per student per experiment "
                                        "and per tutorial exercise, example and closing-check question)",
                                        "Download the results (CSV, {rows} rows: one per student per experiment "
                                        "and per tutorial exercise, example and closing-check question)", rows
                                        ).format(rows=number(rows)))
                      + "</a></p>")
            set_trait(self.rooms, "value", self._rooms_html())
            set_trait(self.tutorials, "value", self._tutorials_html())
            shown = [self._experiment(e) for e in EXPERIMENTS.values()]
            self.experiments.children = [w for w in shown if w is not None] or [widgets.HTML(
                "<p style='font-size:15px'>" + escape(gettext("No student has sent a result yet.")) + "</p>")]

    def _tutorials_html(self) -> str:
        heading = "<h2 style='margin:8px 0 4px'>" + escape(gettext("Tutorials")) + "</h2>"
        found: dict[str, dict[int, list[Answer]]] = {}
        for name, student, result, _ in self.store.sent():
            tutorial = tutorial_of(name)
            if tutorial is not None:
                with contextlib.suppress(InvalidInput):  # not a tutorial page's progress: left out
                    found.setdefault(student, {})[tutorial] = answers_of(result)
        if not found:
            return heading + "<p style='font-size:15px'>" + escape(gettext(
                "No student has typed a first name in a tutorial's closing check yet.")) + "</p>"
        shown = sorted({t for answers in found.values() for t in answers})
        head = "<tr>" + _cell(gettext("first name"), bold=True) + "".join(
            _cell(gettext("Tutorial {number}").format(number=t), bold=True) for t in shown) + "</tr>"
        rows = []
        for student, answers in found.items():
            cells = []
            for t in shown:
                got = answers.get(t)
                cells.append("<td style='padding:2px 10px 2px 0'>" + ("" if got is None else _progress(got))
                             + "</td>")
            rows.append("<tr style='vertical-align:top'>" + _cell(student) + "".join(cells) + "</tr>")
        each_student = [[a for got in answers.values() for a in got] for answers in found.values()]
        missed = [gettext("{rule}: {missed} of {asked}").format(rule=rule, missed=number(m), asked=number(a))
                  for rule, m, a in missed_rules(each_student) if m]
        said = ("<p style='margin:4px 0;font-size:15px'>" + escape(gettext(
            "Rules the students got wrong at the first try in exercises, examples and closing checks (students who "
            "missed the rule, of those who tried one on it): {rules}").format(rules="; ".join(missed))) + "</p>"
                ) if missed else ""
        return heading + "<table style='font-size:15px'>" + head + "".join(rows) + "</table>" + said

    def _rooms_html(self) -> str:
        heading = "<h2 style='margin:8px 0 4px'>" + escape(gettext("Rooms")) + "</h2>"
        found = self.store.rooms_now()
        set_trait(self.room_choice, "options", tuple(room.code for room in found))
        self.room_tools.layout.display = None if found else "none"
        if not found:
            return heading + "<p style='font-size:15px'>" + escape(gettext("No room has been started.")) + "</p>"
        lines = []
        for room in found:
            seats = ", ".join(f"{player_name(i)}: {name}" for i, name in enumerate(room.names))
            if room.round_number is None:
                state = gettext("waiting for players ({seated} of {players})").format(
                    seated=number(len(room.names)), players=number(room.players))
            else:
                scores = ", ".join(f"{player_name(i)} {points}" for i, points in enumerate(room.scores))
                state = (gettext("game over; points: {scores}") if room.over else
                         gettext("round {number}; points: {scores}")).format(number=room.round_number, scores=scores)
            lines.append("<tr>" + _cell(room.code, bold=True) + _cell(seats) + _cell(state) + "</tr>")
        return heading + "<table style='font-size:15px'>" + "".join(lines) + "</table>"

    def _experiment(self, e: Experiment) -> widgets.Widget | None:
        p = pool(e, self.store.results(e.name))
        found = {student_key(s): v for s, v in guesses(self.store.results(e.name + GUESS), len(e.choices))}
        if not p.students and not p.refused and not found:
            return None
        rows = []
        for student, hits, trials in p.shares:
            guess = found.get(student_key(student))
            rows.append("<tr>" + _cell(student) + _cell(f"{number(hits)} / {number(trials)}")
                        + _cell(percent(hits / trials)) + _cell(_guess_shown(e, guess)) + "</tr>")
        head = "<tr>" + "".join(_cell(words, bold=True) for words in (
            gettext("first name"), gettext("wins") if e.bots else gettext("hits"), gettext("share"),
            gettext("guess"))) + "</tr>"
        lesson = e.lesson
        line, label = marked(e)
        shown = None if e.exact is not None else label  # lessons 1–4 keep their pictures as they were
        box = widgets.VBox([
            widgets.HTML("<h2 style='margin:8px 0 4px'>" + escape(gettext("Lesson {number}").format(number=lesson))
                         + "</h2>" + "".join(f"<p style='margin:4px 0;font-size:15px'>{s}</p>"
                                             for s in reading(e, p))),
            widgets.HTML(shares_picture(p, line, None, shown) if p.students else ""),
            widgets.HTML(running_picture(p, line, gettext(e.noun), shown) if p.students else ""),
            widgets.HTML("<table style='font-size:15px'>" + head + "".join(rows) + "</table>" if rows else "")])
        box.add_class(f"dos-teacher-{e.name}")
        return box

    def _follow(self) -> None:
        names = [*(name for e in EXPERIMENTS for name in (e, e + GUESS)), *ALL_TUTORIALS]
        seen = None
        while not self._stop.is_set():
            try:
                rooms = [(r.code, r.round_number, r.scores, r.names) for r in self.store.rooms_now()]
                now = (self.store.results_mark(*names), self.store.settings(), rooms)
                if seen is not None and now != seen:
                    self.redraw()
                seen = now
            except Exception:  # the page must go on: the next look may succeed
                log.exception("the teacher's page could not read the class store")
                time.sleep(2)
            time.sleep(POLL_SECONDS)

    def close(self) -> None:
        self._stop.set()
        super().close()


def teacher_page(query: str | None = None) -> TeacherPage:
    """The teacher's page in the language of its folder; ``query`` defaults to the page's URL query."""
    if get_language() == SOURCE_LANGUAGE:
        notebook_language()
    return TeacherPage(class_store(), os.environ.get(TEACHER_ENV) or None,
                       request_query() if query is None else query)
