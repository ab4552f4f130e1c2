"""Phase-2 building abilities (spec §4 2d): Theology, Hospital, Santa Barbara, Market bank."""

from __future__ import annotations

from collections import Counter

from . import data
from .city import (
    building_graves,
    empty_cells,
    fits,
    footprint,
    functioning_type,
    of_type,
    rectangle,
    rotated,
)
from .goods import holds
from .saints import has_bonus, razable

HOSPITAL_GRAVES = data.game_data()["hospital"]["graves"]


def raze_problem(state, seat: int) -> str | None:
    """Return why the seat cannot raze its Cathedral now, or None."""
    p = state.ps[seat]
    if not functioning_type(state, seat, "faculty_theology"):
        return "no_theology"
    if p["flags"].get("theology_used"):
        return "used_this_turn"
    cathedrals = of_type(p, "cathedral")
    if not cathedrals:
        return "no_cathedral"
    if building_graves(p, cathedrals[0]):
        return "graved"
    if not razable(p["saint"]):
        return "santa_maria"
    return None


def do_raze(state, seat: int) -> None:
    """Remove the Cathedral; its saint is lost and it may be built again."""
    p = state.ps[seat]
    for bid in of_type(p, "cathedral"):
        del p["buildings"][bid]
    p["saint"] = None
    p["flags"]["theology_used"] = True


def hospital_problem(state, seat: int, cells) -> str | None:
    """Return why the Hospital cannot clear ``cells`` (city, row, col) now, or None."""
    p = state.ps[seat]
    if not functioning_type(state, seat, "hospital"):
        return "no_hospital"
    if p["flags"].get("hospital_used"):
        return "used_this_turn"
    graves = {tuple(g) for g in p["graves"]}
    if not 1 <= len(cells) <= HOSPITAL_GRAVES or len(set(cells)) != len(cells):
        return "hospital_count"
    if any(tuple(c) not in graves for c in cells):
        return "not_a_grave"
    return None


def do_hospital(state, seat: int, cells) -> None:
    """Remove the graves on ``cells``; graved buildings may work again."""
    p = state.ps[seat]
    gone = {tuple(c) for c in cells}
    p["graves"] = [g for g in p["graves"] if tuple(g) not in gone]
    p["flags"]["hospital_used"] = True


def move_problem(state, seat: int, bid: str, city: int, anchor, k: int) -> str | None:
    """Return why Santa Barbara cannot move building ``bid`` there, or None."""
    p = state.ps[seat]
    if not has_bonus(p, "rearrange"):
        return "no_rearrange"
    b = p["buildings"].get(bid)
    if b is None:
        return "no_building"
    if building_graves(p, bid):
        return "graved"
    if not fits(p, city, moved_cells(b, anchor, k), ignore=bid if b["city"] == city else None):
        return "does_not_fit"
    return None


def moved_cells(b: dict, anchor, k: int) -> list:
    """Return the cells building ``b`` would cover at ``anchor`` with rotation ``k``."""
    if b["type"] == "storage":
        h, w = (b["h"], b["w"]) if k % 2 == 0 else (b["w"], b["h"])
        return rectangle(anchor, h, w)
    return rotated(footprint(b["type"]), anchor, k)


def do_move(state, seat: int, bid: str, city: int, anchor, k: int) -> None:
    """Move building ``bid``: it keeps its man, flags and identity."""
    b = state.ps[seat]["buildings"][bid]
    cells = moved_cells(b, anchor, k)
    if b["type"] == "storage" and k % 2:
        b["h"], b["w"] = b["w"], b["h"]
    b["city"] = city
    b["cells"] = [list(c) for c in cells]


def grave_move_problem(state, seat: int, source, target) -> str | None:
    """Return why Santa Barbara cannot move the grave at ``source`` to ``target``."""
    p = state.ps[seat]
    if not has_bonus(p, "rearrange"):
        return "no_rearrange"
    if tuple(source) not in {tuple(g) for g in p["graves"]}:
        return "not_a_grave"
    city, r, c = target
    if not 0 <= city < len(p["cities"]) or (r, c) not in empty_cells(p, city):
        return "grave_target"
    return None


def do_grave_move(state, seat: int, source, target) -> None:
    """Move one grave to an empty cell."""
    p = state.ps[seat]
    p["graves"] = [g for g in p["graves"] if tuple(g) != tuple(source)] + [list(target)]


def bank_problem(state, seat: int, give, get: str) -> str | None:
    """Return why the Market cannot trade ``give`` (2 goods) for ``get`` now, or None."""
    if not functioning_type(state, seat, "market"):
        return "no_market"
    if len(give) != 2 or get not in data.GOODS or any(g not in data.GOODS for g in give):
        return "bank_trade_form"
    if not holds(state.ps[seat]["goods"], give):
        return "goods_missing"
    if state.bank[get] < 1:
        return "bank_empty"
    return None


def do_bank(state, seat: int, give, get: str) -> None:
    """Pay two goods to the bank and take one."""
    goods = state.ps[seat]["goods"]
    for kind, n in Counter(give).items():
        goods[kind] -= n
        state.bank[kind] += n
    goods[get] += 1
    state.bank[get] -= 1
