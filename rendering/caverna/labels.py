"""Short on-image labels for Caverna spaces, tiles and goods, via the catalog when possible.

The catalog (``data/messages/en/caverna.toml``) is the source of names. The few image-only
words no catalog key covers (harvest marker words, section headings) live in the explicit
mappings ``HARVEST_WORDS`` and ``HEADINGS`` below; a name the catalog lacks is shown as its id
made readable.
"""

from __future__ import annotations

from functools import lru_cache

from rules.core.text import Msg, has_message, translate

# Image-only words under the harvest markers of the round spaces.
HARVEST_WORDS = {
    "normal": "Harvest", "green": "Harvest", "feed1": "1 food/dwarf", "skip": "No harvest",
    "choice": "Field or breed", "hidden": "?", "red": "?",
}

# Image-only phase words in the header (the catalog's [harvest] entries are sentences).
HEADINGS = {"work": "Work phase", "harvest": "Harvest", "points": "{n} VP"}


def readable(identifier: str) -> str:
    """Turn an id such as ``ore_mine_construction`` into ``Ore mine construction``."""
    text = identifier.replace("_", " ").replace("-", " ").strip()
    while text and text[-1].isdigit():
        text = text[:-1].strip()
    return text[:1].upper() + text[1:]


@lru_cache(maxsize=1024)
def name(identifier: str, *tables: str) -> str:
    """Return the catalog name of ``identifier`` from the first of ``tables`` that has it."""
    for table in tables:
        key = f"caverna.{table}.{identifier}"
        if has_message(key):
            return translate(Msg(key))
    return readable(identifier)


def space_name(space_id: str) -> str:
    """Return the name of an action space or round card."""
    return name(space_id, "space")


def tile_name(tile_id: str) -> str:
    """Return the name of a furnishing tile, without a parenthesised cost (drawn as glyphs)."""
    full = name(tile_id, "tile")
    return full.split(" (", 1)[0] if " (" in full else full


def harvest_label(kind: str) -> str:
    """Return the short word under a harvest marker of ``kind``."""
    return HARVEST_WORDS.get(kind, "")


def heading(key: str, **params) -> str:
    """Return an image-only heading from ``HEADINGS`` with ``params`` filled in."""
    return HEADINGS[key].format(**params)


def score_label(key: str) -> str:
    """Return the name of a score category (a catalog key, or an id of ``[score]``)."""
    if has_message(key):
        return translate(Msg(key))
    return name(key.rsplit(".", 1)[-1], "score")


def round_title(number: int, total: int) -> str:
    """Return the header line "Round n of N" from the catalog."""
    return translate(Msg("caverna.summary.round", {"round": number, "total": total}))
