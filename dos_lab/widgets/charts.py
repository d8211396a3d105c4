"""What the lessons' and the class's matplotlib charts share: a figure as PNG bytes, and an axis in percent."""

from __future__ import annotations

import io
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

__all__ = ["percent_axis", "png"]


def png(figure: Figure, tight: bool = True) -> bytes:
    """``figure`` as PNG bytes; a pyplot figure is closed (pyplot keeps every figure until then)."""
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=90, bbox_inches="tight" if tight else None)
    if figure.canvas.manager is not None:
        import matplotlib.pyplot as plt

        plt.close(figure)
    return buffer.getvalue()


def percent_axis(ax: Axes, decimals: int = 0) -> None:
    """Label the y axis of ``ax`` in percent (its values are shares from 0 to 1)."""
    from matplotlib.ticker import PercentFormatter

    ax.yaxis.set_major_formatter(PercentFormatter(1.0, decimals=decimals))
