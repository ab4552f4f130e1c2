"""Interpret the data-driven effects of races and powers: hooks, reach, water, discounts, scores.

Race and power tables in data/smallworld/*.toml carry common effects as plain data
(``discount``, ``score``, ``reach``, ``water``) interpreted here, and name unusual effects as
hooks from the closed lists in :mod:`races` and :mod:`powers`. A race hook works only while the
race is active unless it is listed in ``LASTING_RACE_HOOKS``; a power works only while active
(Spirit is remembered on the instance as ``has_spirit``; fortresses and lairs are board pieces
that simply stay).
"""

from __future__ import annotations

from functools import lru_cache

from . import data
from .state import Instance, State

LASTING_RACE_HOOKS = frozenset({"keep_tokens_in_decline", "acts_in_decline"})

# discount and score kinds a variant adds to the closed lists below (kind -> function of
# (state, inst, region or None, rule) returning True / a count), see ``register_kinds``
VARIANT_DISCOUNTS: dict = {}
VARIANT_SCORES: dict = {}


# score kinds that pay only for what happened this turn (a race picked this turn, regions
# conquered this turn): a later turn does not pay them again for the same board
THIS_TURN_SCORES = frozenset({"first_turn", "nonempty_conquests"})


def register_kinds(discounts: dict | None = None, scores: dict | None = None) -> None:
    """Add a variant's data discount kinds ``(state, inst, region, values) -> bool`` and score
    kinds ``(state, inst, rule) -> count`` to the ones interpreted here."""
    VARIANT_DISCOUNTS.update(discounts or {})
    VARIANT_SCORES.update(scores or {})


def race_has(state: State, inst: Instance, hook: str) -> bool:
    """Tell whether the race of ``inst`` has ``hook`` working now."""
    if hook not in data.race_hooks(inst.race, state.variant):
        return False
    return not inst.declined or hook in LASTING_RACE_HOOKS


def power_has(state: State, inst: Instance, hook: str) -> bool:
    """Tell whether the power of ``inst`` has ``hook`` working now (active races only)."""
    return not inst.declined and hook in data.power_hooks(inst.power, state.variant)


def reach(state: State, inst: Instance) -> str | None:
    """Return the power's reach widening ("any_land", "cavern_network") or None."""
    if inst.declined:
        return None
    return data.powers(state.variant)[inst.power].get("reach")


def may_enter_water(state: State, inst: Instance) -> bool:
    """Tell whether ``inst`` may conquer seas and lakes (active Seafaring)."""
    return not inst.declined and _enters_water(inst.race, inst.power, state.variant)


@lru_cache(maxsize=None)
def _enters_water(race: str, power: str, variant: str) -> bool:
    return bool(data.races(variant)[race].get("water") or data.powers(variant)[power].get("water"))


def discount(state: State, inst: Instance, region: int) -> int:
    """Return the total cost reduction of an active ``inst`` on ``region``."""
    if inst.declined:
        return 0
    rules = _discount_rules(inst.race, inst.power, state.variant)
    return sum(discount_one(state, inst, region, *rule) for rule in rules) if rules else 0


@lru_cache(maxsize=None)
def _discount_rules(race: str, power: str, variant: str) -> tuple:
    """The (kind, values, amount) discount rules of an active race and power."""
    defs = (data.races(variant)[race], data.powers(variant)[power])
    out = []
    for rule in (r for d in defs for r in d.get("discount", ())):
        value = rule.get("value")
        values = frozenset(value if isinstance(value, list) else [value])
        out.append((rule["kind"], values, rule.get("amount", 1)))
    return tuple(out)


# discount kinds decided by the printed region alone (the same in every position)
PRINTED_DISCOUNTS = frozenset({"always", "terrain", "symbol", "coastal"})


