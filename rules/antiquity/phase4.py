"""Phase 4, Countryside Building (spec §4, §6): one construction per unused Cart Shop,
plus Alchemy. Moves are tuples; ``problem`` returns a reason key, ``carry_out`` acts.

Moves: ("woodcutter", hex), ("farm", hex, crop, free), ("mine", hex, ore|None),
("fisherman", hex_a, hex_b, catch), ("inn", hex, food), ("city", centre, payment),
("alchemy", hex).
A producing building the bank cannot fully supply is followed by a ``tokens`` decision.
"""

from __future__ import annotations

from rules.core.decisions import push

from . import countryside as cs
from . import data
from .city import building_graves, functioning_type, of_type
from .goods import holds, matches, pay, relax
from .hexes import neighbours
from .influence import influence

COUNTRY = data.game_data()["countryside"]
CITY_COST = COUNTRY["city_cost"]


def free_cart_shops(state, seat: int) -> list[str]:
    """Return the seat's functioning staffed Cart Shops not used this turn."""
    p = state.ps[seat]
    return [bid for bid in of_type(p, "cart_shop") if p["buildings"][bid]["staffed"]
            and not building_graves(p, bid) and not p["buildings"][bid].get("used")]


def alchemy_ready(state, seat: int) -> bool:
    """Tell whether the seat may still use its Faculty of Alchemy this turn."""
    return (functioning_type(state, seat, "faculty_alchemy")
            and not state.ps[seat]["flags"].get("alchemy_used"))


def problem(state, seat: int, move: tuple, area=None, occupied=None) -> str | None:
    """Return why ``move`` is illegal for the seat now, or None."""
    area = influence(state, seat) if area is None else area
    occupied = state.occupied() if occupied is None else occupied
    if move[0] == "alchemy":
        return alchemy_problem(state, seat, move[1], area, occupied)
    if not free_cart_shops(state, seat):
        return "no_cart_shop"
    return CHECKS[move[0]](state, seat, move, area, occupied)


def _woodcutter(state, seat, move, area, occupied):
    reason = cs.site_problem(state, seat, move[1], "F", area, occupied)
    return reason or _pays(state, seat, {"wood": 1})


def _farm(state, seat, move, area, occupied):
    _, site, crop, free = move
    if crop not in COUNTRY["farm_crops"]:
        return "no_such_crop"
    reason = cs.site_problem(state, seat, site, "G", area, occupied)
    if reason:
        return reason
    if free:
        if not functioning_type(state, seat, "faculty_biology"):
            return "no_biology"
        return "used_this_turn" if state.ps[seat]["flags"].get("biology_used") else None
    return _pays(state, seat, {crop: 1})


def _mine(state, seat, move, area, occupied):
    reason = cs.site_problem(state, seat, move[1], "M", area, occupied)
    return reason or cs.mine_problem(state, move[1], move[2]) or _pays(state, seat, {"wood": 1})


def _fisherman(state, seat, move, area, occupied):
    _, a, b, catch = move
    if catch not in COUNTRY["fisherman_catch"]:
        return "no_such_catch"
    reason = cs.fisherman_problem(state, a, b, area, occupied)
    return reason or _pays(state, seat, {"wood": 1})


def _inn(state, seat, move, area, occupied):
    if not functioning_type(state, seat, "brewery"):
        return "no_brewery"
    if move[2] not in data.FOOD:
        return "inn_food"
    return cs.inn_problem(state, seat, move[1], area, occupied) or _pays(state, seat,
                                                                          {move[2]: 1})


def _city(state, seat, move, area, occupied):
    reason = cs.city_problem(state, seat, move[1], area, occupied)
    if reason:
        return reason
    cost = relax(CITY_COST, functioning_type(state, seat, "faculty_philosophy"))
    if not matches(cost, move[2]):
        return "wrong_payment"
    return None if holds(state.ps[seat]["goods"], move[2]) else "goods_missing"


def _pays(state, seat: int, cost: dict) -> str | None:
    kind, n = next(iter(cost.items()))
    return None if state.ps[seat]["goods"][kind] >= n else "goods_missing"


CHECKS = {"woodcutter": _woodcutter, "farm": _farm, "mine": _mine, "fisherman": _fisherman,
          "inn": _inn, "city": _city}


