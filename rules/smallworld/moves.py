"""The Small World move grammar: text to structured moves and back, nothing else.

A structured move is a tuple ``(kind, *numbers)``, e.g. ``("conquer", 12)`` or
``("move", 2, 4, 5)``; :func:`parse` reads normalised text once at the edge and :func:`text`
writes the canonical form. Everything inside the engine works on the tuples.

Canonical forms (region and seat numbers as in the map data; seats are 0-based):
``pick N`` · ``decline`` · ``abandon R`` · ``conquer R`` · ``die R`` · ``berserk roll`` ·
``convert R`` · ``dragon R`` · ``fortress R`` · ``encampment R`` · ``encampment off R`` ·
``hero R`` · ``ally S`` · ``end conquest`` · ``redeploy auto`` · ``place N on R`` ·
``move N from A to B`` · ``take N from R`` · ``done`` (any redeployment action typed
during conquests ends them first) · ``end turn`` · ``end turn decline``
(Stout) · ``withdraw N to R`` · ``withdraw auto``.
"""

from __future__ import annotations

MAX_DIGITS = 9  # longer numbers are not moves (and never reach int())

# kind -> the words of its text, "#" standing for a number
FORMS: dict[str, tuple[str, ...]] = {
    "pick": ("pick", "#"), "decline": ("decline",), "abandon": ("abandon", "#"),
    "conquer": ("conquer", "#"), "die": ("die", "#"), "berserk": ("berserk", "roll"),
    "convert": ("convert", "#"), "dragon": ("dragon", "#"), "fortress": ("fortress", "#"),
    "encampment": ("encampment", "#"), "encampment_off": ("encampment", "off", "#"),
    "hero": ("hero", "#"), "ally": ("ally", "#"), "end_conquest": ("end", "conquest"),
    "end_turn": ("end", "turn"), "end_turn_decline": ("end", "turn", "decline"),
    "redeploy_auto": ("redeploy", "auto"), "place": ("place", "#", "on", "#"),
    "move": ("move", "#", "from", "#", "to", "#"), "take": ("take", "#", "from", "#"),
    "done": ("done",), "withdraw": ("withdraw", "#", "to", "#"),
    "withdraw_auto": ("withdraw", "auto"),
}

VERBS = frozenset(words[0] for words in FORMS.values())
_TEMPLATES = {kind: " ".join("{}" if w == "#" else w for w in words)
              for kind, words in FORMS.items()}

_BY_SHAPE: dict[tuple[str, ...], list[tuple[str, tuple[str, ...]]]] = {}
for _kind, _words in FORMS.items():
    _BY_SHAPE.setdefault((_words[0], str(len(_words))), []).append((_kind, _words))


def _number(word: str) -> int | None:
    if word.isascii() and word.isdigit() and len(word) <= MAX_DIGITS:
        return int(word)
    return None


def parse(text: str) -> tuple | None:
    """Return the structured move of normalised ``text``, or None if it is not a move."""
    words = text.split(" ")
    for kind, form in _BY_SHAPE.get((words[0], str(len(words))), ()):
        numbers = []
        for word, want in zip(words, form, strict=True):
            if want == "#":
                value = _number(word)
                if value is None:
                    break
                numbers.append(value)
            elif word != want:
                break
        else:
            return (kind, *numbers)
    return None


def text(move: tuple) -> str:
    """Return the canonical text of ``move``."""
    return _TEMPLATES[move[0]].format(*move[1:])
