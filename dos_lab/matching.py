"""The old path of :mod:`dos_lab.engine.matching`, kept for the notebooks and programs that import it
(docs/architecture.md lists these paths)."""

from typing import Any

from dos_lab.engine import matching as _engine
from dos_lab.engine.matching import *  # noqa: F403


def __getattr__(name: str) -> Any:
    """The module's private names too (``from dos_lab.matching import _helper``)."""
    return getattr(_engine, name)
