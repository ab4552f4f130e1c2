"""The Antiquity move grammar: text -> structured move once at the edge, move -> text.

Moves are tuples whose first element names them. Hexes are "q,r"; city cells are a city
number then "row,col"; a grave cell is "city,row,col"; payments are kinds joined by "+"
("-" for nothing); rotations are "r0".."r3"; seats in trades are "p1".."p4".

  colour red                        ("colour", name)
  start A 3,0                       ("start", letter, hex)
  build market 0 2,3 r1 wood        ("build", kind, city, cell, k, payment, saint|None)
  build cathedral 0 0,0 r0 stone san_giorgio
  storage 0 2,3 2x3 wood            ("storage", city, cell, height, width, payment)
  house 12 0 3,3 fish+grain+olives+sheep [free 9 0 3,4]
                                    ("house", n, city, cell, payment, (n, city, cell)|None)
  staff b3 | raze | hospital 0,1,2 0,3,3 | move b3 1 0,0 r1 | regrave 0,1,1 0,2,2
  bank wood+wood gold | offer p2 stone for fish+fish [note free words of a promise]
  accept t1 | decline t1 | cancel t1
  reset | ready | unready | concede
  woodcutter 3,0 | farm -2,2 grain [free] | mine 3,-3 [gold] | fisherman 0,3 1,3 fish
  inn 3,0 sheep | city 4,0 gold+grain+stone+wine+wood | alchemy 2,0 | done
  discard wood | keep grain+wood | take 3,0 | explore 3,0 | pass
  grave 0,1,2 [0,1,3 ...] | pollute 3,0 [4,0 ...]   (several graves or markers at once)
  tokens 3,0 [4,0 ...]              (bank short: the hexes that get the last tokens, §2.8)
"""

from __future__ import annotations

from rules.core import Action
from rules.core.numbers import ascii_digits, whole_number

from . import data
from .goods import parse_payment, payment_text
from .hexes import hex_text, parse_hex

SIMPLE = frozenset({"raze", "reset", "ready", "unready", "concede", "done", "pass"})
VERBS = frozenset({"colour", "start", "build", "storage", "house", "staff", "hospital", "move",
                   "regrave", "bank", "offer", "accept", "decline", "cancel", "woodcutter",
                   "farm", "mine", "fisherman", "inn", "city", "alchemy", "discard", "take",
                   "explore", "grave", "pollute", "keep", "tokens"}) | SIMPLE


def _int(word: str, low: int = 0, high: int = 99) -> int | None:
    return whole_number(word, low, high, digits=3) if len(word) <= 4 else None


def _rot(word: str) -> int | None:
    return int(word[1]) if len(word) == 2 and word[0] == "r" and word[1] in "0123" else None


def _cell3(word: str):
    parts = word.split(",")
    if len(parts) != 3 or any(_int(x) is None for x in parts):
        return None
    return tuple(int(x) for x in parts)


def _seat(word: str) -> int | None:
    number = _int(word[1:], 1, 4) if word.startswith("p") else None
    return None if number is None else number - 1


def parse(text: str):
    """Read normalised ``text`` as a move tuple, or return None."""
    words = text.split()
    if not words or words[0] not in VERBS:
        return None
    if len(words) == 1 and words[0] in SIMPLE:
        return (words[0],)
    parser = PARSERS.get(words[0])
    try:
        return parser(words[1:]) if parser else None
    except (ValueError, IndexError, TypeError):
        return None


def _all(*parts):
    return None if any(p is None for p in parts) else True


def _start(w):
    if len(w) == 2 and w[0].upper() in "ABCD" and len(w[0]) == 1:
        h = parse_hex(w[1])
        return None if h is None else ("start", w[0].upper(), h)
    return None


def _build(w):
    if len(w) not in (5, 6) or w[0] not in data.BUILDING_TYPES:
        return None
    city, cell, k, pay = _int(w[1]), parse_hex(w[2]), _rot(w[3]), parse_payment(w[4])
    saint = w[5] if len(w) == 6 else None
    if not _all(city, cell, k, pay) or (saint is not None and saint not in data.SAINTS):
        return None
    return ("build", w[0], city, cell, k, pay, saint)


