"""``dos-lab`` (also ``python -m dos_lab``): serve the course site with Voilà and print its address.

The site is built at start in a temporary folder (:func:`dos_lab.app.course.build_site`) holding only the home
page, the tutorials, the lessons and the rules reference, so nothing else on the computer can be reached. The
shipped configuration is ``voila.json`` next to this file; the classroom options below size it, and any Voilà
option given on the command line overrides both.

>>> pools(0)["home.ipynb"], pools(0)["default"]
({'pool_size': 3}, {'pool_size': 0})
>>> pools(30, ["tutorials/01-setup.ipynb"])["tutorials/01-setup.ipynb"], pools(30)["home.ipynb"]
({'pool_size': 1}, {'pool_size': 30})
>>> pools(30, home="pl/home.ipynb")["pl/room.ipynb"], "room.ipynb" in pools(0)
({'pool_size': 15}, False)
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import json
import os
import posixpath
import secrets
import socket
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from dos_lab.app.course import APP_DIR, HOME, TEACHER_ENV, build_site, catalogue, course_sources
from dos_lab.classroom.site import AWAY_ENV, SITE_ENV, STORE_ENV, class_store_address, data_folder
from dos_lab.i18n import SOURCE_LANGUAGE, available_languages, match_language

__all__ = ["APP_DIR", "DEMO", "HOME", "build_parser", "main", "pools", "served_root"]

DEMO = HOME  # the page was called the demo before it became the home page
SHARE = APP_DIR / "share"  # the site's Voilà template (Home and Rules links on every page)
TOKEN_LETTERS = "abcdefghjkmnpqrstuvwxyz23456789"  # easy to read aloud and to type: no 0/o, 1/l/i
#: pre-heated home pages without --class: a small group arriving together each gets a warm page at once (a page
#: that finds the pool empty waits for a kernel to start and run, about 10 s on a classroom laptop)
SMALL_GROUP = 3

EPILOG = """\
Any other option goes to Voilà and overrides the shipped configuration (dos_lab/app/voila.json), e.g.
  --MappingKernelManager.cull_idle_timeout=60   stop a closed page's kernel after 60 s instead of 120 s
  --VoilaExecutor.iopub_timeout=60              wait longer for a page's output on a very busy machine
  --Voila.log_level=INFO                        show Voilà's log (kernels started and stopped)
See docs/app.md for what each setting does and what --lan exposes.
"""


def served_root() -> tuple[Path, str]:
    """Where the course's sources are and the home page's path inside the served site."""
    return course_sources().home.parent, "home.ipynb"


def pools(class_size: int, notebooks: list[str] | None = None, home: str = "home.ipynb") -> dict[str, dict[str, int]]:
    """Voilà's per-notebook pools of pre-heated kernels: the home page gets one kernel per student, the page
    "Play with your class" one per two students (:func:`room_pages`), every tutorial and lesson one (refilled as
    it is used); without a class, :data:`SMALL_GROUP` home pages."""
    config = {"default": {"pool_size": 0}, home: {"pool_size": home_pages(class_size)}}
    if class_size > 0:
        room = posixpath.join(posixpath.dirname(home), "room.ipynb")
        config[room] = {"pool_size": room_pages(class_size)}
        for name in notebooks or []:
            config[name] = {"pool_size": 1}
    return config


def home_pages(class_size: int) -> int:
    """How many home pages are kept warm: one per student of the class, else a small group's."""
    return class_size if class_size > 0 else SMALL_GROUP


