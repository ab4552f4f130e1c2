"""Load Small World content (races, powers, maps, set-up constants) from data/smallworld/.

Everything here is read once and cached; the rules never change it. A variant (e.g. Small World
of Warcraft) would point ``DATA_DIR`` lookups at its own folder through the ``variant`` argument.
"""

from __future__ import annotations

import json
import tomllib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from rules.core.text import DATA_DIR

WATER = frozenset({"sea", "lake"})


def _folder(variant: str) -> Path:
    return DATA_DIR / ("smallworld" if variant == "base" else f"smallworld_{variant}")


@lru_cache(maxsize=None)
def races(variant: str = "base") -> dict[str, dict]:
    """Return every race definition keyed by race id."""
    with (_folder(variant) / "races.toml").open("rb") as handle:
        return tomllib.load(handle)


@lru_cache(maxsize=None)
def powers(variant: str = "base") -> dict[str, dict]:
    """Return every power definition keyed by power id."""
    with (_folder(variant) / "powers.toml").open("rb") as handle:
        return tomllib.load(handle)


@lru_cache(maxsize=None)
def constants(variant: str = "base") -> dict:
    """Return the set-up constants (coins, column size, die faces, supplies, maps)."""
    with (_folder(variant) / "game.toml").open("rb") as handle:
        return tomllib.load(handle)


@dataclass(frozen=True)
class Region:
    """One static map region (terrain, symbols, starting pieces, flags, neighbours)."""

    id: int
    terrain: str
    symbols: frozenset[str]
    mountain: bool
    lost_tribe: bool
    edge: bool
    border: bool
    coastal: bool
    adj: frozenset[int]
    water: bool = False  # a sea or a lake (set from the terrain when loaded)


@dataclass(frozen=True)
class Map:
    """A board: its regions (index == id) and number of game turns."""

    name: str
    turns: int
    regions: tuple[Region, ...]

    @property
    def border_ids(self) -> frozenset[int]:
        """The regions on the edge of the board (first conquests)."""
        return _ids(self, "border")

    @property
    def land_ids(self) -> frozenset[int]:
        """Every region that is not a sea or a lake."""
        return _ids(self, "land")

    @property
    def cavern_ids(self) -> frozenset[int]:
        """The regions with a cavern symbol."""
        return _ids(self, "cavern")

    def adjacent(self, a: int, b: int) -> bool:
        """Tell whether regions ``a`` and ``b`` share a border."""
        return b in self.regions[a].adj


@lru_cache(maxsize=None)
def _ids(board: Map, kind: str) -> frozenset[int]:
    test = {"border": lambda r: r.border, "land": lambda r: not r.water,
            "cavern": lambda r: "cavern" in r.symbols}[kind]
    return frozenset(r.id for r in board.regions if test(r))


@lru_cache(maxsize=None)
def game_map(name: str, variant: str = "base") -> Map:
    """Load map ``name`` (file stem under data/smallworld/maps/)."""
    with (_folder(variant) / "maps" / f"{name}.json").open() as handle:
        raw = json.load(handle)
    regions = tuple(
        Region(r["id"], r["terrain"], frozenset(r["symbols"]), r["mountain"], r["lost_tribe"],
               r["edge"], r["border"], r["coastal"], frozenset(r["adj"]),
               r["terrain"] in WATER)
        for r in raw["regions"]
    )
    return Map(name, raw["game_turns"], regions)


@lru_cache(maxsize=None)
def race_hooks(race: str, variant: str = "base") -> frozenset[str]:
    """Return the hook names of ``race``."""
    return frozenset(races(variant)[race].get("hooks", ()))


@lru_cache(maxsize=None)
def power_hooks(power: str, variant: str = "base") -> frozenset[str]:
    """Return the hook names of ``power``."""
    return frozenset(powers(variant)[power].get("hooks", ()))
