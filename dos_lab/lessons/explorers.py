"""Quick explorers: sliders and menus whose every answer is exact, cached or precomputed."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from typing import Any

from dos_lab import probability as P
from dos_lab.analysis.simulate import GameRecord, wilson_interval
from dos_lab.i18n import decimal, get_language, gettext, language, ngettext, percent
from dos_lab.lessons.page import ROW_VALUES, row_card_picture, row_label, table
from dos_lab.lessons.plots import points_plot
from dos_lab.lessons.shared import site_picture
from dos_lab.widgets.charts import png

__all__ = ["TWO_ROW_CHANCES", "explore_one_row_card", "explore_pairs", "explore_points", "explore_tournament",
           "explore_two_row_cards", "explore_wilson"]


#: hand size -> (at least one, both, single colour match offered, double colour match offered) for a deal of two
#: row cards. :func:`dos_lab.probability.p_match_both` takes seconds for big hands, so the explorer reads this
#: table; a test checks every entry against the exact functions.
TWO_ROW_CHANCES: dict[int, tuple[float, float, float, float]] = {
    1: (0.3516069410973308, 0.0, 0.13012924756885258, 0.0),
    2: (0.5660794717516048, 0.08336762083896627, 0.2325015075617556, 0.03458519271133154),
    3: (0.7338835123352845, 0.2037890438877919, 0.31511050911509386, 0.09023278686477416),
    4: (0.8439206201704211, 0.35283286398019337, 0.3833437286142499, 0.1574391413402016),
    5: (0.9095104301690873, 0.5065361692691356, 0.44088636774201273, 0.2297027959384857),
    6: (0.9470778009889238, 0.6398644442217473, 0.49029709894937323, 0.30269576013613775),
    7: (0.9684141581334647, 0.7430831569563822, 0.5333801371606269, 0.3736300796578457),
    8: (0.9806532564776214, 0.8180244509742249, 0.5714286762872304, 0.4407919949477175),
    9: (0.9878180934159706, 0.870772692648044, 0.6053858512439416, 0.5032076532055267),
    10: (0.992120692488032, 0.9075168945158564, 0.6359521632117041, 0.5604069041496381),
    11: (0.994775776787226, 0.933157216158716, 0.6636578032621961, 0.6122578884763193),
    12: (0.9964587297193447, 0.951196358584001, 0.6889117725771513, 0.6588516749150427),
}


def _explorer(render: Callable[..., str | bytes], name: str, **controls: Any) -> Any:
    """Controls above a live answer (HTML, or a PNG picture as bytes), redrawn when a control changes.

    Built from plain widgets, without the Output capture of ``ipywidgets.interactive``, which now and then
    stalled a Voila page while it was being rendered."""
    import ipywidgets as widgets  # type: ignore[import-untyped,unused-ignore]

    text = widgets.HTML().add_class("dos-explorer-answer")
    picture = widgets.Image(format="png")
    answer = widgets.Box([])

    def redraw(_: object = None) -> None:
        result = render(**{key: control.value for key, control in controls.items()})
        if isinstance(result, bytes):
            picture.value = result
            answer.children = [picture]
        else:
            text.value = result
            answer.children = [text]

    for control in controls.values():
        control.style = {"description_width": "initial"}
        control.observe(redraw, names="value")
    redraw()
    return widgets.VBox([widgets.HBox(list(controls.values())), answer]).add_class(f"dos-explorer-{name}")


def _row_card_dropdown(value: int | str) -> Any:
    import ipywidgets as widgets  # type: ignore[import-untyped,unused-ignore]

    return widgets.Dropdown(options=[(row_label(v), v) for v in ROW_VALUES], value=value,
                            description=gettext("row card"))


def explore_one_row_card() -> Any:
    """Pick a row card and a hand size, see the exact chances of a single, a double and any match."""
    import ipywidgets as widgets  # type: ignore[import-untyped,unused-ignore]

    def show_chances(row_card: int | str, hand_size: int) -> str:
        rows = [[name, percent(fn(row_card, hand_size, True))] for name, fn in
                ((gettext("single match"), P.p_single_match), (gettext("double match"), P.p_double_match),
                 (gettext("any match"), P.p_any_match))]
        header = ngettext("with {count} card in hand", "with {count} cards in hand", hand_size).format(count=hand_size)
        return (f"<div style='display:flex;gap:18px;align-items:center'>{row_card_picture(row_card, 'normal')}"
                + table([header, gettext("chance")], rows,
                        gettext("Row card {card}").format(card=row_label(row_card))).markup + "</div>")

    return _explorer(show_chances, "one-row-card", row_card=_row_card_dropdown(7),
                     hand_size=widgets.IntSlider(value=7, min=1, max=20, description=gettext("cards in hand")))


def explore_pairs() -> Any:
    """A drop-down of row cards: every kind of pair of cards that adds up to it, as card pictures."""

    def show_pairs(row_card: int | str) -> str:
        pairs = P.pair_combinations(row_card)
        if not pairs:
            return "<p style='font-size:15px'>{}</p>".format(gettext(
                "No pair of cards adds up to {card}: the smallest pair is 1 + 1 = 2.").format(card=row_label(row_card)))
        faces = "".join(f"<span style='display:inline-block;margin:2px 10px 2px 0;white-space:nowrap'>"
                        f"{row_card_picture(a)}<b> + </b>{row_card_picture(b)}</span>" for a, b in pairs)
        said = ngettext("<b>{count}</b> kind of pair makes {card} (the colours shown do not matter):",
                        "<b>{count}</b> kinds of pairs make {card} (the colours shown do not matter):",
                        len(pairs)).format(count=len(pairs), card=row_label(row_card))
        return f"<p style='font-size:15px'>{said}</p><div>{faces}</div>"

    return _explorer(show_pairs, "pairs", row_card=_row_card_dropdown(6))


def explore_two_row_cards() -> Any:
    """A slider for the hand size: the exact chances for a deal of two row cards (precomputed)."""
    import ipywidgets as widgets  # type: ignore[import-untyped,unused-ignore]

    def show_deal(hand_size: int) -> str:
        one, both, scm, dcm = TWO_ROW_CHANCES[hand_size]
        rows = [[gettext("match at least one row card"), percent(one)],
                [gettext("match both row cards"), percent(both)],
                [gettext("expected number of row cards cleared"), decimal(one + both, 2)],
                [gettext("a single colour match is offered"), percent(scm)],
                [gettext("a double colour match is offered"), percent(dcm)]]
        return table(["", gettext("exact")], rows, ngettext(
            "{count} card in hand, two row cards", "{count} cards in hand, two row cards", hand_size).format(
            count=hand_size)).markup

    return _explorer(show_deal, "two-row-cards", hand_size=widgets.IntSlider(
        value=7, min=1, max=P.MAX_BOTH_HAND, description=gettext("cards in hand")))


@cache
def _points_png(hand_size: int, lang: str = "en") -> bytes:
    def draw() -> tuple[str, bytes]:
        import matplotlib.pyplot as plt

        figure, ax = plt.subplots(figsize=(8, 3.8))
        figure.subplots_adjust(left=0.09, right=0.98, top=0.91, bottom=0.14)
        points_plot(hand_size, ax=ax)
        return "", png(figure, tight=False)

    with language(lang):
        return site_picture(("points", hand_size), draw)[1]


def explore_points() -> Any:
    """A slider for the hand size: the exact points distribution against the normal curve (pictures cached)."""
    import ipywidgets as widgets  # type: ignore[import-untyped,unused-ignore]

    # each hand size is worked out when chosen (0.1 s at most): working out all 30 ahead cost a page 40 MB
    lang = get_language()
    return _explorer(lambda hand_size: _points_png(hand_size, lang), "points", hand_size=widgets.IntSlider(
        value=7, min=1, max=30, description=gettext("cards in hand"), continuous_update=False))


def explore_tournament(records: Sequence[GameRecord], name: str = "GreedyBot") -> Any:
    """A slider for how many of the tournament's games to count: the win rate and its interval change."""
    import ipywidgets as widgets  # type: ignore[import-untyped,unused-ignore]

    def show_games(games: int) -> str:
        chosen = [r for r in records[:games] if r.finished]
        wins = sum(1 for r in chosen if r.winner == 0)
        low, high = wilson_interval(wins, len(chosen))
        said = ngettext("In the first {count} game {name} won {wins}: <b>{share}</b>, 95 % Wilson interval {low} "
                        "to {high}.",
                        "In the first {count} games {name} won {wins}: <b>{share}</b>, 95 % Wilson interval {low} "
                        "to {high}.", len(chosen)).format(
            count=len(chosen), name=name, wins=wins, share=percent(wins / max(1, len(chosen))), low=percent(low),
            high=percent(high))
        return f"<p style='font-size:15px'>{said}</p>"

    return _explorer(show_games, "tournament", games=widgets.IntSlider(
        value=min(20, len(records)), min=1, max=len(records), description=gettext("games counted")))


def explore_wilson() -> Any:
    """An interval calculator: wins and games in, the 95 % Wilson interval out."""
    import ipywidgets as widgets  # type: ignore[import-untyped,unused-ignore]

    def show_interval(wins: int, games: int) -> str:
        if wins > games:
            return "<p style='font-size:15px;color:#b71c1c'>{}</p>".format(
                gettext("A bot cannot win more games than it plays."))
        low, high = wilson_interval(wins, games)
        # Translators: {wins} wins in {games} games; the forms follow the number of games
        said = ngettext("{wins} wins in {games} game: win rate <b>{share}</b>, 95 % Wilson interval <b>{low}</b> to "
                        "<b>{high}</b>.",
                        "{wins} wins in {games} games: win rate <b>{share}</b>, 95 % Wilson interval <b>{low}</b> to "
                        "<b>{high}</b>.", games).format(wins=wins, games=games, share=percent(wins / games),
                                                        low=percent(low), high=percent(high))
        return f"<p style='font-size:15px'>{said}</p>"

    return _explorer(show_interval, "wilson",
                     wins=widgets.BoundedIntText(value=5, min=0, max=5000, description=gettext("wins")),
                     games=widgets.BoundedIntText(value=10, min=1, max=5000, description=gettext("games")))
