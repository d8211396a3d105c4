"""The old path of :mod:`dos_lab.engine.state`, kept for the notebooks and programs that import it
(docs/architecture.md lists these paths). The round's save format lived in that module before it had one of its
own, :mod:`dos_lab.engine.saved_round`: its names are here too."""

from typing import Any

from dos_lab.engine import saved_round as _saved_round
from dos_lab.engine import state as _engine
from dos_lab.engine.saved_round import SAVE_FORMAT, state_from_dict, state_to_dict  # noqa: F401
from dos_lab.engine.state import *  # noqa: F403


def __getattr__(name: str) -> Any:
    """The module's private names too (``from dos_lab.state import _helper``)."""
    try:
        return getattr(_engine, name)
    except AttributeError:
        return getattr(_saved_round, name)
