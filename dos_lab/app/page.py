"""The home page: how to play, the table, and the course (tutorials, lessons, the rules reference).

The page reads its settings from the URL's query string (Voila passes it to the
kernel as ``QUERY_STRING``): ``?seed=7``, ``?bots=greedy,random``,
``?position=colour-match``, ``?forget=0.5``, ``?preset=family`` and any rule
option of RULES.md §3 by name (``?after_draw_matching=any_matches``).

>>> setup, notes = setup_from_query("seed=7&bots=random,greedy&position=colour-match&bonus_placement=optional")
>>> setup.seed, setup.bots, setup.position, setup.rules
(7, ('random', 'greedy'), 'colour-match', {'bonus_placement': 'optional'})
>>> for note in setup_from_query("seed=x&colour=blue")[1]:
...     print(note)
seed=“x” is not a whole number up to 999,999,999: using 0
“colour” is not a setting of this page: ignored
"""

from __future__ import annotations

import json
import os
import re
import secrets
import time
from dataclasses import replace
from html import escape
from typing import Any
from urllib.parse import parse_qsl, urlencode

import ipywidgets as widgets  # type: ignore[import-untyped]

from dos_lab.app.course import RULES_PAGE, SECTIONS, catalogue
from dos_lab.app.keeper import GAME_KEY, KeptGame, TableKeeper, kept_table_view
from dos_lab.bots import BOTS
from dos_lab.classroom.site import on_a_site
from dos_lab.engine.events import player_name
from dos_lab.engine.rules import PRESETS, RuleSet
from dos_lab.errors import DosError
from dos_lab.i18n import (
    SOURCE_LANGUAGE,
    available_languages,
    colour_letter,
    colour_name,
    get_language,
    gettext,
    language,
    language_note,
    match_language,
    ngettext,
    notebook_language,
    number,
    pgettext,
)
from dos_lab.play.controller import TableSetup
from dos_lab.play.positions import POSITIONS
from dos_lab.widgets.labels import value_label
from dos_lab.widgets.setup import MAX_SEED
from dos_lab.widgets.table import TableView, play

__all__ = ["HOW_TO_PLAY", "course_html", "home_page", "how_to_play", "language_picker", "setup_from_query"]



def how_to_play() -> str:
    """The how-to-play panel in the current language (card letters as the cards show them)."""
    colours = ", ".join(f"{colour_letter(code)} {symbol} {colour_name(code)}"
                        for code, symbol in zip("RBGY", "●■▲★", strict=True))
    items = [
        gettext("<b>Match:</b> click one card in your hand whose number equals a Center Row card, or two cards "
                "that add up to it; click that row card; press <b>Match</b>. You may match several different row "
                "cards, each one once; then press <b>End turn</b>. (R4)"),
        gettext("<b>Colour bonus:</b> if your card has the same colour as the row card (both cards, for two), you "
                "put an extra card into the Center Row at the end of your turn — press <b>Place</b>. A double "
                "match with both cards in the row card's colour also makes every opponent draw a card. (R6)"),
        gettext("<b>No match?</b> Press <b>Draw</b>. Then match with the drawn card, or select a card and "
                "<b>Place</b> it into the Center Row. (R7)"),
        gettext("<b>Wild cards:</b> WILD (Wild DOS) counts as 2 in any colour; a # card (Wild #) is any number "
                "1–10 in its own colour. The player who plays or matches a wild card announces what it stands for: "
                "choose it in the box that appears. (The box also offers \"let the engine choose\", a helper of this "
                "table; at a real table you always announce it yourself.) (R9, R10)"),
        gettext("<b>DOS!</b> When you hold two cards, press <b>DOS!</b> before someone catches you (2 penalty "
                "cards). If a computer player forgets, press its <b>Catch</b> button. (R11)"),
    ]
    return ('<div class="dos-howto" style="font-size:15px;line-height:1.45;max-width:1100px">'
            '<h2 style="margin:4px 0">' + gettext("Play DOS against the computer") + '</h2>'
            '<p style="margin:4px 0">'
            + gettext("Get rid of your cards. You are <b>{player}</b>; the others are computer players. Every card "
                      "shows its colour as a letter and a symbol — {colours} — so you never need to tell colours "
                      "apart.").format(player=escape(player_name(0)), colours=escape(colours))
            + '</p><ol style="margin:4px 0 4px 0;padding-left:22px">'
            + "".join(f"<li>{item}</li>" for item in items)
            + '</ol><p style="margin:4px 0">'
            + gettext("Stuck? Press <b>Hint</b>. The computer players' turns are shown step by step: press "
                      "<b>Next</b> (or <b>Skip</b>). Every button works from the keyboard: Tab to it, then Enter or "
                      "Space.")
            + "</p></div>")