def _storage(w):
    if len(w) != 4 or "x" not in w[2]:
        return None
    height, _, width = w[2].partition("x")
    city, cell, h, wd, pay = _int(w[0]), parse_hex(w[1]), _int(height, 1), _int(width, 1), \
        parse_payment(w[3])
    return ("storage", city, cell, h, wd, pay) if _all(city, cell, h, wd, pay) else None


def _house(w):
    if len(w) not in (4, 8):
        return None
    n, city, cell, pay = _int(w[0], 1, 20), _int(w[1]), parse_hex(w[2]), parse_payment(w[3])
    free = None
    if len(w) == 8:
        if w[4] != "free":
            return None
        free = (_int(w[5], 1, 20), _int(w[6]), parse_hex(w[7]))
        if not _all(*free):
            return None
    return ("house", n, city, cell, pay, free) if _all(n, city, cell, pay) else None


def _one_word(verb, conv):
    def parser(w):
        value = conv(w[0]) if len(w) == 1 else None
        return None if value is None else (verb, value)
    return parser


def _ident(prefix):
    return lambda word: word if word[:1] == prefix and ascii_digits(word[1:]) else None


def _hospital(w):
    cells = tuple(_cell3(x) for x in w)
    return ("hospital", cells) if 1 <= len(w) <= 5 and _all(*cells) else None


def _move(w):
    if len(w) != 4 or _ident("b")(w[0]) is None:
        return None
    city, cell, k = _int(w[1]), parse_hex(w[2]), _rot(w[3])
    return ("move", w[0], city, cell, k) if _all(city, cell, k) else None


def _regrave(w):
    if len(w) != 2:
        return None
    a, b = _cell3(w[0]), _cell3(w[1])
    return ("regrave", a, b) if _all(a, b) else None


def _bank(w):
    if len(w) != 2 or w[1] not in data.GOODS:
        return None
    give = parse_payment(w[0])
    return ("bank", give, w[1]) if give is not None and len(give) == 2 else None


NOTE_WORDS = 40


def _offer(w):
    if len(w) < 4 or w[2] != "for" or (len(w) > 4 and (w[4] != "note" or len(w) == 5)):
        return None
    if len(w) > 5 + NOTE_WORDS:
        return None
    to, give, get = _seat(w[0]), parse_payment(w[1]), parse_payment(w[3])
    note = " ".join(w[5:]) or None
    return ("offer", to, give, get, note) if _all(to, give, get) else None


def _farm(w):
    if len(w) not in (2, 3) or (len(w) == 3 and w[2] != "free"):
        return None
    site = parse_hex(w[0])
    return None if site is None else ("farm", site, w[1], len(w) == 3)


def _mine(w):
    site = parse_hex(w[0]) if len(w) in (1, 2) else None
    return None if site is None else ("mine", site, w[1] if len(w) == 2 else None)


def _fisherman(w):
    if len(w) != 3:
        return None
    a, b = parse_hex(w[0]), parse_hex(w[1])
    return ("fisherman", a, b, w[2]) if _all(a, b) else None


def _inn(w):
    site = parse_hex(w[0]) if len(w) == 2 else None
    return None if site is None else ("inn", site, w[1])


def _city(w):
    if len(w) != 2:
        return None
    centre, pay = parse_hex(w[0]), parse_payment(w[1])
    return ("city", centre, pay) if _all(centre, pay) else None


def _keep(w):
    kept = parse_payment(w[0]) if len(w) == 1 else None
    return None if kept is None else ("keep", kept)


MANY = 60


def _many(verb, words, conv):
    items = tuple(conv(x) for x in words)
    return (verb, items) if 1 <= len(items) <= MANY and _all(*items) else None


def _discard(w):
    return ("discard", w[0]) if len(w) == 1 and w[0] in data.GOODS else None


