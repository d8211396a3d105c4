"""The one table of rule options (``RULE_OPTIONS``): ``RuleSet``, the setup panel, ``option_words`` and the docs
all read it, so a new option, or a value without words, fails here rather than showing up half-described."""

from __future__ import annotations

import re
from enum import Enum
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po

from dos_lab import InvalidInput, RuleSet
from dos_lab.engine.rules import INT_RANGES, PRESETS, RULE_OPTIONS, RuleOption
from dos_lab.i18n import available_languages, gettext, language
from dos_lab.play.steps import option_words
from dos_lab.widgets.controller import TableSetup
from dos_lab.widgets.labels import RULE_LABELS, VALUE_LABELS, value_label
from dos_lab.widgets.setup import SetupPanel

ROOT = Path(__file__).resolve().parents[1]
def non_default_values(option: RuleOption) -> list[Any]:
    """The values a rule set can differ in: every other choice, or for a whole number both ends and one between."""
    if option.kind is int:
        low, high = option.values[0], option.values[-1]
        return [v for v in (low, (low + high) // 2 + 1, high) if v != option.default]
    return [value for value in option.values if value != option.default]


def test_every_ruleset_field_is_in_the_table_and_the_other_way_round() -> None:
    assert tuple(RuleSet.__slots__) == tuple(RULE_OPTIONS)
    assert tuple(RuleSet.__annotations__) == tuple(RULE_OPTIONS)
    assert list(RuleSet().to_dict()) == list(RULE_OPTIONS)
    for name, option in RULE_OPTIONS.items():
        assert option.name == name
        assert getattr(RuleSet(), name) == option.default
        assert option.default in option.values
    for preset in PRESETS.values():
        assert set(preset) <= set(RULE_OPTIONS)


def test_each_option_lists_exactly_the_values_ruleset_accepts() -> None:
    for name, option in RULE_OPTIONS.items():
        if option.kind is int:
            assert isinstance(option.values, range) and option.values.step == 1
            assert INT_RANGES[name] == (option.values[0], option.values[-1])
            for bad in (option.values[0] - 1, option.values[-1] + 1):
                with pytest.raises(InvalidInput):
                    RuleSet(**{name: bad})
        elif option.kind is bool:
            assert tuple(option.values) == (False, True)
        else:
            assert issubclass(option.kind, Enum) and tuple(option.values) == tuple(option.kind)
        for value in option.values if option.kind is not int else non_default_values(option):
            assert getattr(RuleSet(**{name: value}), name) == value
    assert set(INT_RANGES) == {name for name, option in RULE_OPTIONS.items() if option.kind is int}


def test_every_option_and_value_has_words_marked_for_the_catalogs() -> None:
    with (ROOT / "dos_lab" / "locale" / "dos_lab.pot").open("rb") as handle:
        msgids = {m.id if isinstance(m.id, str) else tuple(m.id) for m in read_po(handle) if m.id}
    for name, option in RULE_OPTIONS.items():
        assert option.label.endswith(f"({option.ref})"), name
        words = [option.label, *option.value_labels.values(), *option.sentences.values()]
        if option.kind is int:
            assert option.count_sentence is not None and not option.sentences and not option.value_labels, name
            assert option.count_sentence in msgids, name
        else:
            assert option.count_sentence is None, name
            plain = [value.value if isinstance(value, Enum) else value for value in option.values]
            assert set(option.sentences) == {v for v in plain if v != option.default}, name
            if option.kind is bool:
                assert not option.value_labels, name  # a checkbox: its label says it all
            else:
                assert list(option.value_labels) == plain, name
        assert all(word in msgids for word in words), name


def test_the_setup_panel_offers_exactly_the_tables_options_and_values() -> None:
    assert {name: option.label for name, option in RULE_OPTIONS.items()} == RULE_LABELS
    for lang in ("en", "pl"):
        with language(lang):
            panel = SetupPanel(TableSetup(), lambda _: None)
            assert list(panel.rules) == list(RULE_OPTIONS)
            for name, option in RULE_OPTIONS.items():
                control = panel.rules[name]
                assert gettext(option.label) in control.description
                assert control.value == RuleSet().to_dict()[name]
                if option.kind is int:
                    assert (control.min, control.max) == (option.values[0], option.values[-1])
                elif option.kind is bool:
                    assert control.description == gettext(option.label)
                else:
                    offered = [(gettext(option.value_labels[v.value]), v.value) for v in option.values]
                    assert list(control.options) == offered
                    for value, word in option.value_labels.items():  # value_label is keyed by the value alone
                        assert VALUE_LABELS[value] == word and value_label(value) == gettext(word)


@pytest.mark.parametrize("lang", available_languages())
def test_option_words_describes_every_value_an_option_can_differ_in(lang: str) -> None:
    with language(lang):
        for name, option in RULE_OPTIONS.items():
            for value in non_default_values(option):
                text = option_words(RuleSet(**{name: value}))
                assert text == option.words(value), (name, value)
                assert text.endswith(f"({option.ref})") or f"({option.ref})" in text, (name, value)
                assert "{" not in text, (name, value)


def test_option_words_fails_loudly_for_a_value_without_words() -> None:
    option = RULE_OPTIONS["dealer_rotation"]
    with pytest.raises(KeyError):
        option.words(option.default)  # the default has no sentence: option_words never shows it


def test_the_table_cannot_be_changed() -> None:
    option = RULE_OPTIONS["after_draw_matching"]
    with pytest.raises(TypeError):
        RULE_OPTIONS["new_option"] = option  # type: ignore[index]
    with pytest.raises(TypeError):
        option.sentences["drawn_card_only"] = "x"  # type: ignore[index]
    with pytest.raises(AttributeError):
        option.default = "any_matches"  # type: ignore[misc]


def _address_rows() -> list[str]:
    """The rows of docs/app.md's table of the address settings of the rule options."""
    text = (ROOT / "docs" / "app.md").read_text(encoding="utf-8")
    lines = text[text.index("| option | address setting"):].splitlines()
    return lines[2:next(i for i, line in enumerate(lines) if not line.startswith("|"))]


def test_the_docs_list_every_option_with_its_point_default_and_values() -> None:
    rows = _address_rows()
    text = "\n".join(rows)
    named = re.findall(r"`(\w+)=", text)
    assert set(named) == set(RULE_OPTIONS) | {"preset"}, "docs/app.md's option table differs from RULE_OPTIONS"
    rules_md = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    for name, option in RULE_OPTIONS.items():
        assert f'<a id="{option.ref}"></a>' in rules_md, option.ref
        row = next(row for row in rows if f"`{name}=" in row)
        cited = re.match(rf"\| {re.escape(option.ref)} ", row) or f"({option.ref})" in row
        assert cited, f"docs/app.md: the row of {name} does not cite {option.ref}"
        plain = RuleSet().to_dict()[name]
        shown = str(plain).lower() if isinstance(plain, bool) else str(plain)
        if option.kind is int:
            assert f"`{name}={shown}`" in row, name
            continue
        others = [str(v.value if isinstance(v, Enum) else v).lower() for v in option.values if v != option.default]
        assert re.findall(r"`([^`]*)`", row) == [f"{name}={shown}", *others], name
    preset_row = next(row for row in rows if "`preset=" in row)
    listed = re.findall(r"`(?:preset=)?(\w+)`", preset_row)
    assert listed[0] == "classic" and set(listed) == set(PRESETS), "docs/app.md's presets differ from PRESETS"
