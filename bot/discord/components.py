"""Persistent buttons and menus: DynamicItems whose custom ids carry game, version and option.

They are registered once with ``client.add_dynamic_items(*DYNAMIC_ITEMS)``, so a click is
understood even after a restart; each callback hands over to :mod:`bot.discord.flows`.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from . import flows, ids
from .specs import ButtonSpec, Row, SelectSpec, check_rows

STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}


def _numbers(match: re.Match[str]) -> dict[str, Any]:
    return {k: int(v) if v.isdigit() else v for k, v in match.groupdict().items()}


class _Parsed:
    """Mixin: keep the fields parsed from the custom id as ``self.fields``."""

    fields: dict[str, Any]

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item,
                             match: re.Match[str], /):
        """Rebuild the item from a clicked component (also after a restart)."""
        made = cls(item)  # type: ignore[call-arg]
        made.fields = _numbers(match)
        return made

    def _parse(self) -> dict[str, Any]:
        if not getattr(self, "fields", None):
            self.fields = _numbers(self.template.fullmatch(self.custom_id))  # type: ignore
        return self.fields


class ActButton(_Parsed, discord.ui.DynamicItem[discord.ui.Button], template=ids.ACT_TEMPLATE):
    """A button playing one option of one seat's decision at one version."""

    async def callback(self, interaction: discord.Interaction) -> None:
        """Play the option this button stands for."""
        f = self._parse()
        await flows.click_option(interaction, f["game"], f["version"], f["seat"], f["index"])


class ActSelect(_Parsed, discord.ui.DynamicItem[discord.ui.Select], template=ids.SELECT_TEMPLATE):
    """A select menu of one seat's options at one version; its values are action texts."""

    async def callback(self, interaction: discord.Interaction) -> None:
        """Play the chosen option."""
        f = self._parse()
        values = (interaction.data or {}).get("values") or []
        await flows.choose_option(interaction, f["game"], f["version"], f["seat"],
                                  values[0] if values else "")


class LobbyButton(_Parsed, discord.ui.DynamicItem[discord.ui.Button], template=ids.LOBBY_TEMPLATE):
    """Join, Leave or Start on a lobby message."""

    async def callback(self, interaction: discord.Interaction) -> None:
        """Join, leave or start the lobby this button belongs to."""
        f = self._parse()
        await flows.lobby_click(interaction, f["game"], f["verb"])


class MeButton(_Parsed, discord.ui.DynamicItem[discord.ui.Button], template=ids.ME_TEMPLATE):
    """"My turn / My info": the clicker's private information and options, ephemerally."""

    async def callback(self, interaction: discord.Interaction) -> None:
        """Answer the clicker privately."""
        await flows.show_me(interaction, self._parse()["game"])


class AbortButton(_Parsed, discord.ui.DynamicItem[discord.ui.Button], template=ids.ABORT_TEMPLATE):
    """Yes / No of the abort confirmation."""

    async def callback(self, interaction: discord.Interaction) -> None:
        """Abort the game (yes) or keep it (no)."""
        f = self._parse()
        await flows.abort_answer(interaction, f["game"], f["version"], f["answer"] == "yes")


DYNAMIC_ITEMS = (ActButton, ActSelect, LobbyButton, MeButton, AbortButton)

_BUTTON_KINDS = (("tt:act:", ActButton), ("tt:lobby:", LobbyButton), ("tt:me:", MeButton),
                 ("tt:abort:", AbortButton))


def make_item(spec: ButtonSpec | SelectSpec, row: int) -> discord.ui.Item:
    """Build the persistent Discord component for a spec, placed in ``row``."""
    if isinstance(spec, SelectSpec):
        select = discord.ui.Select(
            custom_id=spec.custom_id, placeholder=spec.placeholder, row=row,
            options=[discord.SelectOption(label=o.label, value=o.value, description=o.description)
                     for o in spec.options])
        return ActSelect(select)
    kind = next(cls for prefix, cls in _BUTTON_KINDS if spec.custom_id.startswith(prefix))
    button = discord.ui.Button(custom_id=spec.custom_id, label=spec.label,
                               style=STYLES[spec.style], row=row)
    return kind(button)


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
