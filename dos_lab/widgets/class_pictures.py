"""The class panel's pictures, drawn as SVG: light enough to redraw in every student's page whenever a classmate
sends a result (no plotting library in a page's kernel).

* :func:`shares_picture` — every student's share as a dot (the student's own in orange), the class's share with
  its 95 % Wilson interval, and the exact chance;
* :func:`running_picture` — the class's share as the shares came in, with its interval narrowing, against n;
* :func:`guesses_picture` — the class's guesses of a chance, or how many picked each option.

An experiment with no exact answer (lesson 5's tournament) draws the even contest, 50 %, where the others draw the
exact chance, named so in the legend (:func:`marked`), and its guesses against the class's share and interval.

>>> from fractions import Fraction
>>> from dos_lab.classroom.experiments import Pool
>>> p = Pool((("Ala", 40, 100), ("Ola", 62, 100)), refused=0)
>>> svg = shares_picture(p, Fraction(1, 2), mine="Ola")
>>> svg.startswith("<svg") and svg.count("<circle") == 2
True
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Sequence
from fractions import Fraction
from html import escape

from dos_lab.classroom.experiments import EVEN, Experiment, Pool
from dos_lab.i18n import gettext, number, percent

__all__ = ["guesses_picture", "marked", "running_picture", "shares_picture"]

WIDTH, LEFT, RIGHT = 600, 44, 16
MINE, OTHERS, CLASS, BAND, EXACT = "#e65100", "#78909c", "#1565c0", "#bbdefb", "#212121"
RADIUS = 5


def _svg(height: int, body: list[str], label: str) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}" width="{WIDTH}" '
            f'height="{height}" role="img" aria-label="{escape(label)}" '
            f'style="max-width:100%;height:auto;font-family:sans-serif;font-size:12px">'
            f"<title>{escape(label)}</title>{''.join(body)}</svg>")


def _text(x: float, y: float, words: str, anchor: str = "middle", colour: str = EXACT, bold: bool = False) -> str:
    weight = ' font-weight="bold"' if bold else ""
    return (f'<text x="{x:.1f}" y="{y:.1f}" text-anchor="{anchor}" fill="{colour}"{weight}>'
            f"{escape(words)}</text>")


def _line(x1: float, y1: float, x2: float, y2: float, colour: str, width: float = 1, dashed: bool = False) -> str:
    dash = ' stroke-dasharray="6 4"' if dashed else ""
    return (f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="{colour}" '
            f'stroke-width="{width}"{dash}/>')


def _span(values: Sequence[float], step: float = 0.1) -> tuple[float, float]:
    """The range of shares to draw: every value, rounded out to ``step``, at least 0.2 wide, inside 0–1."""
    low = max(0.0, math.floor(min(values) / step) * step)
    high = min(1.0, math.ceil(max(values) / step) * step)
    while high - low < 0.2 - 1e-9:
        low, high = max(0.0, low - step / 2), min(1.0, high + step / 2)
    return low, high


def _axis(low: float, high: float, y: float, x: Callable[[float], float]) -> list[str]:
    tick = 0.05 if high - low <= 0.4 else 0.1
    body = [_line(LEFT, y, WIDTH - RIGHT, y, EXACT)]
    value = math.ceil(low / tick - 1e-9) * tick
    while value <= high + 1e-9:
        body += [_line(x(value), y, x(value), y + 4, EXACT), _text(x(value), y + 16, percent(value, 0))]
        value += tick
    return body


def _stack(values: Sequence[float], step: float) -> list[int]:
    """How high each value's dot sits in a dot plot whose dots of the same ``step`` stack."""
    seen: Counter[int] = Counter()
    heights = []
    for value in values:
        key = round(value / step)
        heights.append(seen[key])
        seen[key] += 1
    return heights


def marked(e: Experiment) -> tuple[Fraction, str]:
    """The value the pictures of ``e`` draw as a dashed line, and its name in the legend: the exact chance, or
    for a question with none (a tournament) the even contest.

    >>> from dos_lab.classroom.experiments import experiment
    >>> marked(experiment("lesson-01-hits"))[1], marked(experiment("lesson-05-greedy-wins"))
    ('the exact chance', (Fraction(1, 2), 'an even contest (50 %)'))
    """
    if e.exact is not None:
        return e.exact, gettext("the exact chance")
    return EVEN, gettext("an even contest (50 %)")


