"""Turn ``View.data`` of Caverna (format in rules/caverna/view.py) into the drawing model."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from . import content
from .labels import score_label, space_name, tile_name
from .model import Cell, Dwarf, Furnishing, Player, RoundSlot, Space, Table

KINDS = {"rock": "mountain", "deep-tunnel": "deep_tunnel", "ore-mine": "ore_mine",
         "ruby-mine": "ruby_mine"}
BONUSES = {"boar": ("boar", 1), "food1": ("food", 1), "food2": ("food", 2)}
RED_EVENTS = ("skip", "feed1", "choice")  # 1st, 2nd, 3rd red marker
FIXED_HARVEST = {1: "none", 2: "none", 3: "normal", 4: "feed1", 5: "normal"}


def table_from(data: dict[str, Any], seat: int | None, focus_seat: int | None) -> Table:
    """Build the drawing model of one view."""
    players = int(data.get("players") or len(data.get("seats", [])) or 1)
    table = Table(players=players, round=int(data.get("round") or 0),
                  rounds=int(data.get("rounds_total") or 12), phase=data.get("phase") or "",
                  to_act=list(data.get("to_act") or []), over=data.get("phase") == "over")
    last = data.get("last_move") or {}
    table.spaces = [_space(s) for s in data.get("spaces", [])]
    _add_hints(table.spaces, players)
    _mark_last_space(table.spaces, last)
    table.round_slots = _round_slots(data, table.spaces)
    table.homes = [_player(s, data, last) for s in data.get("seats", [])]
    table.furnishings = _furnishings(data)
    _mark_last_tiles(table)
    table.focus = _focus(data, seat, focus_seat, len(table.homes))
    return table


def _focus(data: dict, seat: int | None, focus_seat: int | None, count: int) -> int | None:
    """Pick the seat shown in full: the argument, the seat on turn, one to act, the winner
    of a finished game, the viewer, the start player."""
    final = data.get("final") or {}
    winner = max(final, key=lambda s: final[s].get("total", 0), default=None)
    for candidate in (focus_seat, data.get("turn"), *(data.get("to_act") or [])[:1],
                      None if winner is None else int(winner), seat,
                      data.get("start_player"), 0):
        if isinstance(candidate, int) and 0 <= candidate < count:
            return candidate
    return None


def _space(entry: dict) -> Space:
    occupant = entry.get("occupant")
    cost = entry.get("imitation_cost")
    return Space(id=entry["id"], name=space_name(entry["id"]),
                 goods={k: int(v) for k, v in (entry.get("goods") or {}).items() if v},
                 occupant=None if not occupant else (int(occupant["seat"]),
                                                     int(occupant.get("weapon") or 0)),
                 round=int(entry.get("round") or 0) or None,
                 note=f"−{cost}" if cost else "")


def _add_hints(spaces: list[Space], players: int) -> None:
    """Attach each space's printed replenishment and fixed gains (from data/caverna)."""
    keys = content.board_keys(players) if 1 <= players <= 7 else []
    by_id = {content.space_def(k)["id"]: k for k in keys}
    for space in spaces:
        key = by_id.get(space.id) if not space.round else space.id
        definition = content.spaces_file()["space"].get(key or "", {})
        space.hint = space_hint(definition)


def space_hint(definition: dict) -> tuple[tuple[str, str, str], ...]:
    """Return the replenishment ("2/1" = 2 if empty, else 1) and fixed gains of a space."""
    out = []
    for good, if_empty, otherwise in definition.get("acc", []):
        out.append(("acc", good, str(if_empty) if if_empty == otherwise
                    else f"{if_empty}/{otherwise}"))
    alternative = definition.get("acc_alt")
    if alternative:
        out += [("acc", g, str(n)) for g, n in alternative.get("empty", {}).items()]
        out += [("alt", g, str(n)) for g, n in alternative.get("other", {}).items()]
    out += [("gain", g, str(n)) for g, n in (definition.get("gain") or {}).items()]
    return tuple(out)


def _mark_last_space(spaces: list[Space], last: dict) -> None:
    """Highlight the space of the last move (the one that seat occupies, if ids repeat)."""
    target = last.get("space")
    if not target:
        return
    matches = [s for s in spaces if s.id == target]
    mine = [s for s in matches if s.occupant and s.occupant[0] == last.get("seat")]
    for space in (mine or matches)[:1]:
        space.highlight = True


def _mark_last_tiles(table: Table) -> None:
    """Highlight the supply slot of a furnishing tile the last move built."""
    built = {cell.tile for home in table.homes for cell in home.cells.values()
             if cell.highlight and cell.tile}
    for tile in table.furnishings:
        tile.highlight = tile.id in built and not tile.available