#: the how-to-play panel in English (:func:`how_to_play` gives it in the page's language)
HOW_TO_PLAY = how_to_play()


#: the largest seed the page accepts (longer numbers are refused, not echoed)
_WHOLE = re.compile(r"[0-9]{1,9}")  # ASCII: isdigit() passes "²" (int() refuses it); int() takes other scripts
_FRACTION = re.compile(r"[0-9]{0,3}(\.[0-9]{1,6})?")


def _shown(value: str, limit: int = 24) -> str:
    """A query value as the page may echo it: in the language's quotation marks, and cut short if long.

    >>> _shown("abc"), _shown("9" * 30)
    ('“abc”', '“999999999999999999999999…”')
    """
    # Translators: the quotation marks around a value the visitor typed into the address, e.g. seed=“abc”
    return pgettext("a value typed into the address, quoted", "“{value}”").format(
        value=value if len(value) <= limit else value[:limit] + "…")


def _choices(names: Any) -> str:
    """The values an address setting takes, each glossed in the page's language where that differs: the address
    itself needs the English word (``bots=greedy``), the reader needs to know what it means."""
    glossed = [(name, value_label(name)) for name in names]
    return ", ".join(name if label in (name, name.replace("_", " ")) else f"{name} ({label})"
                     for name, label in glossed)


def _rule_value(name: str, value: str, default: Any) -> tuple[Any, str | None]:
    """A rule option's value from its text, or a note why it cannot be one."""
    if isinstance(default, bool):
        if value.lower() in ("true", "false"):
            return value.lower() == "true", None
        return None, gettext("{setting} must be true or false: ignored").format(setting=f"{name}={_shown(value)}")
    if isinstance(default, int):
        if _WHOLE.fullmatch(value):
            return int(value), None
        return None, gettext("{setting} is not a whole number up to {largest}: ignored").format(
            setting=f"{name}={_shown(value)}", largest=number(MAX_SEED))
    return value, None


def setup_from_query(query: str | None) -> tuple[TableSetup, list[str]]:
    """The table setup a query string asks for, and notes about anything ignored or changed.

    >>> for note in setup_from_query("seed=²&forget=7&target_score=%C2%B2&seed=" + "9" * 5000)[1]:
    ...     print(note)
    seed=“²” is not a whole number up to 999,999,999: using 0
    forget=“7” is outside 0 to 1: using 1
    target_score=“²” is not a whole number up to 999,999,999: ignored
    seed=“999999999999999999999999…” is not a whole number up to 999,999,999: using 0
    """
    notes: list[str] = []
    fields: dict[str, Any] = {}
    rules: dict[str, Any] = {}
    defaults = RuleSet().to_dict()
    for key, value in parse_qsl(query or "", keep_blank_values=True):
        if key == "seed":
            if _WHOLE.fullmatch(value):
                fields["seed"] = int(value)
            else:
                notes.append(gettext("{setting} is not a whole number up to {largest}: using 0").format(
                    setting=f"seed={_shown(value)}", largest=number(MAX_SEED)))
        elif key == "bots":
            kinds = tuple(k.strip() for k in value.split(",") if k.strip())
            bad = [k for k in kinds if k not in BOTS]
            if bad or not 1 <= len(kinds) <= 3:
                notes.append(gettext("{setting}: give 1 to 3 of {choices}: using greedy").format(
                    setting=f"bots={_shown(value)}", choices=_choices(BOTS)))
            else:
                fields["bots"] = kinds
        elif key == "position":
            if value in POSITIONS:
                fields["position"] = value
            else:
                notes.append(gettext("{setting} is not one of {choices}: dealing normally").format(
                    setting=f"position={_shown(value)}", choices=_choices(POSITIONS)))
        elif key == "forget":
            if not _FRACTION.fullmatch(value) or not value:
                notes.append(gettext("{setting} is not a number from 0 to 1: ignored").format(
                    setting=f"forget={_shown(value)}"))
            elif float(value) > 1:
                notes.append(gettext("{setting} is outside 0 to 1: using 1").format(setting=f"forget={_shown(value)}"))
                fields["forget_dos"] = 1.0
            else:
                fields["forget_dos"] = float(value)
        elif key == "preset":
            if value in PRESETS:
                rules = {**PRESETS[value], **rules}
            else:
                notes.append(gettext("{setting} is not one of {choices}: ignored").format(
                    setting=f"preset={_shown(value)}", choices=", ".join(PRESETS)))
        elif key in ("lang", GAME_KEY):
            continue  # the page's language and its kept game: the server and home_page() read them
        elif key in defaults:
            parsed, problem = _rule_value(key, value, defaults[key])
            if problem:
                notes.append(problem)
            else:
                rules[key] = parsed
        else:
            notes.append(gettext("{name} is not a setting of this page: ignored").format(name=_shown(key)))
    for name, value in list(rules.items()):
        try:
            RuleSet(**{name: value})
        except Exception as exc:  # DosError names the allowed values; anything else must not break the page
            # the engine's refusal quotes the value in full: a long one is cut, as every other note does
            short = len(str(value)) <= 24
            refusal = str(exc) if isinstance(exc, DosError) and short else gettext("{setting} is not allowed").format(
                setting=f"{name}={_shown(str(value))}")
            notes.append(gettext("{problem}: ignored").format(problem=refusal))
            del rules[name]
    return TableSetup(rules=rules, **fields), notes


