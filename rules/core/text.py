"""Message ids with parameters, and the one catalog that turns them into sentences.

Rules never produce prose: they produce ``Msg(key, params)``. The catalog lives in
``data/messages/<locale>/<namespace>.toml``; a key ``smallworld.event.conquer`` is the entry
``conquer`` of table ``[event]`` in ``smallworld.toml``. Parameters named ``seat`` or ending in
``_seat`` are seat numbers and are shown as the player's name; a parameter that is itself a
``Msg`` is translated first; a list of ``Msg`` is joined with commas. ``{count:one|many}`` is
the word for ``count``: ``one`` when it is 1, else ``many`` ("{n} {n:token|tokens}").
"""

from __future__ import annotations

import re
import string
import tomllib
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Mapping, Sequence

from .paths import data_root

DATA_DIR = data_root()
MESSAGES_DIR = DATA_DIR / "messages"
DEFAULT_LOCALE = "en"
PLURAL = re.compile(r"\{(\w+):([^|{}]*)\|([^|{}]*)\}")  # {count:one|many}


@dataclass(frozen=True, init=False)
class Msg:
    """A catalog key with named parameters."""

    key: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def __init__(self, key: str, params: Mapping[str, Any] | None = None):
        # fills the fields directly (as Event does): much cheaper than the frozen
        # dataclass's generated __init__, and messages are built on every move
        self.__dict__.update(key=key, params={} if params is None else params)

    def to_json(self) -> dict:
        """Return a JSON-safe form (nested messages included)."""
        return {"$msg": self.key, "params": {k: _param_to_json(v) for k, v in self.params.items()}}

    @classmethod
    def from_json(cls, data: Mapping) -> "Msg":
        """Rebuild a message from :meth:`to_json` output."""
        return cls(data["$msg"], {k: _param_from_json(v) for k, v in data["params"].items()})

    def __hash__(self) -> int:
        return hash((self.key, repr(sorted(self.params.items(), key=lambda kv: kv[0]))))


def _param_to_json(value: Any) -> Any:
    if isinstance(value, Msg):
        return value.to_json()
    if isinstance(value, (list, tuple)):
        return [_param_to_json(v) for v in value]
    return value


def _param_from_json(value: Any) -> Any:
    if isinstance(value, dict) and "$msg" in value:
        return Msg.from_json(value)
    if isinstance(value, list):
        return [_param_from_json(v) for v in value]
    return value


def _flatten(prefix: str, table: Mapping, out: dict[str, str]) -> None:
    for key, value in table.items():
        full = f"{prefix}.{key}"
        if isinstance(value, Mapping):
            _flatten(full, value, out)
        else:
            out[full] = str(value)


_FOLDERS: list[Path] = [MESSAGES_DIR]  # the shipped catalog, then any added with add_messages


def add_messages(folder: Path) -> None:
    """Add the catalog files under ``folder`` (``<folder>/<locale>/<name>.toml``) to the
    shipped ones: a test's own game keeps its words beside it, not in data/."""
    if folder not in _FOLDERS:
        _FOLDERS.append(folder)
        catalog.cache_clear()


@lru_cache(maxsize=None)
def catalog(locale: str = DEFAULT_LOCALE) -> Mapping[str, str]:
    """Load (once) every message of ``locale`` as a flat ``{key: template}`` mapping."""
    entries: dict[str, str] = {}
    for root in _FOLDERS:
        folder = root / locale
        if folder.is_dir():
            for path in sorted(folder.glob("*.toml")):
                with path.open("rb") as handle:
                    _flatten(path.stem, tomllib.load(handle), entries)
    return entries


def has_message(key: str, locale: str = DEFAULT_LOCALE) -> bool:
    """Tell whether ``key`` exists in the catalog of ``locale`` (or in English)."""
    return key in catalog(locale) or key in catalog(DEFAULT_LOCALE)


def template_fields(template: str) -> set[str]:
    """Return the parameter names a catalog template uses."""
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def translate(msg: Msg | str, locale: str = DEFAULT_LOCALE, names: Sequence[str] = ()) -> str:
    """Turn a message into a sentence in ``locale`` (falling back to English).

    ``names`` gives the display name of each seat for seat parameters.
    Raises ``KeyError`` for a key missing from the catalog: that is a bug, and tests catch it.
    """
    if isinstance(msg, str):
        return msg
    template = catalog(locale).get(msg.key)
    if template is None:
        template = catalog(DEFAULT_LOCALE)[msg.key]
    values = {name: _format_param(name, value, locale, names) for name, value in msg.params.items()}
    if "|" in template:
        template = PLURAL.sub(lambda m: m[2] if values.get(m[1]) == "1" else m[3], template)
    return template.format_map(values)


def _format_param(name: str, value: Any, locale: str, names: Sequence[str]) -> str:
    if isinstance(value, Msg):
        return translate(value, locale, names)
    if isinstance(value, (list, tuple)):
        return ", ".join(_format_param(name, v, locale, names) for v in value)
    if (name == "seat" or name.endswith("_seat")) and isinstance(value, int):
        return names[value] if 0 <= value < len(names) else f"P{value + 1}"
    return str(value)
