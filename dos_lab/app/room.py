"""The page "Play with your class" (``room.ipynb``): classmates sit at one table, each on their own device.

A student starts a room (a four-letter code to write on the board) or joins one with its code and a first name.
The room's creator may add computer players and presses Start (or the game starts when every seat is taken).
At the table each student sees only their own hand; moves reach the other seats as they are made. Rounds follow
one another until a player's total reaches the target score: each student deals the next round with Next round
when ready (the first to ask deals it for everyone, the others follow it).

The seat's token is kept in the page's address (``?seat=…``), so a reload, a closed tab or a restarted server
brings the student back to the same seat at the same move. ``?room=KBTM`` fills in a room's code for a class
that follows a link. Everything lives in the class store (:func:`dos_lab.app.course.class_store_address`).
"""

from __future__ import annotations

import logging
import secrets
import threading
import time
from collections.abc import Callable
from html import escape
from urllib.parse import parse_qsl, urlencode

import ipywidgets as widgets  # type: ignore[import-untyped]

from dos_lab.app.page import preheated, request_query
from dos_lab.classroom import ClassStore, RoomTable, SeatView
from dos_lab.classroom.site import class_store
from dos_lab.classroom.store import MAX_NAME
from dos_lab.engine.events import player_name
from dos_lab.engine.moves import MAX_PLAYERS
from dos_lab.engine.rules import RuleSet
from dos_lab.errors import DosError
from dos_lab.i18n import SOURCE_LANGUAGE, get_language, gettext, ngettext, notebook_language, sentence
from dos_lab.play.controller import fresh_seed
from dos_lab.widgets.cards import safe, set_trait, stylesheet
from dos_lab.widgets.table import TableView

__all__ = ["RoomPage", "room_page"]

log = logging.getLogger(__name__)
#: the game lengths a room may choose (R13.3): the rules' 200, or shorter for one lesson
TARGETS = (50, 100, 200)
#: how often a page looks for classmates' moves (a cheap read of the room's version)
POLL_SECONDS = 0.1
#: how often a page tells the store its student is here, redraws the seats, and asks for a computer player to play
#: for a classmate who is away (ClassStore.away_after)
HERE_SECONDS = 10.0


def _box(children: list[widgets.Widget], test_class: str) -> widgets.VBox:
    box = widgets.VBox(children, layout=widgets.Layout(padding="6px 8px", margin="6px 0",
                                                       border="1px solid #ccc", max_width="36rem"))
    box.add_class(test_class)
    return box


def _field(placeholder: str, label: str, test_class: str, max_length: int) -> widgets.Text:
    field = widgets.Text(placeholder=placeholder, description=label, style={"description_width": "11em"},
                         layout=widgets.Layout(width="26rem"))
    field.add_class(test_class)
    field.continuous_update = False
    field.max_length = max_length  # not a trait of every ipywidgets version: the store checks the length too
    return field


def _button(label: str, test_class: str, style: str = "") -> widgets.Button:
    button = widgets.Button(description=label, button_style=style, layout=widgets.Layout(width="auto"))
    button.add_class("dos-action")
    button.add_class(test_class)
    return button


