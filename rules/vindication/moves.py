"""The move grammar: text -> structured move once at the edge, move -> canonical text.

Moves are tuples whose first word is the verb. Ids are upper-case in the canonical text
(``move T14 T08``, ``visit H07 red faceup before``); typed text is case-insensitive.
"""

from __future__ import annotations

from rules.core.numbers import ascii_digits

from .data import ATTRIBUTES, game, regions

COLORS = ("red", "blue", "yellow")
MODES = ("faceup", "blind", "empowered", "none")
CONTROLS = ("before", "after")
SPHERES = {"raise": ("potential", "influence"), "lower": ("conviction", "influence")}
RECOVER_KINDS = ("attr", "conviction", "relic", "region", "companion")
CARD_VERBS = {"pick", "keep", "reroll", "cancel", "use", "wish", "crystal"}
AMOUNT_VERBS = ("take", "charge")  # a card and a number of cubes: ``take R03 2``
FACES = tuple(dict.fromkeys(f for die in game()["dice"].values() for f in die["faces"]))
SIMPLE = {"end", "unable", "rest", "vindicate", "done", "keep", "pay", "accept", "recover",
          "enter", "skip"}


def _id(word: str, prefix: str) -> str | None:
    up = word.upper()
    return up if up[:1] == prefix and ascii_digits(up[1:]) and len(up) == 3 else None


def _card_id(word: str) -> str | None:
    up = word.upper()
    return up if len(up) == 3 and up[0] in "RBYGPOQWXN" and ascii_digits(up[1:]) else None


def _int(word: str) -> int | None:
    return int(word) if ascii_digits(word) and len(word) < 4 else None


def parse(text: str):
    """Read normalised ``text`` as a move tuple, or return None."""
    words = text.split()
    if not words:
        return None
    verb, rest = words[0], words[1:]
    if not rest and verb in SIMPLE:
        return (verb,)
    reader = _READERS.get(verb)
    return reader(rest) if reader else None


def _move(rest):
    path = [_id(w, "T") for w in rest]
    return ("move", tuple(path)) if path and all(path) else None


def _visit(rest):
    if not rest or _id(rest[0], "H") is None:
        return None
    hid, color, mode, control, steps = _id(rest[0], "H"), None, None, None, None
    words = rest[1:]
    while words:
        word = words.pop(0)
        if word in COLORS and color is None:
            color = word
        elif word in MODES and mode is None:
            mode = word
        elif word in CONTROLS and control is None:
            control = word
        elif word == "steps" and words and _int(words[0]) and steps is None:
            steps = _int(words.pop(0))
        else:
            return None
    return ("visit", hid, color, mode, control, steps)


def _activate(rest):
    if len(rest) in (2, 3) and rest[0] == "self" and rest[1] in ATTRIBUTES[:3]:
        n = _int(rest[2]) if len(rest) == 3 else None
        return ("activate_self", rest[1], n) if len(rest) == 2 or n else None
    if not rest or _card_id(rest[0]) is None:
        return None
    cid, n, use = _card_id(rest[0]), None, True
    for word in rest[1:]:
        if word == "noability" and use:
            use = False
        elif _int(word) is not None and n is None:
            n = _int(word)
        else:
            return None
    return ("activate", cid, n, use)


def _recover(rest):
    if not rest or rest[0] not in RECOVER_KINDS:
        return None
    kind, args = rest[0], rest[1:]
    if kind == "conviction" and len(args) == 1 and _int(args[0]):
        return ("recover", kind, None, _int(args[0]))
    if kind == "attr" and len(args) == 2 and args[0] in ATTRIBUTES and _int(args[1]):
        return ("recover", kind, args[0], _int(args[1]))
    if kind == "relic" and len(args) == 2 and _card_id(args[0]) and _int(args[1]):
        return ("recover", kind, _card_id(args[0]), _int(args[1]))
    if kind == "region" and len(args) == 1 and _id(args[0], "H"):
        return ("recover", kind, _id(args[0], "H"), 1)
    if kind == "companion" and len(args) == 1 and _card_id(args[0]):
        return ("recover", kind, _card_id(args[0]), 0)
    return None


def _build(rest):
    """``build <region> [control]`` or ``build none`` (Building Sites, 7.9)."""
    if rest == ["none"]:
        return ("build", None, False)
    if len(rest) in (1, 2) and rest[0] in regions() and rest[1:] in ([], ["control"]):
        return ("build", rest[0], rest[1:] == ["control"])
    return None


def _pet(rest):
    """``pet <pet>|blind|empowered`` (the Menagerie, 7.8)."""
    if len(rest) == 1 and rest[0] in ("blind", "empowered"):
        return ("pet", rest[0])
    return ("pet", _card_id(rest[0])) if len(rest) == 1 and _card_id(rest[0]) else None


