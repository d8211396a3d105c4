"""The course the site serves: the home page, the rule tutorials, the probability lessons and the rules reference.

There is one source for each file. In a checkout they live at the top of the repository (``tutorials/``,
``notebooks/``, ``docs/rules.md``); the wheel carries the same files in ``dos_lab/course/`` (see
``[tool.hatch.build.targets.wheel.sources]`` in ``pyproject.toml``). :func:`course_sources` finds them in either
layout, and :func:`build_site` lays out the folder the server serves — nothing else is reachable from the site:

.. code-block:: text

    home.ipynb                 the home page (dos_lab/app/home.ipynb)
    rules.html                 the rules reference, rendered from rules.md when the site is built
    tutorials/NN-slug.ipynb    the rule tutorials, in order
    lessons/NN-slug.ipynb      the probability lessons, in order
    pl/home.ipynb              each language's mirror of the above in a folder named by its code: the same home
    pl/rules.html              page source, the rules reference from docs/pl/rules.md (English until it exists),
    pl/tutorials/…             the language versions tutorials/pl/ and notebooks/pl/ (scripts/i18n.py course)
    pl/lessons/…

>>> sources = course_sources()
>>> [entry.path for entry in catalogue(sources)["tutorials"]][:2]
['tutorials/01-setup.ipynb', 'tutorials/02-matching.ipynb']
>>> catalogue(sources)["lessons"][0].title
'Lesson 1 — Can I match this card?'
"""

from __future__ import annotations

import json
import os
import re
import shutil
from dataclasses import dataclass
from html import escape as html_escape
from pathlib import Path
from typing import TYPE_CHECKING

from dos_lab.classroom.site import SITE_ENV
from dos_lab.i18n import SOURCE_LANGUAGE, available_languages, get_language, gettext, language, noop, pgettext

__all__ = ["HOME", "RULES_PAGE", "CourseSources", "Entry", "build_site", "catalogue", "course_sources", "in_language",
           "render_rules", "site_languages", "site_words", "summary_of", "title_of"]

if TYPE_CHECKING:
    pass

APP_DIR = Path(__file__).resolve().parent
#: the home page notebook (always package data)
HOME = APP_DIR / "home.ipynb"
#: the page "Play with your class" (package data too), served beside the home page in every language's folder
ROOM = APP_DIR / "room.ipynb"
#: the teacher's page: rooms and pooled results behind the teacher token
TEACHER = APP_DIR / "teacher.ipynb"
#: where the rules reference is served, relative to the site root
RULES_PAGE = "rules.html"
#: a course notebook's file name: two digits, a dash, a slug
NOTEBOOK_NAME = re.compile(r"\d\d-[a-z0-9-]+\.ipynb")
#: files next to the notebooks that the site may serve (pictures)
ASSET_SUFFIXES = (".png", ".jpg", ".jpeg", ".gif", ".svg")
#: (served folder, heading on the home page; translated when shown)
SECTIONS = (("tutorials", noop("Rule tutorials, step by step")), ("lessons", noop("Probability lessons")))


@dataclass(frozen=True)
class CourseSources:
    """Where the course's files are: ``folders`` maps a served folder name to its source folder."""

    home: Path
    rules: Path
    folders: dict[str, Path]


@dataclass(frozen=True)
class Entry:
    """One course page: its title, a one-line summary, and its path inside the served site."""

    title: str
    summary: str
    path: str


def course_sources(app_dir: Path = APP_DIR) -> CourseSources:
    """The course's files for an installed package (``dos_lab/course/``) or a checkout (the repository)."""
    installed = app_dir.parent / "course"
    if (installed / "rules.md").is_file():
        return CourseSources(HOME, installed / "rules.md",
                             {"tutorials": installed / "tutorials", "lessons": installed / "lessons"})
    checkout = app_dir.parents[1]
    return CourseSources(HOME, checkout / "docs" / "rules.md",
                         {"tutorials": checkout / "tutorials", "lessons": checkout / "notebooks"})


def in_language(sources: CourseSources, lang: str) -> CourseSources:
    """The course in ``lang``: its language versions — ``<folder>/<lang>/`` beside each source folder and
    ``<lang>/rules.md`` beside ``rules.md`` (English where a version does not exist yet)."""
    if lang == SOURCE_LANGUAGE:
        return sources
    rules = sources.rules.parent / lang / sources.rules.name
    return CourseSources(sources.home, rules if rules.is_file() else sources.rules,
                         {name: folder / lang for name, folder in sources.folders.items()})


def site_languages() -> tuple[str, ...]:
    """The languages the site has a folder for besides English at its root: every catalog's language."""
    return tuple(lang for lang in available_languages() if lang != SOURCE_LANGUAGE)


def _notebooks(folder: Path) -> list[Path]:
    return sorted(p for p in folder.glob("*.ipynb") if NOTEBOOK_NAME.fullmatch(p.name)) if folder.is_dir() else []


