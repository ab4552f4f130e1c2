"""The Small World of Warcraft move grammar: Small World's moves plus the Warcraft ones.

A structured move is a tuple ``(kind, *values)``; ``#`` in a form stands for a region or
count number. Warcraft forms (regions are numbers on this game's board):
``well R`` · ``form human`` · ``form worgen`` · ``recruit N`` · ``objective R`` ·
``objectives done`` · ``aegis R`` · ``heart R`` · ``pay aegis`` · ``bomb R`` · ``bombs done`` ·
``frostmourne R`` · ``ashes R`` · ``doomhammer R`` · ``steal A to B`` · ``swap A B`` ·
``intimidate R`` · ``intimidate R to D`` · ``air raid R`` · ``abort air raid`` ·
``fort R`` · ``watchtower R`` · ``side alliance`` · ``side horde`` ·
``champion R`` (Champion conquest) · ``hold R`` (the Champion alone holds R) ·
``champion to R`` (move the Champion) · ``place N beasts on R`` ·
``move N beasts from A to B`` · ``take N beasts from R`` (``beast`` is read as ``beasts``).

A conquest may declare several tools (spec §6.3 CONQUER modifiers): ``conquer R with ethereal``,
``die R with ethereal``, ``ashes R with frostmourne``, ``ashes R with frostmourne and
ethereal``, ``doomhammer R with ashes``... The structured move names the first artifact of
``doomhammer, ashes, frostmourne`` as its kind (else ``conquer`` or ``die``), then the region,
then the other tools in that order (``ethereal`` last): ``("ashes", 7, "frostmourne")``. Typed
in any order, ``frostmourne 7 with ashes`` reads as that same move.
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
    "fort": ("fort", "#"), "watchtower": ("watchtower", "#"),
    "champion": ("champion", "#"), "hold": ("hold", "#"),
    "champion_to": ("champion", "to", "#"),
    "place_beasts": ("place", "#", "beasts", "on", "#"),
    "move_beasts": ("move", "#", "beasts", "from", "#", "to", "#"),
    "take_beasts": ("take", "#", "beasts", "from", "#"),
}
FORMS_OF_WORGEN = ("human", "worgen")
SIDES = ("alliance", "horde")
ARTIFACT_WORDS = ("doomhammer", "ashes", "frostmourne")
TOOLS = (*ARTIFACT_WORDS, "ethereal")      # the canonical order of a conquest's tools
MARKER_OF = {"doomhammer": "doomhammer", "ashes": "ashes_of_alar", "frostmourne": "frostmourne"}
PLAIN = ("conquer", "die")
VERBS = base.VERBS | {words[0] for words in FORMS.values()} | {"form", "side"}


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


def declared(kind: str, region: int, tools) -> tuple:
    """Return the canonical move of a conquest of ``region`` declaring ``tools``.

    ``kind`` is ``conquer`` or ``die`` (kept only when no artifact is declared).
    """
    ordered = [t for t in TOOLS if t in tools]
    if ordered and ordered[0] in ARTIFACT_WORDS:
        return (ordered[0], region, *ordered[1:])
    return (kind, region, *ordered)


def tools_of(move: tuple) -> tuple[str, ...]:
    """Return every tool a conquest move declares (its artifact kind included)."""
    head = (move[0],) if move[0] in ARTIFACT_WORDS else ()
    return head + tuple(move[2:])


def _parse_with(words: list[str]) -> tuple | None:
    at = words.index("with")
    if at != 2 or words[0] not in (*PLAIN, *ARTIFACT_WORDS):
        return None
    region = _number(words[1])
    tools = [w for w in words[3:] if w != "and"]
    named = tools + ([words[0]] if words[0] in ARTIFACT_WORDS else [])
    if (region is None or not tools or len(set(named)) != len(named)
            or not set(tools) <= set(TOOLS)):
        return None
    kind = "die" if words[0] == "die" else "conquer"
    if kind == "die" and set(named) & set(ARTIFACT_WORDS):
        return None  # an artifact conquest is the final attempt by itself when short
    return declared(kind, region, named)


def parse(text: str) -> tuple | None:
    """Return the structured move of normalised ``text``, or None if it is not a move."""
    words = ["beasts" if word == "beast" else word for word in text.split(" ")]
    if "with" in words:
        return _parse_with(words)
    if len(words) == 2 and words[0] == "form" and words[1] in FORMS_OF_WORGEN:
        return ("form", words[1])
    if len(words) == 2 and words[0] == "side" and words[1] in SIDES:
        return ("side", words[1])
    for kind, form in FORMS.items():
        values = _match(words, form)
        if values is not None:
            return ("intimidate", *values) if kind == "intimidate_to" else (kind, *values)
    return base.parse(text)


def text(move: tuple) -> str:
    """Return the canonical text of ``move``."""
    kind = move[0]
    if kind in (*PLAIN, *ARTIFACT_WORDS) and len(move) > 2:
        return f"{text(move[:2])} with {' and '.join(move[2:])}"
    if kind in ("form", "side"):
        return f"{kind} {move[1]}"
    if kind == "intimidate" and len(move) == 3:
        kind = "intimidate_to"
    if kind in FORMS:
        values = iter(move[1:])
        return " ".join(str(next(values)) if w == "#" else w for w in FORMS[kind])
    return base.text(move)