def discount_one(state: State, inst: Instance, region: int, kind: str, values: frozenset,
                 amount: int) -> int:
    """Return the reduction one discount rule gives ``inst`` on ``region``."""
    if kind in VARIANT_DISCOUNTS:
        hit = VARIANT_DISCOUNTS[kind](state, inst, region, values)
    elif kind in PRINTED_DISCOUNTS:
        hit = _printed_hit(state.board.regions[region], kind, values)
    elif kind == "next_to_own_mountain":
        hit = _next_to_own_mountain(state, inst, region)
    else:
        raise KeyError(kind)
    return amount if hit else 0


def _printed_hit(static: data.Region, kind: str, values: frozenset) -> bool:
    if kind == "always":
        return True
    if kind == "terrain":
        return static.terrain in values
    if kind == "symbol":
        return not static.symbols.isdisjoint(values)
    return static.coastal  # "coastal"


def discount_table(state: State, inst: Instance) -> tuple[tuple[int, ...], tuple]:
    """Return the discounts of active ``inst`` split for speed: per region, the total of the
    rules decided by the printed map; and the rules that depend on the position (for
    :func:`discount_one`)."""
    return _discount_table(inst.race, inst.power, state.variant, state.map)


@lru_cache(maxsize=256)
def _discount_table(race: str, power: str, variant: str, map_name: str) -> tuple:
    board = data.game_map(map_name, variant)
    rules = _discount_rules(race, power, variant)
    printed = [rule for rule in rules
               if rule[0] in PRINTED_DISCOUNTS and rule[0] not in VARIANT_DISCOUNTS]
    by_region = tuple(sum(amount for kind, values, amount in printed
                          if _printed_hit(static, kind, values))
                      for static in board.regions)
    return by_region, tuple(rule for rule in rules if rule not in printed)


def _next_to_own_mountain(state: State, inst: Instance, region: int) -> bool:
    regions = state.board.regions
    return any(regions[a].terrain == "mountain" and state.regions[a].inst == inst.id
               for a in regions[region].adj)


def score_lines(state: State, inst: Instance, owned: list[int] | None = None,
                steady: bool = False) -> list[tuple[str, int]]:
    """Return the race and power bonus coins of ``inst`` now as (source id, coins).

    ``owned`` (the regions of ``inst``) saves a caller that has it a second scan; ``steady``
    leaves out what pays only for this turn (``THIS_TURN_SCORES``): what the same board pays
    on a later turn."""
    lines = []
    sources = [(inst.race, data.races(state.variant)[inst.race])]
    if not inst.declined:
        sources.append((inst.power, data.powers(state.variant)[inst.power]))
    for source, definition in sources:
        rules = [rule for rule in definition.get("score", ())
                 if (not inst.declined or rule.get("in_decline"))
                 and not (steady and rule["kind"] in THIS_TURN_SCORES)]
        if not rules:
            continue
        if owned is None:
            owned = state.regions_of(inst.id)
        total = sum(_score_one(state, inst, rule, owned) for rule in rules)
        if total:
            lines.append((source, total))
    return lines


def _score_one(state: State, inst: Instance, rule: dict, owned: list[int]) -> int:
    kind, value = rule["kind"], rule.get("value")
    if kind in VARIANT_SCORES:
        count = VARIANT_SCORES[kind](state, inst, rule)
    elif kind == "per_region":
        count = len(owned)
    elif kind == "terrain":
        statics = state.board.regions
        count = sum(1 for r in owned if statics[r].terrain == value)
    elif kind == "symbol":
        statics = state.board.regions
        count = sum(1 for r in owned if value in statics[r].symbols)
    elif kind == "nonempty_conquests":
        count = sum(1 for _, non_empty in inst.conquered if non_empty)
    elif kind == "flat":
        count = 1
    elif kind == "first_turn":
        count = int(inst.picked_turn == state.turn)
    elif kind == "fortress":
        count = sum(1 for r in owned if state.regions[r].fortress)
    else:
        raise KeyError(kind)
    return count * rule.get("coins", 1)
