"""The Caverna content a board shows, read from data/caverna/ (shared display data).

The renderer reads only the View and this content (printed spaces, furnishing tiles), never
the rules' own data module: both read the same files.
"""

from __future__ import annotations

from functools import lru_cache

from rules.core.paths import data_path, read_toml


@lru_cache(maxsize=None)
def _load(name: str) -> dict:
    return read_toml(data_path("caverna", name))


def spaces_file() -> dict:
    """Return the parsed action_spaces.toml."""
    return _load("action_spaces.toml")


def board_keys(players: int) -> list[str]:
    """Return the variant keys of the fixed action spaces for ``players`` seats."""
    return list(spaces_file()["boards"][str(players)])


def space_def(key: str) -> dict:
    """Return a printed space's definition by its variant key ("logging@13")."""
    return spaces_file()["space"][key]


def tiles() -> dict:
    """Return every furnishing tile by id, in the spec's order."""
    return _load("furnishings.toml")["tile"]
