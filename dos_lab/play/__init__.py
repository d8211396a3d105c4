"""The headless table model: everything a DOS table does except drawing it.

Importable without ipywidgets, traitlets or IPython. It decides nothing the engine
can answer — it asks :class:`~dos_lab.engine.round.Round` — and each idea lives once:

* :mod:`~dos_lab.play.intents` — what a player asks for, as typed objects (and the tutorials' script lines)
* :mod:`~dos_lab.play.observer` — the one replay of events into what a player may see
* :mod:`~dos_lab.play.controller` — the table model: selection, intents, undo, bot stepping
* :mod:`~dos_lab.play.table_state` — what a table shows and allows now (the controller's questions)
* :mod:`~dos_lab.play.table_setup` — how a table starts: its setup, its game and its bots
* :mod:`~dos_lab.play.declarations` — the wild cards of a prepared move, to declare
* :mod:`~dos_lab.play.hints` — the hint's match and the choice that selects it
* :mod:`~dos_lab.play.prompts` — the phase sentences: what to do next, how a round or game ended
* :mod:`~dos_lab.play.example` — a tutorial's playable example: a small table with a goal
* :mod:`~dos_lab.play.steps` — a turn cut into steps for the tutorial stepper, and its text
* :mod:`~dos_lab.play.positions` — named staged positions
* :mod:`~dos_lab.play.stages` — the end-of-turn stages E1–E6
* :mod:`~dos_lab.play.listeners` — how a view hears that a model changed
"""

from dos_lab.play.controller import Declaration, NeedsInput, TableController, TableSetup, fresh_seed
from dos_lab.play.example import ExampleModel
from dos_lab.play.intents import CallDos, Catch, Draw, EndTurn, Intent, Place, PlayMatch, Undo, parse_action, perform
from dos_lab.play.observer import Pile, TableSnapshot, advance, replay, snapshot_of
from dos_lab.play.positions import POSITIONS, staged_game
from dos_lab.play.stages import STAGES, stage_label
from dos_lab.play.steps import Step, turn_steps, turn_steps_text

__all__ = ["POSITIONS", "STAGES", "CallDos", "Catch", "Declaration", "Draw", "EndTurn", "ExampleModel", "Intent",
           "NeedsInput", "Pile", "Place", "PlayMatch", "Step", "TableController", "TableSetup", "TableSnapshot",
           "Undo", "advance", "fresh_seed", "parse_action", "perform", "replay", "snapshot_of", "stage_label",
           "staged_game", "turn_steps", "turn_steps_text"]
