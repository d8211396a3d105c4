"""The old path of :mod:`dos_lab.analysis.simulate`, kept for the notebooks and programs that import it
(DESIGN.md §3; docs/architecture.md lists these paths)."""

from typing import Any

from dos_lab.analysis import simulate as _analysis
from dos_lab.analysis.simulate import *  # noqa: F403
from dos_lab.analysis.simulate import __all__ as __all__


def __getattr__(name: str) -> Any:
    """The module's private names too (``from dos_lab.simulate import _helper``)."""
    return getattr(_analysis, name)
