"""A real PostgreSQL server for the tests, started from the machine's own binaries (Debian's ``postgresql``).

PostgreSQL refuses to run as root, so when the tests run as root the server runs as ``nobody`` (``runuser``);
its data folder and socket live in a temporary folder that user owns. Where no server binaries are found, or
the server cannot start, :func:`start` says why, and the tests that need it are skipped with that reason.
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path


def _binaries() -> Path | None:
    """The folder holding ``initdb`` and ``pg_ctl``: Debian's newest, else the ones on the PATH."""
    folders = [Path(p).parent for p in sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"), reverse=True)]
    on_path = shutil.which("pg_ctl")
    if on_path:
        folders.append(Path(on_path).resolve().parent)
    return next((f for f in folders if (f / "initdb").exists()), None)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class Server:
    """One PostgreSQL server in a temporary folder; :attr:`url` connects to its ``postgres`` database."""

    def __init__(self, bindir: Path) -> None:
        self.bindir = bindir
        self.folder = Path(tempfile.mkdtemp(prefix="dos-pg-"))
        self.data = self.folder / "data"
        self.port = _free_port()
        self.as_user = ["runuser", "-u", "nobody", "--"] if os.geteuid() == 0 else []
        self.user = "nobody" if os.geteuid() == 0 else None
        if self.as_user:
            shutil.chown(self.folder, "nobody")
            self.folder.chmod(0o700)

    def _run(self, *args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([*self.as_user, *args], capture_output=True, text=True, timeout=120, check=False)

    def start(self) -> str | None:
        """Start the server; None when it runs, else why it could not."""
        init = self._run(str(self.bindir / "initdb"), "-D", str(self.data), "-A", "trust", "-U", "dos",
                         "--no-instructions")
        if init.returncode != 0:
            return f"initdb failed: {init.stderr.strip()[:300]}"
        options = f"-p {self.port} -k {self.folder} -c listen_addresses='' -c fsync=off"
        started = self._run(str(self.bindir / "pg_ctl"), "-D", str(self.data), "-o", options, "-w", "-t", "60",
                            "-l", str(self.folder / "log"), "start")
        if started.returncode != 0:
            return f"pg_ctl start failed: {started.stderr.strip()[:300]}"
        return None

    @property
    def url(self) -> str:
        return f"postgresql+psycopg://dos@/postgres?host={self.folder}&port={self.port}"

    def stop(self) -> None:
        self._run(str(self.bindir / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "stop")
        time.sleep(0.1)
        shutil.rmtree(self.folder, ignore_errors=True)


def start() -> tuple[Server | None, str]:
    """A running server, or None and the reason there is none."""
    try:
        import psycopg  # noqa: F401
    except ImportError:
        return None, "psycopg is not installed (pip install -e '.[test]')"
    bindir = _binaries()
    if bindir is None:
        return None, "no PostgreSQL server binaries (pg_ctl) on this machine: apt-get install postgresql"
    server = Server(bindir)
    why = server.start()
    if why is not None:
        server.stop()
        return None, why
    return server, ""
