"""Where the project's content lives: the one way to find ``data/`` (and the fonts in it).

The top-level folder ``data/`` is installed as the package ``tabletop_data`` (pyproject maps
it with ``package-dir``), so an editable install and a plain ``pip install .`` both find it
through the import system, whatever the working directory. A source checkout that was never
installed (tests run straight from a clone) finds the ``data/`` folder beside the ``rules``
package instead.
"""

from __future__ import annotations

import importlib.util
import tomllib
from functools import lru_cache
from pathlib import Path

DATA_PACKAGE = "tabletop_data"


@lru_cache(maxsize=1)
def data_root() -> Path:
    """Return the ``data/`` folder: the installed ``tabletop_data`` package, or the checkout's."""
    spec = importlib.util.find_spec(DATA_PACKAGE)
    if spec is not None and spec.submodule_search_locations:
        return Path(next(iter(spec.submodule_search_locations)))
    checkout = _checkout_data()
    if checkout is None:
        raise RuntimeError(
            f"the content package {DATA_PACKAGE!r} is not installed; run `pip install -e .`")
    return checkout


def _checkout_data() -> Path | None:
    """Return ``data/`` beside the ``rules`` package of a source checkout, if it is there."""
    rules = importlib.util.find_spec("rules")
    if rules is None or not rules.submodule_search_locations:
        return None
    folder = Path(next(iter(rules.submodule_search_locations))).parent / "data"
    return folder if (folder / "messages").is_dir() else None


def data_path(*parts: str) -> Path:
    """Return the path of ``data/<parts...>`` (for example ``data_path("caverna", "x.toml")``)."""
    return data_root().joinpath(*parts)


def read_toml(path: Path) -> dict:
    """Parse the TOML file ``path`` (callers cache what they read more than once)."""
    with path.open("rb") as handle:
        return tomllib.load(handle)
