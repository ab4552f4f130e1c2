"""The Small World of Warcraft move grammar: Small World's moves plus the Warcraft ones.

A structured move is a tuple ``(kind, *values)``; ``#`` in a form stands for a region or
count number. Warcraft forms (regions are numbers on this game's board):
``well R`` · ``form human`` · ``form worgen`` · ``recruit N`` · ``objective R`` ·
``objectives done`` · ``aegis R`` · ``heart R`` · ``pay aegis`` · ``bomb R`` · ``bombs done`` ·
``frostmourne R`` · ``ashes R`` · ``doomhammer R`` · ``steal A to B`` · ``swap A B`` ·
``intimidate R`` · ``intimidate R to D`` · ``air raid R`` · ``abort air raid`` ·
``champion R`` (Champion conquest) · ``hold R`` (the Champion alone holds R) ·
``champion to R`` (move the Champion) · ``place N beasts on R`` ·
``move N beasts from A to B`` · ``take N beasts from R`` (``beast`` is read as ``beasts``).
"""

from __future__ import annotations

from rules.smallworld import moves as base

MAX_DIGITS = 3

# kind -> words of its text; "#" a number, any other word literal
FORMS: dict[str, tuple[str, ...]] = {
    "well": ("well", "#"), "recruit": ("recruit", "#"), "objective": ("objective", "#"),
    "objectives_done": ("objectives", "done"), "aegis": ("aegis", "#"),
    "heart": ("heart", "#"), "pay_aegis": ("pay", "aegis"), "bomb": ("bomb", "#"),
    "bombs_done": ("bombs", "done"), "frostmourne": ("frostmourne", "#"),
    "ashes": ("ashes", "#"), "doomhammer": ("doomhammer", "#"),
    "steal": ("steal", "#", "to", "#"), "swap": ("swap", "#", "#"),
    "intimidate": ("intimidate", "#"), "intimidate_to": ("intimidate", "#", "to", "#"),
    "air_raid": ("air", "raid", "#"), "abort_air_raid": ("abort", "air", "raid"),
    "champion": ("champion", "#"), "hold": ("hold", "#"),
    "champion_to": ("champion", "to", "#"),
    "place_beasts": ("place", "#", "beasts", "on", "#"),
    "move_beasts": ("move", "#", "beasts", "from", "#", "to", "#"),
    "take_beasts": ("take", "#", "beasts", "from", "#"),
}
FORMS_OF_WORGEN = ("human", "worgen")
VERBS = base.VERBS | {words[0] for words in FORMS.values()} | {"form"}


def _number(word: str) -> int | None:
    if word.isascii() and word.isdigit() and len(word) <= MAX_DIGITS:
        return int(word)
    return None


def _match(words: list[str], form: tuple[str, ...]) -> list[int] | None:
    if len(words) != len(form):
        return None
    values = []
    for word, want in zip(words, form, strict=True):
        if want == "#":
            value = _number(word)
            if value is None:
                return None
            values.append(value)
        elif word != want:
            return None
    return values


def parse(text: str) -> tuple | None:
    """Return the structured move of normalised ``text``, or None if it is not a move."""
    words = ["beasts" if word == "beast" else word for word in text.split(" ")]
    if len(words) == 2 and words[0] == "form" and words[1] in FORMS_OF_WORGEN:
        return ("form", words[1])
    for kind, form in FORMS.items():
        values = _match(words, form)
        if values is not None:
            return ("intimidate", *values) if kind == "intimidate_to" else (kind, *values)
    return base.parse(text)


def text(move: tuple) -> str:
    """Return the canonical text of ``move``."""
    kind = move[0]
    if kind == "form":
        return f"form {move[1]}"
    if kind == "intimidate" and len(move) == 3:
        kind = "intimidate_to"
    if kind in FORMS:
        values = iter(move[1:])
        return " ".join(str(next(values)) if w == "#" else w for w in FORMS[kind])
    return base.text(move)