def alchemy_problem(state, seat, centre, area, occupied) -> str | None:
    """Return why Alchemy cannot clean around ``centre`` now, or None (spec §6.9)."""
    if not alchemy_ready(state, seat):
        return "no_alchemy"
    if centre not in state.pollution:
        return "not_polluted"
    if centre not in area:
        return "outside_influence"
    if state.options.get("alchemy") == "fan" and centre in occupied:
        return "occupied"
    return None


def alchemy_cleaned(state, centre, occupied) -> list:
    """Return the hexes Alchemy at ``centre`` cleans (polluted centre and neighbours)."""
    hexes = [centre] + [n for n in neighbours(centre) if n in state.pollution]
    if state.options.get("alchemy") == "fan":
        hexes = [centre] + [n for n in hexes[1:] if n not in occupied]
    return hexes


def use_cart_shop(state, seat: int, to_country: bool) -> None:
    """Use one free Cart Shop: its man leaves it (to the new building or idle)."""
    p = state.ps[seat]
    b = p["buildings"][free_cart_shops(state, seat)[0]]
    b["used"] = True
    b["staffed"] = False
    if not to_country:
        p["idle"] += 1


def carry_out(state, seat: int, move: tuple) -> str | int | None:
    """Carry out a legal move; return the new building id / city index where there is one.

    When the bank holds some but too few goods for every token of a new producing building,
    a ``tokens`` decision is pushed: the builder chooses the hexes (spec §2.8).
    """
    p = state.ps[seat]
    kind = move[0]
    occupied = state.occupied()
    if kind == "alchemy":
        for h in alchemy_cleaned(state, move[1], occupied):
            state.pollution.discard(h)
        p["flags"]["alchemy_used"] = True
        return None
    use_cart_shop(state, seat, kind in cs.TOKEN_TYPES)
    if kind not in cs.TOKEN_TYPES:
        return BUILDERS[kind](state, seat, move, occupied)
    good, site, hexes = PRODUCERS[kind](state, seat, move, occupied)
    cid = cs.add_producer(state, seat, kind, good, site)
    if cs.bank_short(state, good, hexes):
        push(state, {"type": "tokens", "seat": seat, "building": cid,
                     "hexes": [list(h) for h in hexes], "due": state.bank[good]})
        return cid
    cs.place_tokens(state, cid, hexes)
    if not state.country[cid]["tokens"]:
        cs.finish(state, cid)  # no token could be placed: its life is over at once
    return cid


def _woodcutter_parts(state, seat, move, occupied):
    pay(state.ps[seat]["goods"], state.bank, ["wood"])
    site = move[1]
    return "wood", [site], cs.woodcutter_tokens(state, site, occupied)


def _farm_parts(state, seat, move, occupied):
    _, site, crop, free = move
    if free:
        state.ps[seat]["flags"]["biology_used"] = True
    else:
        pay(state.ps[seat]["goods"], state.bank, [crop])
    return crop, [site], cs.spread_tokens(state, site, "G", occupied)


def _mine_parts(state, seat, move, occupied):
    site = move[1]
    ore = cs.mine_ore(state, site, move[2])
    state.ores[state.board.ranges[site]] = ore
    pay(state.ps[seat]["goods"], state.bank, ["wood"])
    return ore, [site], cs.spread_tokens(state, site, "M", occupied)


def _fisherman_parts(state, seat, move, occupied):
    _, a, b, catch = move
    pay(state.ps[seat]["goods"], state.bank, ["wood"])
    state.pools["fisherman"] -= 1
    return catch, [a, b], cs.fisherman_tokens(state, a, b, occupied)


def _build_inn(state, seat, move, occupied):
    pay(state.ps[seat]["goods"], state.bank, [move[2]])
    cs.build_inn(state, seat, move[1])
    return None


def _build_city(state, seat, move, occupied):
    pay(state.ps[seat]["goods"], state.bank, move[2])
    return cs.build_city(state, seat, move[1])


PRODUCERS = {"woodcutter": _woodcutter_parts, "farm": _farm_parts, "mine": _mine_parts,
             "fisherman": _fisherman_parts}
BUILDERS = {"inn": _build_inn, "city": _build_city}
