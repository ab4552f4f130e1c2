"""The effect language of spec 5.8: its closed vocabularies and a checker for card data.

``check_ability`` returns the problems of one ability (empty when it is well formed), so a
data test can prove that every card parses before the interpreter (``effects.py``) runs it.
"""

from __future__ import annotations

from .data import ATTRIBUTES, CARD_DECKS

OPS = {
    "gain": {"attr", "n"}, "empower": {"n"}, "recover": {"n", "exclude_self"},
    "honor": {"n"}, "move": {"n"}, "speed": {"n"}, "recharge": {"n"},
    "roll_attribute": {"n"}, "acquire": {"deck"}, "reroll": set(), "cancel_death": set(),
    "weaken_other": {"n", "target"}, "take_honor": {"n", "from"},
}
TREACHERY_TARGETS = {"weaken_other": ("target", {"adjacent_players", "one_adjacent_player"}),
                     "take_honor": ("from", {"one_adjacent_player"})}
GAIN_KINDS = set(ATTRIBUTES) | {"any_basic", "any_heroic", "any"}
TIMINGS = {"activate", "passive", "static", "on_join", "end_game", "use", "reaction",
           "owner_activated"}  # owner_activated: pets (spec 9.4)
EVENTS = {"after_visit", "after_rest", "after_control", "after_toll", "after_acquire",
          "after_discover", "turn_start", "die_rolled", "champion_would_die"}
MODIFIERS = {"movement": {"n"}, "exhaust_reduce": {"n", "who"}, "region_cost": {"region", "n"},
             "seize_cost": {"n"}, "toll_bonus": {"n"}, "self_activation": {"n"}}
COUNT_KEYS = {"controlled_regions", "heroic_regions_controlled", "companions",
              "companions_red", "companions_blue", "companions_yellow",
              "companions_min_color", "monsters", "relics", "traits", "card_colors", "speed",
              "speed_above_2", "proficiency_tiles", "vindicated", "conviction", "potential",
              "honor", "attribute_cubes", "board_full"}
VISIT_KINDS = {"once", "repeatable", "academy_roll", "acquire", "acquire_companion",
               "acquire_and_recharge", "fight", "wish", "quest_draw", "stone_teleport"}


def check_effect(effect: dict) -> list[str]:
    """Return the problems of one effect (unknown op, missing or unknown parameters)."""
    op = effect.get("op")
    if op not in OPS:
        return [f"unknown op {op!r}"]
    params = set(effect) - {"op"}
    problems = [f"{op}: unknown parameter {p}" for p in params - OPS[op]]
    problems += [f"{op}: missing parameter {p}" for p in OPS[op] - params
                 if not (op == "recover" and p == "exclude_self")]
    if op == "gain" and effect.get("attr") not in GAIN_KINDS:
        problems.append(f"gain: unknown attribute {effect.get('attr')!r}")
    if op == "acquire" and effect.get("deck") not in CARD_DECKS:
        problems.append(f"acquire: unknown deck {effect.get('deck')!r}")
    if op in TREACHERY_TARGETS:
        key, allowed = TREACHERY_TARGETS[op]
        if effect.get(key) not in allowed:
            problems.append(f"{op}: unknown {key} {effect.get(key)!r}")
    if "n" in params and not (isinstance(effect["n"], int) and effect["n"] > 0):
        problems.append(f"{op}: n must be a positive integer")
    return problems


def check_score(score: dict) -> list[str]:
    """Return the problems of a ``score`` mapping ``{per, n, max}``."""
    problems = [] if score.get("per") in COUNT_KEYS else [f"unknown count {score.get('per')!r}"]
    if set(score) != {"per", "n", "max"}:
        problems.append("score needs exactly per, n, max")
    return problems


def check_clause(clause: dict) -> list[str]:
    """Return the problems of a quest tier or trigger clause ``{count, at_least}``."""
    if clause.get("count") not in COUNT_KEYS:
        return [f"unknown count {clause.get('count')!r}"]
    return [] if isinstance(clause.get("at_least"), int) else ["at_least must be an integer"]


def check_ability(ability: dict | None) -> list[str]:
    """Return the problems of one card ability (None, a card without ability, is fine)."""
    if ability is None:
        return []
    timing = ability.get("timing")
    if timing not in TIMINGS:
        return [f"unknown timing {timing!r}"]
    if timing == "static":
        return [p for m in ability.get("modifiers", []) for p in _check_modifier(m)]
    if timing == "end_game":
        return check_score(ability.get("score", {}))
    problems = [p for e in ability.get("effects", []) for p in check_effect(e)]
    if not ability.get("effects"):
        problems.append(f"{timing}: no effects")
    if timing in ("passive", "reaction"):
        if ability.get("event") not in EVENTS:
            problems.append(f"unknown event {ability.get('event')!r}")
        if timing == "passive" and ability.get("limit") != "once_per_turn":
            problems.append("passive abilities need limit once_per_turn (R21)")
    return problems


def _check_modifier(modifier: dict) -> list[str]:
    mod = modifier.get("mod")
    if mod not in MODIFIERS:
        return [f"unknown modifier {mod!r}"]
    params = set(modifier) - {"mod"}
    return [f"{mod}: parameters {sorted(params)}"] if params != MODIFIERS[mod] else []
