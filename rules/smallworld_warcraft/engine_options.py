"""Yes/no engine options of spec §6.7: readings a table may prefer to the default ruling.

The game's option (``OptionSpec`` in :mod:`game`) reaches the set-up as a bool (or as the words
``true``/``false``...); anything else is refused, so ``check_options`` reports it before the
game starts. An option set to true is kept in ``state.extra["options"]`` (a default game's
state carries nothing); the rules ask :func:`enabled`.
"""

from __future__ import annotations

from typing import Any, Mapping

from rules.core.errors import CannotParse
from rules.core.text import Msg
from rules.smallworld.state import State

FLAGS = ("champion_conquest_places_token",)  # §4.2 Champion
_TRUE, _FALSE = ("1", "true", "yes", "on"), ("0", "false", "no", "off")


def flag(options: Mapping[str, Any], name: str) -> bool:
    """Return the yes/no option ``name`` of ``options`` (False when absent); refuse others."""
    value = options.get(name, False)
    if isinstance(value, bool):
        return value
    word = str(value).strip().lower()
    if word in _TRUE + _FALSE:
        return word in _TRUE
    raise CannotParse(Msg("core.error.bad_option_value", {"option": name, "value": value}))


def read(state: State, options: Mapping[str, Any]) -> None:
    """Keep the yes/no options set to true in ``state``."""
    for name in FLAGS:
        if flag(options, name):
            state.extra.setdefault("options", {})[name] = True


def enabled(state: State, name: str) -> bool:
    """Tell whether the yes/no option ``name`` is on in this game."""
    return bool(state.extra.get("options", {}).get(name))