def room_pages(class_size: int) -> int:
    """How many pages "Play with your class" are kept warm for a class: one per two students, so half a class that
    opens its tables together is served at once and the rest while the pool refills. Not one per student: a page
    waiting in its pool holds a kernel (about 75 MB), and the home pages already hold one per student.

    >>> room_pages(30), room_pages(3), room_pages(1)
    (15, 2, 1)
    """
    return (class_size + 1) // 2


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="dos-lab", epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Play DOS and take the course in your browser: the table, the rule tutorials, the probability "
                    "lessons and the rules reference, served by Voilà on this computer (127.0.0.1) — or, with "
                    "--lan, to a classroom.")
    group = parser.add_argument_group("classroom options")
    group.add_argument("--port", type=int, default=None, help="the port to serve on (default 8866)")
    group.add_argument("--no-browser", action="store_true", help="only print the address; do not open a browser")
    group.add_argument("--class", dest="class_size", type=int, default=0, metavar="N",
                       help="get ready for N students: N pre-heated home pages, N/2 of \"Play with your class\", "
                            "one for every tutorial and lesson")
    group.add_argument("--lan", action="store_true",
                       help="serve the classroom network: listen on every network interface, protect the site "
                            "with a token (in the printed link), answer only to this computer's names, cap kernels")
    group.add_argument("--teacher-token", default=None, metavar="TOKEN",
                       help="the token that opens the teacher's page (default: a new one at every start, printed)")
    group.add_argument("--token", default=None,
                       help="the token students type (default with --lan: the one of the last start, kept in "
                            "Jupyter's data folder, so the link on the board still works; none otherwise)")
    group.add_argument("--new-token", action="store_true",
                       help="with --lan: make a new class token instead of keeping the last one (students then "
                            "need the new link)")
    group.add_argument("--max-kernels", type=int, default=None, metavar="N",
                       help="refuse new pages while N pages are open (default: 2 per student with --class, "
                            "at least 40; 0 for no cap)")
    group.add_argument("--pages-per-device", type=int, default=None, metavar="N",
                       help="refuse a device more pages while it has N open, so one visitor cannot fill the class "
                            "(default with a cap: an eighth of --max-kernels, at least 6; the server's own computer "
                            "has no limit; 0 for none)")
    group.add_argument("--store", default=None, metavar="PATH_OR_URL",
                       help="where rooms and the class's results are kept: a file (SQLite) or a database URL such as "
                            "postgresql://user@host/dos (default: class.db in Jupyter's data folder)")
    group.add_argument("--away-after", type=float, default=None, metavar="SECONDS",
                       help="a student whose room page has been closed this long is played for by a computer player "
                            "until they come back (default 180)")
    group.add_argument("--lang", default=None, metavar="CODE",
                       help=f"the site's language: / opens its home page (one of {', '.join(available_languages())}; "
                            "default en; every page also takes ?lang=)")
    group.add_argument("--export", type=Path, default=None, metavar="FOLDER",
                       help="write the site (home page, tutorials, lessons, rules) into FOLDER and exit, "
                            "for Binder or JupyterHub (see docs/app.md)")
    group.add_argument("--jupyter-config", type=Path, default=None, metavar="FOLDER",
                       help="with --export: also write the site's Voilà and server settings into this Jupyter "
                            "config folder (e.g. ~/.jupyter) and its template into Jupyter's data folder")
    data = parser.add_argument_group("the class's data (in the class store; see docs/app.md)")
    data.add_argument("--results-csv", type=Path, default=None, metavar="FILE",
                      help="write every student's result of every class experiment into FILE as CSV (one row per "
                           "student per experiment; '-' prints it) and exit")
    data.add_argument("--clear-class", action="store_true",
                      help="delete every room and every result from the class store, after asking, and exit")
    return parser