def _round_slots(data: dict, spaces: list[Space]) -> list[RoundSlot]:
    by_round = {s.round: s for s in spaces if s.round}
    harvests = _harvests(data)
    slots = []
    for card in data.get("round_cards", []):
        number = int(card["round"])
        space = by_round.get(number)
        if space is None and card.get("card"):
            space = Space(id=card["card"], name=space_name(card["card"]), round=number)
        stage = int(card.get("stage") or (number - 1) // 3 + 1)
        slots.append(RoundSlot(number, stage, space, harvests.get(number, "none")))
    for seat_entry in data.get("seats", []):
        for number, goods in (seat_entry.get("future_goods") or {}).items():
            for slot in slots:
                if slot.round == int(number):
                    slot.supplies += [(seat_entry["seat"], k, n) for k, n in goods.items() if n]
    return slots


def _harvests(data: dict) -> dict[int, str]:
    """Return the harvest kind of every round as far as the players know it."""
    total = int(data.get("rounds_total") or 12)
    out = {r: FIXED_HARVEST.get(r, "normal") for r in range(1, total + 1)}
    reds = 0
    for marker in sorted(data.get("harvest_markers") or [], key=lambda m: m["round"]):
        kind = marker.get("marker")
        if kind == "red":
            out[marker["round"]] = RED_EVENTS[min(reds, 2)]
            reds += 1
        else:
            out[marker["round"]] = "normal" if kind == "green" else "hidden"
    current = data.get("round")
    if data.get("harvest") and current in out:
        out[current] = data["harvest"] if data["harvest"] != "none" else "skip"
        if current in FIXED_HARVEST and data["harvest"] == "none":
            out[current] = "none"
    return out


def _player(entry: dict, data: dict, last: dict) -> Player:
    seat = int(entry["seat"])
    final = (data.get("final") or {}).get(str(seat))
    player = Player(
        seat=seat, name=_name(data, seat),
        goods=dict(entry.get("goods") or {}), animals=dict(entry.get("animals") or {}),
        dwarfs=[Dwarf(int(d.get("weapon") or 0), d.get("placed") is not None,
                      bool(d.get("newborn"))) for d in entry.get("dwarfs", [])],
        discs_in_supply=int(entry.get("discs_in_supply") or 0),
        stables_left=int(entry.get("stables_in_supply") or 0),
        begging=int(entry.get("begging") or 0),
        score=final["total"] if final else entry.get("score"),
        start_player=data.get("start_player") == seat,
        to_act=seat in (data.get("to_act") or []),
        tiles=[tile_name(t) for t in entry.get("furnishings", []) if t != "entry-dwelling"],
        breakdown=[(score_label(k), int(v)) for k, v in (final or {}).get("breakdown", {}).items()])
    changed = {tuple(c) for c in last.get("cells") or []} if last.get("seat") == seat else set()
    board = entry.get("board") or {}
    for raw in [*board.get("cells", []), *board.get("overhang", [])]:
        cell = _cell(raw)
        cell.highlight = (raw["row"], raw["col"]) in changed
        player.cells[(cell.col, cell.row)] = cell
    return player


def _name(data: dict, seat: int) -> str:
    names = data.get("names") or []
    return names[seat] if seat < len(names) and names[seat] else f"P{seat + 1}"


def _cell(raw: dict) -> Cell:
    kind = KINDS.get(raw.get("kind") or "", raw.get("kind") or "forest")
    tile = raw.get("furnishing")
    animals = {k: int(v) for k, v in (raw.get("animals") or {}).items() if v}
    if raw.get("dogs"):
        animals["dog"] = int(raw["dogs"])
    return Cell(col=int(raw["col"]) - 1, row=int(raw["row"]) - 1, kind=kind, tile=tile,
                tile_name=tile_name(tile) if tile else "",
                category=_category(tile) if tile else "", stable=bool(raw.get("stable")),
                crop=raw.get("crop"), crop_count=int(raw.get("crop_count") or 0),
                animals=animals, pasture=raw.get("pasture"),
                bonus=BONUSES.get(raw.get("bonus") or ""))


@lru_cache(maxsize=128)
def _category(tile_id: str) -> str:
    """Return the colour group of a built tile (the entry dwelling is a dwelling)."""
    if tile_id == "entry-dwelling":
        return "dwelling"
    return content.tiles().get(tile_id, {}).get("category", "green")


def _furnishings(data: dict) -> list[Furnishing]:
    """List every tile in the game's order: available ones in full, built ones faded."""
    available = {t["id"]: t for t in data.get("furnishings", [])}
    owners = {t: int(s["seat"]) for s in data.get("seats", []) for t in s.get("furnishings", [])}
    out = []
    for tile_id, info in content.tiles().items():
        shown = available.get(tile_id)
        if shown is None and tile_id not in owners:
            continue  # not in this game's supply at all (e.g. outside the intro set)
        entry = shown or info
        out.append(Furnishing(id=tile_id, name=tile_name(tile_id),
                              category=entry.get("category", "green"),
                              cost=dict(entry.get("cost") or {}),
                              points=int(entry.get("points") or 0),
                              available=shown is not None, owner=owners.get(tile_id)))
    out += [Furnishing(id=t, name=tile_name(t), category=v.get("category", "green"),
                       cost=dict(v.get("cost") or {}), points=int(v.get("points") or 0))
            for t, v in available.items() if t not in content.tiles()]
    return out