def shares_picture(p: Pool, exact: Fraction | float, mine: str | None = None, label: str | None = None) -> str:
    """Every student's share as a dot, the class's share and interval, and the exact chance (or what ``label``
    names: see :func:`marked`)."""
    shares = [h / t for _, h, t in p.shares]
    low, high = p.interval if p.trials else (float(exact), float(exact))
    lo, hi = _span([*shares, float(exact), low, high])

    def x(value: float) -> float:
        return LEFT + (value - lo) / (hi - lo) * (WIDTH - LEFT - RIGHT)

    heights = _stack(shares, 0.01)
    rows = max(heights, default=0) + 1
    base = 40 + rows * (2 * RADIUS + 2)
    body = [_text(LEFT, 14, gettext("Each dot is one student's result; the blue band is the class's 95 % interval."),
                  anchor="start")]
    if p.trials:
        body += [f'<rect x="{x(low):.1f}" y="22" width="{max(1.0, x(high) - x(low)):.1f}" height="{base - 22}" '
                 f'fill="{BAND}"/>', _line(x(p.frequency), 22, x(p.frequency), base, CLASS, 3)]
    body.append(_line(x(float(exact)), 22, x(float(exact)), base, EXACT, 1.5, dashed=True))
    for (student, _, _), share, up in zip(p.shares, shares, heights, strict=True):
        own = mine is not None and student.casefold() == mine.strip().casefold()
        body.append(f'<circle cx="{x(share):.1f}" cy="{base - RADIUS - 1 - up * (2 * RADIUS + 2):.1f}" '
                    f'r="{RADIUS + (1 if own else 0)}" fill="{MINE if own else OTHERS}" '
                    f'stroke="white" stroke-width="1"><title>{escape(percent(share, 0))}</title></circle>')
    body += _axis(lo, hi, base, x)
    body += _legend(base + 34, mine is not None and any(s.casefold() == (mine or "").strip().casefold()
                                                       for s, _, _ in p.shares), label)
    return _svg(base + 44, body, gettext("The class's shares and the exact chance") if label is None else
                gettext("The class's shares and {line}").format(line=label))


def _legend(y: float, with_mine: bool, label: str | None = None) -> list[str]:
    keys = [(CLASS, gettext("the class's share")), (EXACT, gettext("the exact chance") if label is None else label)]
    if with_mine:
        keys.append((MINE, gettext("your result")))
    body, x = [], float(LEFT)
    for colour, words in keys:
        body += [_line(x, y - 4, x + 18, y - 4, colour, 3, dashed=colour == EXACT),
                 _text(x + 24, y, words, anchor="start")]
        x += 34 + 7 * len(words)
    return body


