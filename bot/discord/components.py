"""Persistent buttons and menus, as discord.py's ``DynamicItem`` examples build them.

Each item writes its typed key (:mod:`bot.discord.ids`) into its own custom id and, when a
click arrives (also after a restart), reads the key back from its template's match. They are
registered once with ``client.add_dynamic_items(*DYNAMIC_ITEMS)``; each callback hands its
key to :mod:`bot.discord.flows`.
"""

from __future__ import annotations

import re
from typing import Any, ClassVar, Sequence

import discord

from . import flows, ids
from .client import Interaction
from .specs import ButtonSpec, OptionSpec, Row, SelectSpec, check_rows

STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}
STAMP = r"(?P<stamp>[0-9a-f]{1,20}|-)"


class ActButton(discord.ui.DynamicItem[discord.ui.Button], template=(
        r"tt:act:(?P<game>[0-9]+):(?P<seat>[0-9]+):" + STAMP + r":(?P<index>[0-9]+)")):
    """A button playing one option of one seat's decision."""

    def __init__(self, key: ids.ActKey, label: str = "-", style: str = "primary",
                 row: int | None = None) -> None:
        custom_id = ids.checked(f"tt:act:{key.game}:{key.seat}:{key.stamp}:{key.index}")
        super().__init__(discord.ui.Button(custom_id=custom_id, label=label,
                                           style=STYLES[style], row=row))
        self.key = key

    @classmethod
    async def from_custom_id(cls, interaction: Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> ActButton:
        """Rebuild the button from a click (also after a restart)."""
        return cls(ids.ActKey(int(match["game"]), int(match["seat"]), match["stamp"],
                              int(match["index"])))

    async def callback(self, interaction: Interaction) -> None:
        """Play the option this button stands for."""
        await flows.click_option(interaction, self.key)


class ActSelect(discord.ui.DynamicItem[discord.ui.Select], template=(
        r"tt:sel:(?P<game>[0-9]+):(?P<seat>[0-9]+):" + STAMP + r":(?P<part>[0-9]+)")):
    """A select menu of one seat's options; its values are action texts or ``#index``."""

    def __init__(self, key: ids.SelectKey, placeholder: str | None = None,
                 options: Sequence[OptionSpec] = (), row: int | None = None) -> None:
        custom_id = ids.checked(f"tt:sel:{key.game}:{key.seat}:{key.stamp}:{key.part}")
        choices = [discord.SelectOption(label=o.label, value=o.value, description=o.description)
                   for o in options]
        super().__init__(discord.ui.Select(custom_id=custom_id, placeholder=placeholder,
                                           options=choices, row=row))
        self.key = key

    @classmethod
    async def from_custom_id(cls, interaction: Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> ActSelect:
        """Rebuild the menu from a choice (also after a restart)."""
        return cls(ids.SelectKey(int(match["game"]), int(match["seat"]), match["stamp"],
                                 int(match["part"])))

    async def callback(self, interaction: Interaction) -> None:
        """Play the chosen option."""
        values = (interaction.data or {}).get("values") or []  # type: ignore[union-attr]
        await flows.choose_option(interaction, self.key, str(values[0]) if values else "")


class LobbyButton(discord.ui.DynamicItem[discord.ui.Button],
                  template=r"tt:lobby:(?P<game>[0-9]+):(?P<verb>join|leave|start)"):
    """Join, Leave or Start on a lobby message."""

    def __init__(self, key: ids.LobbyKey, label: str = "-", style: str = "primary",
                 row: int | None = None) -> None:
        custom_id = ids.checked(f"tt:lobby:{key.game}:{key.verb}")
        super().__init__(discord.ui.Button(custom_id=custom_id, label=label,
                                           style=STYLES[style], row=row))
        self.key = key

    @classmethod
    async def from_custom_id(cls, interaction: Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> LobbyButton:
        """Rebuild the button from a click (also after a restart)."""
        return cls(ids.LobbyKey(int(match["game"]), match["verb"]))

    async def callback(self, interaction: Interaction) -> None:
        """Join, leave or start the lobby this button belongs to."""
        await flows.lobby_click(interaction, self.key)


class MeButton(discord.ui.DynamicItem[discord.ui.Button], template=r"tt:me:(?P<game>[0-9]+)"):
    """"My turn / My info": the clicker's private information and options, ephemerally."""

    def __init__(self, key: ids.MeKey, label: str = "-", style: str = "secondary",
                 row: int | None = None) -> None:
        super().__init__(discord.ui.Button(custom_id=ids.checked(f"tt:me:{key.game}"),
                                           label=label, style=STYLES[style], row=row))
        self.key = key

    @classmethod
    async def from_custom_id(cls, interaction: Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> MeButton:
        """Rebuild the button from a click (also after a restart)."""
        return cls(ids.MeKey(int(match["game"])))

    async def callback(self, interaction: Interaction) -> None:
        """Answer the clicker privately."""
        await flows.show_me(interaction, self.key.game)


def _confirm_template(verb: str, field: str) -> str:
    """The custom-id template of a Yes / No confirmation: ``tt:<verb>:<game>:<field>:yes|no``."""
    return rf"tt:{verb}:(?P<game>[0-9]+):(?P<{field}>[0-9]+):(?P<answer>yes|no)"


class _Confirmation:
    """What the Yes / No buttons of a confirmation share (mixed into a ``DynamicItem``).

    A subclass names its ``verb``, the key ``field`` written between game and answer, and its
    ``key_type`` (a key of game, that field and ``confirm``); its template comes from
    :func:`_confirm_template` with the same verb and field.
    """

    verb: ClassVar[str]
    field: ClassVar[str]
    key_type: ClassVar[type]

    def __init__(self, key: Any, label: str = "-", style: str = "danger",
                 row: int | None = None) -> None:
        answer = "yes" if key.confirm else "no"
        custom_id = ids.checked(f"tt:{self.verb}:{key.game}:{getattr(key, self.field)}:{answer}")
        super().__init__(discord.ui.Button(custom_id=custom_id, label=label,  # type: ignore[call-arg]
                                           style=STYLES[style], row=row))
        self.key = key

    @classmethod
    async def from_custom_id(cls, interaction: Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> Any:
        """Rebuild the button from a click (also after a restart)."""
        return cls(cls.key_type(int(match["game"]), int(match[cls.field]),
                                match["answer"] == "yes"))


class AbortButton(_Confirmation, discord.ui.DynamicItem[discord.ui.Button],
                  template=_confirm_template("abort", "version")):
    """Yes / No of the abort confirmation."""

    verb, field, key_type = "abort", "version", ids.AbortKey
    key: ids.AbortKey

    async def callback(self, interaction: Interaction) -> None:
        """Abort the game (yes) or keep it (no)."""
        await flows.abort_answer(interaction, self.key)


class ConcedeButton(_Confirmation, discord.ui.DynamicItem[discord.ui.Button],
                    template=_confirm_template("concede", "seat")):
    """Yes / No of a player's concession confirmation."""

    verb, field, key_type = "concede", "seat", ids.ConcedeKey
    key: ids.ConcedeKey

    async def callback(self, interaction: Interaction) -> None:
        """Concede (yes) or play on (no)."""
        await flows.concede_answer(interaction, self.key)


class SureButton(discord.ui.DynamicItem[discord.ui.Button], template=(
        r"tt:sure:(?P<game>[0-9]+):(?P<seat>[0-9]+):" + STAMP
        + r":(?P<index>[0-9]+):(?P<answer>yes|no)")):
    """Confirm or Cancel of a final option, asked before it is played."""

    def __init__(self, key: ids.SureKey, label: str = "-", style: str = "danger",
                 row: int | None = None) -> None:
        answer = "yes" if key.confirm else "no"
        custom_id = ids.checked(
            f"tt:sure:{key.game}:{key.seat}:{key.stamp}:{key.index}:{answer}")
        super().__init__(discord.ui.Button(custom_id=custom_id, label=label,
                                           style=STYLES[style], row=row))
        self.key = key

    @classmethod
    async def from_custom_id(cls, interaction: Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> SureButton:
        """Rebuild the button from a click (also after a restart)."""
        return cls(ids.SureKey(int(match["game"]), int(match["seat"]), match["stamp"],
                               int(match["index"]), match["answer"] == "yes"))

    async def callback(self, interaction: Interaction) -> None:
        """Play the option (confirm) or leave everything as it is (cancel)."""
        await flows.sure_answer(interaction, self.key)


DYNAMIC_ITEMS = (ActButton, ActSelect, LobbyButton, MeButton, AbortButton, ConcedeButton,
                 SureButton)

_BUTTONS = {ids.ActKey: ActButton, ids.LobbyKey: LobbyButton, ids.MeKey: MeButton,
            ids.AbortKey: AbortButton, ids.ConcedeKey: ConcedeButton, ids.SureKey: SureButton}


def make_item(spec: ButtonSpec | SelectSpec, row: int) -> discord.ui.Item[Any]:
    """Build the persistent Discord component for a spec, placed in ``row``."""
    if isinstance(spec, SelectSpec):
        return ActSelect(spec.key, spec.placeholder, spec.options, row)
    return _BUTTONS[type(spec.key)](spec.key, spec.label, spec.style, row)  # type: ignore


def build_view(rows: list[Row]) -> discord.ui.View | None:
    """A persistent view holding ``rows`` of components (None when there are none)."""
    if not rows:
        return None
    check_rows(rows)
    view = discord.ui.View(timeout=None)
    for index, row in enumerate(rows):
        for spec in row:
            view.add_item(make_item(spec, index))
    return view
