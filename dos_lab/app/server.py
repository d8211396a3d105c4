"""The site's server: Voilà serving the course folder (:mod:`.course`), with the few things a class needs on top.

Everything else is Voilà's own machinery, configured in ``voila.json`` (kernel pools, culling, the IOPub
timeout, the file allow-list, no template or theme from the URL). On top of it:

- ``/`` (and Voilà's file browser, ``/voila/tree``) leads to the home page; the contents listing API is off;
- requests whose ``Host`` is not one of the site's names get 403 (against DNS rebinding);
- a page is refused with a short 503 page when ``max_kernels`` kernels already run (a LAN cannot start
  kernels until memory runs out), or when its device already has ``pages_per_device`` pages open (one visitor
  cannot fill the class); a page whose browser never connects lets its kernel go within a minute (:mod:`.shares`);
- only the page a kernel serves may connect to it, stop it or read its state (its key in a cookie), not a
  visitor who learnt its id;
- ``?lang=pl`` on any page leads to the same page in the site's ``pl/`` folder, keeping the other query
  parameters (``?lang=en``: the root's English page); a language the site lacks stays on the English page,
  which says so (:func:`language_target`);
- every page sets Voilà's ``_xsrf`` cookie, so the page's own "shut my kernel down" request on closing the tab
  is accepted (without the cookie Voilà refuses it with 403 and the kernel waits for the culler);
- an address of more than 1,000 settings reaches its page, which says what it ignores (Tornado would answer it
  with an empty 400);
- a pre-heated kernel that died in its pool is replaced, and never handed to a visitor (:mod:`.pools`);
- an address the site has no page for, or a request it does not take (``HEAD`` on a page, ``/logout``), gets a
  short page linking home (``share/errors``), and never prints a traceback in the teacher's terminal.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import shutil
import tempfile
import time
import webbrowser
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, urlencode

import jinja2
import tornado.web
from jupyter_core.utils import run_sync
from jupyter_server.base.handlers import JupyterHandler
from jupyter_server.services.kernels.handlers import KernelHandler
from jupyter_server.utils import url_path_join
from tornado.ioloop import IOLoop
from traitlets import Float, Integer, List, Unicode, default
from voila.app import Voila  # type: ignore[import-untyped]
from voila.exporter import VoilaExporter  # type: ignore[import-untyped]
from voila.request_info_handler import RequestInfoSocketHandler  # type: ignore[import-untyped]
from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler  # type: ignore[import-untyped]
from voila.static_file_handler import TemplateStaticFileHandler  # type: ignore[import-untyped]
from voila.tornado.contentshandler import VoilaContentsHandler  # type: ignore[import-untyped]
from voila.tornado.handler import TornadoVoilaHandler  # type: ignore[import-untyped]
from voila.tornado.kernel_websocket_handler import VoilaKernelWebsocketHandler  # type: ignore[import-untyped]
from voila.tornado.treehandler import TornadoVoilaTreeHandler  # type: ignore[import-untyped]

from dos_lab.app.course import site_languages
from dos_lab.app.pools import failed_to_start, prune_pools
from dos_lab.app.shares import KernelShares
from dos_lab.i18n import SOURCE_LANGUAGE, match_language

__all__ = ["LOCAL_HOSTS", "DosLabServer", "host_pattern", "language_target"]

#: names of this machine that are always accepted in the Host header
LOCAL_HOSTS = ("localhost", "127.0.0.1", "::1", "[::1]")

#: the site's own error page, found before Jupyter's (which needs static files the site does not serve)
ERROR_PAGES = Path(__file__).parent / "share" / "errors"


def host_pattern(hosts: list[str] | tuple[str, ...]) -> str:
    """A Tornado host pattern matching exactly these host names (any port).

    >>> bool(re.match(host_pattern(["localhost", "192.168.1.5"]), "192.168.1.5"))
    True
    >>> bool(re.match(host_pattern(["localhost"]), "evil.example"))
    False
    """
    return "^(?:" + "|".join(re.escape(h.lower()) for h in dict.fromkeys(hosts)) + ")$"


def language_target(path: str, query: str) -> str | None:
    """Where a page asked with ``?lang=`` is: the same page in that language's folder, with the other query
    parameters; None when the page is already the right one (no ``lang``, or an unknown one on an English page).

    >>> language_target("tutorials/02-matching.ipynb", "seed=7&lang=pl-PL&bots=random")
    'pl/tutorials/02-matching.ipynb?seed=7&bots=random'
    >>> language_target("cs/home.ipynb", "lang=en"), language_target("cs/home.ipynb", "lang=xx&seed=3")
    ('home.ipynb', 'home.ipynb?lang=xx&seed=3')
    >>> language_target("home.ipynb", "lang=xx") is None
    True
    """
    pairs = parse_qsl(query, keep_blank_values=True)
    asked = [value for key, value in pairs if key == "lang"]
    if not asked:
        return None
    lang = match_language(asked[-1])
    parts = [part for part in path.split("/") if part]
    page = parts[1:] if parts and parts[0] in site_languages() else parts
    if lang is None:  # the English page shows the note, so it keeps the request
        return None if page == parts else "/".join(page) + "?" + urlencode(pairs)
    kept = [(key, value) for key, value in pairs if key != "lang"]
    return "/".join(page if lang == SOURCE_LANGUAGE else [lang, *page]) + ("?" + urlencode(kept) if kept else "")


class HomeHandler(JupyterHandler):
    """``/`` and the file browser: go to the home page (keeping the query string, minus a login token)."""

    def initialize(self, home: str, pages: str) -> None:
        self.home, self.pages = home, pages

    @tornado.web.authenticated
    def get(self, *_: str) -> None:
        query = "&".join(part for part in self.request.query.split("&") if part and not part.startswith("token="))
        there = language_target(self.home, query)
        self.redirect(self.pages + (there or self.home + (f"?{query}" if query else "")))

    head = get  # `curl -I` on the address dos-lab printed


class SiteErrorPage(tornado.web.RequestHandler):
    """A handler whose errors show the site's error page (linking home) instead of Tornado's bare one."""

    def write_error(self, status_code: int, **_: Any) -> None:
        self.set_header("Content-Type", "text/html; charset=utf-8")
        page = self.settings["jinja2_env"].get_template("error.html")
        self.finish(page.render(status_code=status_code, status_message=self._reason,
                                base_url=self.settings.get("base_url", "/")))


class NotHereHandler(SiteErrorPage):
    """An address the site has no page for: a part of Voilà it does not offer (the folder listing API, logout),
    or any path no other handler takes. Every method gets the site's 404 page."""

    def prepare(self) -> None:
        raise tornado.web.HTTPError(404)