#: the most notes the page lists about its address settings; the rest are counted, not listed
SHOWN_NOTES = 5


def settings_note(notes: list[str]) -> str:
    """The page's one line about its address settings: the first :data:`SHOWN_NOTES` notes, and how many more.

    >>> settings_note(setup_from_query("&".join(f"x{i}=1" for i in range(1200)))[1])[-69:]
    '“x4” is not a setting of this page: ignored; and 1195 more such notes'
    """
    listed = notes[:SHOWN_NOTES]
    more = len(notes) - len(listed)
    if more:
        listed.append(ngettext("and {count} more such note", "and {count} more such notes", more).format(count=more))
    return gettext("Page settings: {notes}").format(notes="; ".join(listed))


def course_html(lang: str | None = None) -> str:
    """The course panel of the home page: the rules reference, the tutorials in order and the lessons, one line
    about each (from the notebooks themselves), in ``lang`` (default: the current language). Links are relative
    to the page, at the site's root or in its language's folder."""
    lang = lang or get_language()
    entries = catalogue(lang=lang)
    parts = ['<div class="dos-course" style="font-size:15px;line-height:1.45;max-width:1100px">'
             '<h2 style="margin:8px 0 4px 0">' + escape(gettext("Learn more")) + f'</h2>'
             f'<p style="margin:4px 0"><a class="dos-rules-link" href="{RULES_PAGE}">'
             f'' + escape(gettext("The rules of DOS")) + '</a> — '
             + escape(gettext("every rule (R1–R15) and rule option (D1–D13) the pages cite, with a glossary."))
             + "</p>"]
    for folder, heading in SECTIONS:
        items = "".join(f'<li style="margin:4px 0"><a href="{escape(e.path)}"><b>{escape(e.title)}</b></a>'
                        + (f'<br><span style="color:#444">{escape(e.summary)}</span>' if e.summary else "")
                        + "</li>" for e in entries.get(folder, []))
        if items:
            parts.append("<h3 style='margin:10px 0 2px 0'>" + escape(gettext(heading)) + f"</h3>"
                         f"<ul style='list-style:none;padding-left:0;margin:2px 0 6px 0'>{items}</ul>")
    if not any(entries.values()):
        parts.append("<p>" + escape(gettext('The tutorials and lessons are missing from this installation.')) + "</p>")
    return "".join(parts) + "</div>"


