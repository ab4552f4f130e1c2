"""Forging a weapon (spec §4.6), the Weekly market (§4.12) and Ore trading (§4.11)."""

from __future__ import annotations

from functools import lru_cache

from rules.core import Action
from rules.core.decisions import pop
from rules.core.verbs import must_be_listed

from . import msgs
from .goods import gain, has, pay
from .handler import DONE, Step

MARKET = {"dog": 2, "sheep": 1, "donkey": 1, "boar": 2, "cattle": 3, "wood": 1, "stone": 1,
          "ore": 1, "grain": 1, "vegetable": 2}


def forge_strengths(player: dict) -> list[int]:
    """Return the weapon strengths ``player`` can pay for (Blacksmith: 2 ore off)."""
    discount = 2 if has(player, "blacksmith") else 0
    return [s for s in range(1, 9) if max(0, s - discount) <= player["goods"]["ore"]]


@lru_cache(maxsize=None)
def _forge(strength: int) -> Action:
    return Action(f"forge {strength}", msgs.action("forge", strength=strength),
                  move=("forge", strength))


@lru_cache(maxsize=None)
def _buy(item: str) -> Action:
    return Action(f"buy {item}", msgs.action("buy", item=msgs.good(item), price=MARKET[item]),
                  move=("buy", item))


@lru_cache(maxsize=None)
def _trade(k: int) -> Action:
    return Action(f"trade {k}", msgs.action("trade", k=k, ore=2 * k), move=("trade", k))


class ForgeDecision(Step):
    """Forge a weapon of strength 1-8 for the acting (unarmed) dwarf."""

    kind = "forge"
    refusal = "cannot_forge"

    def options(self, state, d):
        return [_forge(s) for s in forge_strengths(state.ps[d["seat"]])]

    def forge_effect(self, state, d, move, events):
        strength = move[1]
        player = state.ps[d["seat"]]
        discount = 2 if has(player, "blacksmith") else 0
        pay(state, d["seat"], {"ore": max(0, strength - discount)}, events)
        player["dwarfs"][d["dwarf"]]["weapon"] = strength
        events.append(msgs.event("forge", seat=d["seat"], strength=strength))
        pop(state, d)

    problems = {"forge": must_be_listed}
    effects = {"forge": forge_effect}


class MarketDecision(Step):
    """Weekly market: buy at most one of each item with gold, then done."""

    kind = "market"

    def options(self, state, d):
        gold = state.ps[d["seat"]]["goods"]["gold"]
        out = [_buy(item) for item, price in MARKET.items()
               if item not in d["bought"] and gold >= price]
        return out + [DONE]

    def done_effect(self, state, d, move, events):
        pop(state, d)

    def buy_effect(self, state, d, move, events):
        item = move[1]
        d["bought"].append(item)
        pay(state, d["seat"], {"gold": MARKET[item]}, events)
        gain(state, d["seat"], {item: 1}, events)

    problems = {"buy": must_be_listed, "done": must_be_listed}
    effects = {"buy": buy_effect, "done": done_effect}


class TradeDecision(Step):
    """Ore trading: pay 2k ore for 2k gold and k food, k = 1-3."""

    kind = "trade"

    def options(self, state, d):
        ore = state.ps[d["seat"]]["goods"]["ore"]
        return [_trade(k) for k in (1, 2, 3) if ore >= 2 * k]

    def trade_effect(self, state, d, move, events):
        k = move[1]
        pay(state, d["seat"], {"ore": 2 * k}, events)
        gain(state, d["seat"], {"gold": 2 * k, "food": k}, events)
        pop(state, d)

    problems = {"trade": must_be_listed}
    effects = {"trade": trade_effect}