def _markdown_cells(notebook: Path) -> tuple[dict[str, object], list[str]]:
    try:
        data = json.loads(notebook.read_text(encoding="utf-8"))
        cells = ["".join(c.get("source", [])) for c in data.get("cells", []) if c.get("cell_type") == "markdown"]
        return dict(data.get("metadata", {})), cells
    except (OSError, ValueError, AttributeError, TypeError):
        return {}, []


def _plain(markdown: str) -> str:
    """Markdown emphasis and code marks removed, white space collapsed."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", markdown)
    text = re.sub(r"[*_`]+", "", text)
    return " ".join(text.split())


def title_of(notebook: Path) -> str:
    """The notebook's first heading (its ``title`` metadata if it has no heading), else its file name."""
    metadata, cells = _markdown_cells(notebook)
    for source in cells:
        for line in source.splitlines():
            if line.startswith("#"):
                return _plain(line.lstrip("#"))
    title = metadata.get("title")
    return title if isinstance(title, str) and title else notebook.stem.replace("-", " ")


def _navigation(paragraph: str) -> bool:
    """The previous/next line under a page's heading: links to neighbouring notebooks, separated by " · "."""
    return " · " in paragraph and re.search(r"\]\([^)]*\.ipynb\)", paragraph) is not None


def summary_of(notebook: Path, limit: int = 160) -> str:
    """One line about the notebook: its ``dos_lab.summary`` metadata, else its learning goal, else what its
    introduction lists ("In this tutorial: …"), else the first sentence after its heading."""
    metadata, cells = _markdown_cells(notebook)
    ours = metadata.get("dos_lab")
    if isinstance(ours, dict) and isinstance(ours.get("summary"), str):
        return str(ours["summary"])
    paragraphs = [p.strip() for p in re.split(r"\n\s*\n", cells[0] if cells else "")
                  if p.strip() and not p.lstrip().startswith(("#", ">")) and not _navigation(p)]
    text = ""
    for i, paragraph in enumerate(paragraphs):
        goal = re.match(r"\*\*[^*]{1,40}:\*\*\s*(.*)", paragraph, re.DOTALL)  # "**Learning goal:** …", any language
        if goal:
            text = _plain(goal.group(1))
            break
        items = re.findall(r"^\s*(?:\d+\.|[-*])\s+(.*)$", paragraphs[i + 1], re.MULTILINE) \
            if paragraph.endswith(":") and i + 1 < len(paragraphs) else []
        if items:
            cleaned = [re.sub(r"\s*\((?:rules?\s+)?[RDE][0-9][^)]*\)", "", _plain(item))
                       for item in items]
            text = "; ".join(re.sub(r"(,?\s+(?:and|a|i|oraz|и|en))?[;,. ]*$", "", item) for item in cleaned)
            break
    if not text and paragraphs:  # the first sentence, without a bold label such as "**Learning goal.**"
        first = re.sub(r"^\*\*[^*]{1,40}[.:]\*\*\s*", "", paragraphs[0])
        text = re.split(r"(?<=[.!?])\s", _plain(first), maxsplit=1)[0]
    if not text:
        return ""
    text = text[0].upper() + text[1:]
    return text if len(text) <= limit else text[: limit - 1].rsplit(" ", 1)[0].rstrip(";,") + " …"


def catalogue(sources: CourseSources | None = None, lang: str = SOURCE_LANGUAGE) -> dict[str, list[Entry]]:
    """The course pages in order, per served folder (``tutorials``, ``lessons``), with paths relative to the
    language's folder of the site. A page without a version in ``lang`` yet is listed in English (``../``)."""
    sources = sources or course_sources()
    local = in_language(sources, lang)
    found: dict[str, list[Entry]] = {}
    for name, folder in sources.folders.items():
        translated = {nb.name: nb for nb in _notebooks(local.folders[name])} if lang != SOURCE_LANGUAGE else {}
        up = "../" if lang != SOURCE_LANGUAGE else ""
        found[name] = [Entry(title_of(translated[nb.name]), summary_of(translated[nb.name]), f"{name}/{nb.name}")
                       if nb.name in translated else Entry(title_of(nb), summary_of(nb), f"{up}{name}/{nb.name}")
                       for nb in _notebooks(folder)]
    return found


def _place(source: Path, target: Path, link: bool) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    if link:
        try:
            target.symlink_to(source)
            return
        except OSError:  # no symlinks (some Windows setups): a copy made now and thrown away with the site
            pass
    shutil.copyfile(source, target)


