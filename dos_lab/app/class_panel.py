"""A lesson's class experiment on its page: each student sends a result (and a guess), the class pools them.

A student types a first name and presses "Deal and send to the class": the page deals the student's own share
of the lesson's experiment (:func:`dos_lab.classroom.experiments.run_share`, seeded by the name) and keeps it in
the class store with the student's locked-in guess. Every page of the lesson shows the class's pool live —
the guesses, every student's share, the class's running share with its 95 % Wilson interval, the exact chance —
and a sentence that reads the picture. Classmates appear as anonymous dots; a student's own is orange.

Lesson 5's experiment is a tournament with no exact answer: the page plays the student's games ("Play and send to
the class"), and the pictures draw the even contest, 50 %, where the others draw the exact chance; the guesses are
drawn against the class's share and its interval.

The name is kept in the page's address (``?name=…``), so a reload shows the student's own dots again.
"""

from __future__ import annotations

import logging
import threading
import time
from fractions import Fraction
from html import escape
from typing import Any
from urllib.parse import parse_qsl, urlencode

import ipywidgets as widgets  # type: ignore[import-untyped]

from dos_lab.app.page import request_query
from dos_lab.classroom import ClassSettings, ClassStore
from dos_lab.classroom.experiments import (
    GUESS,
    Experiment,
    Pool,
    check_guess,
    experiment,
    guesses,
    pool,
    reading,
    run_share,
    student_key,
)
from dos_lab.classroom.site import class_store
from dos_lab.classroom.store import MAX_NAME
from dos_lab.errors import DosError
from dos_lab.i18n import gettext, number, percent
from dos_lab.lessons import row_label
from dos_lab.widgets.answers import Guess
from dos_lab.widgets.cards import safe, set_trait
from dos_lab.widgets.class_pictures import guesses_picture, marked, running_picture, shares_picture

__all__ = ["ClassPanel", "class_panel"]

log = logging.getLogger(__name__)
#: how often a page looks for classmates' results (a cheap count in the class store)
POLL_SECONDS = 0.25


