"""The shapes of Caverna action texts: tells a well-formed move (maybe illegal now) from
text that is no move of this game at all (``CannotParse``)."""

from __future__ import annotations

import re

from . import data

_SQ = r"-?\d{1,2},-?\d{1,2}"
_WORD = r"[a-z0-9-]+"
_DIR = r"(up|down|left|right)"
_ANIMAL = r"(sheep|donkey|boar|cattle)"
_BUILDER = r"(ore-wood|ore-stone|ore-both)"
_CONVERT = (r"(grain|vegetable|sheep|donkey|donkeys|boar|cattle|cooking|trader|spare-parts|"
            r"hunting|beer-gold|beer-food|blacksmithing-parlor|gold \d+|peaceful \d+)")
_RUBY = (r"(wood|stone|ore|grain|vegetable|gold|sheep|donkey|boar|dog|food|cattle|meadow|"
         r"field|tunnel|cavern)")

FORMS = {
    "place": rf"place {_WORD}( ruby \d+)?",
    "choose": rf"choose {_WORD}",
    "done": r"done",
    "leave": r"leave",
    "cancel": r"cancel",
    "tile": rf"tile (meadow-field|cavern-tunnel|cavern-cavern|ore-mine) {_SQ} {_DIR}"
            rf"|tile (meadow|field|tunnel|cavern) {_SQ}",
    "ruby-mine": rf"ruby-mine {_SQ}",
    "fence": rf"fence small {_SQ}|fence large {_SQ} {_DIR}",
    "stable": rf"stable {_SQ}",
    "furnish": rf"furnish {_WORD} {_SQ}( {_BUILDER})?",
    "sow": rf"sow (grain|vegetable) {_SQ}",
    "forge": r"forge \d+",
    "loot": rf"loot {_WORD}",
    "breed": rf"breed {_ANIMAL}",
    "buy": rf"buy {_WORD}",
    "trade": r"trade \d",
    "imitate": rf"imitate {_WORD}",
    "protect": rf"protect {_WORD}",
    "feed": r"feed( (wood|stone|ore))?",
    "harvest": r"harvest (field|breed)",
    "release": rf"release {_ANIMAL}",
    "convert": rf"convert {_CONVERT}",
    "ruby": rf"ruby {_RUBY}",
}
_COMPILED = {verb: re.compile(form) for verb, form in FORMS.items()}


def well_formed(text: str) -> bool:
    """Tell whether ``text`` (normalised) has the shape of some Caverna action."""
    words = text.split()
    if not words or words[0] not in _COMPILED:
        return False
    if not _COMPILED[words[0]].fullmatch(text):
        return False
    return _known_names(words)


def _known_names(words: list[str]) -> bool:
    """Check that named tiles and loot items exist (spaces vary with the player count)."""
    if words[0] == "furnish":
        return words[1] in data.tiles()
    if words[0] == "loot":
        return any(item["id"] == words[1] for item in data.loot_items())
    return True
