"""Plain drawing model of a Caverna table: what the image shows, independent of the view format.

``view_adapter`` fills these from ``View.data``; the drawing modules read only these, so a change
of the view format touches one module.
"""

from __future__ import annotations

from dataclasses import dataclass, field

COLUMNS = 6
ROWS = 4
FOREST_COLUMNS = 3

GOODS_ORDER = ("wood", "stone", "ore", "ruby", "food", "gold", "grain", "vegetable")
ANIMAL_ORDER = ("sheep", "donkey", "boar", "cattle", "dog")

# Bonus squares printed on every home board (spec 1.3): (column, row) -> (glyph, amount).
BONUS_SQUARES = {(2, 0): ("boar", 1), (0, 2): ("boar", 1), (1, 3): ("food", 1),
                 (4, 3): ("food", 1), (5, 0): ("food", 2)}


@dataclass
class Space:
    """One action space or revealed round card: its goods and the dwarf on it."""

    id: str
    name: str
    goods: dict[str, int] = field(default_factory=dict)
    occupant: tuple[int, int] | None = None  # (seat, weapon strength)
    round: int | None = None
    note: str = ""  # e.g. imitation cost
    hint: tuple[tuple[str, str, str], ...] = ()  # (kind "acc"/"gain", good, amount text)
    highlight: bool = False


@dataclass
class RoundSlot:
    """One of the twelve round spaces: its card (None while face down) and harvest marker."""

    round: int
    stage: int = 1
    space: Space | None = None
    harvest: str = "none"  # none | harvest | food | leaf | red | hidden | choice | skip
    supplies: list[tuple[int, str, int]] = field(default_factory=list)  # (seat, goods, count)


@dataclass
class Cell:
    """One square of a home board."""

    col: int
    row: int
    kind: str  # forest mountain meadow field pasture cavern tunnel deep_tunnel ore_mine ...
    tile: str | None = None  # furnishing id when furnished
    tile_name: str = ""
    category: str = ""  # dwelling | green | yellow
    stable: bool = False
    crop: str | None = None
    crop_count: int = 0
    animals: dict[str, int] = field(default_factory=dict)
    pasture: int | None = None  # pasture group, for fences
    bonus: tuple[str, int] | None = None  # unclaimed bonus square
    highlight: bool = False

    @property
    def forest(self) -> bool:
        """Tell whether the square lies in the forest half (columns A-C)."""
        return self.col < FOREST_COLUMNS


@dataclass
class Dwarf:
    """One dwarf disc of a player."""

    weapon: int = 0
    away: bool = False  # placed on an action space this round
    newborn: bool = False


@dataclass
class Player:
    """One player's home board and personal supply."""

    seat: int
    name: str = ""
    goods: dict[str, int] = field(default_factory=dict)
    animals: dict[str, int] = field(default_factory=dict)  # totals over the board
    dwarfs: list[Dwarf] = field(default_factory=list)
    discs_in_supply: int = 0
    stables_left: int = 0
    begging: int = 0
    score: int | None = None
    start_player: bool = False
    to_act: bool = False
    cells: dict[tuple[int, int], Cell] = field(default_factory=dict)
    tiles: list[str] = field(default_factory=list)  # names of furnishings owned
    breakdown: list[tuple[str, int]] = field(default_factory=list)  # final score lines

    def cell(self, col: int, row: int) -> Cell:
        """Return the square at (col, row), an empty forest/mountain square if not listed."""
        found = self.cells.get((col, row))
        if found is not None:
            return found
        kind = "forest" if col < FOREST_COLUMNS else "mountain"
        return Cell(col, row, kind, bonus=BONUS_SQUARES.get((col, row)))

    def bounds(self) -> tuple[int, int, int, int]:
        """Return (min col, min row, max col, max row), overhanging squares included."""
        cols = [c for c, _ in self.cells] + [0, COLUMNS - 1]
        rows = [r for _, r in self.cells] + [0, ROWS - 1]
        return min(cols), min(rows), max(cols), max(rows)


@dataclass
class Furnishing:
    """One furnishing tile of the common supply."""

    id: str
    name: str
    category: str = "green"
    cost: dict[str, int] = field(default_factory=dict)
    points: int = 0
    available: bool = True
    owner: int | None = None
    highlight: bool = False


@dataclass
class Table:
    """Everything the image shows."""

    players: int
    round: int = 0
    rounds: int = 12
    phase: str = ""
    to_act: list[int] = field(default_factory=list)
    focus: int | None = None
    spaces: list[Space] = field(default_factory=list)
    round_slots: list[RoundSlot] = field(default_factory=list)
    furnishings: list[Furnishing] = field(default_factory=list)
    homes: list[Player] = field(default_factory=list)
    status: list[str] = field(default_factory=list)
    over: bool = False
