"""What the lessons' and the class's matplotlib charts share: a figure as PNG bytes, and an axis in percent."""

from __future__ import annotations

import io
from typing import TYPE_CHECKING

from dos_lab.i18n import percent

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
    """Label the y axis of ``ax`` in percent (its values are shares from 0 to 1), written as the page's text
    writes a percentage: ``0,8 %`` on a Polish page, ``0.8 %`` on an English one.

    >>> import matplotlib.pyplot as plt
    >>> from dos_lab.i18n import language
    >>> figure, ax = plt.subplots()
    >>> with language("pl"):
    ...     percent_axis(ax, 1)
    ...     ax.yaxis.get_major_formatter()(0.008, 0)
    '0,8 %'
    >>> plt.close(figure)
    """
    from matplotlib.ticker import FuncFormatter

    ax.yaxis.set_major_formatter(FuncFormatter(lambda share, _position: percent(share, decimals)))
