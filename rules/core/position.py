"""Shared parts of the position builders (``rules/<game>/position.py``): reading a description.

A description is a small TOML text (or the same thing as a dict) saying what a test needs of
a position; each game's builder starts from its normal set-up and lays the described parts
over it. This module reads the text, checks table keys against what a game accepts, and
raises :class:`PositionError` naming the first key or value it cannot use.
"""

from __future__ import annotations

import tomllib
from typing import Any, Mapping


class PositionError(ValueError):
    """A position description names an unknown key or an impossible value."""


def read(description: str | Mapping[str, Any]) -> dict[str, Any]:
    """Return ``description`` as a dict (a TOML text is parsed; a mapping is copied)."""
    if isinstance(description, str):
        try:
            return tomllib.loads(description)
        except tomllib.TOMLDecodeError as error:
            raise PositionError(f"not a TOML description: {error}") from error
    if not isinstance(description, Mapping):
        raise PositionError(f"a description is a TOML text or a dict, not {description!r}")
    return dict(description)


def only(table: Mapping[str, Any], allowed, where: str) -> None:
    """Refuse a key of ``table`` that is not in ``allowed`` (``where`` names the table)."""
    if not isinstance(table, Mapping):
        raise PositionError(f"{where}: expected a table, got {table!r}")
    for key in table:
        if key not in allowed:
            known = ", ".join(sorted(allowed))
            raise PositionError(f"{where}: unknown key {key!r} (known: {known})")


def number(value: Any, where: str, low: int = 0, high: int | None = None) -> int:
    """Return ``value`` as an int within ``low``..``high`` or refuse it, naming ``where``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise PositionError(f"{where}: expected a whole number, got {value!r}")
    if value < low or (high is not None and value > high):
        top = "" if high is None else f"..{high}"
        raise PositionError(f"{where}: {value} is out of range {low}{top}")
    return value


def flag(value: Any, where: str) -> bool:
    """Return ``value`` if it is a bool, else refuse it naming ``where``."""
    if not isinstance(value, bool):
        raise PositionError(f"{where}: expected true or false, got {value!r}")
    return value


def choice(value: Any, choices, where: str) -> str:
    """Return ``value`` if it is one of ``choices``, else refuse it naming ``where``."""
    if value is None:
        raise PositionError(f"{where}: missing")
    if value not in choices:
        raise PositionError(f"{where}: unknown value {value!r}")
    return value


def seats(table: Mapping[str, Any], players: int, where: str = "seat") -> dict[int, Any]:
    """Return ``{seat: sub-table}`` of a ``[seat.N]`` table, refusing seats out of range."""
    if not isinstance(table, Mapping):
        raise PositionError(f"{where}: expected a table of seats")
    out = {}
    for key, value in table.items():
        seat = index(key, f"{where}.{key}", players - 1)
        out[seat] = value
    return out


def index(key: Any, where: str, high: int | None = None) -> int:
    """Return a table key (``"12"`` or ``12``) as an int within 0..``high``, else refuse it."""
    try:
        value = int(key)
    except (TypeError, ValueError):
        raise PositionError(f"{where}: {key!r} is not a number") from None
    return number(value, where, 0, high)


def sound(problems: list[str]) -> None:
    """Refuse a built position whose game invariants fail (``problems`` from the game)."""
    if problems:
        raise PositionError("the described position is inconsistent: " + "; ".join(problems))


def example(doc: str) -> str:
    """Return the example description of a builder's docstring (the block after ``::``)."""
    block = doc.split("::\n", 1)[1].split("\n\n", 2)
    lines = (block[1] if not block[0].strip() else block[0]).splitlines()
    return "\n".join(line[4:] for line in lines)
