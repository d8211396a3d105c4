"""What the setup and tournament panels call a rule option, an option's value, a computer player and a staged
position, in the current language (the English names are translated when shown).

>>> value_label("greedy"), value_label("some_new_value")
('greedy', 'some new value')
"""

from __future__ import annotations

from dos_lab.engine.rules import RULE_OPTIONS
from dos_lab.i18n import gettext, noop

__all__ = ["RULE_LABELS", "VALUE_LABELS", "value_label"]

#: option name -> what the setup panel calls it (with its RULES.md reference; translated when shown), from the
#: table of rule options
RULE_LABELS: dict[str, str] = {name: option.label for name, option in RULE_OPTIONS.items()}
#: what each value of a rule option (from the table of rule options), each computer player and each staged position
#: is called on the panel
VALUE_LABELS: dict[str, str] = {
    **{value: word for option in RULE_OPTIONS.values() for value, word in option.value_labels.items()},
    "random": noop("random"), "greedy": noop("greedy"), "tactician": noop("tactician"),
    "colour-match": noop("a colour match"), "dos-call": noop("a DOS call"), "going-out": noop("going out"),
}


def value_label(value: str) -> str:
    """What the panel calls an option value, a computer player or a position, in the current language."""
    return gettext(VALUE_LABELS[value]) if value in VALUE_LABELS else value.replace("_", " ")