def running_picture(p: Pool, exact: Fraction | float, noun: str, label: str | None = None) -> str:
    """The class's share and its 95 % interval after each student's result joined, against the number of
    ``noun`` (the lesson's "hands" or "deals") in the pool; ``label`` names the dashed line on the picture."""
    running = p.running()
    top, height = 24, 170
    values = [float(exact)] + [v for _, f, a, b in running for v in (f, a, b)]
    lo, hi = _span(values)
    most = running[-1][0] if running else 1

    def x(n: float) -> float:
        return LEFT + n / most * (WIDTH - LEFT - RIGHT)

    def y(value: float) -> float:
        return top + (hi - value) / (hi - lo) * height

    body = [_text(LEFT, 14, gettext("The class's share as the results came in, with its 95 % interval"),
                  anchor="start")]
    if running:
        upper = " ".join(f"{x(n):.1f},{y(b):.1f}" for n, _, _, b in running)
        lower = " ".join(f"{x(n):.1f},{y(a):.1f}" for n, _, a, _ in reversed(running))
        body.append(f'<polygon points="{upper} {lower}" fill="{BAND}"/>')
        body.append(f'<polyline points="{" ".join(f"{x(n):.1f},{y(f):.1f}" for n, f, _, _ in running)}" '
                    f'fill="none" stroke="{CLASS}" stroke-width="2.5"/>')
        body += [f'<circle cx="{x(n):.1f}" cy="{y(f):.1f}" r="3" fill="{CLASS}"/>' for n, f, _, _ in running]
    body.append(_line(LEFT, y(float(exact)), WIDTH - RIGHT, y(float(exact)), EXACT, 1.5, dashed=True))
    if label is not None:
        body.append(_text(WIDTH - RIGHT, y(float(exact)) - 5, label, anchor="end"))
    body.append(_line(LEFT, top, LEFT, top + height, EXACT))
    for value in (lo, (lo + hi) / 2, hi):
        body += [_line(LEFT - 4, y(value), LEFT, y(value), EXACT), _text(LEFT - 6, y(value) + 4, percent(value, 0),
                                                                         anchor="end")]
    bottom = top + height
    body.append(_line(LEFT, bottom, WIDTH - RIGHT, bottom, EXACT))
    for n in sorted({0, most // 2, most}):
        body += [_line(x(n), bottom, x(n), bottom + 4, EXACT), _text(x(n), bottom + 16, number(n))]
    body.append(_text((LEFT + WIDTH - RIGHT) / 2, bottom + 32, gettext("{noun} in the class's pool").format(noun=noun)))
    return _svg(bottom + 40, body, gettext("The class's share as the results came in, with its 95 % interval"))


def guesses_picture(values: Sequence[float | int], answer: Fraction | float | int | None,
                    mine: float | int | None = None, options: Sequence[str] = (),
                    band: tuple[float, float] | None = None) -> str:
    """The class's guesses: a dot plot of chances in percent (with the exact chance), or, with ``options``, a bar
    for each option (the right one, ``answer``, in bold). A question with no exact answer passes the class's share
    as ``answer`` with its 95 % interval as ``band`` (or None while the class has sent no result)."""
    if options:
        return _choices_picture([int(v) for v in values], int(answer or 0), None if mine is None else int(mine),
                                options)
    estimate = band is not None or answer is None
    label = (gettext("The class's guesses and the class's share") if estimate else
             gettext("The class's guesses and the exact chance"))

    def x(value: float) -> float:
        return LEFT + value / 100 * (WIDTH - LEFT - RIGHT)

    heights = _stack([float(v) for v in values], 2)
    rows = max(heights, default=0) + 1
    base = 30 + rows * (2 * RADIUS + 2)
    body = [_text(LEFT, 14, gettext("Each dot is one student's guess."), anchor="start")]
    if band is not None:
        left, right = x(band[0] * 100), x(band[1] * 100)
        body.append(f'<rect x="{left:.1f}" y="20" width="{max(1.0, right - left):.1f}" height="{base - 20}" '
                    f'fill="{BAND}"/>')
    if answer is not None:
        body.append(_line(x(float(answer) * 100), 20, x(float(answer) * 100), base, CLASS if estimate else EXACT,
                          3 if estimate else 1.5, dashed=not estimate))
    own_drawn = False
    for value, up in zip(values, heights, strict=True):
        own = mine is not None and not own_drawn and float(value) == float(mine)
        own_drawn = own_drawn or own
        body.append(f'<circle cx="{x(2 * round(float(value) / 2)):.1f}" '
                    f'cy="{base - RADIUS - 1 - up * (2 * RADIUS + 2):.1f}" r="{RADIUS}" '
                    f'fill="{MINE if own else OTHERS}" stroke="white" stroke-width="1">'
                    f"<title>{escape(percent(float(value) / 100, 0))}</title></circle>")
    body += _axis(0.0, 1.0, base, lambda v: x(v * 100))
    keys = ([] if answer is None else [(CLASS, gettext("the class's share and its 95 % interval")) if estimate else
                                       (EXACT, gettext("the exact chance"))]) \
        + ([(MINE, gettext("your guess"))] if own_drawn else [])
    lx = float(LEFT)
    for colour, words in keys:
        body += [_line(lx, base + 30, lx + 18, base + 30, colour, 3, dashed=colour == EXACT),
                 _text(lx + 24, base + 34, words, anchor="start")]
        lx += 34 + 7 * len(words)
    return _svg(base + 44, body, label)


def _choices_picture(values: Sequence[int], answer: int, mine: int | None, options: Sequence[str]) -> str:
    counts = Counter(values)
    most = max(counts.values(), default=1)
    row, body = 26, [_text(LEFT, 14, gettext("How many students picked each answer"), anchor="start")]
    for index, option in enumerate(options):
        y = 24 + index * row
        right = index == answer
        width = counts[index] / most * (WIDTH - 340) if most else 0
        body += [_text(120, y + 14, option, anchor="end", bold=right),
                 f'<rect x="128" y="{y + 2}" width="{width:.1f}" height="{row - 8}" '
                 f'fill="{MINE if index == mine else (CLASS if right else OTHERS)}"/>',
                 _text(134 + width, y + 14, number(counts[index])
                       + (" ✓" if right else "") + (" · " + gettext("your guess") if index == mine else ""),
                       anchor="start", bold=right)]
    return _svg(34 + len(options) * row, body, gettext("How many students picked each answer"))