class RoomPage(widgets.VBox):  # type: ignore[misc]
    """The page's widgets: the forms to start or join a room, then the room's seats, then its table."""

    def __init__(self, store: ClassStore, query: str) -> None:
        self.store = store
        self.query = query
        asked = dict(parse_qsl(query, keep_blank_values=True))
        self.token: str | None = None
        self.seat: SeatView | None = None
        self.table: TableView | None = None
        self._stop = threading.Event()
        self._lock = threading.RLock()
        title = widgets.HTML('<h1 style="margin:4px 0">' + escape(gettext("Play with your class")) + "</h1>"
                             '<p style="margin:4px 0;font-size:15px">' + escape(gettext(
                                 "Sit at one table with your classmates, each on your own device: one of you starts "
                                 "a room and writes its code on the board, the others join with the code.")) + "</p>")
        title.add_class("dos-title")
        self.status = widgets.HTML()
        self.status.add_class("dos-room-status")
        self.address = widgets.HTML(layout=widgets.Layout(height="0px", margin="0"))
        self.address.add_class("dos-room-address")
        #: this page's name for the store, which tells it when another page shows the same seat
        self.tab = secrets.token_hex(8)
        self.other_tab = widgets.HTML()
        self.other_tab.add_class("dos-room-other-tab")

        self.create_name = _field(gettext("your first name"), gettext("Your first name"), "dos-create-name", MAX_NAME)
        self.players = widgets.Dropdown(options=[(str(n), n) for n in range(2, MAX_PLAYERS + 1)], value=2,
                                        description=gettext("Players"), style={"description_width": "11em"})
        self.players.add_class("dos-room-players")
        # a game to 200 takes 20–40 minutes; a class tournament in one lesson plays to less
        self.target = widgets.Dropdown(options=[(ngettext("{points} point", "{points} points", n).format(points=n), n)
                                                for n in TARGETS],
                                       value=RuleSet().target_score, description=gettext("Play to (R13.3)"),
                                       style={"description_width": "11em"})
        self.target.add_class("dos-room-target")
        create = _button(gettext("Start a room"), "dos-create-room", "primary")
        create.on_click(safe(self.create))
        self.join_code = _field("KBTM", gettext("Room code"), "dos-join-code", 8)
        self.join_code.value = asked.get("room", "")[:8].upper()
        self.join_name = _field(gettext("your first name"), gettext("Your first name"), "dos-join-name", MAX_NAME)
        join = _button(gettext("Join the room"), "dos-join-room", "primary")
        join.on_click(safe(self.join))
        self.forms = widgets.VBox([
            _box([widgets.HTML("<b>" + escape(gettext("Start a room")) + "</b>"), self.create_name, self.players,
                  self.target, create], "dos-create-form"),
            _box([widgets.HTML("<b>" + escape(gettext("Join a room")) + "</b>"), self.join_code, self.join_name,
                  join], "dos-join-form")])

        self.seats = widgets.HTML()
        self.seats.add_class("dos-room-seats")
        self.add_bot = _button(gettext("Add a computer player"), "dos-add-bot")
        self.add_bot.on_click(safe(self.fill_seat))
        self.start = _button(gettext("Start the game"), "dos-start-game", "success")
        self.start.on_click(safe(self.start_game))
        self.owner_buttons = widgets.HBox([self.add_bot, self.start])
        self.lobby = _box([self.seats, self.owner_buttons], "dos-lobby")
        self.lobby.layout.display = "none"
        self.table_box = widgets.VBox()
        super().__init__([stylesheet(), title, self.status, self.other_tab, self.address, self.forms,
                          self.lobby, self.table_box],
                         layout=widgets.Layout(padding="0 4px"))
        self.add_class("dos-page")
        self.add_class("dos-room-page")
        seat = asked.get("seat")
        if seat:
            self._sit(seat, quiet=True)

    def __repr__(self) -> str:
        return f"{gettext('DOS lab')} — {gettext('Play with your class')}"

    # ---------------------------------------------------------------- what the student does

    def create(self) -> None:
        """Start a room with the chosen number of players, and take its first seat."""
        self._try(lambda: self._create(self.create_name.value))

    def _create(self, name: str) -> None:

        code = self.store.create_room(players=int(self.players.value), seed=fresh_seed(),
                                      rules=RuleSet(target_score=int(self.target.value)))
        self._sit(self.store.join(code, name))

    def join(self) -> None:
        """Take the next empty seat of the room whose code was typed."""
        self._try(lambda: self._sit(self.store.join(self.join_code.value, self.join_name.value)))

    def fill_seat(self) -> None:
        """The room's creator puts a computer player in the next empty seat."""
        if self.seat is not None:
            code = self.seat.code
            self._try(lambda: self.store.add_bot(code, "greedy"))

    def start_game(self) -> None:
        """The room's creator deals: empty seats get computer players."""
        if self.seat is not None:
            code = self.seat.code
            self._try(lambda: self.store.start(code))

    # ---------------------------------------------------------------- drawing

    def _try(self, action: Callable[[], object]) -> None:
        with self._lock:
            try:
                action()
                self._say("")
            except DosError as error:
                self._refuse(error)
            self._refresh()

    def _say(self, text: str, kind: str = "info") -> None:
        set_trait(self.status, "value", f'<div class="dos-status-text dos-status-{kind}" role="status" '
                                        f'aria-live="polite">{escape(text) if text else "&nbsp;"}</div>')

    def _refuse(self, error: DosError) -> None:
        self._say(sentence(str(error)), "error")

    def _sit(self, token: str, quiet: bool = False) -> None:
        try:
            self.seat = self.store.view(token)
        except DosError as error:
            self._refuse(error)
            return
        self.token = token
        kept = [(k, v) for k, v in parse_qsl(self.query, keep_blank_values=True) if k not in ("seat", "room")]
        set_trait(self.address, "value",
                  f'<span data-dos-address="{escape(urlencode([*kept, ("seat", token)]))}"></span>')
        self.forms.layout.display = "none"
        self.lobby.layout.display = None
        if not quiet:
            self._say(gettext("You sit at seat {player} of room {code}. This page's address keeps your seat: after "
                              "a reload you are back at the table.").format(player=player_name(self.seat.player),
                                                                         code=self.seat.code), "ok")
        self._refresh()
        threading.Thread(target=self._follow, name=f"room {self.seat.code}", daemon=True).start()

    def _refresh(self) -> None:
        if self.token is None:
            return
        try:
            seat = self.seat = self.store.view(self.token)
        except DosError as error:
            self._refuse(error)
            return
        names = []
        for player in range(seat.players):
            name, kind = seat.names[player], seat.bots[player]
            if kind is not None:
                who = gettext("computer player ({bot})").format(bot=gettext(kind))
            elif not name:
                who = gettext("empty seat")
            else:
                who = escape(name) + (" — " + escape(gettext("you")) if player == seat.player else "")
                if seat.away[player]:
                    who += " — " + escape(gettext("away: a computer player plays for them until they are back"))
            names.append(f"<li>{player_name(player)}: {who}</li>")
        waiting = ""
        if not seat.started:
            if seat.player == 0:
                waiting = gettext("Press Start the game when everyone is here; empty seats get computer players.")
            else:
                waiting = gettext("Waiting for {name} to start the game.").format(name=seat.names[0])
            waiting = f"<p>{escape(waiting)}</p>"
        set_trait(self.seats, "value",
                  '<p style="font-size:20px;margin:4px 0">' + escape(gettext("Room {code}")).format(
                      code=f'<b class="dos-room-code" style="letter-spacing:3px">{seat.code}</b>')
                  + "</p><ul style='margin:4px 0'>" + "".join(names) + "</ul>" + waiting)
        self.owner_buttons.layout.display = None if seat.player == 0 and not seat.started else "none"
        if seat.started and self.table is None:
            self.table = TableView(RoomTable(self.store, self.token), setup=False)
            self.table_box.children = [self.table]

    def _follow(self) -> None:
        """Look for what classmates did, and show it: the seats before the deal, the moves after it."""
        assert self.seat is not None
        code, version, said = self.seat.code, -1, 0.0
        while not self._stop.is_set():
            try:
                now = self.store.version(code)
                if now != version and self.token is not None and not self.store.seated(self.token):
                    self._unseated(code)
                    return
                if time.monotonic() - said >= HERE_SECONDS and self.token is not None:
                    said = time.monotonic()
                    self._here(self.token)
                    if self.table is not None:
                        self.store.cover(code)
                    with self._lock:
                        self._refresh()
                if now != version:
                    version = now
                    with self._lock:
                        if self.table is None:
                            self._refresh()
                        else:
                            controller = self.table.controller
                            assert isinstance(controller, RoomTable)
                            controller.catch_up()
                    game = self.table.controller.game if self.table is not None else None
                    if game is not None and game.over:
                        return
            except DosError:
                if self.token is not None and not self._still_seated(self.token):  # reset between two looks
                    self._unseated(code)
                    return
                log.exception("room %s could not be read", code)
                time.sleep(2)
            except Exception:  # the page must go on: the next look may succeed
                log.exception("room %s: showing a change failed", code)
                time.sleep(2)
            time.sleep(POLL_SECONDS)

    def _here(self, token: str) -> None:
        """Tell the store this page shows the seat, and tell the student when another page shows it too."""
        others = self.store.here(token, tab=self.tab)
        text = "" if not others else gettext(
            "This seat is open in another tab or window too. Both show the same table, and a move made in one "
            "appears in the other: close the one you do not need.")
        set_trait(self.other_tab, "value", "" if not text else
                  f'<div class="dos-status-text dos-status-info" role="status">{escape(text)}</div>')

    def _still_seated(self, token: str) -> bool:
        try:
            return self.store.seated(token)
        except Exception:  # the store cannot be read now: the seat is not known to be gone
            return True

    def _unseated(self, code: str) -> None:
        """The teacher has reset the room, so this seat is gone: back to the forms, with the room's code and the
        student's name filled in to join it again."""
        with self._lock:
            if self.seat is not None:
                set_trait(self.join_name, "value", self.seat.names[self.seat.player])
            self.token, self.seat = None, None
            set_trait(self.other_tab, "value", "")
            if self.table is not None:
                self.table.close()
            self.table = None
            self.table_box.children = []
            self.lobby.layout.display = "none"
            self.forms.layout.display = None
            set_trait(self.join_code, "value", code)
            kept = [(k, v) for k, v in parse_qsl(self.query, keep_blank_values=True) if k not in ("seat", "room")]
            set_trait(self.address, "value",
                      f'<span data-dos-address="{escape(urlencode([*kept, ("room", code)]))}"></span>')
            self._say(gettext("The teacher has reset room {code} for a new game: join it again with its code and "
                              "your first name.").format(code=code))

    def close(self) -> None:
        self._stop.set()
        super().close()


def room_page(query: str | None = None) -> RoomPage:
    """The page "Play with your class" in the language of its folder; ``query`` defaults to the page's URL query."""
    if get_language() == SOURCE_LANGUAGE:
        notebook_language()
    page = RoomPage(class_store(), request_query() if query is None else query)
    if preheated():
        page.add_class("dos-preheated")  # the page came from a kernel that ran it before the visitor came
    return page