def build_site(destination: Path, sources: CourseSources | None = None, link: bool = True) -> Path:
    """Lay out the served folder in ``destination`` (which must be empty or missing) and return it.

    Notebooks and pictures are symbolic links to their one source (copies if ``link`` is false, as for
    an exported site); the rules reference is rendered to HTML."""
    sources = sources or course_sources()
    destination.mkdir(parents=True, exist_ok=True)
    if any(destination.iterdir()):
        raise FileExistsError(f"{destination} is not empty: give an empty or new folder for the site")
    languages = site_languages()
    for lang in (SOURCE_LANGUAGE, *languages):
        local = in_language(sources, lang)
        root = destination if lang == SOURCE_LANGUAGE else destination / lang
        _place(sources.home, root / "home.ipynb", link)
        _place(ROOM, root / ROOM.name, link)
        _place(TEACHER, root / TEACHER.name, link)
        for name, folder in local.folders.items():
            for notebook in _notebooks(folder):
                _place(notebook, root / name / notebook.name, link)
            for asset in sorted(folder.rglob("*")) if folder.is_dir() else []:
                relative = asset.relative_to(folder)
                hidden = any(part.startswith((".", "_")) for part in relative.parts)
                if relative.parts[0] in languages and lang == SOURCE_LANGUAGE:
                    continue  # another language's version, laid out in its own folder
                if asset.is_file() and asset.suffix.lower() in ASSET_SUFFIXES and not hidden:
                    _place(asset, root / name / relative, link)
        with language(lang):
            html = render_rules(local.rules.read_text(encoding="utf-8"))
        (root / RULES_PAGE).write_text(html, encoding="utf-8")
    return destination


RULES_STYLE = """
body { font: 16px/1.5 system-ui, sans-serif; max-width: 52rem; margin: 0 auto; padding: 0 1rem 4rem; color: #1b1b1b; }
nav.dos-site-nav { position: sticky; top: 0; background: #fff; padding: .5rem 0; border-bottom: 1px solid #ddd; }
nav.dos-site-nav a { margin-right: 1rem; font-weight: 600; }
table { border-collapse: collapse; } td, th { border: 1px solid #ccc; padding: .2rem .5rem; vertical-align: top; }
[id] { scroll-margin-top: 3.5rem; } p:has(> a:target), tr:has(a:target) { background: #fff3b0; }
code { background: #f3f3f3; padding: 0 .2rem; }
"""


#: rule numbers in parentheses, as every page cites them: "(R4.2)", "(R9, R10)", "(R4.7, R8 E1)", "(D2)"
REFERENCES = re.compile(r"\((?:rules?\s+)?[RDE]\d{1,2}(?:\.\d{1,2})?"
                        r"(?:(?:,\s*|\s*[–-]\s*|\s+and\s+|\s+)[RDE]\d{1,2}(?:\.\d{1,2})?)*\)")
ONE_REFERENCE = re.compile(r"[RDE]\d{1,2}(?:\.\d{1,2})?")
#: served at .../voila/files/<site>/rules.html, the home page is .../voila/render/<site>/home.ipynb
HOME_LINK_SCRIPT = """<script>
for (const a of document.querySelectorAll("a.dos-home-link")) {
  a.href = location.pathname.replace("/voila/files/", "/voila/render/").replace(/rules\\.html$/, "home.ipynb");
}
</script>"""


def site_words() -> dict[str, str]:
    """The words of the site's navigation bar in the current language. The rules page carries them as
    ``<meta name="dos-…">`` tags, and the page template reads them from there, so a new language needs no code."""
    return {"dos-home": gettext("Home"), "dos-rules": gettext("Rules"),
            "dos-reconnecting": gettext("The connection to the class server was lost: reconnecting… The page comes "
                                        "back by itself."),
            "dos-rule-title": gettext("Rule {rule} in the rules reference (opens a new tab)"),
            "dos-language-note": gettext("dos_lab has no {requested!r} translation, so it speaks English; "
                                         "languages: {languages}").replace("{languages}",
                                                                           ", ".join(available_languages())),
            # a tutorial's or a lesson's note about its address settings, worded as the home page's notes
            "dos-settings-note": gettext("Page settings: {notes}"),
            "dos-not-a-setting": gettext("{name} is not a setting of this page: ignored"),
            "dos-quoted": pgettext("a value typed into the address, quoted", "“{value}”")}


def render_rules(markdown: str) -> str:
    """The rules reference as a standalone HTML page, in the current language (nothing fetched from the internet)."""
    import mistune  # nbconvert's Markdown renderer, so a dependency of Voila already

    body = str(mistune.create_markdown(escape=False, plugins=["table"])(markdown))
    body = REFERENCES.sub(lambda group: ONE_REFERENCE.sub(r'<a href="#\g<0>">\g<0></a>', group.group(0)), body)
    words = site_words()
    metas = "".join(f'<meta name="{name}" content="{html_escape(value)}">' for name, value in words.items())
    return (f'<!DOCTYPE html>\n<html lang="{get_language()}"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">{metas}'
            "<title>" + html_escape(gettext("DOS rules reference"))
            + f"</title><style>{RULES_STYLE}</style></head><body>"
            f'<nav class="dos-site-nav"><a class="dos-home-link" href="../render/home.ipynb">'
            f'{html_escape(words["dos-home"])}</a>'
            f'<a href="#top">{html_escape(words["dos-rules"])}</a></nav><a id="top"></a>{body}'
            f"{HOME_LINK_SCRIPT}</body></html>\n")


#: how ``dos-lab`` tells its kernels the token that opens the teacher's page
TEACHER_ENV = "DOS_LAB_TEACHER_TOKEN"


def site_root() -> Path | None:
    """The folder ``dos-lab`` serves (it tells its kernels through ``DOS_LAB_SITE``)."""
    value = os.environ.get(SITE_ENV)
    return Path(value) if value else None
