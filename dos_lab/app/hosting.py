"""Hosting the course on a Jupyter server that already runs (Binder, JupyterHub): the same site and settings as
``dos-lab``, for Voilà's Jupyter server extension instead of Voilà's own server.

``dos-lab --export site --jupyter-config ~/.jupyter`` writes the site into ``site/`` and:

- ``~/.jupyter/voila.json`` — the page settings of ``voila.json`` (template with Home and Rules links, no
  template or theme from the URL, no tracebacks, the course's file allow-list);
- ``~/.jupyter/jupyter_server_config.json`` — culling of idle kernels and the IOPub timeout (merged into the
  file if it exists);
- the site's Voilà template into Jupyter's user data folder (``voila/templates/dos-lab``).

The home page is then at ``<server>/voila/render/site/home.ipynb``.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

from dos_lab.app.course import APP_DIR

__all__ = ["write_jupyter_config"]

TEMPLATE = APP_DIR / "share" / "voila" / "templates" / "dos-lab"


def _merge(path: Path, settings: dict[str, Any]) -> None:
    current: dict[str, Any] = json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}
    for section, values in settings.items():
        current.setdefault(section, {}).update(values)
    path.write_text(json.dumps(current, indent=2) + "\n", encoding="utf-8")


def write_jupyter_config(config_dir: Path, data_dir: Path) -> list[Path]:
    """Write the site's Voilà and server settings into ``config_dir`` and its template into ``data_dir``;
    returns the files and folders written."""
    shipped: dict[str, Any] = json.loads((APP_DIR / "voila.json").read_text(encoding="utf-8"))
    config_dir.mkdir(parents=True, exist_ok=True)
    page = {key: value for key, value in shipped["VoilaConfiguration"].items() if key != "preheat_kernel"}
    _merge(config_dir / "voila.json", {"VoilaConfiguration": page})
    _merge(config_dir / "jupyter_server_config.json",
           {"MappingKernelManager": shipped["MappingKernelManager"], "VoilaExecutor": shipped["VoilaExecutor"],
            "VoilaConfiguration": page})
    template = data_dir / "voila" / "templates" / "dos-lab"
    if template.exists():
        shutil.rmtree(template)
    shutil.copytree(TEMPLATE, template)
    return [config_dir / "voila.json", config_dir / "jupyter_server_config.json", template]