def language_picker(query: str, current: str | None = None, page: str = "home.ipynb") -> str:
    """Links to this page in every language, each named in its own language, keeping the other query settings.
    Each language's pages are in its folder of the site (English at the root), so a link goes straight there:
    it works on every server, Binder's and JupyterHub's too, not only where ``dos-lab`` turns ``?lang=`` into
    the folder.

    >>> import re
    >>> re.findall(r'href="([^"]+)"', language_picker("seed=3&lang=en", "en"))[:2]
    ['af/home.ipynb?seed=3', 'cs/home.ipynb?seed=3']
    >>> re.findall(r'href="([^"]+)"', language_picker("seed=3", "pl"))[1:3]
    ['../cs/home.ipynb?seed=3', '../home.ipynb?seed=3']
    """
    current = current or get_language()
    kept = urlencode([(k, v) for k, v in parse_qsl(query, keep_blank_values=True) if k != "lang"])
    up = "" if current == SOURCE_LANGUAGE else "../"
    links = []
    for lang in available_languages():
        with language(lang):
            name = pgettext("the name of this language, in this language", "English")
        if lang == current:
            links.append(f'<b class="dos-lang-current" lang="{lang}" aria-current="page">{escape(name)}</b>')
        else:
            href = up + ("" if lang == SOURCE_LANGUAGE else f"{lang}/") + page + (f"?{kept}" if kept else "")
            links.append(f'<a class="dos-lang-link" lang="{lang}" hreflang="{lang}" href="{escape(href)}">'
                         f"{escape(name)}</a>")
    return ('<nav class="dos-languages" aria-label="' + escape(gettext("Language")) + '" '
            'style="font-size:15px;margin:2px 0">' + " · ".join(links) + "</nav>")


def preheated() -> bool:
    """Whether this kernel runs its page before anyone asked for it (it waits in Voilà's pool for a visitor)."""
    return os.environ.get("VOILA_PREHEAT") == "True"


def request_query() -> str:
    """This page's query string. A pre-heated kernel ran the notebook before anyone asked for the page, so it
    first waits for Voilà to hand over the visitor's request (see :func:`wait_for_request`)."""
    if preheated():
        wait_for_request()
    return os.environ.get("QUERY_STRING", "")


def wait_for_request(give_up_after: float = 30.0) -> None:
    """What ``voila.utils.wait_for_request()`` does — receive the visitor's request (``QUERY_STRING`` and the
    rest) from Voilà's ``/voila/query/<kernel id>`` websocket into the environment — without importing
    ``voila.utils``, which loads Voilà's server stack into the kernel (about 50 MB more per kernel).

    A pre-heated kernel may wait for its visitor for hours. The connection sends no pings (a busy server that
    answered one late would close it), and a connection that closes anyway is opened again: Voilà keeps the request
    for a kernel that is not listening and hands it over when it listens again. Only a server that cannot be
    reached for ``give_up_after`` seconds leaves the page with its defaults."""
    from websockets.exceptions import ConnectionClosed  # websockets is a dependency of Voilà
    from websockets.sync.client import connect

    base = os.environ.get("VOILA_WS_BASE_URL", os.environ.get("VOILA_SERVER_URL", "/"))
    url = (f"{os.environ.get('VOILA_WS_PROTOCOL', 'ws')}://{os.environ.get('VOILA_APP_IP', '127.0.0.1')}:"
           f"{os.environ.get('VOILA_APP_PORT', '8866')}{base}voila/query/{os.environ.get('VOILA_KERNEL_ID', '')}")
    unreachable_since: float | None = None
    while True:
        try:
            with connect(url, open_timeout=10, ping_interval=None) as socket:
                unreachable_since = None
                reply = socket.recv()
            break
        except ConnectionClosed:  # closed while waiting: listen again
            pass
        except Exception:  # the server cannot be reached or refuses (yet, or any more)
            unreachable_since = unreachable_since or time.monotonic()
            if time.monotonic() - unreachable_since > give_up_after:
                return
        time.sleep(1)
    try:
        info = json.loads(reply)
    except ValueError:  # not the request: the page keeps its defaults
        return
    if isinstance(info, dict):
        os.environ.update({str(key): str(value) for key, value in info.items()})


def shared_settings(query: str) -> list[tuple[str, str]]:
    """The address settings a link that deals the same again keeps: those the page used, without its deal number
    and its kept game. What the page ignored (a note said so) is left out, so the link spreads no mistake.

    >>> shared_settings("seed=4&hand_size=9&colour=blue&bots=random,greedy&lang=pl&lang=zz&forget=oops")
    [('hand_size', '9'), ('bots', 'random,greedy'), ('lang', 'pl')]
    """
    kept = []
    for key, value in parse_qsl(query, keep_blank_values=True):
        if key in ("seed", GAME_KEY):
            continue
        if key == "lang" and match_language(value) is None:
            continue
        if key == "lang" or not setup_from_query(urlencode([(key, value)]))[1]:
            kept.append((key, value))
    return kept


def seed_html(seed: int, query: str) -> str:
    """The deal's number, with a link that deals it again (to share with a class)."""
    href = "?" + urlencode([("seed", str(seed)), *shared_settings(query)])
    return ('<p class="dos-seed" style="margin:4px 0;font-size:14px">'
            + gettext("This deal is number <b>{seed}</b>. To give everyone the same cards, share "
                      '<a href="{link}">this link</a> (or add <code>?seed={seed}</code> to the address).').format(
                seed=seed, link=escape(href)) + "</p>")


