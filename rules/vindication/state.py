"""Vindication state: plain dataclasses, a cheap copy, and the JSON dump/load.

Hidden fields (read only through ``view``): ``Player.quests``, ``Player.returned``, every
deck order in ``decks``, ``bag``, ``quest_deck``, ``trigger_deck``, ``wish_pool``, and the
card lists inside pending decisions of kind ``quest_keep``, ``pick``, ``temple_keep`` and
``pet_pick`` (the pet deck is ``decks["pets"]``, spec 7.8).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rules.core import Rng

from .data import ATTRIBUTES
from .myths import copy as copy_myths


def fresh_turn(start_triangle: str | None = None) -> dict:
    """Return the per-turn flags of spec 3.1, all reset."""
    return {"start_triangle": start_triangle, "moved": False, "activated": False,
            "visited_or_rested": False, "visited_hex": None, "took_control": False,
            "control_open": False, "proficiency_taken": False, "relics_used": [],
            "abilities_used": [], "move_bonus": 0, "unable_penalties": 0, "placed_tiles": 0,
            "cost_discount_used": False}


@dataclass
class Player:
    """One player's power board, attributes, cards and tokens (spec 8.1)."""

    start_number: int
    triangle: str
    potential: int = 8
    influence: int = 8
    conviction: int = 2
    attrs: dict = field(default_factory=lambda: {a: 0 for a in ATTRIBUTES})
    honor: int = 15
    speed: int = 2
    vindicated: bool = False
    companions: list = field(default_factory=list)  # [[card, cubes], ...]
    relics: list = field(default_factory=list)  # [[card, cubes], ...]
    traits: list = field(default_factory=list)
    monsters: list = field(default_factory=list)
    quests: list = field(default_factory=list)  # hidden
    proficiency: dict = field(default_factory=lambda: {a: 0 for a in ATTRIBUTES})
    tokens: list = field(default_factory=list)
    returned: list = field(default_factory=list)  # hidden: quests this player put back
    crystals: int = 0  # plain crystals (Jewelcrafter & Crystal Mines, spec 7.7)
    infused: list = field(default_factory=list)  # one attribute per infused crystal
    infused_used: list = field(default_factory=list)  # infused crystals paid with this turn
    pets: list = field(default_factory=list)  # [[pet, owner companion | None], ...] (7.8)
    guild: list | None = None  # Guilds & Monuments (7.10): [location, target, turn placed]
    monument: list = field(default_factory=list)  # filled slots: attributes, "conviction",
    monument_built: bool = False  # and "tile_<attr>" (Proficiency tiles)

    def clone(self) -> "Player":
        """Return an independent copy."""
        return Player(self.start_number, self.triangle, self.potential, self.influence,
                      self.conviction, dict(self.attrs), self.honor, self.speed,
                      self.vindicated, [list(c) for c in self.companions],
                      [list(r) for r in self.relics], list(self.traits), list(self.monsters),
                      list(self.quests), dict(self.proficiency), list(self.tokens),
                      list(self.returned), self.crystals, list(self.infused),
                      list(self.infused_used), [list(p) for p in self.pets],
                      list(self.guild) if self.guild else None, list(self.monument),
                      self.monument_built)


@dataclass
class VState:
    """The whole game (spec 8.1); ``pending`` is the decision stack of rules.core.decisions."""

    rng: Rng
    players: list
    options: dict
    first_seat: int = 0
    current: int = 0
    round: int = 0
    end_round: int | None = None
    over: bool = False
    started: bool = False
    hexes: dict = field(default_factory=dict)  # hex -> [tile | None, controller | None]
    bag: list = field(default_factory=list)
    decks: dict = field(default_factory=dict)  # deck -> [card, ...] (index 0 = top)
    face_up: dict = field(default_factory=dict)  # deck -> card | None
    removed: list = field(default_factory=list)
    quest_deck: list = field(default_factory=list)
    quest_returns: list = field(default_factory=list)
    trigger_deck: list = field(default_factory=list)
    triggers_up: list = field(default_factory=list)
    tokens_left: list = field(default_factory=list)
    prof_supply: dict = field(default_factory=dict)
    prof_removed: dict = field(default_factory=dict)
    wish_pool: list = field(default_factory=list)
    wishes: dict = field(default_factory=dict)  # well hex -> [token, token, token]
    turn: dict = field(default_factory=fresh_turn)
    pending: list = field(default_factory=list)
    script: dict = field(default_factory=dict)  # tests: scripted dice / bag draws
    turns_played: int = 0
    announce: list = field(default_factory=list)  # public set-up facts, told with the 1st move
    aside: list = field(default_factory=list)  # Building Sites: buildable tiles (public, 7.9)
    pet_market: list = field(default_factory=list)  # Menagerie & Pets: face-up pets (7.8)
    myths: dict = field(default_factory=dict)  # Myths & Marvels (7.11): see rules.vindication.myths

    def clone(self) -> "VState":
        """Return an independent copy (lists and dicts one level deep, players cloned)."""
        return VState(
            self.rng.copy(), [p.clone() for p in self.players],
            self.options, self.first_seat, self.current, self.round, self.end_round,
            self.over, self.started, {h: list(v) for h, v in self.hexes.items()},
            list(self.bag), {d: list(c) for d, c in self.decks.items()}, dict(self.face_up),
            list(self.removed), list(self.quest_deck), list(self.quest_returns),
            list(self.trigger_deck), list(self.triggers_up), list(self.tokens_left),
            dict(self.prof_supply), dict(self.prof_removed), list(self.wish_pool),
            {h: list(v) for h, v in self.wishes.items()}, _copy_turn(self.turn),
            [_copy_decision(d) for d in self.pending],
            {k: list(v) for k, v in self.script.items()}, self.turns_played,
            [dict(a, aside=list(a["aside"])) for a in self.announce], list(self.aside),
            list(self.pet_market), copy_myths(self.myths))


def _copy_turn(turn: dict) -> dict:
    copied = dict(turn)
    copied["relics_used"] = list(turn["relics_used"])
    copied["abilities_used"] = list(turn["abilities_used"])
    return copied


def _copy_decision(d: dict) -> dict:
    return {k: (list(v) if isinstance(v, list) else dict(v) if isinstance(v, dict) else v)
            for k, v in d.items()}


def dump_state(state: VState) -> dict:
    """Return a JSON-safe dict holding the whole state (a fresh copy: no aliasing)."""
    copy = state.clone()
    data = {name: value for name, value in vars(copy).items() if name not in ("rng", "players")}
    data["rng"] = copy.rng.dump()
    data["players"] = [dict(vars(p)) for p in copy.players]
    data["options"] = {k: list(v) if isinstance(v, (list, tuple)) else v
                       for k, v in copy.options.items()}
    return data


def load_state(data: dict) -> VState:
    """Rebuild a state from :func:`dump_state` output."""
    values = {k: v for k, v in data.items() if k not in ("rng", "players")}
    players = [Player(**p) for p in data["players"]]
    state = VState(rng=Rng.load(data["rng"]), players=players, **values)
    return state.clone()
