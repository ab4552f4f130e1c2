"""The computer players' evaluation of Antiquity values survival and the goods engine
(spec §7, §8.3: most games are decided by who is eliminated first)."""

from __future__ import annotations

from rules.antiquity import evaluate
from rules.antiquity.city import all_empty_cells
from tests.antiquity.helpers import give, goods, men
from tests.antiquity.test_victory import saint_state


def test_food_that_spares_famine_graves_is_worth_more_than_the_graves():
    short = saint_state("san_nicolo")
    short.famine = 3
    fed = short.copy()
    goods(fed, 0, grain=3)
    # three graves fewer at the next famine: worth more than the three graves themselves
    assert evaluate.evaluate(fed, 0) - evaluate.evaluate(short, 0) > 3.0


def test_less_room_for_graves_is_worse():
    roomy = saint_state("san_nicolo")
    empty = all_empty_cells(roomy.ps[0])
    roomy.ps[0]["graves"].extend(list(cell) for cell in empty[:-10])  # 10 cells left
    cramped = roomy.copy()
    cramped.ps[0]["graves"].append(list(empty[-1]))
    # one grave more costs more than the grave count alone (the room left shrinks too)
    assert evaluate.evaluate(roomy, 0) - evaluate.evaluate(cramped, 0) > 1.0


def test_a_staffed_cart_shop_is_worth_more_than_the_idle_man():
    idle = saint_state("san_nicolo")
    men(idle, 0, 1)
    give(idle, 0, "cart_shop", staffed=False)
    staffed = idle.copy()
    bid = next(b for b, v in staffed.ps[0]["buildings"].items() if v["type"] == "cart_shop")
    staffed.ps[0]["buildings"][bid]["staffed"] = True
    staffed.ps[0]["idle"] -= 1
    assert evaluate.evaluate(staffed, 0) > evaluate.evaluate(idle, 0)
