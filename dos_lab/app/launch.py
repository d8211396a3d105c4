"""``dos-lab``: serve the demo page with Voila on 127.0.0.1 and print its address.

From a checkout, the repository folder is served, so the page can link to the
tutorials (``tutorials/``) and probability lessons (``notebooks/``); an
installed package serves only its own ``app`` folder. The page is always at
``/voila/render/<path of demo.ipynb>``.

>>> root, page = served_root()
>>> page.endswith("demo.ipynb")
True
"""

from __future__ import annotations

import argparse
import os
import threading
import time
import urllib.request
import webbrowser
from pathlib import Path

APP_DIR = Path(__file__).resolve().parent
DEMO = APP_DIR / "demo.ipynb"

__all__ = ["APP_DIR", "DEMO", "main", "served_root"]


def served_root() -> tuple[Path, str]:
    """The folder to serve and the demo notebook's path inside it (with ``/`` separators)."""
    checkout = APP_DIR.parents[1]
    if (checkout / "pyproject.toml").is_file() and (checkout / "dos_lab").is_dir():
        return checkout, DEMO.relative_to(checkout).as_posix()
    return APP_DIR, DEMO.name


def _open_when_ready(url: str, probe: str, deadline: float = 60.0) -> None:
    """Open the browser once Voila answers (it takes a second or two to start)."""
    end = time.monotonic() + deadline
    while time.monotonic() < end:
        try:
            with urllib.request.urlopen(probe, timeout=2):
                webbrowser.open(url)
                return
        except OSError:
            time.sleep(0.3)


def main(argv: list[str] | None = None) -> None:
    """Serve the demo. ``--port N`` (default 8866), ``--no-browser``; other flags go to Voila."""
    parser = argparse.ArgumentParser(prog="dos-lab", description="Play DOS and browse the lessons in your browser "
                                     "(a Voila app on 127.0.0.1).")
    parser.add_argument("--port", type=int, default=8866, help="the port to serve on (default 8866)")
    parser.add_argument("--no-browser", action="store_true", help="do not open a web browser")
    args, voila_args = parser.parse_known_args(argv)
    root, page = served_root()
    base = f"http://127.0.0.1:{args.port}"
    url = f"{base}/voila/render/{page}"
    print(f"DOS lab: open {url}", flush=True)
    print("Press Ctrl+C to stop.", flush=True)
    os.environ["DOS_LAB_ROOT"] = str(root)  # the page's kernel inherits it, to find tutorials/ and notebooks/
    if not args.no_browser:
        threading.Thread(target=_open_when_ready, args=(url, f"{base}/voila/static/voila.js"), daemon=True).start()
    from voila.app import main as voila_main  # type: ignore[import-untyped]  # late: `dos-lab --help` stays quick

    voila_main(argv=[str(root), "--no-browser", f"--port={args.port}", "--Voila.ip=127.0.0.1",
                     f"--Voila.config_file_paths={APP_DIR}", *voila_args])


if __name__ == "__main__":
    main()
