"""ipywidgets controls for DOS: card buttons, a playable table and its controller.

``play()`` returns a table you against a bot; :class:`TableController` is the
model behind it (usable and testable without a browser).
"""

from dos_lab.widgets.controller import TableController, TableSetup
from dos_lab.widgets.positions import POSITIONS, staged_game
from dos_lab.widgets.table import TableView, play

__all__ = ["POSITIONS", "TableController", "TableSetup", "TableView", "play", "staged_game"]