class TemplateFilesHandler(SiteErrorPage, TemplateStaticFileHandler):  # type: ignore[misc]
    """Voilà's files of the page template (``/voila/templates/<template>/static/<file>``). An address of another
    shape gets 404: Voilà's own handler fails on it with a 500 and a traceback in the terminal."""

    def parse_url_path(self, path: str) -> str:
        template, static, *rest = [*os.path.normpath(path).split(os.sep, 2), "", ""]
        if not template or template.startswith(".") or static != "static" or not rest[0]:
            raise tornado.web.HTTPError(404)
        parsed: str = super().parse_url_path(path)
        return parsed


class WrongHostHandler(tornado.web.RequestHandler):
    """Any request whose Host header is not one of the site's names."""

    def prepare(self) -> None:
        self.set_status(403)
        self.finish("403: this server does not answer to that host name. Use the address dos-lab printed.")


class PageHandler(TornadoVoilaHandler):  # type: ignore[misc]
    """Voilà's page handler with a cap on running kernels, and the ``_xsrf`` cookie set."""

    @tornado.web.authenticated
    async def get(self, path: str | None = None) -> None:
        is_page = (path or "").endswith(".ipynb")
        there = language_target(path or "", self.request.query) if is_page else None
        if there is not None:
            self.redirect(url_path_join(self.base_url, "voila/render", there))
            return
        if is_page:
            await prune_pools(self.kernel_manager, [path or ""])
        limit = int(self.settings.get("dos_lab_max_kernels", 0))
        shares: KernelShares | None = self.settings.get("dos_lab_shares")
        if shares is not None and is_page and shares.full(self.request.remote_ip or ""):
            self.set_status(503)
            self.set_header("Retry-After", "60")
            self.finish("<!DOCTYPE html><meta charset=utf-8><title>DOS lab: too many pages on this device</title>"
                        "<p style='font:18px system-ui;margin:2em'>This device already has "
                        f"{shares.per_device} pages of DOS lab open, as many as one device may, so that every "
                        "classmate gets theirs. Close a tab you no longer use, wait a moment, and reload this page."
                        "</p>")
            return
        if limit and is_page and self.pages_running() >= limit:
            self.set_status(503)
            self.set_header("Retry-After", "60")
            self.finish("<!DOCTYPE html><meta charset=utf-8><title>DOS lab is full</title>"
                        "<p style='font:18px system-ui;margin:2em'>The class server is full right now: "
                        f"{limit} page{'s are' if limit != 1 else ' is'} open, as many as it allows. Close a tab "
                        "you no longer use, wait a minute, and reload this page.</p>")
            return
        _ = self.xsrf_token  # sets the _xsrf cookie that the page's shutdown beacon sends back
        if shares is None or not is_page:
            await super().get(path)
            return
        with shares.serving(self):
            await super().get(path)

    def pages_running(self) -> int:
        """Kernels started for pages, not counting pre-heated kernels waiting in a pool."""
        manager = self.kernel_manager
        waiting = sum(1 for pool in getattr(manager, "_pools", {}).values() for task in pool
                      if task.done() and not failed_to_start(task))
        return len(manager.list_kernel_ids()) - waiting


