"""Where a ``dos-lab`` site keeps its class: the class store's address, and this process's connection to it.

``dos-lab`` tells its kernels through the environment: ``DOS_LAB_STORE`` (``--store``) and ``DOS_LAB_AWAY_AFTER``
(``--away-after``); without them the store is ``class.db`` in Jupyter's data folder, under ``dos-lab``.
"""

from __future__ import annotations

import functools
import os
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from dos_lab.classroom.store import ClassStore

__all__ = ["AWAY_ENV", "SITE_ENV", "STORE_ENV", "class_store", "class_store_address", "data_folder", "on_a_site"]

#: how ``dos-lab --store`` tells its kernels where the class store is
STORE_ENV = "DOS_LAB_STORE"
#: how ``dos-lab --away-after`` tells them when a student who left is played for
AWAY_ENV = "DOS_LAB_AWAY_AFTER"
#: how ``dos-lab`` tells its kernels the folder it serves
SITE_ENV = "DOS_LAB_SITE"


def class_store_address() -> str:
    """Where the site keeps its rooms and the class's results: what ``dos-lab --store`` was given (the kernels
    hear it through ``DOS_LAB_STORE``), else ``class.db`` in Jupyter's data folder, under ``dos-lab``."""
    value = os.environ.get(STORE_ENV)
    if value:
        return value
    folder = data_folder()
    folder.mkdir(parents=True, exist_ok=True)
    return str(folder / "class.db")


def data_folder() -> Path:
    """``dos-lab`` in Jupyter's data folder: where the class store and the class token of ``--lan`` are kept."""
    from jupyter_core.paths import jupyter_data_dir

    return Path(jupyter_data_dir()) / "dos-lab"


@functools.cache
def class_store() -> ClassStore:
    """This kernel's connection to the class store (one per process)."""
    from dos_lab.classroom.store import AWAY_AFTER, ClassStore

    return ClassStore(class_store_address(), away_after=float(os.environ.get(AWAY_ENV) or AWAY_AFTER))


def on_a_site() -> bool:
    """True in a page that ``dos-lab`` serves (where there is a class to send to), False in plain Jupyter."""
    return bool(os.environ.get(SITE_ENV))
