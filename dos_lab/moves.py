"""The old path of :mod:`dos_lab.engine.moves`, kept for the notebooks and programs that import it
(docs/architecture.md lists these paths)."""

from typing import Any

from dos_lab.engine import moves as _engine
from dos_lab.engine.moves import *  # noqa: F403


def __getattr__(name: str) -> Any:
    """The module's private names too (``from dos_lab.moves import _helper``)."""
    return getattr(_engine, name)
