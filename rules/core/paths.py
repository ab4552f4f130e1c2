"""Where the project's content lives: the one way to find ``data/`` (and the fonts in it).

The top-level folder ``data/`` is installed as the package ``tabletop_data`` (pyproject maps
it with ``package-dir``), so an editable install and a plain ``pip install .`` both find it
through the import system, whatever the working directory.
"""

from __future__ import annotations

import importlib.util
from functools import lru_cache
from pathlib import Path

DATA_PACKAGE = "tabletop_data"


@lru_cache(maxsize=1)
def data_root() -> Path:
    """Return the installed ``data/`` folder (the ``tabletop_data`` package's folder)."""
    spec = importlib.util.find_spec(DATA_PACKAGE)
    if spec is None or not spec.submodule_search_locations:
        raise RuntimeError(
            f"the content package {DATA_PACKAGE!r} is not installed; run `pip install -e .`")
    return Path(next(iter(spec.submodule_search_locations)))


def data_path(*parts: str) -> Path:
    """Return the path of ``data/<parts...>`` (for example ``data_path("caverna", "x.toml")``)."""
    return data_root().joinpath(*parts)
