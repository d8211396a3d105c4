"""The setup panel: opponents, seed, a staged position and every rule option of RULES.md §3.

>>> panel = SetupPanel(TableSetup(bots=("random", "greedy"), seed=4), lambda setup: None)
>>> panel.current_setup().bots, panel.current_setup().seed
(('random', 'greedy'), 4)
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from enum import Enum
from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]

from dos_lab.bots import BOTS
from dos_lab.rules import RuleSet
from dos_lab.widgets.controller import TableSetup
from dos_lab.widgets.positions import POSITIONS

__all__ = ["RULE_LABELS", "SetupPanel"]

log = logging.getLogger(__name__)

#: option name -> what the setup panel calls it (with its RULES.md reference)
RULE_LABELS: dict[str, str] = {
    "after_draw_matching": "After drawing, you may match (D2)",
    "bonus_placement": "Colour-bonus placements are (D3)",
    "wild_number_in_center": "A Wild # in the Center Row gets its number (D4)",
    "dos_checkpoints": "Two cards must be announced (D5)",
    "dos_catch_window": "A missed DOS can be caught (D6)",
    "penalty_vs_going_out": "Penalty vs empty hand (D7)",
    "empty_draw_pile": "Empty draw pile (D8)",
    "dealer_rotation": "Next dealer (D1)",
    "reflip_wilds_in_initial_center": "Re-flip wilds turned up in the row (D10)",
    "target_score": "Play to (R13.3)",
    "hand_size": "Cards dealt (R2.2)",
    "dos_penalty": "DOS penalty cards (R11.1)",
}
FORGET_CHOICES = (("never", 0.0), ("sometimes (1 in 4)", 0.25), ("often (1 in 2)", 0.5))


class SetupPanel(widgets.VBox):  # type: ignore[misc]
    """A "Game setup" button that opens the form; "Start new game" calls ``on_start(setup)``."""

    def __init__(self, setup: TableSetup, on_start: Callable[[TableSetup], None]) -> None:
        self._on_start = on_start
        wide = {"description_width": "initial"}
        self.toggle = widgets.Button(description="Game setup and rules ▾", tooltip="Show or hide the setup form",
                                     layout=widgets.Layout(width="auto"))
        self.toggle.add_class("dos-action")
        self.toggle.add_class("dos-setup-toggle")
        self.toggle.on_click(self._toggle)
        self.opponents = widgets.Dropdown(options=[("1", 1), ("2", 2), ("3", 3)], value=max(1, len(setup.bots)),
                                          description="Computer opponents:", style=wide)
        self.opponents.add_class("dos-setup-opponents")
        kinds = list(BOTS)
        self.bot_kinds = []
        for seat in range(1, 4):
            kind = setup.bots[seat - 1] if seat - 1 < len(setup.bots) else "greedy"
            dropdown = widgets.Dropdown(options=kinds, value=kind, description=f"P{seat + 1} plays like:", style=wide)
            dropdown.add_class(f"dos-setup-bot-{seat}")
            self.bot_kinds.append(dropdown)
        self.seed = widgets.IntText(value=setup.seed, description="Seed (same seed, same deal):", style=wide,
                                    layout=widgets.Layout(width="260px"))
        self.seed.add_class("dos-setup-seed")
        self.position = widgets.Dropdown(options=[("a shuffled deal", "")] + [(name, name) for name in POSITIONS],
                                         value=setup.position or "", description="Start from:", style=wide)
        self.position.add_class("dos-setup-position")
        self.forget = widgets.Dropdown(options=FORGET_CHOICES, value=setup.forget_dos
                                       if setup.forget_dos in dict(FORGET_CHOICES).values() else 0.25,
                                       description="Computer players forget to call DOS:", style=wide)
        self.forget.add_class("dos-setup-forget")
        self.rules: dict[str, widgets.Widget] = {}
        defaults = RuleSet(**setup.rules)
        for name, label in RULE_LABELS.items():
            value = getattr(defaults, name)
            control: widgets.Widget
            if isinstance(value, Enum):
                control = widgets.Dropdown(options=[(m.value.replace("_", " "), m.value) for m in type(value)],
                                           value=value.value, description=label + ":", style=wide)
            elif isinstance(value, bool):
                control = widgets.Checkbox(value=value, description=label, indent=False)
            else:
                control = widgets.IntText(value=value, description=label + ":", style=wide,
                                          layout=widgets.Layout(width="260px"))
            control.add_class(f"dos-rule-{name.replace('_', '-')}")
            self.rules[name] = control
        self.start = widgets.Button(description="Start new game", button_style="primary",
                                    tooltip="Deal a new game with these settings", layout=widgets.Layout(width="auto"))
        self.start.add_class("dos-action")
        self.start.add_class("dos-start")
        self.start.on_click(self._start)
        self.opponents.observe(self._show_seats, names="value")
        self.body = widgets.VBox([
            widgets.HTML('<div class="dos-section-title">Players</div>'), self.opponents, *self.bot_kinds,
            self.forget, self.seed, self.position,
            widgets.HTML('<div class="dos-section-title">Rule options (RULES.md §3; the defaults are classic DOS)'
                         '</div>'), *self.rules.values(), self.start],
            layout=widgets.Layout(display="none", padding="4px 0 4px 8px"))
        self.body.add_class("dos-setup-body")
        self._show_seats()
        super().__init__([self.toggle, self.body])
        self.add_class("dos-setup")

    def current_setup(self) -> TableSetup:
        """The setup the form describes now."""
        defaults = RuleSet().to_dict()
        rules = {name: control.value for name, control in self.rules.items() if control.value != defaults[name]}
        return TableSetup(bots=tuple(d.value for d in self.bot_kinds[:self.opponents.value]),
                          seed=int(self.seed.value), rules=rules, position=self.position.value or None,
                          forget_dos=float(self.forget.value))

    def _show_seats(self, _: Any = None) -> None:
        for seat, dropdown in enumerate(self.bot_kinds, 1):
            dropdown.layout.display = None if seat <= self.opponents.value else "none"

    def _toggle(self, _: Any) -> None:
        opening = self.body.layout.display == "none"
        self.body.layout.display = None if opening else "none"
        self.toggle.description = "Game setup and rules ▴" if opening else "Game setup and rules ▾"

    def _start(self, _: Any) -> None:
        try:
            self._on_start(self.current_setup())
        except Exception:  # the controller reports its own errors; this is only a safety net
            log.exception("starting a new game failed")
