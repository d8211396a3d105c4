"""The table model moved to :mod:`dos_lab.play.controller`; this old path re-exports it."""

from dos_lab.play.controller import Declaration, NeedsInput, TableController, TableSetup

__all__ = ["Declaration", "NeedsInput", "TableController", "TableSetup"]
