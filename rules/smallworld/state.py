"""The Small World game state: regions, race instances, players, decks, and dump/load.

Every field is JSON-safe (ints, strings, lists, dicts with string keys) except ``rng``.
Race instances are never deleted: an instance that left the board is marked ``gone``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rules.core.rng import Rng

from . import data


@dataclass
class RegionState:
    """What lies in one region now."""

    inst: int | None = None  # race instance id occupying it
    tokens: int = 0  # tokens of that instance
    lost_tribe: bool = False
    mountain: bool = False
    lair: bool = False
    fortress: bool = False
    encampments: int = 0
    hole: bool = False
    hero: bool = False
    dragon: bool = False


@dataclass
class Instance:
    """One race banner + power badge taken by a player (active or in decline)."""

    id: int
    race: str
    power: str
    owner: int
    picked_turn: int
    declined: bool = False
    gone: bool = False
    hand: int = 0
    pending: int = 0  # withdrawn tokens awaiting the owner's redeployment
    reserve: int = 0  # Amazon reserve
    camps: int = 0  # Bivouacking: encampments off the board (unplaced)
    knocked_camps: int = 0  # encampments knocked out this turn (trigger a withdrawal step)
    holes_placed: int = 0
    conquered: list = field(default_factory=list)  # [[region, was_non_empty], ...] this turn
    converted: list = field(default_factory=list)  # seats converted against this turn
    dragon_used: bool = False
    fortress_used: bool = False
    berserk: int | None = None  # pending Berserk roll
    conquests_over: bool = False
    has_spirit: bool = False  # keeps the Spirit badge after decline


@dataclass
class Player:
    """One seat: hidden coins, its races, and coins earned per source."""

    coins: int
    active: int | None = None
    declined: list = field(default_factory=list)
    earned: dict = field(default_factory=dict)


@dataclass
class State:
    """The whole game."""

    variant: str
    map: str
    n: int
    turns: int
    first: int
    rng: Rng
    turn: int = 1
    current: int = 0
    phase: str = "start"
    acting: int | None = None
    fresh: bool = True
    regions: list = field(default_factory=list)
    insts: list = field(default_factory=list)
    players: list = field(default_factory=list)
    column: list = field(default_factory=list)  # [[race, power, coins], ...]
    race_deck: list = field(default_factory=list)
    race_deck_known: int = 0  # returned banners at the bottom of the race deck (public order)
    power_deck: list = field(default_factory=list)
    discard: list = field(default_factory=list)
    tray: dict = field(default_factory=dict)
    supply: dict = field(default_factory=dict)
    lt_placed: int = 0
    lt_removed: int = 0
    allies: list = field(default_factory=list)  # [[diplomat_seat, ally_seat], ...]
    attacked: list = field(default_factory=list)  # seats whose active race our active race hit
    ghoul_queue: list = field(default_factory=list)
    withdraw_queue: list = field(default_factory=list)
    heroes_left: int = 0
    dice: list = field(default_factory=list)
    highlight: list = field(default_factory=list)
    over: bool = False

    # -- lookups -------------------------------------------------------------------------
    @property
    def board(self) -> data.Map:
        """The static map."""
        return data.game_map(self.map, self.variant)

    def inst(self, iid: int | None) -> Instance | None:
        """Return the race instance with id ``iid`` (None for None)."""
        return None if iid is None else self.insts[iid]

    def active(self, seat: int) -> Instance | None:
        """Return ``seat``'s active race instance, if any."""
        return self.inst(self.players[seat].active)

    def regions_of(self, iid: int) -> list[int]:
        """Return the region ids occupied by instance ``iid``."""
        return [r for r, reg in enumerate(self.regions) if reg.inst == iid]

    def on_board(self, iid: int) -> int:
        """Return the number of tokens instance ``iid`` has on the board."""
        return sum(reg.tokens for reg in self.regions if reg.inst == iid)

    def live_insts(self, seat: int) -> list[Instance]:
        """Return the seat's active and in-decline instances (active first)."""
        player = self.players[seat]
        ids = ([player.active] if player.active is not None else []) + list(player.declined)
        return [self.insts[i] for i in ids]


def dump(state: State) -> dict:
    """Return the JSON-safe dict of ``state`` (a deep copy: nothing is shared)."""
    out = {k: (list(v) if isinstance(v, list) else v) for k, v in vars(state).items()}
    out["rng"] = state.rng.dump()
    out["regions"] = [dict(vars(r)) for r in state.regions]
    out["insts"] = [_inst(i) for i in state.insts]
    out["players"] = [{"coins": p.coins, "active": p.active, "declined": list(p.declined),
                       "earned": dict(p.earned)} for p in state.players]
    out["column"] = [list(c) for c in state.column]
    out["allies"] = [list(a) for a in state.allies]
    out["tray"], out["supply"] = dict(state.tray), dict(state.supply)
    return out


def _inst(inst: Instance) -> dict:
    out = dict(vars(inst))
    out["conquered"] = [list(c) for c in inst.conquered]
    out["converted"] = list(inst.converted)
    return out


def load(raw: dict) -> State:
    """Rebuild a state from :func:`dump` output."""
    values = dict(raw)
    values["rng"] = Rng.load(raw["rng"])
    values["regions"] = [RegionState(**r) for r in raw["regions"]]
    values["insts"] = [Instance(**i) for i in raw["insts"]]
    values["players"] = [Player(**p) for p in raw["players"]]
    values["tray"] = dict(raw["tray"])
    values["supply"] = dict(raw["supply"])
    for key in ("race_deck", "power_deck", "discard", "attacked", "ghoul_queue",
                "withdraw_queue", "dice", "highlight"):
        values[key] = list(raw[key])
    values["column"] = [list(c) for c in raw["column"]]
    values["allies"] = [list(a) for a in raw["allies"]]
    return State(**values)


def copy_state(state: State) -> State:
    """Return an independent copy of ``state``."""
    return load(dump(state))
