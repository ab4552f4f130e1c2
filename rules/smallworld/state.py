"""The Small World game state: regions, race instances, players, decks, pending decisions.

Every field is JSON-safe (ints, strings, lists, dicts with string keys) except ``rng``.
Race instances are never deleted: an instance that left the board is marked ``gone``.
``pending`` is the stack of decisions of :mod:`rules.core.decisions` (each a dict with
``type``, ``seat`` and ``inst``, the race instance it concerns); ``phase`` and ``acting`` read
its top. :func:`copy_state` copies only what a move may change (no dump/load, no deepcopy).
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields

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

    def clone(self) -> "RegionState":
        """Return an independent copy."""
        new = object.__new__(RegionState)
        new.__dict__ = self.__dict__.copy()
        return new


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

    def clone(self) -> "Instance":
        """Return an independent copy (the pairs in ``conquered`` are never mutated)."""
        new = object.__new__(Instance)
        values = new.__dict__ = self.__dict__.copy()
        values["conquered"] = list(self.conquered)
        values["converted"] = list(self.converted)
        return new


@dataclass
class Player:
    """One seat: hidden coins, its races, and coins earned per source."""

    coins: int
    active: int | None = None
    declined: list = field(default_factory=list)
    earned: dict = field(default_factory=dict)

    def clone(self) -> "Player":
        """Return an independent copy."""
        new = object.__new__(Player)
        values = new.__dict__ = self.__dict__.copy()
        values["declined"] = list(self.declined)
        values["earned"] = dict(self.earned)
        return new


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
    heroes_left: int = 0
    dice: list = field(default_factory=list)
    highlight: list = field(default_factory=list)
    over: bool = False
    pending: list = field(default_factory=list)  # the decision stack (rules.core.decisions)
    extra: dict = field(default_factory=dict)  # a variant's own JSON-safe fields
    # regions and players this state may change in place; the others may be shared with copies
    owned_regions: set = field(default_factory=set, repr=False, compare=False)
    owned_players: set = field(default_factory=set, repr=False, compare=False)
    owned_insts: set = field(default_factory=set, repr=False, compare=False)

    def edit(self, region: int) -> RegionState:
        """Return ``region`` ready to be changed (copied first if a copy shares it).

        Every change to a region goes through here (and to a player through
        :meth:`edit_player`): copies share unchanged regions and players.
        """
        owned = self.owned_regions
        if region in owned:
            return self.regions[region]
        reg = self.regions[region] = self.regions[region].clone()
        if owned:
            owned.add(region)
        else:  # an empty set may be the one shared by copies (NOTHING_OWNED): a new one
            self.owned_regions = {region}
        return reg

    def edit_inst(self, iid: int) -> Instance:
        """Return race instance ``iid`` ready to be changed (copied first if shared).

        Every change to an instance is made on an object obtained here (or just created).
        """
        owned = self.owned_insts
        if iid in owned:
            return self.insts[iid]
        inst = self.insts[iid] = self.insts[iid].clone()
        self.own_inst(iid)
        return inst

    def own_inst(self, iid: int) -> None:
        """Record that this state alone holds race instance ``iid`` (edited or new)."""
        if self.owned_insts:
            self.owned_insts.add(iid)
        else:
            self.owned_insts = {iid}

    def edit_player(self, seat: int) -> "Player":
        """Return ``seat``'s player record ready to be changed (copied first if shared)."""
        owned = self.owned_players
        if seat in owned:
            return self.players[seat]
        player = self.players[seat] = self.players[seat].clone()
        if owned:
            owned.add(seat)
        else:
            self.owned_players = {seat}
        return player

    # -- the decision on top -------------------------------------------------------------
    @property
    def phase(self) -> str:
        """The kind of decision owed now (``over`` once the game has ended)."""
        if self.over:
            return "over"
        return self.pending[-1]["type"] if self.pending else "none"

    @property
    def acting(self) -> int | None:
        """The race instance whose conquest, redeployment or end step is being played."""
        if not self.pending or self.over:
            return None
        top = self.pending[-1]
        return None if top["type"] == "withdraw" else top.get("inst")

    # -- lookups -------------------------------------------------------------------------
    @property
    def board(self) -> data.Map:
        """The static map (looked up once per state object)."""
        board = self.__dict__.get("_board")
        if board is None or board.name != self.map:
            board = self.__dict__["_board"] = data.game_map(self.map, self.variant)
        return board

    def inst(self, iid: int | None) -> Instance | None:
        """Return the race instance with id ``iid`` (None for None)."""
        return None if iid is None else self.insts[iid]

    def active(self, seat: int) -> Instance | None:
        """Return ``seat``'s active race instance, if any."""
        iid = self.players[seat].active
        return None if iid is None else self.insts[iid]

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


NOTHING_OWNED = frozenset()  # what a state just copied (or copied from) may change in place
PROBE = "_start_probe"  # the cached position past the start step (handlers.start_probe)
# the deck, discard, attacked, Ghoul queue and forced dice lists are replaced, never changed in
# place, so copies share them; the highlight is changed in place and copied
_PLAIN_LISTS = ("race_deck", "power_deck", "discard", "attacked", "ghoul_queue", "dice",
                "highlight")


