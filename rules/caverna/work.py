"""Work-phase turns (spec §2.5): place the next dwarf in weapon order, or pay 1 ruby to
place any dwarf ("place <space>", "place <space> ruby <strength>")."""

from __future__ import annotations

from functools import lru_cache

from rules.core import Action
from rules.core.decisions import pop

from . import msgs, parts, spaces
from .goods import pay
from .handler import Step


def home(player: dict) -> list[int]:
    """Return the indices of adult dwarfs at home, weakest first (unarmed first)."""
    idx = [i for i, d in enumerate(player["dwarfs"]) if d["placed"] is None and not d["newborn"]]
    return sorted(idx, key=lambda i: player["dwarfs"][i]["weapon"])


def next_dwarf(player: dict) -> int | None:
    """Return the dwarf that must be placed next without paying a ruby."""
    idx = home(player)
    return idx[0] if idx else None


def ruby_strengths(player: dict) -> list[int]:
    """Return the strengths placeable out of order for 1 ruby."""
    idx = home(player)
    if not idx or player["goods"]["ruby"] < 1:
        return []
    first = player["dwarfs"][idx[0]]["weapon"]
    return sorted({player["dwarfs"][i]["weapon"] for i in idx} - {first})


def dwarf_with(player: dict, strength: int) -> int | None:
    """Return a home dwarf of exactly ``strength``."""
    return next((i for i in home(player) if player["dwarfs"][i]["weapon"] == strength), None)


def placements(state, seat: int) -> list[tuple[str, int | None]]:
    """Return legal (space id, ruby strength or None) placements for ``seat``."""
    return [(space["id"], strength) for space, strength in _placements(state, seat)]


def _placements(state, seat: int) -> list[tuple[dict, int | None]]:
    player = state.ps[seat]
    out = []
    memo: dict = {}
    first = next_dwarf(player)
    if first is not None:
        out = [(s, None) for s in state.spaces
               if parts.playable(state, seat, s, first, memo=memo)]
    for strength in ruby_strengths(player):
        dwarf = dwarf_with(player, strength)
        out += [(s, strength) for s in state.spaces
                if parts.playable(state, seat, s, dwarf, memo=memo)]
    return out


def can_place(state, seat: int) -> bool:
    """Tell whether ``seat`` has any legal placement (stops at the first)."""
    player = state.ps[seat]
    first = next_dwarf(player)
    if first is None:
        return False
    memo: dict = {}
    if any(parts.playable(state, seat, s, first, memo=memo) for s in state.spaces):
        return True
    return any(parts.playable(state, seat, s, dwarf_with(player, strength), memo=memo)
               for strength in ruby_strengths(player) for s in state.spaces)


@lru_cache(maxsize=None)
def _place(space_id: str, round_card: bool) -> Action:
    """The (immutable) action placing the next dwarf on ``space_id``."""
    return Action(f"place {space_id}", msgs.action("place", space=msgs.space(space_id),
                                                   strength=0),
                  "round" if round_card else "board", ("place", space_id, None))


@lru_cache(maxsize=None)
def _place_ruby(space_id: str, strength: int) -> Action:
    """The (immutable) action paying 1 ruby to place the dwarf of ``strength``."""
    return Action(f"place {space_id} ruby {strength}", msgs.action(
        "place_ruby", space=msgs.space(space_id), strength=strength), "ruby",
        ("place", space_id, strength))


class TurnDecision(Step):
    """Place one dwarf on an unoccupied action space."""

    kind = "turn"

    def options(self, state, d):
        normal, ruby = [], []
        for space, strength in _placements(state, d["seat"]):
            if strength is None:
                normal.append(_place(space["id"], bool(space["round"])))
            else:
                ruby.append(_place_ruby(space["id"], strength))
        plain = {a.move[1] for a in normal}
        ruby.sort(key=lambda a: a.move[1] in plain)  # spaces the next dwarf cannot take first
        return normal + ruby

    def has_options(self, state, d):
        """True: the flow opens a turn only for a seat that can place (``can_place``)."""
        return True

    def place_problem(self, state, d, move):
        """Placement rules with their reasons: the space, occupancy, ruby, dwarf, parts."""
        _, space_id, strength = move
        seat = d["seat"]
        player = state.ps[seat]
        space = spaces.find(state, space_id)
        if space is None:
            return msgs.error("no_space", space=space_id)
        if space["occupant"] is not None:
            return msgs.error("occupied", space=msgs.space(space_id))
        if strength is None:
            dwarf = next_dwarf(player)
        else:
            if player["goods"]["ruby"] < 1:
                return msgs.error("no_ruby")
            if strength not in ruby_strengths(player):
                return msgs.error("no_such_dwarf", strength=strength)
            dwarf = dwarf_with(player, strength)
        if dwarf is None or not parts.playable(state, seat, space, dwarf):
            return msgs.error("cannot_carry_out", space=msgs.space(space_id))
        return None

    def prompt_params(self, state, d):
        player = state.ps[d["seat"]]
        first = next_dwarf(player)
        weapon = player["dwarfs"][first]["weapon"] if first is not None else 0
        return {"seat": d["seat"], "strength": weapon, "round": state.round}

    def place_effect(self, state, d, move, events):
        _, space_id, strength = move
        seat = d["seat"]
        player = state.ps[seat]
        pop(state, d)
        state.turn = (seat + 1) % state.players
        if strength is None:
            dwarf = next_dwarf(player)
        else:
            pay(state, seat, {"ruby": 1}, events)
            dwarf = dwarf_with(player, strength)
        spaces.take(state, seat, dwarf, spaces.find(state, space_id), events)

    problems = {"place": place_problem}
    effects = {"place": place_effect}