class OwnPageMixin:
    """Requests about a kernel come only from the page it serves (:meth:`.shares.KernelShares.owns`)."""

    def check_owner(self, kernel_id: str) -> None:
        shares: KernelShares | None = self.settings.get("dos_lab_shares")  # type: ignore[attr-defined]
        if shares is not None and not shares.owns(self, kernel_id):
            raise tornado.web.HTTPError(403, "only the page a kernel serves may connect to it, ask about it or stop it")


class OwnKernelHandler(OwnPageMixin, KernelHandler):
    """Jupyter's ``/api/kernels/<id>``: a kernel's state, or stopping it, for its own page only."""

    async def get(self, kernel_id: str) -> None:
        self.check_owner(kernel_id)
        answered = super().get(kernel_id)
        if answered is not None:
            await answered

    async def delete(self, kernel_id: str) -> None:
        self.check_owner(kernel_id)
        answered = super().delete(kernel_id)
        if answered is not None:
            await answered


class OwnKernelWebsocketHandler(OwnPageMixin, VoilaKernelWebsocketHandler):  # type: ignore[misc]
    """The page's connection to its kernel (widgets, a student's hand) for the kernel's own page only."""

    async def get(self, kernel_id: str) -> None:
        self.check_owner(kernel_id)
        await super().get(kernel_id)


class OwnPageShutdownHandler(OwnPageMixin, VoilaShutdownKernelHandler):  # type: ignore[misc]
    """Voilà's "shut my kernel down" when a tab closes, for the kernel's own page only."""

    async def post(self, kernel_id: str) -> None:
        self.check_owner(kernel_id)
        await super().post(kernel_id)


class CompiledTemplates(jinja2.BytecodeCache):
    """Jinja's compiled templates, kept in memory for the server's life. Voilà builds a new template environment
    for every page, which compiled the page template again each time: about a third of the server's work when a
    class opens the site at once. Jinja checks each template's source before reusing its code."""

    def __init__(self) -> None:
        self.compiled: dict[str, bytes] = {}

    def load_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        if bucket.key in self.compiled:
            bucket.bytecode_from_string(self.compiled[bucket.key])

    def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        self.compiled[bucket.key] = bucket.bytecode_to_string()


#: the longest the site waits for its pre-heated kernels before it says it is ready, in seconds
WARM_LIMIT = 300.0

#: the most fields an address may have: a query string already fits in a request's head (64 KiB in Tornado), so
#: this only keeps Tornado from refusing an address of more than 1,000 fields with an empty "400" reply
MAX_ADDRESS_FIELDS = 65_536


