"""The Small World of Warcraft content a board shows, read from data/smallworld_warcraft/
(shared display data): the printed islands, the markers' kinds and the races' factions.

The renderer reads only the View and this content, never the rules' own data module: both
read the same files. A game's board numbers its regions in island order, printed order
within an island (the View's region numbers).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from rules.core.paths import data_path, read_toml


@dataclass(frozen=True)
class IslandRegion:
    """One region as printed on its island: code, terrain, symbols, drawing point, neighbours."""

    code: str
    terrain: str
    symbols: frozenset[str]
    xy: tuple[int, int]
    adj: tuple[str, ...]


@dataclass(frozen=True)
class Island:
    """One island board: its id (``L1``), size letter and regions in printed order."""

    id: str
    size: str
    regions: tuple[IslandRegion, ...]


@lru_cache(maxsize=None)
def islands() -> dict[str, Island]:
    """Return every island of data/smallworld_warcraft/islands/, keyed by id, sorted."""
    found = {}
    for path in sorted(data_path("smallworld_warcraft", "islands").glob("*.toml")):
        raw = read_toml(path)
        regions = tuple(IslandRegion(r["id"], r["terrain"], frozenset(r["symbols"]),
                                     (r["xy"][0], r["xy"][1]), tuple(r["adj"]))
                        for r in raw["regions"])
        found[raw["id"]] = Island(raw["id"], raw["size"], regions)
    return found


def region_numbers(island_ids: tuple[str, ...]) -> dict[str, int]:
    """Return the number of every region code on the board made of ``island_ids``."""
    codes = [r.code for island in island_ids for r in islands()[island].regions]
    return {code: number for number, code in enumerate(codes)}


@lru_cache(maxsize=None)
def _load(name: str) -> dict:
    return read_toml(data_path("smallworld_warcraft", name))


def markers() -> dict[str, dict]:
    """Return the artifact and legendary-place markers keyed by id."""
    return _load("markers.toml")


def races() -> dict[str, dict]:
    """Return every race definition keyed by race id."""
    return _load("races.toml")