def _fresh_deal(setup: TableSetup, query: str) -> TableSetup:
    if any(key == "seed" and _WHOLE.fullmatch(value) for key, value in parse_qsl(query)):
        return setup
    return replace(setup, seed=secrets.randbelow(1_000_000))  # a fresh deal for every visitor


def _close(widget: widgets.Widget) -> None:
    """Close a widget and every widget it holds (children, layout, style), so none of them reaches the page."""
    for name in widget.keys:
        value = getattr(widget, name)
        for item in value if isinstance(value, list | tuple) else [value]:
            if isinstance(item, widgets.Widget) and item.comm is not None:
                _close(item)
    widget.close()


class HomePage(widgets.VBox):  # type: ignore[misc]
    """The home page's widgets; as plain text (what a notebook stores beside the widgets, and what a checker such
    as nbval compares) it says what the page is and who the visitor plays, not the random deal."""

    def __init__(self, children: list[widgets.Widget], table: TableView) -> None:
        super().__init__(children, layout=widgets.Layout(padding="0 4px"))
        self.table = table

    def __repr__(self) -> str:
        controller = self.table.controller
        players = ", ".join(controller.name(p) for p in controller.bots)
        return f"{gettext('DOS lab')} — {gettext('Play DOS against the computer')}: {players}"


def home_page(query: str | None = None) -> HomePage:
    """The home page: its title, the language picker, how to play, the table, and the course. ``query`` defaults to
    the page's URL query. The page speaks the language of its folder in the site (``pl/home.ipynb``: Polish)."""
    if get_language() == SOURCE_LANGUAGE:
        notebook_language()  # a kernel serves one page: its folder names the language (the same home.ipynb for all)
    ready = None
    if query is None and preheated():
        # a pre-heated kernel deals the plain page's table before the visitor comes: a class that opens the
        # page at once then waits only for the page to travel, not for thirty tables to be built
        ready = play(_fresh_deal(setup_from_query("")[0], ""))
    query = request_query() if query is None else query
    setup, notes = setup_from_query(query)
    asked_game = GAME_KEY in dict(parse_qsl(query))
    plain = not notes and setup == setup_from_query("")[0] and "seed" not in dict(parse_qsl(query)) and not asked_game
    if ready is not None and not plain:
        _close(ready)
        ready = None
    kept = kept_table_view(query) if on_a_site() and asked_game else KeptGame()
    resumed = kept.view
    table: TableView = resumed or ready or play(_fresh_deal(setup, query))
    said = ([kept.note] if kept.note else []) + ([settings_note(notes)] if notes and resumed is None else [])
    if said:
        table.controller.message = " ".join(said)
    if said or resumed is not None:
        table.refresh()
    asked = [value for key, value in parse_qsl(query, keep_blank_values=True) if key == "lang"]
    note = language_note(asked[-1]) if asked else None
    title = widgets.HTML(
        '<h1 style="margin:4px 0">' + escape(gettext("DOS lab")) + '</h1>'
        + (f'<p class="dos-language-note" style="margin:4px 0;padding:4px 8px;background:#fff3b0">{escape(note)}</p>'
           if note else "")
        + language_picker(query)
        + '<p style="margin:4px 0;font-size:15px">'
        + escape(gettext("Play the card game DOS against the computer, learn the rules step by step, and study its "
                         "chances.")) + "</p>"
        + '<p class="dos-room-link" style="margin:4px 0;font-size:15px"><a href="room.ipynb"><b>'
        + escape(gettext("Play with your class")) + "</b></a> — "
        + escape(gettext("sit at one table with your classmates, each on your own device.")) + "</p>")
    title.add_class("dos-title")
    howto = widgets.HTML(how_to_play())
    howto.add_class("dos-howto")
    seed = widgets.HTML(seed_html(table.controller.seed, query))
    seed.add_class("dos-seed")
    lessons = widgets.HTML(course_html())
    lessons.add_class("dos-lessons")
    below = [TableKeeper(table, query, kept.token, kept.version)] if on_a_site() else []
    page = HomePage([title, howto, seed, table, *below, lessons], table)
    page.add_class("dos-page")
    if preheated():
        page.add_class("dos-preheated")  # the page came from a kernel that ran it before the visitor came
    return page