def _home(rest):
    """``home <companion>|hold`` (a pet's new owner, 7.8)."""
    if rest == ["hold"]:
        return ("home", "hold")
    return ("home", _card_id(rest[0])) if len(rest) == 1 and _card_id(rest[0]) else None


def _rehome(rest):
    """``rehome <pet> <companion>`` (the re-home bonus action, 7.8)."""
    ids = [_card_id(w) for w in rest]
    return ("rehome", *ids) if len(ids) == 2 and all(ids) else None


def _guild(rest):
    """``guild <location> [target]`` (Guilds & Monuments, 7.10): a hex, a triangle, a
    sphere of the power board, or a card; ``guild monument``, ``guild obstacle``."""
    if len(rest) == 1 and rest[0] in ("monument", "obstacle"):
        return ("guild", rest[0], None)
    if len(rest) != 2:
        return None
    where, word = rest
    target = {"fortify": _id(word, "H"), "diplomacy": _id(word, "H"), "obstacle": _id(word, "T"),
              "command": word if word in SPHERES["raise"] else None}.get(where)
    if target is None and where in ("loyalty", "relic", "praise", "destiny"):
        target = _card_id(word)
    return ("guild", where, target) if target else None


def _slot(rest):
    """``slot <attr>|conviction`` or ``slot tile <attr>`` (a monument slot, 7.10)."""
    if len(rest) == 1 and (rest[0] in ATTRIBUTES or rest[0] == "conviction"):
        return ("slot", rest[0])
    if len(rest) == 2 and rest[0] == "tile" and rest[1] in ATTRIBUTES:
        return ("slot", "tile", rest[1])
    return None


def _amount(verb):
    def read(rest):
        if len(rest) not in (1, 2) or _card_id(rest[0]) is None:
            return None
        n = _int(rest[1]) if len(rest) == 2 else 1
        return (verb, _card_id(rest[0]), n) if n else None
    return read


def _one(verb, choices=None, ident=None):
    def read(rest):
        if len(rest) != 1:
            return None
        if choices is not None:
            return (verb, rest[0]) if rest[0] in choices else None
        value = ident(rest[0])
        return (verb, value) if value else None
    return read


_READERS = {
    "move": _move, "visit": _visit, "build": _build, "pet": _pet, "home": _home,
    "rehome": _rehome, "activate": _activate, "recover": _recover,
    "guild": _guild, "slot": _slot, "obstacle": _one("obstacle", ident=lambda w: _id(w, "T")),
    "face": _one("face", FACES),
    "convert": _one("convert", ATTRIBUTES), "proficiency": _one("proficiency", ATTRIBUTES),
    "discard": _one("discard", ATTRIBUTES), "attr": _one("attr", ATTRIBUTES),
    "raise": _one("raise", SPHERES["raise"]), "lower": _one("lower", SPHERES["lower"]),
    "jewel": _one("jewel", ("honor", *ATTRIBUTES)),
    "mode": _one("mode", MODES[:3]), "colour": _one("colour", COLORS),
    "control": _one("control", ident=lambda w: _id(w, "H")),
    "steps": _one("steps", ident=_int), "teleport": _one("teleport", ident=lambda w: _id(w, "T")),
    "target": _one("target", ident=_int),
    # Myths & Marvels (7.11): commit a cube, copy a full kind, pick loot, spend a teleport token
    "commit": _one("commit", (*ATTRIBUTES, "conviction")),
    "copy": _one("copy", (*ATTRIBUTES, "conviction")),
    "loot": _one("loot", ident=lambda w: _id(w, "L")),
    "warp": _one("warp", ident=lambda w: _id(w, "T")),
    **{verb: _one(verb, ident=_card_id) for verb in CARD_VERBS},
    **{verb: _amount(verb) for verb in AMOUNT_VERBS},
}


def text(move) -> str:
    """Return the canonical text of ``move``."""
    verb = move[0]
    if verb == "move":
        return "move " + " ".join(move[1])
    if verb == "visit":
        _, hid, color, mode, control, steps = move
        parts = [hid, color, mode, control] + (["steps", str(steps)] if steps else [])
        return "visit " + " ".join(p for p in parts if p)
    if verb == "guild":
        return " ".join(p for p in move if p)
    if verb == "build":
        return f"build {move[1] or 'none'}" + (" control" if move[2] else "")
    if verb == "activate_self":
        return f"activate self {move[1]}" + (f" {move[2]}" if move[2] else "")
    if verb == "activate":
        _, cid, n, use = move
        extra = ([str(n)] if n else []) + ([] if use else ["noability"])
        return " ".join(["activate", cid, *extra])
    if verb == "recover" and len(move) == 4:
        _, kind, ident, n = move
        if kind in ("region", "companion"):
            return f"recover {kind} {ident}"
        return " ".join(str(p) for p in ("recover", kind, ident, n) if p is not None)
    return " ".join(str(p) for p in move)


VERBS = frozenset(_READERS) | SIMPLE
