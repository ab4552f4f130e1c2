"""The Vindication content a board shows, read from data/vindication/ (shared display data).

The renderer reads only the View and this content (the board's geometry, card texts, wish
tokens), never the rules' own data module: both read the same files.
"""

from __future__ import annotations

from functools import lru_cache

from rules.core.paths import data_path, read_toml

_KINDS = (("companions", "companion"), ("traits", "trait"), ("relics", "relic"),
          ("monsters", "monster"), ("secret_quests", "quest"), ("end_game_triggers", "trigger"))


@lru_cache(maxsize=None)
def _load(name: str) -> dict:
    return read_toml(data_path("vindication", f"{name}.toml"))


@lru_cache(maxsize=1)
def board() -> dict:
    """Return the board: ``hexes`` and ``triangles`` keyed by id."""
    raw = _load("board")
    return {"hexes": {h["id"]: h for h in raw["hexes"]},
            "triangles": {t["id"]: t for t in raw["triangles"]}}


def wish_tokens() -> list[dict]:
    """Return the wish tokens (id and effects) of the Well of Wishes."""
    return _load("modules")["wish_tokens"]


@lru_cache(maxsize=1)
def attributes() -> tuple[str, ...]:
    """Return the six attributes in board order (basic, then heroic)."""
    return tuple(a["id"] for a in _load("game")["attributes"])


@lru_cache(maxsize=1)
def card_decks() -> tuple[str, ...]:
    """Return the card decks in display order."""
    return tuple(_load("game")["decks"])


@lru_cache(maxsize=1)
def _cards() -> dict[str, dict]:
    table = {}
    for name, extra in (("cards", {}), ("treachery", {"treachery": True})):
        raw = _load(name)
        table.update({entry["id"]: dict(entry, type=ctype, **extra)
                      for kind, ctype in _KINDS for entry in raw.get(kind, [])})
    table.update((p["id"], dict(p, type="pet")) for p in _load("pets")["pets"])  # spec 7.8
    return table


def is_treachery(cid: str) -> bool:
    """Tell whether ``cid`` is a card of the Treachery module (spec 7.3)."""
    return bool(_cards().get(cid, {}).get("treachery"))


def card(cid: str) -> dict:
    """Return the card (or quest, or trigger) with id ``cid``, with its ``type``."""
    return _cards()[cid]


def ability(cid: str) -> dict | None:
    """Return the ability of a card (None when it has none)."""
    return card(cid).get("ability")