PARSERS = {
    "colour": _one_word("colour", lambda word: word),
    "start": _start, "build": _build, "storage": _storage, "house": _house,
    "staff": _one_word("staff", _ident("b")), "hospital": _hospital, "move": _move,
    "regrave": _regrave, "bank": _bank, "offer": _offer,
    "accept": _one_word("accept", _ident("t")), "decline": _one_word("decline", _ident("t")),
    "cancel": _one_word("cancel", _ident("t")),
    "woodcutter": _one_word("woodcutter", parse_hex), "farm": _farm, "mine": _mine,
    "fisherman": _fisherman, "inn": _inn, "city": _city,
    "alchemy": _one_word("alchemy", parse_hex), "discard": _discard, "keep": _keep,
    "take": _one_word("take", parse_hex), "explore": _one_word("explore", parse_hex),
    "grave": lambda w: _many("grave", w, _cell3),
    "pollute": lambda w: _many("pollute", w, parse_hex),
    "tokens": lambda w: _many("tokens", w, parse_hex),
}


def _c3(cell) -> str:
    return ",".join(str(x) for x in cell)


def text(move) -> str:
    """Return the canonical text of ``move``."""
    verb = move[0]
    if verb in SIMPLE:
        return verb
    return TEXTS[verb](move)


def _t_build(m):
    base = f"build {m[1]} {m[2]} {hex_text(m[3])} r{m[4]} {payment_text(m[5])}"
    return base if m[6] is None else f"{base} {m[6]}"


def _t_house(m):
    base = f"house {m[1]} {m[2]} {hex_text(m[3])} {payment_text(m[4])}"
    return base if m[5] is None else f"{base} free {m[5][0]} {m[5][1]} {hex_text(m[5][2])}"


TEXTS = {
    "colour": lambda m: f"colour {m[1]}",
    "start": lambda m: f"start {m[1].lower()} {hex_text(m[2])}",
    "build": _t_build,
    "storage": lambda m: f"storage {m[1]} {hex_text(m[2])} {m[3]}x{m[4]} {payment_text(m[5])}",
    "house": _t_house,
    "staff": lambda m: f"staff {m[1]}",
    "hospital": lambda m: "hospital " + " ".join(_c3(c) for c in m[1]),
    "move": lambda m: f"move {m[1]} {m[2]} {hex_text(m[3])} r{m[4]}",
    "regrave": lambda m: f"regrave {_c3(m[1])} {_c3(m[2])}",
    "bank": lambda m: f"bank {payment_text(m[1])} {m[2]}",
    "offer": lambda m: (f"offer p{m[1] + 1} {payment_text(m[2])} for {payment_text(m[3])}"
                        + (f" note {m[4]}" if m[4] else "")),
    "accept": lambda m: f"accept {m[1]}", "decline": lambda m: f"decline {m[1]}",
    "cancel": lambda m: f"cancel {m[1]}",
    "woodcutter": lambda m: f"woodcutter {hex_text(m[1])}",
    "farm": lambda m: f"farm {hex_text(m[1])} {m[2]}" + (" free" if m[3] else ""),
    "mine": lambda m: f"mine {hex_text(m[1])}" + (f" {m[2]}" if m[2] else ""),
    "fisherman": lambda m: f"fisherman {hex_text(m[1])} {hex_text(m[2])} {m[3]}",
    "inn": lambda m: f"inn {hex_text(m[1])} {m[2]}",
    "city": lambda m: f"city {hex_text(m[1])} {payment_text(m[2])}",
    "alchemy": lambda m: f"alchemy {hex_text(m[1])}",
    "discard": lambda m: f"discard {m[1]}", "keep": lambda m: f"keep {payment_text(m[1])}",
    "take": lambda m: f"take {hex_text(m[1])}",
    "explore": lambda m: f"explore {hex_text(m[1])}",
    "grave": lambda m: "grave " + " ".join(_c3(c) for c in m[1]),
    "pollute": lambda m: "pollute " + " ".join(hex_text(h) for h in m[1]),
    "tokens": lambda m: "tokens " + " ".join(hex_text(h) for h in m[1]),
}


def as_actions(listed: list[tuple]) -> list[Action]:
    """Return actions for structured moves (canonical text beside each move)."""
    return [Action(text(m), move=m) for m in listed]
