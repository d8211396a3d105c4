"""The analysis floor: what the lessons and the tournaments compute about DOS, above the engine and its bots and
below every view (nothing here imports ipywidgets or IPython).

- :mod:`.chances` — exact chances of matches and hand points, as fractions;
- :mod:`.sampling` — a seeded Monte Carlo sampler for the same questions;
- :mod:`.simulate` — seeded tournaments between bots, their win rates with Wilson intervals.

The old paths ``dos_lab.probability`` and ``dos_lab.simulate`` stay as re-exports.
"""
