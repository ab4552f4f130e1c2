"""Short on-image labels for Caverna spaces, tiles and goods, via the catalog when possible.

The catalog (``data/messages/<locale>/caverna.toml``) is the source of names; the few
image-only words (harvest marker words, section headings) are ``caverna_render.*`` entries.
Every word follows the board's language (:func:`rendering.common.board_locale`); a name the
catalog lacks is shown as its id made readable.
"""

from __future__ import annotations

from functools import lru_cache

from rendering.common import board_locale, words
from rules.core.text import Msg, has_message

# Harvest marker kinds with a word under their icon (hidden and red markers show only "?").
HARVEST_KINDS = ("normal", "green", "feed1", "skip", "choice")
HIDDEN_HARVEST = ("hidden", "red")


def readable(identifier: str) -> str:
    """Turn an id such as ``ore_mine_construction`` into ``Ore mine construction``."""
    text = identifier.replace("_", " ").replace("-", " ").strip()
    while text and text[-1].isdigit():
        text = text[:-1].strip()
    return text[:1].upper() + text[1:]


def name(identifier: str, *tables: str) -> str:
    """Return the catalog name of ``identifier`` from the first of ``tables`` that has it."""
    return _name(identifier, tables, board_locale())


@lru_cache(maxsize=2048)
def _name(identifier: str, tables: tuple[str, ...], locale: str) -> str:
    for table in tables:
        key = f"caverna.{table}.{identifier}"
        if has_message(key):
            return words(Msg(key))
    return readable(identifier)


def space_name(space_id: str) -> str:
    """Return the name of an action space or round card."""
    return name(space_id, "space")


def tile_name(tile_id: str) -> str:
    """Return the name of a furnishing tile, without a parenthesised cost (drawn as glyphs)."""
    full = name(tile_id, "tile")
    for mark in (" (", "（"):
        if full.find(mark) > 0:
            return full[:full.find(mark)]
    return full


def harvest_label(kind: str) -> str:
    """Return the short word under a harvest marker of ``kind``."""
    if kind in HIDDEN_HARVEST:
        return "?"
    if kind not in HARVEST_KINDS:
        return ""
    return words(Msg(f"caverna_render.harvest.{kind}"))


def heading(key: str, **params) -> str:
    """Return an image-only heading (``work``, ``harvest``, ``points``) with ``params``."""
    return words(Msg(f"caverna_render.heading.{key}", params))


def score_label(key: str) -> str:
    """Return the name of a score category (a catalog key, or an id of ``[score]``)."""
    if has_message(key):
        return words(Msg(key))
    return name(key.rsplit(".", 1)[-1], "score")


def round_title(number: int, total: int) -> str:
    """Return the header line "Round n of N" from the catalog."""
    return words(Msg("caverna.summary.round", {"round": number, "total": total}))
