"""The old path of the exact chances (:mod:`dos_lab.analysis.chances`) and their sampler
(:mod:`dos_lab.analysis.sampling`), kept for the lessons, notebooks and programs that import it
(docs/architecture.md lists these paths).

>>> from dos_lab import probability as P
>>> P.p_single_match(10, hand_size=1), P.sample is P.sampling.sample
(Fraction(4, 27), True)
"""

from typing import Any

from dos_lab.analysis import chances, sampling
from dos_lab.analysis.chances import *  # noqa: F403
from dos_lab.analysis.sampling import *  # noqa: F403

__all__ = [*chances.__all__, *sampling.__all__]


def __getattr__(name: str) -> Any:
    """The modules' private names too (``P._count_avoiding``)."""
    for module in (chances, sampling):
        if hasattr(module, name):
            return getattr(module, name)
    raise AttributeError(f"module 'dos_lab.probability' has no attribute {name!r}")
