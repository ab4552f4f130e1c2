"""Counting keys (spec 5.8), end-game triggers (6.2) and final scoring (6.3, R16, R28)."""

from __future__ import annotations

from functools import lru_cache

from rules.core import ScoreLine

from .data import ATTRIBUTES, ability, attribute, card, card_color, game, regions, rule
from .treachery import is_treachery

COLORS = ("red", "blue", "yellow", "green", "purple", "orange")


def _owned_cards(player) -> list[str]:
    return ([c for c, _ in player.companions] + list(player.traits)
            + [r for r, _ in player.relics] + list(player.monsters))


def _controlled(state, seat: int) -> list[str]:
    return [h for h, (_, owner) in state.hexes.items() if owner == seat]


def _colors(player) -> list[str]:
    return [card(c)["color"] for c, _ in player.companions]


_COUNTS = {
    "controlled_regions": lambda s, i, p: len(_controlled(s, i)),
    "heroic_regions_controlled": lambda s, i, p: sum(
        1 for h in _controlled(s, i) if s.hexes[h][0] in game()["heroic_regions"]),
    "companions": lambda s, i, p: len(p.companions),
    "companions_red": lambda s, i, p: _colors(p).count("red"),
    "companions_blue": lambda s, i, p: _colors(p).count("blue"),
    "companions_yellow": lambda s, i, p: _colors(p).count("yellow"),
    "companions_min_color": lambda s, i, p: min(_colors(p).count(c)
                                                 for c in ("red", "blue", "yellow")),
    "monsters": lambda s, i, p: len(p.monsters),
    "relics": lambda s, i, p: len(p.relics),
    "traits": lambda s, i, p: len(p.traits),
    "card_colors": lambda s, i, p: len({card_color(c) for c in _owned_cards(p)}),
    "speed": lambda s, i, p: p.speed,
    "speed_above_2": lambda s, i, p: p.speed - 2,
    "proficiency_tiles": lambda s, i, p: sum(p.proficiency.values()),
    "vindicated": lambda s, i, p: int(p.vindicated),
    "conviction": lambda s, i, p: p.conviction,
    "potential": lambda s, i, p: p.potential,
    "honor": lambda s, i, p: p.honor,
    "attribute_cubes": lambda s, i, p: sum(p.attrs[a] for a in ATTRIBUTES),
    "board_full": lambda s, i, p: int(all(tile for tile, _ in s.hexes.values())),
}


def count(state, seat: int, key: str) -> int:
    """Return the value of counting key ``key`` (spec 5.8) for ``seat``."""
    return _COUNTS[key](state, seat, state.players[seat])


@lru_cache(maxsize=None)
def _clauses(trigger: str) -> tuple[tuple, ...]:
    """Return ``(count function, at_least)`` for each clause of ``trigger``, the cheap honor
    clause first (so most checks stop at once)."""
    ordered = sorted(card(trigger)["all"], key=lambda c: c["count"] != "honor")
    return tuple((_COUNTS[c["count"]], c["at_least"]) for c in ordered)


def holds(state, seat: int, clause: dict) -> bool:
    """Tell whether ``seat`` satisfies a clause ``{count, at_least}``."""
    return count(state, seat, clause["count"]) >= clause["at_least"]


def trigger_met(state, trigger: str) -> bool:
    """Tell whether any one player satisfies every clause of ``trigger``."""
    clauses = _clauses(trigger)
    return any(all(counted(state, seat, player) >= least for counted, least in clauses)
               for seat, player in enumerate(state.players))


def mastery_counts(state, color: str) -> list[int]:
    """Return each player's count for the Mastery tile of ``color`` (cards + 2 per tile)."""
    return _counts(state, [_color_tally(p) for p in state.players], color)


def _counts(state, tallies: list[dict[str, int]], color: str) -> list[int]:
    attr = _attribute_of(color)
    bonus = rule("proficiency_tiles", "end_game_card_bonus")
    return [tally.get(color, 0) + bonus * p.proficiency[attr]
            for tally, p in zip(tallies, state.players, strict=True)]


def _color_tally(player) -> dict[str, int]:
    """Return how many of ``player``'s cards (Treachery aside) show each color."""
    tally: dict[str, int] = {}
    for c in _owned_cards(player):
        if not is_treachery(c):
            color = card_color(c)
            tally[color] = tally.get(color, 0) + 1
    return tally


def mastery_winner(state, color: str) -> int | None:
    """Return the seat with the sole highest count above 0 (R16), or None."""
    return _sole_best(mastery_counts(state, color))


def _sole_best(counts: list[int]) -> int | None:
    best = max(counts)
    return counts.index(best) if best > 0 and counts.count(best) == 1 else None


def mastery_winners(state) -> dict[str, int | None]:
    """Return the winner of every Mastery tile by color (as :func:`mastery_winner`), each
    player's cards counted once for all colors (computer players judge many positions)."""
    tallies = [_color_tally(p) for p in state.players]
    return {t["color"]: _sole_best(_counts(state, tallies, t["color"]))
            for t in game()["mastery_tiles"]}


@lru_cache(maxsize=None)
def _attribute_of(color: str) -> str:
    return next(a["id"] for a in game()["attributes"] if a["color"] == color)


def _score_value(state, seat: int, score: dict | None) -> int:
    if not score:
        return 0
    return min(score["max"], score["n"] * count(state, seat, score["per"]))


def breakdown(state, seat: int, winners: dict[str, int | None] | None = None
              ) -> dict[str, int]:
    """Return the final-scoring categories of ``seat`` (catalog keys to honor);
    ``winners`` are the Mastery winners (:func:`mastery_winners`) when already known."""
    player = state.players[seat]
    winners = winners if winners is not None else mastery_winners(state)
    mastery = sum(t["honor"] for t in game()["mastery_tiles"] if winners[t["color"]] == seat)
    cards_end = sum(_score_value(state, seat, (ability(c) or {}).get("score"))
                    for c, _ in player.companions)
    cards_end += sum(_score_value(state, seat, card(m).get("end_game")) for m in player.monsters)
    quests = sum(t["honor"] for q in player.quests for t in card(q)["tiers"]
                 if holds(state, seat, t))
    regions_end = rule("control", "honor_at_end_each") * count(state, seat, "controlled_regions")
    return {"vindication.score.honor": player.honor, "vindication.score.mastery": mastery,
            "vindication.score.cards": cards_end, "vindication.score.quests": quests,
            "vindication.score.regions": regions_end}


def score_lines(state) -> dict[int, ScoreLine]:
    """Return each seat's final honor with its breakdown and tie-break key (6.3)."""
    lines, winners = {}, mastery_winners(state)
    for seat, player in enumerate(state.players):
        parts = breakdown(state, seat, winners)
        tiebreak = (player.conviction, -player.potential, -len(player.tokens))
        lines[seat] = ScoreLine(sum(parts.values()), parts, tiebreak)
    return lines


__all__ = ["COLORS", "attribute", "regions", "score_lines"]
