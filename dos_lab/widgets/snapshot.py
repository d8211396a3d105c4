"""The table frames moved to :mod:`dos_lab.play.observer`; this old path re-exports them."""

from dos_lab.play.observer import Pile, TableSnapshot, advance, snapshot_of

__all__ = ["Pile", "TableSnapshot", "advance", "snapshot_of"]
