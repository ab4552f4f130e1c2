"""Load Caverna content (action spaces, furnishing tiles, loot) from data/caverna/ once."""

from __future__ import annotations

import tomllib
from functools import lru_cache

from rules.core.paths import data_path

DATA = data_path("caverna")


@lru_cache(maxsize=None)
def _load(name: str) -> dict:
    with (DATA / name).open("rb") as handle:
        return tomllib.load(handle)


def spaces_file() -> dict:
    """Return the parsed action_spaces.toml."""
    return _load("action_spaces.toml")


@lru_cache(maxsize=None)
def space_def(key: str) -> dict:
    """Return a printed space's definition by its variant key ("logging@13")."""
    return spaces_file()["space"][key]


def board_keys(players: int) -> list[str]:
    """Return the variant keys of the fixed action spaces for ``players`` seats."""
    return list(spaces_file()["boards"][str(players)])


def stage_cards(stage: int) -> list[str]:
    """Return the round cards of ``stage`` (1-4) before removals."""
    return list(spaces_file()["stages"][str(stage)])


def solo_order() -> list[str]:
    """Return the fixed solo round-card order."""
    return list(spaces_file()["solo"]["order"])


def tiles() -> dict:
    """Return every furnishing tile by id, in the spec's order."""
    return _load("furnishings.toml")["tile"]


@lru_cache(maxsize=None)
def tile(tile_id: str) -> dict:
    """Return one furnishing tile's data."""
    return tiles()[tile_id]


def loot_items() -> list[dict]:
    """Return the loot table in order of minimum strength."""
    return list(_load("loot.toml")["item"])


@lru_cache(maxsize=None)
def _loot_by_id() -> dict:
    return {item["id"]: item for item in loot_items()}


def loot(item_id: str) -> dict:
    """Return one loot item."""
    return _loot_by_id()[item_id]
