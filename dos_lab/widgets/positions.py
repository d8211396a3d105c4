"""The staged positions moved to :mod:`dos_lab.play.positions`; this old path re-exports them."""

from dos_lab.play.positions import POSITIONS, staged_game

__all__ = ["POSITIONS", "staged_game"]
