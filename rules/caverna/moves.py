"""Caverna's move grammar: text -> structured move once at the edge, move -> canonical text.

A move is a tuple whose first item is its verb. Squares are ``"row,col"`` keys (written
back without leading zeros), numbers are ints, and an absent optional part is ``None``:

- ``("place", space, None)`` / ``("place", space, strength)`` (1 ruby: out of weapon order)
- ``("choose", part)``, ``("done",)``, ``("leave",)``, ``("cancel",)``
- ``("tile", twin, square, direction)`` for meadow-field, cavern-tunnel, cavern-cavern,
  ore-mine; ``("tile", single, square, None)`` for meadow, field, tunnel, cavern
- ``("ruby-mine", square)``, ``("fence", "small", square, None)``,
  ``("fence", "large", square, direction)``, ``("stable", square)``
- ``("furnish", tile, square, None)`` / ``("furnish", tile, square, ore-swap)`` (Builder)
- ``("sow", crop, square)``, ``("forge", strength)``, ``("loot", item)``,
  ``("breed", animal)``, ``("buy", item)``, ``("trade", k)``, ``("imitate", space)``,
  ``("protect", space)``, ``("feed", None | good)``, ``("harvest", "field" | "breed")``,
  ``("release", animal)``
- any time: ``("convert", what, None)``, ``("convert", "gold", k)``,
  ``("convert", "peaceful", dwarf)``, ``("ruby", what)``
"""

from __future__ import annotations

import re

from rules.core.numbers import ascii_digits

from . import data

Move = tuple

DIRECTIONS = ("up", "down", "left", "right")
TWIN_TILES = ("meadow-field", "cavern-tunnel", "cavern-cavern", "ore-mine")
SINGLE_TILES = ("meadow", "field", "tunnel", "cavern")
ANIMAL_NAMES = ("sheep", "donkey", "boar", "cattle")
BUILDER_SWAPS = ("ore-wood", "ore-stone", "ore-both")
CONVERSIONS = ("grain", "vegetable", "sheep", "donkey", "donkeys", "boar", "cattle", "cooking",
               "trader", "spare-parts", "hunting", "beer-gold", "beer-food",
               "blacksmithing-parlor")
NUMBERED_CONVERSIONS = ("gold", "peaceful")
RUBY_TARGETS = ("wood", "stone", "ore", "grain", "vegetable", "gold", "sheep", "donkey", "boar",
                "dog", "food", "cattle", "meadow", "field", "tunnel", "cavern")
WORKING_CAVE_GOODS = ("wood", "stone", "ore")
HARVEST_CHOICES = ("field", "breed")
CROPS = ("grain", "vegetable")

_WORD = re.compile(r"[a-z0-9-]+")
_SQUARE = re.compile(r"(-?[0-9]{1,2}),(-?[0-9]{1,2})")
_NUMBER = re.compile(r"[0-9]{1,9}")


def square(text: str) -> str | None:
    """Read ``"row,col"`` into its canonical key (no leading zeros), or None."""
    found = _SQUARE.fullmatch(text)
    return f"{int(found[1])},{int(found[2])}" if found else None


def _number(text: str) -> int | None:
    return int(text) if _NUMBER.fullmatch(text) else None


def _word(text: str) -> str | None:
    return text if _WORD.fullmatch(text) else None


def _one_of(text: str, choices) -> str | None:
    return text if text in choices else None


def parse(text: str) -> Move | None:
    """Read normalised ``text`` as a Caverna move (maybe not legal now), or return None."""
    words = text.split()
    if not words:
        return None
    reader = _READERS.get(words[0])
    if reader is None:
        return None
    move = reader(words[1:])
    return None if move is None or None in _required(move) else move


def _required(move: Move) -> tuple:
    """The parts of ``move`` that must be present (its optional last parts excluded)."""
    if move[0] in ("place", "tile", "fence", "furnish", "convert", "feed"):
        return move[:-1] if move[0] != "feed" else move[:1]
    return move


def _place(rest):
    if len(rest) == 1:
        return ("place", _word(rest[0]), None)
    if len(rest) == 3 and rest[1] == "ruby":
        strength = _number(rest[2])
        return None if strength is None else ("place", _word(rest[0]), strength)
    return None


def _tile(rest):
    if len(rest) == 3 and rest[0] in TWIN_TILES:
        direction = _one_of(rest[2], DIRECTIONS)
        return None if direction is None else ("tile", rest[0], square(rest[1]), direction)
    if len(rest) == 2 and rest[0] in SINGLE_TILES:
        return ("tile", rest[0], square(rest[1]), None)
    return None


def _fence(rest):
    if len(rest) == 2 and rest[0] == "small":
        return ("fence", "small", square(rest[1]), None)
    if len(rest) == 3 and rest[0] == "large":
        direction = _one_of(rest[2], DIRECTIONS)
        return None if direction is None else ("fence", "large", square(rest[1]), direction)
    return None


def _furnish(rest):
    if len(rest) not in (2, 3) or rest[0] not in data.tiles():
        return None
    swap = None
    if len(rest) == 3:
        swap = _one_of(rest[2], BUILDER_SWAPS)
        if swap is None:
            return None
    return ("furnish", rest[0], square(rest[1]), swap)


def _convert(rest):
    if len(rest) == 1 and rest[0] in CONVERSIONS:
        return ("convert", rest[0], None)
    if len(rest) == 2 and rest[0] in NUMBERED_CONVERSIONS:
        count = _number(rest[1])
        return None if count is None else ("convert", rest[0], count)
    return None


def _feed(rest):
    if not rest:
        return ("feed", None)
    if len(rest) == 1 and rest[0] in WORKING_CAVE_GOODS:
        return ("feed", rest[0])
    return None


def _single(verb: str, check):
    """Reader of ``<verb> <one word>`` where ``check`` validates the word."""
    def read(rest):
        return (verb, check(rest[0])) if len(rest) == 1 else None
    return read


def _bare(verb: str):
    return lambda rest: None if rest else (verb,)


def _loot_item(word: str) -> str | None:
    return word if any(item["id"] == word for item in data.loot_items()) else None


def _trade(word: str) -> int | None:
    return int(word) if len(word) == 1 and ascii_digits(word) else None


_READERS = {
    "place": _place,
    "choose": _single("choose", _word),
    "done": _bare("done"),
    "leave": _bare("leave"),
    "cancel": _bare("cancel"),
    "tile": _tile,
    "ruby-mine": _single("ruby-mine", square),
    "fence": _fence,
    "stable": _single("stable", square),
    "furnish": _furnish,
    "sow": lambda rest: ("sow", _one_of(rest[0], CROPS), square(rest[1]))
    if len(rest) == 2 else None,
    "forge": _single("forge", _number),
    "loot": _single("loot", _loot_item),
    "breed": _single("breed", lambda w: _one_of(w, ANIMAL_NAMES)),
    "buy": _single("buy", _word),
    "trade": _single("trade", _trade),
    "imitate": _single("imitate", _word),
    "protect": _single("protect", _word),
    "feed": _feed,
    "harvest": _single("harvest", lambda w: _one_of(w, HARVEST_CHOICES)),
    "release": _single("release", lambda w: _one_of(w, ANIMAL_NAMES)),
    "convert": _convert,
    "ruby": _single("ruby", lambda w: _one_of(w, RUBY_TARGETS)),
}
VERBS = frozenset(_READERS)


def text(move: Move) -> str:
    """Return the canonical text of ``move`` (what a player types and the log stores)."""
    if move[0] == "place" and move[2] is not None:
        return f"place {move[1]} ruby {move[2]}"
    return " ".join(str(part) for part in move if part is not None)
