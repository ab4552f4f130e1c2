"""Sample Small World of Warcraft views for the renderer tests (no engine needed)."""

from __future__ import annotations

from rules.core import View
from rules.smallworld_warcraft import data

BOARDS = {2: ("L1", "M1"), 3: ("L2", "M2", "S1"), 4: ("L1", "M1", "M2", "S2"),
          5: ("L1", "L2", "M1", "S1", "S2")}
RACES = tuple(data.races())
POWERS = tuple(data.powers())
MARKERS = tuple(data.markers())
PIECES = ("beasts", "champion", "wisp_wall", "fort", "watchtower", "bomb", "objective")


def start_region(board, rid: int) -> dict:
    """Return the view entry of a region at set-up: Murlocs, face-down marker, nothing else."""
    region = board.regions[rid]
    return {"id": rid, "code": region.code, "race": None, "faction": None, "owner": None,
            "declined": False, "tokens": 0, "beasts": 0, "champion": False,
            "murlocs": int("murloc" in region.symbols), "wisp_wall": False, "fort": False,
            "watchtower": False, "bomb": False, "objective": False,
            "markers": [{"id": None, "face_up": False}] if "size_icon" in region.symbols
            else []}


def busy_view(players: int, seat: int | None = None, coins: bool = False) -> View:
    """Return a mid-game view with every race, every token kind and revealed markers."""
    board = data.board(BOARDS[players])
    regions = [start_region(board, r.id) for r in board.regions]
    land = [r.id for r in board.regions if not r.water]
    for k, rid in enumerate(land[: len(land) * 2 // 3]):
        race = RACES[k % len(RACES)]
        regions[rid].update(race=race, faction=data.faction(race), owner=k % players,
                            declined=k % 5 == 4, tokens=1 + k % 6, murlocs=0)
    water = [r.id for r in board.regions if r.water]
    regions[water[0]].update(race="naga", faction="neutral", owner=0, tokens=2, murlocs=0)
    for k, piece in enumerate(PIECES):
        regions[land[2 * k + 1]][piece] = 2 if piece == "beasts" else True
    regions[land[3]].update(fort=True, watchtower=True, objective=True, beasts=1)
    for k, rid in enumerate(board.with_symbol("size_icon")):
        if k % 2 == 0:
            regions[rid]["markers"] = [{"id": MARKERS[(3 * k) % 12], "face_up": True}]
    regions[land[5]]["markers"] = [{"id": "frostmourne", "face_up": True}]
    view_data = {
        "islands": list(BOARDS[players]), "round": 3, "rounds": data.rounds(players),
        "current": 1 % players, "phase": "conquest", "to_act": [1 % players],
        "highlight": [land[0], land[4]], "regions": regions,
        "combos": [{"race": RACES[i], "power": POWERS[i], "coins": i % 3, "cost": i}
                   for i in range(6)],
        "players": [{"seat": s, "harmony": s == 1,
                     "active": {"race": RACES[s + 6], "power": POWERS[s + 6], "hand": s + 1,
                                "form": "worgen" if s == 2 else None,
                                "champion_in_hand": s == 0},
                     "declined": {"race": RACES[s + 11], "power": "garrison" if s == 1 else None}
                     if s % 2 else None,
                     "coins": (5 + s if (coins or s == seat) else None)}
                    for s in range(players)],
        "over": False, "scores": None, "bomb_pile": 9, "marker_pool": 12 - players,
    }
    return View(game="smallworld_warcraft", seat=seat, data=view_data)
