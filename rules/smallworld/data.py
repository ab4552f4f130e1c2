"""Load Small World content (races, powers, maps, set-up constants) from data/smallworld/.

Everything here is read once and cached; the rules never change it. A variant (e.g. Small World
of Warcraft) would point ``DATA_DIR`` lookups at its own folder through the ``variant`` argument.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cached_property, lru_cache
from pathlib import Path

from rules.core.paths import read_toml
from rules.core.text import DATA_DIR

WATER = frozenset({"sea", "lake"})


def _folder(variant: str) -> Path:
    return DATA_DIR / ("smallworld" if variant == "base" else f"smallworld_{variant}")


@lru_cache(maxsize=None)
def races(variant: str = "base") -> dict[str, dict]:
    """Return every race definition keyed by race id."""
    return read_toml(_folder(variant) / "races.toml")


@lru_cache(maxsize=None)
def powers(variant: str = "base") -> dict[str, dict]:
    """Return every power definition keyed by power id."""
    return read_toml(_folder(variant) / "powers.toml")


def dealt_powers(variant: str = "base") -> list[str]:
    """Return the powers that go into the deck (a power marked ``in_deck = false`` stays out)."""
    return [p for p, spec in powers(variant).items() if spec.get("in_deck", True)]


@lru_cache(maxsize=None)
def constants(variant: str = "base") -> dict:
    """Return the set-up constants (coins, column size, die faces, supplies, maps)."""
    return read_toml(_folder(variant) / "game.toml")


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

    # computed once per map (a cached property: hashing the whole frozen map for a cache
    # key would cost more than the lookup it saves)
    @cached_property
    def border_ids(self) -> frozenset[int]:
        """The regions on the edge of the board (first conquests)."""
        return frozenset(r.id for r in self.regions if r.border)

    @cached_property
    def cavern_ids(self) -> frozenset[int]:
        """The regions with a cavern symbol."""
        return frozenset(r.id for r in self.regions if "cavern" in r.symbols)

    def adjacent(self, a: int, b: int) -> bool:
        """Tell whether regions ``a`` and ``b`` share a border."""
        return b in self.regions[a].adj


@lru_cache(maxsize=None)
def game_map(name: str, variant: str = "base") -> Map:
    """Load map ``name`` (file stem under data/smallworld/maps/).

    A name joining island ids with ``+`` (``L1+M2``) is an archipelago: the islands of
    ``islands/<id>.toml`` in that order, regions numbered from 0 in island order, no edges
    between islands (Small World of Warcraft). Its turns come from ``game.toml`` ``rounds``.
    """
    if "+" in name:
        return _archipelago(name, variant)
    with (_folder(variant) / "maps" / f"{name}.json").open() as handle:
        raw = json.load(handle)
    regions = tuple(
        Region(r["id"], r["terrain"], frozenset(r["symbols"]), r["mountain"], r["lost_tribe"],
               r["edge"], r["border"], r["coastal"], frozenset(r["adj"]),
               r["terrain"] in WATER)
        for r in raw["regions"]
    )
    return Map(name, raw["game_turns"], regions)


def _archipelago(name: str, variant: str) -> Map:
    printed = []
    for island in name.split("+"):
        printed.extend(read_toml(_folder(variant) / "islands" / f"{island}.toml")["regions"])
    index = {r["id"]: i for i, r in enumerate(printed)}
    terrain = {r["id"]: r["terrain"] for r in printed}
    regions = tuple(
        Region(i, r["terrain"], frozenset(r["symbols"]), "mountain" in r["symbols"],
               "murloc" in r["symbols"], False, "entry" in r["symbols"],
               any(terrain[a] in WATER for a in r["adj"]), frozenset(index[a] for a in r["adj"]),
               r["terrain"] in WATER)
        for i, r in enumerate(printed))
    rounds = constants(variant)["rounds"][str(name.count("+") + 1)]
    return Map(name, rounds, regions)


@lru_cache(maxsize=None)
def race_hooks(race: str, variant: str = "base") -> frozenset[str]:
    """Return the hook names of ``race``."""
    return frozenset(races(variant)[race].get("hooks", ()))


@lru_cache(maxsize=None)
def power_hooks(power: str, variant: str = "base") -> frozenset[str]:
    """Return the hook names of ``power``."""
    return frozenset(powers(variant)[power].get("hooks", ()))
