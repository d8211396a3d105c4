"""The setup panel: opponents, seed, a staged position, every rule option of RULES.md §3, and a computer
tournament with those rules.

>>> panel = SetupPanel(TableSetup(bots=("random", "greedy"), seed=4), lambda setup: None)
>>> panel.current_setup().bots, panel.current_setup().seed
(('random', 'greedy'), 4)

A deal number the rules cannot take is refused with a note, and the game is not restarted:

>>> panel.seed.value = "9" * 20
>>> panel.start.click()
>>> print(panel.note.value.removeprefix('<div class="dos-status-text dos-status-error">')[:-6])
The deal number must be a whole number from 0 to 999,999,999: “99999999999999999999” is not one.
>>> panel.current_setup().seed
4
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]

from dos_lab.bots import BOTS
from dos_lab.engine.events import player_name
from dos_lab.engine.rules import RULE_OPTIONS, RuleSet
from dos_lab.i18n import gettext, noop, number
from dos_lab.widgets.answers import on_enter
from dos_lab.widgets.controller import TableSetup
from dos_lab.widgets.labels import RULE_LABELS, VALUE_LABELS, value_label
from dos_lab.widgets.positions import POSITIONS
from dos_lab.widgets.tournament import TournamentPanel

__all__ = ["MAX_SEED", "RULE_LABELS", "VALUE_LABELS", "SetupPanel", "value_label"]

#: the largest deal number the panel and the address accept (nine digits: a teacher reads it off the board)
MAX_SEED = 999_999_999

log = logging.getLogger(__name__)

FORGET_CHOICES = ((noop("never"), 0.0), (noop("sometimes (1 in 4)"), 0.25), (noop("often (1 in 2)"), 0.5))


class SetupPanel(widgets.VBox):  # type: ignore[misc]
    """A "Game setup" button that opens the form; "Start new game" calls ``on_start(setup)``."""

    def __init__(self, setup: TableSetup, on_start: Callable[[TableSetup], None]) -> None:
        self._on_start = on_start
        wide = {"description_width": "initial"}
        self.toggle = widgets.Button(description=gettext("Game setup and rules ▾"),
                                     tooltip=gettext("Show or hide the setup form"),
                                     layout=widgets.Layout(width="auto"))
        self.toggle.add_class("dos-action")
        self.toggle.add_class("dos-setup-toggle")
        self.toggle.on_click(self._toggle)
        self.opponents = widgets.Dropdown(options=[("1", 1), ("2", 2), ("3", 3)], value=max(1, len(setup.bots)),
                                          description=gettext("Computer opponents:"), style=wide)
        self.opponents.add_class("dos-setup-opponents")
        kinds = list(BOTS)
        self.bot_kinds = []
        for seat in range(1, 4):
            kind = setup.bots[seat - 1] if seat - 1 < len(setup.bots) else "greedy"
            dropdown = widgets.Dropdown(options=[(value_label(k), k) for k in kinds], value=kind,
                                        description=gettext("{player} plays like:").format(player=player_name(seat)),
                                        style=wide)
            dropdown.add_class(f"dos-setup-bot-{seat}")
            self.bot_kinds.append(dropdown)
        # a text box, not a number box: a number box drops what it cannot read ("abc-1e5" became -15) and rounds
        # what is too long, where the student must be told
        self._seed = setup.seed
        self.seed = widgets.Text(value=str(setup.seed), description=gettext("Seed (same seed, same deal):"),
                                 style=wide)
        self.seed.add_class("dos-setup-seed")
        on_enter(self.seed, lambda: self._start(None))
        self.note = widgets.HTML("")
        self.note.add_class("dos-setup-note")
        self.position = widgets.Dropdown(options=[(gettext("a shuffled deal"), "")] + [(value_label(name), name)
                                                                                 for name in POSITIONS],
                                         value=setup.position or "", description=gettext("Start from:"), style=wide)
        self.position.add_class("dos-setup-position")
        forget = [(gettext(label), value) for label, value in FORGET_CHOICES]
        self.forget = widgets.Dropdown(options=forget, value=setup.forget_dos
                                       if setup.forget_dos in dict(FORGET_CHOICES).values() else 0.25,
                                       description=gettext("Computer players forget to call DOS:"), style=wide)
        self.forget.add_class("dos-setup-forget")
        self.rules: dict[str, widgets.Widget] = {}
        defaults = RuleSet(**setup.rules)
        for name, option in RULE_OPTIONS.items():  # the form offers only what the rules accept
            value = getattr(defaults, name)
            label = gettext(option.label)
            control: widgets.Widget
            if option.kind is bool:
                control = widgets.Checkbox(value=value, description=label, indent=False)
            elif option.kind is int:
                control = widgets.BoundedIntText(value=value, min=option.values[0], max=option.values[-1],
                                                 description=label + ":", style=wide)
            else:
                control = widgets.Dropdown(options=[(gettext(option.value_labels[m.value]), m.value)
                                                    for m in option.values],
                                           value=value.value, description=label + ":", style=wide)
            control.add_class(f"dos-rule-{name.replace('_', '-')}")
            self.rules[name] = control
        self.start = widgets.Button(description=gettext("Start new game"), button_style="primary",
                                    tooltip=gettext("Deal a new game with these settings"),
                                    layout=widgets.Layout(width="auto"))
        self.start.add_class("dos-action")
        self.start.add_class("dos-start")
        self.start.on_click(self._start)
        self.opponents.observe(self._show_seats, names="value")
        self.tournament = TournamentPanel(self.current_setup)
        self.body = widgets.VBox([
            widgets.HTML('<div class="dos-section-title">' + escape(gettext("Players")) + '</div>'), self.opponents,
            *self.bot_kinds, self.forget, self.seed, self.position,
            widgets.HTML('<div class="dos-section-title">'
                         + escape(gettext("Rule options (this package's usual rules are chosen at first)")) + "</div>"),
            *self.rules.values(), self.start, self.note, self.tournament],
            layout=widgets.Layout(display="none", padding="4px 0 4px 8px"))
        self.body.add_class("dos-setup-body")
        self._show_seats()
        super().__init__([self.toggle, self.body])
        self.add_class("dos-setup")

    def current_setup(self) -> TableSetup:
        """The setup the form describes now."""
        defaults = RuleSet().to_dict()
        rules = {name: control.value for name, control in self.rules.items() if control.value != defaults[name]}
        seed = self.seed_value()
        return TableSetup(bots=tuple(d.value for d in self.bot_kinds[:self.opponents.value]),
                          seed=self._seed if seed is None else seed, rules=rules,
                          position=self.position.value or None, forget_dos=float(self.forget.value))

    def seed_value(self) -> int | None:
        """The deal number typed in the box (spaces between the digits allowed), or None when it is not a whole
        number from 0 to :data:`MAX_SEED`."""
        typed = "".join(ch for ch in self.seed.value if not ch.isspace())
        if not typed.isascii() or not typed.isdigit() or len(typed) > len(str(MAX_SEED)):
            return None
        return int(typed)

    def _show_seats(self, _: Any = None) -> None:
        for seat, dropdown in enumerate(self.bot_kinds, 1):
            dropdown.layout.display = None if seat <= self.opponents.value else "none"

    def _toggle(self, _: Any) -> None:
        opening = self.body.layout.display == "none"
        self.body.layout.display = None if opening else "none"
        self.toggle.description = gettext("Game setup and rules ▴") if opening else gettext("Game setup and rules ▾")

    def _start(self, _: Any) -> None:
        seed = self.seed_value()
        if seed is None:
            typed = self.seed.value.strip()
            shown = typed if len(typed) <= 24 else typed[:24] + "…"
            self.note.value = ('<div class="dos-status-text dos-status-error">' + escape(gettext(
                "The deal number must be a whole number from 0 to {largest}: “{typed}” is not one.").format(
                    largest=number(MAX_SEED), typed=shown)) + "</div>")
            return
        self._seed, self.note.value = seed, ""
        try:
            self._on_start(self.current_setup())
        except Exception:  # the controller reports its own errors; this is only a safety net
            log.exception("starting a new game failed")
