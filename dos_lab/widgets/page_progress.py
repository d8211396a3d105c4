"""Everything a student does on a tutorial page, for the teacher: how each exercise and playable example in the
body of the page has gone so far (:class:`PageItem`), gathered for the page (:class:`Page`).

On a ``dos-lab`` site every :class:`~dos_lab.widgets.tutorial.Exercise` and
:class:`~dos_lab.widgets.tutorial.PlayableExample` joins the page's items as it is made (:func:`page_item`); the
closing check's first-name box (:class:`~dos_lab.widgets.class_report.ClassReport`) sends them with its questions,
and sends again whenever one changes. Off a site an item is kept by its widget only: nothing is reported, and the
page looks the same.

>>> item = PageItem("exercise", ("R4.2",))
>>> item.checked(False); item.checked(True); item.showed()
>>> item.answer()
Answer(right=True, first_try=False, shown=False, tries=2, rules=('R4.2',), kind='exercise')
>>> page, heard = Page(), []
>>> page.on_change(lambda: heard.append("changed")); page.add(item); item.checked(True)
>>> len(page.items), heard
(1, ['changed', 'changed'])
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from dos_lab.classroom.progress import Answer, cited_rules
from dos_lab.classroom.site import on_a_site
from dos_lab.engine.listeners import Listeners

if TYPE_CHECKING:
    from dos_lab.play.example import ExampleModel

__all__ = ["Page", "PageItem", "example_item", "page_item", "this_page"]


class PageItem:
    """How one exercise or playable example has gone so far: right (for an example: its goal reached by the
    student's own moves), at the first try, after "Show me", the tries, and the rules its text cites — the way a
    closing-check question keeps them (:class:`~dos_lab.widgets.answers.AnswerBox`)."""

    def __init__(self, kind: str, rules: tuple[str, ...]) -> None:
        self.kind, self.rules = kind, rules
        self.right = self.first_try = self.shown = False
        self.tries = 0
        self._listeners: Listeners[[]] = Listeners()

    def __repr__(self) -> str:
        return f"<{self.kind}: {self.answer()}>"

    def on_change(self, listener: Callable[[], None]) -> None:
        """Call ``listener()`` whenever the item's answer changes."""
        self._listeners.add(listener)

    def answer(self) -> Answer:
        """How the item has gone, as the class store keeps it."""
        return Answer(self.right, self.first_try, self.shown, self.tries, self.rules, self.kind)

    def checked(self, right: bool) -> None:
        """An answer was checked: right after "Show me" does not count as right (as a question's)."""
        self.tries += 1
        if right and not self.right and not self.shown:
            self.first_try = self.tries == 1
        self.right = self.right or (right and not self.shown)
        self._listeners.notify()

    def showed(self) -> None:
        """"Show me" was pressed (it counts only before the item was done right)."""
        if not self.right:
            self.shown = True
        self._listeners.notify()

    def follow(self, model: ExampleModel) -> None:
        """Take how a playable example's tries went from its model (and tell the page if that changed)."""
        now = (model.solved, model.solved_first_try, model.shown, model.tries)
        if now != (self.right, self.first_try, self.shown, self.tries):
            self.right, self.first_try, self.shown, self.tries = now
            self._listeners.notify()


class Page:
    """The exercises and examples of one page, in the order they were made; listeners hear every change."""

    def __init__(self) -> None:
        self.items: list[PageItem] = []
        self._listeners: Listeners[[]] = Listeners()

    def on_change(self, listener: Callable[[], None]) -> None:
        """Call ``listener()`` when an item joins the page or changes."""
        self._listeners.add(listener)

    def add(self, item: PageItem) -> None:
        """Let ``item`` join the page."""
        self.items.append(item)
        item.on_change(self._listeners.notify)
        self._listeners.notify()

    def answers(self) -> list[Answer]:
        """How every item has gone so far."""
        return [item.answer() for item in self.items]


_PAGE = Page()


def this_page() -> Page:
    """The page this kernel shows (a kernel shows one page)."""
    return _PAGE


def page_item(kind: str, *texts: str) -> PageItem:
    """A new item of ``kind`` with the rules its ``texts`` cite; on a ``dos-lab`` site it joins :func:`this_page`.

    >>> page_item("exercise", "Wild cards count 0 (R2.1).", "P2 draws R6.").rules
    ('R2.1',)
    """
    item = PageItem(kind, cited_rules(*texts))
    if on_a_site():
        this_page().add(item)
    return item


def example_item(model: ExampleModel, *texts: str) -> PageItem:
    """A playable example's item, following its model."""
    item = page_item("example", *texts)
    model.on_change(lambda: item.follow(model))
    return item
