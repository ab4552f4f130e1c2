"""The engine options of spec §6.7 that change rules (defaults first): read once at set-up.

* ``faction_bonus_own_declined`` (false): the player's own declined race also gives the
  faction bonus and the Orcs' coin when the active race takes its regions (§3.6, §4.1 Orcs).
* ``air_raid_first_conquest`` (false): the Gnomes' air raid may make their first conquest
  (§4.1 Gnomes).
* ``garrison_timing`` (``end_of_turn``): Garrison forts go up at the end of the turn in every
  region of the race; ``on_conquest``: one in each region as it is conquered (§4.2 Garrison).
* ``portal_mage_requires_own_region`` (false): a Portal Mage swap must involve a region of the
  Portal Mage race (§4.2 Portal Mage).
* ``champion_conquest_places_token`` (false): a Champion conquest puts 1 race token (Tauren
  2) in with the Champion, the older reading; by default the Champion goes alone (§4.2
  Champion).
* ``announce_coin_events`` (true): coins gained and paid during the game are told to everybody
  (never the totals); false: only to the players concerned (§6.4).

The values live in ``state.extra["rules"]``; a state saved without them plays the defaults.
"""

from __future__ import annotations

from typing import Any, Mapping

from rules.core.errors import CannotParse
from rules.smallworld.state import State

from . import msgs

DEFAULTS: dict[str, Any] = {
    "faction_bonus_own_declined": False,
    "air_raid_first_conquest": False,
    "garrison_timing": "end_of_turn",
    "portal_mage_requires_own_region": False,
    "champion_conquest_places_token": False,
    "announce_coin_events": True,
}
CHOICES: dict[str, tuple] = {"garrison_timing": ("end_of_turn", "on_conquest")}
_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off"}


def read(options: Mapping[str, Any]) -> dict[str, Any]:
    """Return every rule option from ``options`` (defaults for the missing ones).

    Raises :class:`CannotParse` with ``smallworld_warcraft.error.bad_rule_option`` naming the
    option, the value given and the values allowed.
    """
    return {name: _value(name, options.get(name)) for name in DEFAULTS}


def _value(name: str, raw: Any) -> Any:
    if raw is None or raw == "":
        return DEFAULTS[name]
    if name in CHOICES:
        if str(raw).lower() in CHOICES[name]:
            return str(raw).lower()
        raise _bad(name, raw, ", ".join(CHOICES[name]))
    if isinstance(raw, bool):
        return raw
    if str(raw).lower() in _TRUE:
        return True
    if str(raw).lower() in _FALSE:
        return False
    raise _bad(name, raw, "true, false")


def _bad(name: str, raw: Any, allowed: str) -> CannotParse:
    return CannotParse(msgs.err("bad_rule_option", option=name, value=str(raw)[:40],
                                allowed=allowed))


def get(state: State, name: str) -> Any:
    """Return the value of rule option ``name`` in the game ``state``."""
    return state.extra.get("rules", {}).get(name, DEFAULTS[name])


def enabled(state: State, name: str) -> bool:
    """Tell whether the yes/no rule option ``name`` is on in the game ``state``."""
    return bool(get(state, name))
