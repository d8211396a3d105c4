"""Re-execute notebooks in place and strip what changes from run to run.

    python scripts/refresh_notebooks.py tutorials/*.ipynb notebooks/*.ipynb

Notebooks are committed executed, so strict nbval compares their outputs; re-run
this after changing the engine's narration, the bots or the card pictures, then
review the diff. Saved widget state and execution timestamps are removed.
"""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient


def refresh(path: Path) -> None:
    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(nb, timeout=600, kernel_name="python3",
                            resources={"metadata": {"path": str(path.parent)}})
    client.execute()
    nb.metadata.pop("widgets", None)
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    for cell in nb.cells:
        cell.metadata.pop("execution", None)
    nbformat.write(nb, path)
    print(f"refreshed {path}")


def main(paths: list[str]) -> None:
    if not paths:
        raise SystemExit(__doc__)
    for name in paths:
        refresh(Path(name))


if __name__ == "__main__":
    main(sys.argv[1:])
