"""Load Small World of Warcraft content from data/smallworld_warcraft/ and assemble boards.

Races, powers, markers and set-up constants are TOML tables read once and cached. The map is
an archipelago: the islands drawn for a game (by size, per player count) are joined into one
board whose regions are numbered in island order; islands never touch, so adjacency is the
union of each island's own ``adj`` lists. Nothing here changes after loading.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache
from pathlib import Path

from rules.core.paths import read_toml
from rules.core.text import DATA_DIR

FOLDER: Path = DATA_DIR / "smallworld_warcraft"
WATER = frozenset({"sea", "lake"})
LAND = frozenset({"forest", "hill", "farmland", "swamp", "mountain"})
FACTIONS = ("alliance", "horde", "neutral")


def _load(name: str) -> dict:
    return read_toml(FOLDER / name)


@lru_cache(maxsize=None)
def races() -> dict[str, dict]:
    """Return every race definition keyed by race id (16 races)."""
    return _load("races.toml")


@lru_cache(maxsize=None)
def powers() -> dict[str, dict]:
    """Return every special power definition keyed by power id (20 powers)."""
    return _load("powers.toml")


@lru_cache(maxsize=None)
def markers() -> dict[str, dict]:
    """Return the 12 artifact and legendary-place markers keyed by id."""
    return _load("markers.toml")


@lru_cache(maxsize=None)
def constants() -> dict:
    """Return the set-up constants: coins, die, rounds, boards, supplies, options, payments."""
    return _load("game.toml")


def faction(race: str) -> str:
    """Return the faction of ``race`` (alliance, horde or neutral)."""
    return races()[race]["faction"]


def rounds(players: int) -> int:
    """Return the number of rounds for ``players`` players (10/10/9/8)."""
    return constants()["rounds"][str(players)]


def island_sizes(players: int, two_player_boards: str = "LM") -> tuple[str, ...]:
    """Return the island sizes used by ``players`` players (§2.1), e.g. ("L", "M", "S")."""
    if players == 2:
        return tuple(constants()["two_player_boards"][two_player_boards])
    return tuple(constants()["boards"][str(players)])


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
    for path in sorted((FOLDER / "islands").glob("*.toml")):
        raw = read_toml(path)
        regions = tuple(IslandRegion(r["id"], r["terrain"], frozenset(r["symbols"]),
                                     (r["xy"][0], r["xy"][1]), tuple(r["adj"]))
                        for r in raw["regions"])
        found[raw["id"]] = Island(raw["id"], raw["size"], regions)
    return found


def islands_of_size(size: str) -> tuple[str, ...]:
    """Return the ids of the islands of one size letter, sorted."""
    return tuple(i for i, island in islands().items() if island.size == size)


@dataclass(frozen=True)
class Region:
    """One region of an assembled board (``id`` is its index on that board)."""

    id: int
    code: str
    island: str
    terrain: str
    symbols: frozenset[str]
    adj: frozenset[int]

    @property
    def water(self) -> bool:
        """Tell whether the region is a sea or a lake."""
        return self.terrain in WATER

    @property
    def entry(self) -> bool:
        """Tell whether the region carries the anchor (an Entry Region)."""
        return "entry" in self.symbols


@dataclass(frozen=True)
class Board:
    """The islands of one game joined into one region graph (no edges between islands)."""

    islands: tuple[str, ...]
    regions: tuple[Region, ...]

    def index(self, code: str) -> int:
        """Return the board index of region ``code`` (e.g. ``L1-07``); KeyError if absent."""
        return self._codes[code]

    @cached_property
    def _codes(self) -> dict[str, int]:
        return {r.code: r.id for r in self.regions}

    def adjacent(self, a: int, b: int) -> bool:
        """Tell whether regions ``a`` and ``b`` share a border."""
        return b in self.regions[a].adj

    def with_symbol(self, symbol: str) -> tuple[int, ...]:
        """Return the indices of the regions printed with ``symbol``, in board order."""
        return tuple(r.id for r in self.regions if symbol in r.symbols)


@lru_cache(maxsize=64)
def board(island_ids: tuple[str, ...]) -> Board:
    """Return the board made of ``island_ids`` in that order (regions numbered from 0)."""
    printed = [(island, r) for island in island_ids for r in islands()[island].regions]
    index = {r.code: i for i, (_, r) in enumerate(printed)}
    regions = tuple(Region(i, r.code, island, r.terrain, r.symbols,
                           frozenset(index[a] for a in r.adj))
                    for i, (island, r) in enumerate(printed))
    return Board(tuple(island_ids), regions)