class ClassPanel(widgets.VBox):  # type: ignore[misc]
    """The class experiment of one lesson: a name, "Deal and send to the class", and the class's pool, live."""

    def __init__(self, store: ClassStore, e: Experiment, query: str = "", guess: Guess | None = None) -> None:
        self.store, self.experiment, self.query, self.guess = store, e, query, guess
        #: what the page's guess picks between (lesson 2's row cards, as the page shows them), else it is a chance
        self.options = tuple(row_label(v) for v in e.choices)
        self._lock = threading.RLock()
        self._stop = threading.Event()
        self.student: str | None = None
        asked = dict(parse_qsl(query, keep_blank_values=True))
        style = {"description_width": "9em"}
        self.name = widgets.Text(value=asked.get("name", "")[:MAX_NAME], placeholder=gettext("your first name"),
                                 description=gettext("Your first name"), style=style,
                                 layout=widgets.Layout(width="22rem")).add_class("dos-class-name")
        self.name.continuous_update = False
        self.send = widgets.Button(description=gettext("Play and send to the class") if e.bots else
                                   gettext("Deal and send to the class"), button_style="primary",
                                   layout=widgets.Layout(width="auto")).add_class("dos-class-send")
        self.send.on_click(safe(self.send_share))
        self.status = widgets.HTML().add_class("dos-class-status")
        self.address = widgets.HTML(layout=widgets.Layout(height="0px", margin="0"))
        self.guesses = widgets.HTML().add_class("dos-class-guesses")
        self.shares = widgets.HTML().add_class("dos-class-shares")
        self.running = widgets.HTML().add_class("dos-class-running")
        self.reading = widgets.HTML().add_class("dos-class-reading")
        #: what the teacher chose: closed, sent automatically, first names shown (ClassSettings)
        self.notice = widgets.HTML().add_class("dos-class-notice")
        self.names = widgets.HTML().add_class("dos-class-names")
        self.settings = store.settings()
        told = (gettext("The page plays {size} games between GreedyBot and TacticianBot for you: your first name "
                        "picks the seed, so every classmate gets different games.").format(size=number(e.size))
                if e.bots else
                gettext("The page deals {size} {noun} for you: your first name picks the seed, so every classmate "
                        "gets different cards.").format(size=number(e.size), noun=gettext(e.noun)))
        intro = widgets.HTML("<p style='margin:4px 0;font-size:15px'>" + escape(told) + "</p>")
        super().__init__([widgets.HTML("<h3 style='margin:4px 0'>" + escape(gettext("Class experiment")) + "</h3>"),
                          intro, self.notice, widgets.HBox([self.name, self.send]), self.status, self.address,
                          self.guesses, self.shares, self.names, self.running, self.reading],
                         layout=widgets.Layout(border="1px solid #90caf9", padding="6px 10px", margin="8px 0"))
        self.add_class("dos-class-panel")
        if guess is not None:
            guess.on_lock(self._guess_locked)
        if self.name.value.strip():
            self.student = " ".join(self.name.value.split())
        self.name.observe(self._name_typed, "value")
        self._apply(self.settings)
        if not e.bots:
            self.redraw()
        else:  # checking classmates' games this page has not seen may take a while: the page shows meanwhile
            set_trait(self.reading, "value", "<p style='margin:4px 0;font-size:15px'>"
                      + escape(gettext("Looking at the class's results…")) + "</p>")
        threading.Thread(target=self._follow, args=(bool(e.bots),), name=f"class {e.name}", daemon=True).start()

    def __repr__(self) -> str:
        return gettext("Class experiment")

    # ---------------------------------------------------------------- what the student does

    def send_share(self) -> None:
        """Deal the student's share, keep it (and the locked-in guess) in the class store, and show the pool."""
        e = self.experiment
        if e.bots and self.name.value.strip():  # a tournament share takes a second or two: say so meanwhile
            self._say(gettext("Playing your {size} games…").format(size=number(e.size)), "#424242")
        try:
            # the store refuses an empty name before it keeps anything: no games to play for one
            share = run_share(e, self.name.value) if self.name.value.strip() or not e.bots else {}
            self.store.submit(e.name, self.name.value, share)
        except DosError as error:
            self._say(str(error), "#b71c1c")
            return
        self.student = " ".join(self.name.value.split())
        said = gettext("Sent: {hits} of your {size} {noun} {verb} ({share}).").format(
            hits=number(share["hits"]), size=number(e.size), noun=gettext(e.noun), verb=gettext(e.verb),
            share=percent(share["hits"] / e.size))
        if self.guess is not None and not self._send_guess():
            said += " " + gettext("Lock in your guess at the top of the page, and it joins the class's guesses too.")
        self._say(said)
        kept = [(k, v) for k, v in parse_qsl(self.query, keep_blank_values=True) if k != "name"]
        set_trait(self.address, "value",
                  f'<span data-dos-address="{escape(urlencode([*kept, ("name", self.student)]))}"></span>')
        self.redraw()

    def _name_typed(self, _change: object = None) -> None:
        s = self.settings
        if s.send_automatically and self.experiment.name not in s.closed and self.name.value.strip() \
                and self.student != " ".join(self.name.value.split()):
            self.send_share()

    def _apply(self, s: ClassSettings) -> None:
        """Show what the teacher chose: a closed experiment takes nothing; an automatic one sends at once."""
        self.settings = s
        closed = self.experiment.name in s.closed
        set_trait(self.send, "disabled", closed)
        words = (gettext("The teacher has closed this class experiment: you can still see the class's results, "
                         "but the page sends nothing more.") if closed else
                 gettext("Your teacher has set this experiment to send your result as soon as you have typed your "
                         "first name and pressed Enter.") if s.send_automatically else "")
        set_trait(self.notice, "value", f"<p style='margin:4px 0;font-size:15px'><b>{escape(words)}</b></p>"
                  if words else "")
        if s.send_automatically and not closed and self.student is None:
            self._name_typed()

    def _send_guess(self) -> bool:
        """Send the locked-in guess of the student who sent a share; False if there is none to send yet."""
        if self.guess is None or self.guess.value is None or self.student is None:
            return False
        value: dict[str, Any] = ({"choice": self.options.index(str(self.guess.value))} if self.options
                                 else {"chance": float(self.guess.value)})
        self.store.submit(self.experiment.name + GUESS, self.student, check_guess(value, len(self.options)))
        self.redraw()
        return True

    def _guess_locked(self) -> None:
        try:
            if self._send_guess():
                self._say(gettext("Your guess has joined the class's guesses."))
        except DosError as error:
            self._say(str(error), "#b71c1c")

    def _say(self, text: str, colour: str = "#1b5e20") -> None:
        set_trait(self.status, "value", f"<p style='margin:4px 0;font-size:15px;color:{colour}'>{escape(text)}</p>")

    # ---------------------------------------------------------------- what the class has sent

    def redraw(self) -> None:
        """Show the class's pool as the store has it now."""
        e = self.experiment
        with self._lock:
            p = pool(e, self.store.results(e.name))
            mine = self.student
            line, label = marked(e)
            if self.guess is not None:
                found = guesses(self.store.results(e.name + GUESS), len(self.options))
                own = next((v for s, v in found if mine is not None and student_key(s) == student_key(mine)), None)
                values = [v for _, v in found]
                if e.exact is None:  # no exact answer: the guesses against what the class has found
                    drawn = guesses_picture(values, p.frequency if p.trials else None, own,
                                            band=p.interval if p.trials else None)
                else:
                    answer: Fraction | int = e.exact if e.right_choice is None else e.right_choice
                    drawn = guesses_picture(values, answer, own, self.options)
                set_trait(self.guesses, "value", drawn if found else "")
            shown = None if e.exact is not None else label  # lessons 1–4 keep their pictures as they were
            set_trait(self.shares, "value", shares_picture(p, line, mine, shown) if p.students else "")
            set_trait(self.names, "value", _names(p) if self.settings.first_names and p.students else "")
            set_trait(self.running, "value", running_picture(p, line, gettext(e.noun), shown) if p.students else "")
            set_trait(self.reading, "value", "".join(f"<p style='margin:4px 0;font-size:15px'>{sentence}</p>"
                                                     for sentence in reading(e, p)))

    def _follow(self, draw_first: bool = False) -> None:
        names = (self.experiment.name, self.experiment.name + GUESS)
        seen = self.store.results_mark(*names)
        if draw_first:
            try:
                self.redraw()
            except Exception:  # the loop below draws again at the next result
                log.exception("class experiment %s: showing the class's results failed", self.experiment.name)
        while not self._stop.is_set():
            time.sleep(POLL_SECONDS)
            try:
                now, chosen = self.store.results_mark(*names), self.store.settings()
                if chosen != self.settings:
                    self._apply(chosen)
                    self.redraw()
                if now != seen:
                    seen = now
                    self.redraw()
            except Exception:  # the page must go on: the next look may succeed
                log.exception("class experiment %s: showing the class's results failed", self.experiment.name)
                time.sleep(2)

    def close(self) -> None:
        self._stop.set()
        super().close()


def _names(p: Pool) -> str:
    shares = " · ".join(f"{escape(student)} {percent(hits / trials)}" for student, hits, trials in p.shares)
    words = escape(gettext("Each student's share:"))
    return f"<p style='margin:4px 0;font-size:15px'>{words} {shares}</p>"


def class_panel(name: str, guess: Guess | None = None) -> ClassPanel:
    """The class experiment ``name`` (one of :data:`dos_lab.classroom.experiments.EXPERIMENTS`) on a lesson's page,
    with the page's ``guess``."""
    return ClassPanel(class_store(), experiment(name), request_query(), guess)
