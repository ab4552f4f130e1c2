"""Work-phase turns (spec §2.5): place the next dwarf in weapon order, or pay 1 ruby to
place any dwarf ("place <space>", "place <space> ruby <strength>")."""

from __future__ import annotations

from rules.core import Action, Msg

from . import spaces
from .engine import Handler, handler, pop
from .goods import pay


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
    player = state.ps[seat]
    out = []
    first = next_dwarf(player)
    for space in state.spaces:
        if first is not None and spaces.playable(state, seat, space, first):
            out.append((space["id"], None))
    for strength in ruby_strengths(player):
        dwarf = dwarf_with(player, strength)
        out += [(s["id"], strength) for s in state.spaces
                if spaces.playable(state, seat, s, dwarf)]
    return out


def parse(text: str) -> tuple[str, int | None] | None:
    """Read "place <space>" or "place <space> ruby <n>"."""
    words = text.split()
    if len(words) == 2 and words[0] == "place":
        return words[1], None
    if len(words) == 4 and words[0] == "place" and words[2] == "ruby" and words[3].isdigit():
        return words[1], int(words[3])
    return None


@handler
class TurnDecision(Handler):
    """Place one dwarf on an unoccupied action space."""

    kind = "turn"

    def options(self, state, d):
        out = []
        for space_id, strength in placements(state, d["seat"]):
            space = spaces.find(state, space_id)
            group = "ruby" if strength is not None else ("round" if space["round"] else "board")
            text = f"place {space_id}" + ("" if strength is None else f" ruby {strength}")
            out.append(Action(text, Msg("caverna.action.place" if strength is None else
                                        "caverna.action.place_ruby", {
                                            "space": spaces.space_msg(space_id),
                                            "strength": strength or 0}), group=group))
        normal = [a for a in out if a.group != "ruby"]
        plain = {a.text for a in normal}
        ruby = [a for a in out if a.group == "ruby"]
        ruby.sort(key=lambda a: " ".join(a.text.split()[:2]) in plain)  # new spaces first
        return normal + ruby

    def accepts(self, state, d, text):
        parsed = parse(text)
        return parsed is not None and parsed in placements(state, d["seat"])

    def prompt_params(self, state, d):
        player = state.ps[d["seat"]]
        first = next_dwarf(player)
        weapon = player["dwarfs"][first]["weapon"] if first is not None else 0
        return {"seat": d["seat"], "strength": weapon, "round": state.round}

    def apply(self, state, d, text, events):
        space_id, strength = parse(text)
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
