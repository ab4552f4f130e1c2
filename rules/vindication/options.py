"""Check the options that fix Vindication's random parts before a game is set up (spec 8.5).

Each option names things of the game (Journey cards, card ids, region tiles, die faces); a
value that names nothing, names a thing twice, or cannot be dealt at this player count is
refused with a message saying what the option takes, never stored and silently ignored.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Mapping

from rules.core import CannotParse, Msg

from .data import (
    CARD_DECKS,
    MODULE_NAMES,
    buildable,
    card_table,
    cards,
    game,
    removals,
    tile_mix,
)

SHOWN = 40  # characters of a refused value quoted back


def check(options: Mapping[str, Any], players: int) -> None:
    """Raise :class:`CannotParse` for the first option value set-up cannot use."""
    chosen = list(options.get("modules", []))
    unknown = [m for m in chosen if m not in MODULE_NAMES]
    if unknown:
        raise CannotParse(Msg("vindication.error.unknown_module",
                              {"module": _clip(",".join(unknown)),
                               "known": ",".join(MODULE_NAMES)}))
    _check_journey([j.upper() for j in options.get("journey", [])], players)
    decks = {cid for cid, item in card_table().items() if item["deck"] in CARD_DECKS}
    _check_ids("companion_tops", options.get("companion_tops", []), decks, "R03,Y05")
    triggers = {t["id"] for t in cards()["end_game_triggers"]}
    _check_ids("triggers", options.get("triggers", []), triggers, "E01,E09")
    mix = tile_mix(chosen, removals(options), buildable(chosen, options))
    _check_bag([b.lower() for b in options.get("bag", [])], mix)
    for die in ("attribute_die", "monster_die"):
        faces = sorted(set(game()["dice"][die]["faces"]))
        option = die.replace("_die", "_dice")
        for face in options.get(option, []):
            if face.lower() not in faces:
                raise _bad_word(option, face, faces)


def _check_journey(fixed: list[str], players: int) -> None:
    subset = list(game()["player_counts"][str(players)]["journey"])
    if fixed and sorted(fixed) != sorted(subset):
        raise CannotParse(Msg("vindication.error.bad_journey",
                              {"players": players, "example": ",".join(subset)}))


def _check_ids(option: str, values: list[str], known: set[str], example: str) -> None:
    ids = [v.upper() for v in values]
    for value in ids:
        if value not in known or ids.count(value) > 1:
            raise CannotParse(Msg("vindication.error.bad_option_card",
                                  {"option": option, "value": _clip(value), "example": example}))


def _check_bag(bag: list[str], mix: Mapping[str, int]) -> None:
    for region in bag:
        if region not in mix:
            raise _bad_word("bag", region, sorted(mix))
    for region, count in Counter(bag).items():
        if count > mix[region]:
            raise CannotParse(Msg("vindication.error.bad_bag_count",
                                  {"region": region, "count": count, "held": mix[region]}))


def _bad_word(option: str, value: str, known: list[str]) -> CannotParse:
    return CannotParse(Msg("vindication.error.bad_option_word",
                           {"option": option, "value": _clip(value), "known": ", ".join(known)}))


def _clip(value: str) -> str:
    return value if len(value) <= SHOWN else value[:SHOWN - 1] + "…"
