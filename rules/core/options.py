"""Parse and validate the options a host types in ``/game new`` ("seating=fixed combos=...")."""

from __future__ import annotations

from typing import Any, Mapping

from .errors import CannotParse
from .numbers import whole_number
from .text import Msg
from .types import OptionSpec

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off"}


def start_seat(value: int | None, players: int, rng) -> int:
    """Return the seat a ``first_player``-style option names, or a random one for -1/None.

    Raises :class:`CannotParse` when the seat does not exist at this player count.
    """
    if value is None or value == -1:
        return rng.randbelow(players)
    if not 0 <= value < players:
        raise CannotParse(Msg("core.error.bad_start_seat", {"value": value, "players": players}))
    return value


def defaults(specs: tuple[OptionSpec, ...]) -> dict[str, Any]:
    """Return every option at its default value."""
    return {spec.name: spec.default for spec in specs}


def parse_options(specs: tuple[OptionSpec, ...], text: str | Mapping[str, str] | None) -> dict:
    """Read ``key=value`` pairs (space-separated) into a validated options dict.

    Raises :class:`CannotParse` with a message naming the bad key or value.
    """
    values = defaults(specs)
    pairs = _split_pairs(text)
    by_name = {spec.name: spec for spec in specs}
    for key, raw in pairs.items():
        spec = by_name.get(key)
        if spec is None:
            raise CannotParse(Msg("core.error.unknown_option",
                                  {"option": key, "known": ", ".join(by_name) or "-"}))
        values[key] = _convert(spec, raw)
    return values


def _split_pairs(text: str | Mapping[str, str] | None) -> dict[str, str]:
    if not text:
        return {}
    if isinstance(text, Mapping):
        return {str(k).strip().lower(): str(v).strip() for k, v in text.items()}
    pairs: dict[str, str] = {}
    for word in text.split():
        key, sep, value = word.partition("=")
        if not sep or not key or not value:
            raise CannotParse(Msg("core.error.malformed_option", {"text": word}))
        key = key.strip().lower()
        if key in pairs:
            raise CannotParse(Msg("core.error.duplicate_option", {"option": key}))
        pairs[key] = value.strip()
    return pairs


def _convert(spec: OptionSpec, raw: str) -> Any:
    bad = CannotParse(Msg("core.error.bad_option_value", {"option": spec.name, "value": raw}))
    if spec.kind == "bool":
        if raw.lower() in _TRUE:
            return True
        if raw.lower() in _FALSE:
            return False
        raise bad
    if spec.kind == "int":
        number = whole_number(raw, spec.minimum, spec.maximum)
        if number is None:
            raise bad
        return number
    if spec.kind == "choice":
        if raw.lower() not in spec.choices:
            raise bad
        return raw.lower()
    if spec.kind == "list":
        return [item for item in raw.split(",") if item]
    return raw
