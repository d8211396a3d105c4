"""The home page's game survives a reload: after every action it is kept in the class store under a token that the
page's address holds (``?game=…``), and a page opened with that address goes on with it.

Only a page that ``dos-lab`` serves keeps its game (in plain Jupyter there is no class store). The token opens one
game and nothing else; it is not a password. A second tab with the same address plays on from the same moment,
but only the tab that saved first keeps the game: the other is told so and keeps nothing.
"""

from __future__ import annotations

import logging
import secrets
from dataclasses import dataclass
from html import escape
from typing import Any
from urllib.parse import parse_qsl, urlencode

import ipywidgets as widgets  # type: ignore[import-untyped]

from dos_lab.errors import DosError
from dos_lab.i18n import gettext, sentence
from dos_lab.widgets.cards import set_trait
from dos_lab.widgets.table import TableView

__all__ = ["GAME_KEY", "KeptGame", "TableKeeper", "kept_table_view"]

log = logging.getLogger(__name__)
#: the address setting that holds the kept game's token
GAME_KEY = "game"


@dataclass(frozen=True)
class KeptGame:
    """What a page's address finds in the class store: the kept game's table (None if there is none to go on
    with), its token and version, and a note for the page when the address names a game that cannot be played on.
    """

    view: TableView | None = None
    token: str = ""
    version: int = 0
    note: str = ""


def kept_table_view(query: str) -> KeptGame:
    """The game kept under the address's token (``?game=…``), or why there is none to go on with."""
    token = dict(parse_qsl(query, keep_blank_values=True)).get(GAME_KEY)
    if token is None:
        return KeptGame()
    from dos_lab.classroom.site import class_store
    from dos_lab.play.kept import resumed

    try:
        data, version = class_store().kept_table(token)
        controller = resumed(data)
    except DosError as error:
        return KeptGame(note=gettext("{reason}: here is a new deal.").format(reason=sentence(str(error), end="")))
    except Exception:  # the class store cannot be reached: the visitor still gets a table
        log.exception("the kept game could not be read")
        return KeptGame(note=gettext("The kept game cannot be read now: here is a new deal."))
    controller.message = gettext("Welcome back: your game goes on where you left it.")
    controller.message_kind = "ok"
    return KeptGame(TableView(controller), token, version)


class TableKeeper(widgets.HTML):  # type: ignore[misc]
    """Keeps ``table``'s game after every action, and puts its token into the page's address at the first save.
    Shows one line under the table: that the address keeps the game, or why it is not kept."""

    def __init__(self, table: TableView, query: str, token: str = "", version: int = 0) -> None:
        super().__init__()
        self.add_class("dos-kept")
        self.table = table
        self.query = query
        self.token = token or secrets.token_urlsafe(12)
        self.version = version
        self.stopped = False
        self._last: dict[str, Any] | None = None
        table.controller.on_change(self.save)
        if version:
            from dos_lab.play.kept import kept

            self._last = kept(table.controller)
            self._show(gettext("This page's address keeps your game: after a reload you are back at the same move."))

    def save(self) -> None:
        """Keep the game as it is now (a listener of the table: it never raises)."""
        if self.stopped:
            return
        from dos_lab.classroom.site import class_store
        from dos_lab.play.kept import kept

        try:
            data = kept(self.table.controller)
            if data == self._last:
                return  # a hint, a selection, a step watched: nothing to keep
            first = self.version == 0
            self.version = class_store().keep_table(self.token, data, self.version)
            self._last = data
        except DosError as error:
            self._stop(sentence(str(error)))
            return
        except Exception:  # a full disk, a store gone: the game goes on, unkept, and the page says so
            log.exception("the home page's game could not be kept")
            self._stop(gettext("This game cannot be kept now: a reload deals a new game."))
            return
        if first:
            kept_query = [(k, v) for k, v in parse_qsl(self.query, keep_blank_values=True) if k != GAME_KEY]
            self._show(gettext("This page's address keeps your game: after a reload you are back at the same move."),
                       urlencode([*kept_query, (GAME_KEY, self.token)]))

    def _stop(self, why: str) -> None:
        self.stopped = True
        self._show(why, kind="error")

    def _show(self, text: str, address: str = "", kind: str = "info") -> None:
        colour = "#8a1c1c" if kind == "error" else "#444"
        span = f'<span data-dos-address="{escape(address)}"></span>' if address else ""
        set_trait(self, "value", f'<p class="dos-kept-text dos-kept-{kind}" style="margin:2px 0;font-size:14px;'
                                 f'color:{colour}">{escape(text)}</p>{span}')