def lan_address() -> str:
    """This computer's address on the local network (no packet is sent)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.255.255.255", 1))
            return str(probe.getsockname()[0])
        except OSError:
            return "127.0.0.1"


def port_is_free(ip: str, port: int) -> bool:
    with socket.socket() as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as Tornado binds: old connections do not count
        try:
            sock.bind((ip, port))
        except OSError as exc:
            if exc.errno in (errno.EADDRINUSE, errno.EACCES):
                return False
            raise
    return True


def choose_port(ip: str, asked: int | None) -> int:
    """The asked port, or exit with a clear message if it is busy; without a request 8866 or the next free one."""
    if asked is not None:
        if not port_is_free(ip, asked):
            sys.exit(f"dos-lab: port {asked} is already in use (another dos-lab, Voilà or Jupyter?). "
                     f"Stop that program, or choose another port: dos-lab --port {asked + 1}")
        return asked
    for port in range(8866, 8866 + 50):
        if port_is_free(ip, port):
            if port != 8866:
                print(f"Port 8866 is in use: serving on port {port} instead.", flush=True)
            return port
    sys.exit("dos-lab: ports 8866–8915 are all in use; choose one with --port N")


#: the longest Unix socket path every POSIX system accepts (macOS: 104 bytes with the closing zero)
SOCKET_PATH_LIMIT = 103
#: what Voilà and Jupyter add to the connection folder's parent: /voila_XXXXXXXX/kernel-<uuid>-ipc-NN
SOCKET_NAME_LENGTH = len("/voila_XXXXXXXX/kernel-") + 36 + len("-ipc-NN")


def kernel_sockets_root(temp: str | None = None) -> str | None:
    """Where the kernels' Unix sockets go (Voilà makes a private folder inside): the temporary folder when
    the socket paths fit the system's limit, else ``/tmp``; None where there are no Unix sockets (Windows).

    >>> kernel_sockets_root("/tmp")
    '/tmp'
    >>> kernel_sockets_root("/var/folders/x7/" + "a" * 30 + "/T") if os.name == "posix" else "/tmp"
    '/tmp'
    """
    if os.name != "posix":
        return None
    temp = tempfile.gettempdir() if temp is None else temp
    return temp if len(os.fsencode(temp)) + SOCKET_NAME_LENGTH <= SOCKET_PATH_LIMIT else "/tmp"


def class_token(folder: Path, new: bool = False) -> str:
    """The token of ``--lan``: the one kept in ``folder`` from the last start (so the link a class has still
    works after a restart), or a new one when ``new`` or when none is kept (it is then kept for next time).

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     first = class_token(Path(folder))
    ...     kept, renewed = class_token(Path(folder)), class_token(Path(folder), new=True)
    >>> kept == first != renewed and len(first) == 8
    True
    """
    return _kept(folder / "class-token", new, lambda: "".join(secrets.choice(TOKEN_LETTERS) for _ in range(8)),
                 lambda token: len(token) == 8 and set(token) <= set(TOKEN_LETTERS),
                 "the class token", "after a restart the students will need the new link")


def cookie_secret_file(folder: Path, new: bool = False) -> Path:
    """The file holding the secret that signs the students' login cookies under ``--lan``, kept in ``folder`` like
    the class token, so a restart keeps students logged in; ``new`` (with a new token) makes a new one, which
    logs everyone out. Its text is 64 hexadecimal digits.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     first = cookie_secret_file(Path(folder)).read_text()
    ...     kept = cookie_secret_file(Path(folder)).read_text()
    ...     renewed = cookie_secret_file(Path(folder), new=True).read_text()
    >>> kept == first != renewed and len(bytes.fromhex(first)) == 32
    True
    """
    kept = folder / "cookie-secret"
    _kept(kept, new, lambda: secrets.token_hex(32), lambda secret: len(secret) == 64 and _hexadecimal(secret),
          "the login cookies' secret", "after a restart the students will need the link again")
    return kept


def _hexadecimal(text: str) -> bool:
    try:
        bytes.fromhex(text)
    except ValueError:
        return False
    return True


def _kept(kept: Path, new: bool, make: Callable[[], str], valid: Callable[[str], bool], what: str,
          otherwise: str) -> str:
    """The secret kept in the file ``kept`` if it is ``valid`` and not ``new``; else a new one from ``make``, kept
    for next time (readable by the teacher's account only). ``what`` names the secret, and ``otherwise`` says what
    a file that cannot be written costs."""
    with contextlib.suppress(OSError, UnicodeDecodeError):
        secret = kept.read_text(encoding="utf-8").strip()
        if not new and valid(secret):
            return secret
    secret = make()
    try:
        kept.parent.mkdir(parents=True, exist_ok=True)
        kept.touch(mode=0o600)  # the secret opens the site: only the teacher's account reads the file
        kept.write_text(secret + "\n", encoding="utf-8")
    except OSError as error:  # the class can still work today; only a restart will need the new one
        print(f"dos-lab: {what} cannot be kept in {kept} ({error.strerror}): {otherwise}",
              file=sys.stderr, flush=True)
    return secret


def write_config(folder: Path, args: argparse.Namespace, notebooks: list[str], hosts: list[str],
                 token: str | None, home: str = "home.ipynb") -> Path:
    """The shipped ``voila.json`` with this run's settings, in a private folder (it may hold the token)."""
    config: dict[str, Any] = json.loads((APP_DIR / "voila.json").read_text(encoding="utf-8"))
    config.setdefault("VoilaKernelManager", {})["kernel_pools_config"] = pools(args.class_size, notebooks, home)
    max_kernels = args.max_kernels
    if max_kernels is None:
        max_kernels = max(40, 2 * args.class_size) if (args.lan or args.class_size) else 0
    per_device = args.pages_per_device
    if per_device is None:
        per_device = max(6, max_kernels // 8) if max_kernels else 0
    config["DosLabServer"] = {"allowed_hosts": hosts, "max_kernels": max_kernels, "pages_per_device": per_device,
                              "home_page": home}
    if token:
        config["Voila"]["token"] = token
    if args.lan:  # a restart keeps the students logged in (a new token logs them out)
        config["DosLabServer"]["cookie_secret_file"] = str(cookie_secret_file(data_folder(), new=args.new_token))
    if args.lan:  # each student's browser fetches about 5 MB of scripts and styles: a third of that compressed
        config["Voila"]["tornado_settings"] = {"compress_response": True}
    sockets = kernel_sockets_root()
    if sockets is not None:
        # Kernels talk to the server over Unix sockets in a private folder, not TCP ports: a TCP port is chosen
        # for a starting kernel, freed, and bound again by the kernel, and when a class starts dozens of kernels
        # at once another connection can take it in between; the kernel then dies.
        config.setdefault("KernelManager", {})["transport"] = "ipc"
        config["Voila"]["connection_dir_root"] = sockets
    folder.mkdir(mode=0o700)
    (folder / "voila.json").write_text(json.dumps(config, indent=2), encoding="utf-8")
    return folder


def class_data(args: argparse.Namespace) -> None:
    """``--results-csv`` and ``--clear-class``: the teacher's own copy of the class's data, and its deletion."""
    from dos_lab.classroom import ClassStore
    from dos_lab.classroom.export import results_csv
    from dos_lab.errors import DosError

    if args.store:
        os.environ[STORE_ENV] = args.store
    try:
        store = ClassStore(class_store_address())
    except DosError as error:
        sys.exit(f"dos-lab: {error} (--store names another place)")
    if args.results_csv is not None:
        table = results_csv(store)
        rows = table.count("\n") - 1
        if str(args.results_csv) == "-":
            sys.stdout.write(table)
        else:
            args.results_csv.write_text(table, encoding="utf-8")
            print(f"Wrote {rows} row{'s' if rows != 1 else ''} (one per student per experiment and per tutorial "
                  f"exercise, example and question) to "
                  f"{args.results_csv.resolve()}", flush=True)
    if args.clear_class:
        try:
            answer = input(f"Delete every room and every result in {store.address}? Type yes to delete: ")
        except EOFError:  # no one to ask
            answer = ""
        if answer.strip().lower() != "yes":
            print("Nothing was deleted.", flush=True)
        else:
            gone = store.clear()
            print(f"Deleted {gone['rooms']} room{'s' if gone['rooms'] != 1 else ''} and {gone['results']} "
                  f"result{'s' if gone['results'] != 1 else ''}.", flush=True)
    store.close()


def main(argv: list[str] | None = None) -> None:
    """Serve the site (see ``dos-lab --help``)."""
    args, voila_args = build_parser().parse_known_args(argv)
    lang = SOURCE_LANGUAGE if args.lang is None else match_language(args.lang)
    if lang is None:
        sys.exit(f"dos-lab: no {args.lang!r} translation; --lang takes one of {', '.join(available_languages())}")
    home = "home.ipynb" if lang == SOURCE_LANGUAGE else f"{lang}/home.ipynb"
    for name in ("max_kernels", "pages_per_device"):
        if (getattr(args, name) or 0) < 0:
            sys.exit(f"dos-lab: --{name.replace('_', '-')} takes a number of pages, 0 or more (0: no limit)")
    sources = course_sources()
    if args.export is not None:
        build_site(args.export, sources, link=False)
        print(f"The site is in {args.export.resolve()} (home page: home.ipynb)", flush=True)
        if args.jupyter_config is not None:
            from jupyter_core.paths import jupyter_data_dir

            from dos_lab.app.hosting import write_jupyter_config

            for written in write_jupyter_config(args.jupyter_config.expanduser(), Path(jupyter_data_dir())):
                print(f"Wrote {written}", flush=True)
        return
    if args.results_csv is not None or args.clear_class:
        class_data(args)
        return
    ip = "0.0.0.0" if args.lan else "127.0.0.1"
    port = choose_port(ip, args.port)
    host = lan_address() if args.lan else "127.0.0.1"
    hosts = [host, socket.gethostname().lower(), f"{socket.gethostname().lower()}.local"] if args.lan else []
    token = args.token or (class_token(data_folder(), new=args.new_token) if args.lan else None)
    notebooks = [posixpath.normpath(posixpath.join(posixpath.dirname(home), entry.path))
                 for entries in catalogue(sources, lang).values() for entry in entries]
    page = "" if lang == SOURCE_LANGUAGE else f"voila/render/{home}"
    address = f"http://{host}:{port}/{page}" + (f"?token={token}" if token else "")
    folder = posixpath.dirname(home)
    teacher_address = (f"http://{host}:{port}/voila/render/{folder + '/' if folder else ''}teacher.ipynb"
                       + (f"?token={token}" if token else ""))

    with tempfile.TemporaryDirectory(prefix="dos-lab-") as work:
        site = build_site(Path(work) / "site", sources)
        config = write_config(Path(work) / "config", args, notebooks, hosts, token, home)
        os.environ[SITE_ENV] = str(site)  # the kernels inherit it
        teacher = args.teacher_token or "".join(secrets.choice(TOKEN_LETTERS) for _ in range(10))
        os.environ[TEACHER_ENV] = teacher
        if args.store:
            os.environ[STORE_ENV] = args.store
        if args.away_after is not None:
            if not 0 < args.away_after <= 86_400:
                sys.exit("dos-lab: --away-after takes a number of seconds from 1 to 86400")
            os.environ[AWAY_ENV] = str(args.away_after)
        store = class_store_address()
        from dos_lab.classroom import ClassStore  # late, as the server below
        from dos_lab.errors import DosError

        try:
            opened = ClassStore(store)  # a store that cannot be opened is said now, not on a student's page
        except DosError as error:
            sys.exit(f"dos-lab: {error} (--store names another place)")
        opened.close()
        print(f"Rooms and the class's results are kept in {opened.address} (--store moves them).", flush=True)
        os.environ["JUPYTER_PATH"] = os.pathsep.join(filter(None, [str(SHARE), os.environ.get("JUPYTER_PATH")]))
        from dos_lab.app.server import DosLabServer, open_browser  # late: `dos-lab --help` stays quick

        def ready() -> None:
            if args.lan:
                print("Serving the classroom network: anyone with the link below can open the course pages and "
                      "start games. Stop with Ctrl+C.", flush=True)
            else:
                print("Stop with Ctrl+C.", flush=True)
            print(f"DOS lab: open {address}", flush=True)
            print(f"The teacher's page: {teacher_address} — teacher token {teacher} (students' pages never show "
                  "it)", flush=True)
            if not args.no_browser:
                open_browser(address.replace(host, "127.0.0.1") if args.lan else address)

        warm = home_pages(args.class_size)
        print(f"Starting DOS lab on port {port} (warming up {warm} home page{'s' if warm != 1 else ''})…",
              flush=True)
        if not args.class_size:
            print(f"For a class, start it with --class N (N: the number of students, so each finds a page ready) "
                  f"and --lan to serve the classroom network; {warm} students at once are ready now.", flush=True)
        server = DosLabServer.instance()
        server.on_ready = ready
        server.initialize([str(site), "--no-browser", f"--port={port}", f"--Voila.ip={ip}",
                           f"--Voila.config_file_paths={config}", *voila_args])
        server.start()


if __name__ == "__main__":
    main()