def copy_state(state: State) -> State:
    """Return an independent copy of ``state``, copying only what moves change."""
    # from now on both states share every region, player and race instance
    state.owned_regions = state.owned_players = state.owned_insts = NOTHING_OWNED
    values = state.__dict__.copy()
    values.pop(PROBE, None)
    values["rng"] = state.rng.copy()
    values["regions"] = list(state.regions)
    values["insts"] = list(state.insts)
    values["players"] = list(state.players)
    values["column"] = list(state.column)  # entries are replaced, never changed
    values["tray"] = state.tray.copy()
    values["supply"] = state.supply.copy()
    values["allies"] = list(state.allies)  # pairs are replaced, never changed
    values["pending"] = list(state.pending)  # decisions are replaced, never changed
    values["extra"] = _copy_json(state.extra) if state.extra else {}
    values["owned_regions"] = values["owned_players"] = values["owned_insts"] = NOTHING_OWNED
    values["highlight"] = list(state.highlight)
    out = State.__new__(State)
    out.__dict__ = values
    return out


def _copy_json(value):
    """Return a deep copy of the JSON value ``value`` (dicts and lists copied, the rest
    shared: strings, numbers, booleans and None never change). Leaves are taken as they are
    rather than passed down one call each: Warcraft's extra (markers, pieces, the turn's
    flags) is copied with every position a computer player judges, about a tenth of a hard
    decision's time at 4 players, and a call per leaf made the copy about 15% slower."""
    kind = type(value)
    if kind is dict:
        return {k: v if type(v) not in _NESTED else _copy_json(v) for k, v in value.items()}
    if kind is list:
        return [v if type(v) not in _NESTED else _copy_json(v) for v in value]
    return value


_NESTED = (dict, list)


def _slots(obj) -> dict:
    return {f.name: getattr(obj, f.name) for f in fields(obj)}


def dump(state: State) -> dict:
    """Return the JSON-safe dict of ``state`` (a deep copy: nothing is shared)."""
    out = {f.name: getattr(state, f.name) for f in fields(state)
           if f.name not in ("owned_regions", "owned_players", "owned_insts")}
    for key in _PLAIN_LISTS:
        out[key] = list(out[key])
    out["rng"] = state.rng.dump()
    out["regions"] = [_slots(r) for r in state.regions]
    out["insts"] = [_inst(i) for i in state.insts]
    out["players"] = [{"coins": p.coins, "active": p.active, "declined": list(p.declined),
                       "earned": dict(p.earned)} for p in state.players]
    out["column"] = [list(c) for c in state.column]
    out["allies"] = [list(a) for a in state.allies]
    out["tray"], out["supply"] = dict(state.tray), dict(state.supply)
    out["pending"] = [dict(d) for d in state.pending]
    out["extra"] = _copy_json(state.extra)
    return out


def _inst(inst: Instance) -> dict:
    out = _slots(inst)
    out["conquered"] = [list(c) for c in inst.conquered]
    out["converted"] = list(inst.converted)
    return out


OLD_FORMAT_KEYS = ("phase", "acting", "fresh", "withdraw_queue")


def pending_from_old_format(raw: dict) -> list[dict]:
    """Return the decision stack of a state saved before the decision engine (phase fields)."""
    phase = raw["phase"]
    if raw["over"] or phase == "over":
        return []
    if phase == "withdraw":
        return [{"type": "withdraw", "seat": raw["insts"][i]["owner"], "inst": i}
                for i in reversed(raw["withdraw_queue"])]
    return [{"type": phase, "seat": raw["current"], "inst": raw["acting"]}]


def load(raw: dict) -> State:
    """Rebuild a state from :func:`dump` output (games saved in the older format too)."""
    values = dict(raw)
    if "pending" not in raw:  # saved before the decision engine: phase fields
        values["pending"] = pending_from_old_format(raw)
        for key in OLD_FORMAT_KEYS:
            values.pop(key, None)
    values["rng"] = Rng.load(raw["rng"])
    values["regions"] = [RegionState(**r) for r in raw["regions"]]
    values["insts"] = [Instance(**{**i, "conquered": [list(c) for c in i["conquered"]],
                                   "converted": list(i["converted"])}) for i in raw["insts"]]
    values["players"] = [Player(p["coins"], p["active"], list(p["declined"]), dict(p["earned"]))
                         for p in raw["players"]]
    values["tray"] = dict(raw["tray"])
    values["supply"] = dict(raw["supply"])
    for key in _PLAIN_LISTS:
        values[key] = list(raw[key])
    values["column"] = [list(c) for c in raw["column"]]
    values["allies"] = [list(a) for a in raw["allies"]]
    values["pending"] = [dict(d) for d in values["pending"]]
    values["extra"] = _copy_json(raw.get("extra", {}))
    return State(**values)
