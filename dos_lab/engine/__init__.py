"""The rules engine: cards, rule options, matching, events, the round and its state, the game, moves.

It decides everything RULES.md decides and imports nothing above it: only the standard library,
:mod:`dos_lab.errors`, :mod:`dos_lab.i18n`, and :mod:`dos_lab.render` inside ``_repr_html_`` / ``__str__``.
"""