def read_long_addresses(fields: int = MAX_ADDRESS_FIELDS) -> None:
    """Let a page read an address of up to ``fields`` settings, and say itself what it ignores. Tornado 6.5.8
    and later refuse more than 1,000 before any page is asked, with an empty reply and no word why; the limit
    is part of Tornado's one global setting for parsing requests, whose other parts keep their defaults."""
    import tornado.httputil

    if not hasattr(tornado.httputil, "ParseUrlEncodedConfig"):
        return  # an older Tornado reads any number of fields
    tornado.httputil.set_parse_body_config(tornado.httputil.ParseBodyConfig(
        urlencoded=tornado.httputil.ParseUrlEncodedConfig(max_arguments=fields)))


def share_compiled_templates(cache: jinja2.BytecodeCache) -> None:
    """Give every page's template environment (nbconvert's, one per page) the same compiled-template cache."""
    create = VoilaExporter._create_environment
    if getattr(create, "shares_templates", False):
        return

    def _create_environment(self: Any) -> jinja2.Environment:
        environment: jinja2.Environment = create(self)
        environment.bytecode_cache = cache
        return environment

    _create_environment.shares_templates = True  # type: ignore[attr-defined]
    VoilaExporter._create_environment = _create_environment


class DosLabServer(Voila):  # type: ignore[misc]
    """Voilà for the course site (configured like Voilà, with a few traits of its own)."""

    home_page = Unicode("home.ipynb", config=True, help="The home page, relative to the served folder.")
    allowed_hosts = List(Unicode(), config=True,
                         help="Host names and addresses the site answers to, besides localhost.")
    max_kernels = Integer(0, config=True, help="Refuse new pages while this many kernels run (0: no cap).")
    pages_per_device = Integer(0, config=True, help="Refuse a device more pages while it has this many open "
                               "(0: no limit); the server's own computer has none (dos_lab.app.shares).")
    connect_within = Float(60, config=True, help="With a cap (max_kernels or pages_per_device): stop a page's kernel "
                           "if its browser has not connected this many seconds after the page was sent.")
    cookie_secret_file = Unicode("", config=True, help="A file holding, in hexadecimal, the secret that signs the "
                                 "login cookies, so a restart keeps visitors logged in; none: a new secret each start.")
    pool_check_interval = Float(10, config=True, help="Seconds between two checks of the pre-heated kernels "
                                "(a dead one is replaced); 0: check only when a page is asked for.")
    #: called once the server listens and the home page's pool is warm (``dos-lab`` prints the address)
    on_ready: Callable[[], None] | None = None
    #: each device's pages, when the server has a cap (:mod:`.shares`)
    shares: KernelShares | None = None

    @default("cookie_secret")
    def _kept_cookie_secret(self) -> bytes:
        if self.cookie_secret_file:
            try:
                return bytes.fromhex(Path(self.cookie_secret_file).read_text(encoding="utf-8").strip())
            except (OSError, ValueError) as error:
                self.log.warning("the login cookies' secret cannot be read from %s (%s): students will need the "
                                 "link again after this start", self.cookie_secret_file, error)
        return os.urandom(32)

    def init_settings(self) -> dict[str, Any]:
        settings: dict[str, Any] = super().init_settings()
        settings["dos_lab_max_kernels"] = self.max_kernels
        capped = bool(self.max_kernels or self.pages_per_device)
        self.shares = settings["dos_lab_shares"] = KernelShares(self.kernel_manager, self.pages_per_device,
                                                                self.connect_within if capped else 0.0)
        jupyter_pages = settings["jinja2_env"]
        jupyter_pages.loader = jinja2.ChoiceLoader([jinja2.FileSystemLoader(ERROR_PAGES), jupyter_pages.loader])
        # Jupyter's default ping timeout (3 intervals) is longer than Tornado allows, which then warns at the first
        # page and uses the interval instead: say so ourselves, and the teacher's terminal stays quiet
        settings.setdefault("ws_ping_timeout", settings.get("ws_ping_interval", 30_000))
        return settings

    def init_handlers(self) -> list[Any]:
        home = {"home": self.home_page, "pages": url_path_join(self.base_url, "voila/render") + "/"}
        ours: list[Any] = [
            (self.server_url, HomeHandler, home),
            (url_path_join(self.server_url, r"/voila/?"), HomeHandler, home),
            (url_path_join(self.server_url, r"/voila/tree(.*)"), HomeHandler, home),
            (url_path_join(self.server_url, r"/voila/api/contents(.*)"), NotHereHandler),
            (url_path_join(self.server_url, r"/logout"), NotHereHandler),
        ]
        for spec in super().init_handlers():
            handler = spec[1]
            if handler is TornadoVoilaTreeHandler or handler is VoilaContentsHandler:
                continue
            if handler is TornadoVoilaHandler:
                spec = (spec[0], PageHandler, *spec[2:])
            if handler is TemplateStaticFileHandler:
                spec = (spec[0], TemplateFilesHandler, *spec[2:])
            if handler is KernelHandler:
                spec = (spec[0], OwnKernelHandler, *spec[2:])
            if handler is VoilaKernelWebsocketHandler:
                spec = (spec[0], OwnKernelWebsocketHandler, *spec[2:])
            if handler is VoilaShutdownKernelHandler:
                spec = (spec[0], OwnPageShutdownHandler, *spec[2:])
            ours.append(spec)
        return [*ours, (r".*", NotHereHandler)]

    def start(self) -> None:
        # Voilà's start(), with the handlers bound to the site's host names instead of any host
        self.connection_dir = tempfile.mkdtemp(prefix="voila_", dir=self.connection_dir_root)
        # the pictures the lessons' kernels draw once and share (dos_lab.lessons); removed with the folder in stop()
        os.environ["DOS_LAB_CACHE"] = os.path.join(self.connection_dir, "pictures")
        os.mkdir(os.environ["DOS_LAB_CACHE"], 0o700)
        share_compiled_templates(CompiledTemplates())
        read_long_addresses()
        # Voilà's own settings, then its tornado_settings: given to the application when it is made, so that
        # settings it reads only then (compress_response, which --lan sets) take effect
        self.app = tornado.web.Application(**{**self.init_settings(), **self.tornado_settings})
        self.app.add_handlers(host_pattern([*LOCAL_HOSTS, *self.allowed_hosts]), self.init_handlers())
        self.app.add_handlers(".*$", [(r".*", WrongHostHandler)])
        if self.on_ready is not None:
            IOLoop.current().add_callback(self._when_warm)
        if self.pool_check_interval > 0:
            IOLoop.current().add_callback(self._watch_pools)
        if self.shares is not None and self.shares.connect_within:
            IOLoop.current().add_callback(self.shares.watch)
        self.listen()

    def stop(self) -> None:
        # Voilà's stop() removes the kernels' connection folder before stopping them, and the kernels complain
        run_sync(self.kernel_manager.shutdown_all)()
        shutil.rmtree(self.connection_dir, ignore_errors=True)

    async def _when_warm(self) -> None:
        """Wait until the pre-heated kernels have run their notebooks, or up to where a page waits for its visitor
        (the home page's table, a lesson's class experiment, which read the visitor's address), so the machine is
        quiet when the teacher hears "ready"; then call :attr:`on_ready`. Five minutes at most."""
        deadline = time.monotonic() + WARM_LIMIT
        renders = []
        for pool in list(getattr(self.kernel_manager, "_pools", {}).values()):
            for task in list(pool):
                with contextlib.suppress(Exception):  # a kernel that failed to start is Voilà's to report
                    started = await asyncio.wait_for(asyncio.shield(task), max(0.0, deadline - time.monotonic()))
                    renders.append((started["task"], started["kernel_id"]))
        while time.monotonic() < deadline and not all(
                render.done() or kernel_id in RequestInfoSocketHandler._waiters for render, kernel_id in renders):
            await asyncio.sleep(0.2)
        if self.on_ready is not None:
            self.on_ready()


    async def _watch_pools(self) -> None:
        """Replace dead pre-heated kernels before a visitor asks for their page (:func:`.pools.prune_pools`)."""
        while True:
            await asyncio.sleep(self.pool_check_interval)
            try:
                await prune_pools(self.kernel_manager)
            except Exception:  # the next round tries again; the server must go on serving
                self.log.exception("checking the pre-heated kernels failed")


def open_browser(url: str) -> None:
    """Open ``url`` in the user's browser, quietly doing nothing where there is none."""
    with contextlib.suppress(webbrowser.Error):
        webbrowser.open(url, new=2)
