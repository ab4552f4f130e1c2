"""Decide which buttons and menus a message carries, as plain data (no Discord import).

Discord's limits live here and are tested here: at most 5 rows, 5 buttons a row, 25 options a
menu, 80 characters a button label, 100 characters a menu option's label, value and
description, 150 characters a placeholder, 100 characters an autocomplete choice.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from bot.presenter import action_label, say
from bot.service import GameRecord, Table
from rules.core import Action, Msg, translate
from rules.core.text import has_message

from . import ids

MAX_ROWS = 5
MAX_BUTTONS = 5
MAX_OPTIONS = 25
BUTTON_LABEL = 80
OPTION_TEXT = 100
PLACEHOLDER = 150
CHOICE_TEXT = 100
ELLIPSIS = "…"


@dataclass(frozen=True)
class ButtonSpec:
    """A button: its key (what a click does), label and style (primary, secondary, ...)."""

    key: ids.ActKey | ids.LobbyKey | ids.MeKey | ids.AbortKey | ids.ConcedeKey | ids.SureKey
    label: str
    style: str = "primary"


@dataclass(frozen=True)
class OptionSpec:
    """One entry of a select menu."""

    label: str
    value: str
    description: str | None = None


@dataclass(frozen=True)
class SelectSpec:
    """A select menu with up to 25 options."""

    key: ids.SelectKey
    placeholder: str
    options: tuple[OptionSpec, ...]


Row = tuple[ButtonSpec | SelectSpec, ...]


def clip_text(text: str, limit: int) -> str:
    """Shorten ``text`` to ``limit`` characters (ending with an ellipsis); never empty."""
    text = " ".join(text.split()) or "-"
    return text if len(text) <= limit else text[: limit - 1] + ELLIPSIS


def locale_for(raw: object) -> str:
    """Pick the catalog language for a Discord locale: "ja" for Japanese, else "en"."""
    return "ja" if str(raw).lower().startswith("ja") else "en"


def server_language(setting: str, guild_locale: object) -> str:
    """The one language of everything a server sees: its setting, or with ``auto`` its own
    Discord language (``guild_locale``)."""
    return locale_for(guild_locale or "en") if setting == "auto" else setting


# -- decisions -------------------------------------------------------------------------------
def decision_rows(table: Table, seat: int, locale: str = "en",
                  max_rows: int = MAX_ROWS) -> list[Row]:
    """Rows offering ``seat``'s current options: buttons if ≤5, else menus of ≤25.

    Over 25 options, one menu per action group is offered when every group fits in a menu
    and the groups fit in ``max_rows``; otherwise the options are cut into menus of 25 in
    the game's order, as many as fit, and the rest are typed with ``/move`` (autocomplete
    searches all of them).
    """
    actions = table.actions(seat)
    if not actions:
        return []
    if len(actions) <= MAX_BUTTONS:
        stamp = table.stamp(seat)
        return [tuple(ButtonSpec(ids.ActKey(table.record.id, seat, stamp, i),
                                 clip_text(action_label(a, table.names, locale), BUTTON_LABEL))
                      for i, a in enumerate(actions))]
    groups = _groups(actions) if len(actions) > MAX_OPTIONS else [(None, list(enumerate(actions)))]
    if len(groups) > max_rows or any(len(members) > MAX_OPTIONS for _, members in groups):
        groups = _chunks(actions, max_rows)
    return [(_select(table, seat, part, group, members, locale),)
            for part, (group, members) in enumerate(groups)]


def _chunks(actions: Sequence[Action],
            max_rows: int) -> list[tuple[None, list[tuple[int, Action]]]]:
    """Cut actions into menus of 25 in order, at most ``max_rows`` of them."""
    indexed = list(enumerate(actions))[: MAX_OPTIONS * max_rows]
    return [(None, indexed[start:start + MAX_OPTIONS])
            for start in range(0, len(indexed), MAX_OPTIONS)]


def shown_options(rows: Sequence[Row]) -> int:
    """How many decision options the rows offer (menu entries and option buttons)."""
    count = 0
    for row in rows:
        for component in row:
            if isinstance(component, SelectSpec):
                count += len(component.options)
            elif not isinstance(component.key, ids.MeKey):
                count += 1
    return count


def _groups(actions: Sequence[Action]) -> list[tuple[str | None, list[tuple[int, Action]]]]:
    """Cluster actions by ``group`` in order of first appearance, keeping their indices."""
    groups: dict[str | None, list[tuple[int, Action]]] = {}
    for index, action in enumerate(actions):
        groups.setdefault(action.group, []).append((index, action))
    return list(groups.items())


def _select(table: Table, seat: int, part: int, group: str | None,
            members: list[tuple[int, Action]], locale: str) -> SelectSpec:
    placeholder = say("select_placeholder", locale)
    if group is not None:
        placeholder = f"{_group_title(group, locale)}: {placeholder}"
    options: list[OptionSpec] = []
    seen: set[str] = set()
    for index, action in members:
        value = ids.option_value(action.text, index)
        if value in seen:
            continue
        seen.add(value)
        options.append(option_for(action, value, table.names, locale))
    return SelectSpec(ids.SelectKey(table.record.id, seat, table.stamp(seat), part),
                      clip_text(placeholder, PLACEHOLDER), tuple(options))


def _group_title(group: str, locale: str) -> str:
    return translate(Msg(group), locale) if has_message(group, locale) else group


def option_for(action: Action, value: str, names: Sequence[str], locale: str) -> OptionSpec:
    """A menu entry: the action's label, its text as description when they differ."""
    label = action_label(action, names, locale)
    description = action.text if action.label is not None else None
    return OptionSpec(clip_text(label, OPTION_TEXT), value,
                      clip_text(description, OPTION_TEXT) if description else None)


def me_button(table: Table, locale: str = "en") -> ButtonSpec:
    """The "My turn / My info" button of a table."""
    return ButtonSpec(ids.MeKey(table.record.id), clip_text(say("button_my_turn", locale),
                                                            BUTTON_LABEL), "secondary")


def turn_rows(table: Table, locale: str = "en") -> list[Row]:
    """Components of a public turn message.

    One seat to act: its options (buttons or menus) and the "My info" button below them.
    Several seats at once, or one seat deciding over hidden things (``private_decision``):
    only the "My turn / My info" button, which answers privately.
    """
    if not table.started or table.is_over() or table.finished:
        return []
    to_act = sorted(table.to_act())
    rows: list[Row] = []
    if len(to_act) == 1 and not table.game.private_decision(table.state, to_act[0]):
        rows = decision_rows(table, to_act[0], locale, max_rows=MAX_ROWS - 1)
    return rows + [(me_button(table, locale),)]


def lobby_rows(table: Table, locale: str = "en") -> list[Row]:
    """The Join / Leave / Start buttons of a lobby message (none once it is closed)."""
    if table.record.status != "lobby":
        return []
    game = table.record.id
    return [(ButtonSpec(ids.LobbyKey(game, "join"), say("button_join", locale), "success"),
             ButtonSpec(ids.LobbyKey(game, "leave"), say("button_leave", locale), "secondary"),
             ButtonSpec(ids.LobbyKey(game, "start"), say("button_start", locale), "primary"))]


def abort_rows(record: GameRecord, locale: str = "en") -> list[Row]:
    """The two buttons of the abort confirmation, bound to the game's current version.

    They need the stored record only, so a game that is no longer installed can be aborted.
    """
    return [(ButtonSpec(ids.AbortKey(record.id, record.version, True),
                        clip_text(say("button_abort_confirm", locale), BUTTON_LABEL), "danger"),
             ButtonSpec(ids.AbortKey(record.id, record.version, False),
                        clip_text(say("button_abort_cancel", locale), BUTTON_LABEL),
                        "secondary"))]


def concede_rows(table: Table, seat: int, locale: str = "en") -> list[Row]:
    """The two buttons of ``seat``'s concession confirmation."""
    game = table.record.id
    return [(ButtonSpec(ids.ConcedeKey(game, seat, True),
                        clip_text(say("button_concede_confirm", locale), BUTTON_LABEL), "danger"),
             ButtonSpec(ids.ConcedeKey(game, seat, False),
                        clip_text(say("button_concede_cancel", locale), BUTTON_LABEL),
                        "secondary"))]


def sure_rows(table: Table, seat: int, stamp: str, index: int, locale: str = "en") -> list[Row]:
    """Confirm and Cancel of ``seat``'s final option ``index``, asked at decision ``stamp``."""
    game = table.record.id
    return [(ButtonSpec(ids.SureKey(game, seat, stamp, index, True),
                        clip_text(say("button_sure_confirm", locale), BUTTON_LABEL), "danger"),
             ButtonSpec(ids.SureKey(game, seat, stamp, index, False),
                        clip_text(say("button_sure_cancel", locale), BUTTON_LABEL),
                        "secondary"))]


def check_rows(rows: Sequence[Row]) -> None:
    """Raise ValueError if ``rows`` break one of Discord's component limits."""
    if len(rows) > MAX_ROWS:
        raise ValueError("too many rows")
    for row in rows:
        selects = [c for c in row if isinstance(c, SelectSpec)]
        if not row or len(row) > MAX_BUTTONS or (selects and len(row) != 1):
            raise ValueError("bad row")
        for select in selects:
            if not 1 <= len(select.options) <= MAX_OPTIONS:
                raise ValueError("bad option count")


# -- autocomplete ----------------------------------------------------------------------------
def action_choices(actions: Sequence[Action], names: Sequence[str],
                   locale: str = "en") -> list[tuple[str, str]]:
    """Autocomplete choices ``(name, value)`` for actions: label and text, both ≤100 chars.

    An action whose text is longer than a choice value may be cannot be offered (a cut text
    would not parse); it is left out and typed in full instead. An empty label shows the text.
    """
    choices: list[tuple[str, str]] = []
    seen: set[str] = set()
    for action in actions:
        value = action.text
        if not value or len(value) > CHOICE_TEXT or value in seen:
            continue
        seen.add(value)
        name = action_label(action, names, locale).strip() or value
        choices.append((clip_text(name, CHOICE_TEXT), value))
    return choices[:MAX_OPTIONS]


def option_choices(specs: Sequence, typed: str, locale: str = "en") -> list[tuple[str, str]]:
    """Autocomplete for ``/game new options``: complete the last ``name=value`` word typed."""
    words = typed.split(" ")
    done, last = " ".join(words[:-1]), words[-1].lower()
    used = {w.partition("=")[0].lower() for w in words[:-1]}
    choices = []
    for spec in specs:
        if spec.name in used:
            continue
        for value in _option_values(spec):
            word = f"{spec.name}={value}"
            if word.startswith(last):
                full = f"{done} {word}".strip()
                name = f"{full} ({translate(Msg(spec.help), locale)})" if has_message(
                    spec.help, locale) else full
                if len(full) <= CHOICE_TEXT:
                    choices.append((clip_text(name, CHOICE_TEXT), full))
    return choices[:MAX_OPTIONS]


def _option_values(spec) -> list[str]:
    if spec.kind == "choice":
        return list(spec.choices)
    if spec.kind == "bool":
        return ["true", "false"]
    if isinstance(spec.default, list):
        return [",".join(map(str, spec.default))] if spec.default else [""]
    return [str(spec.default)]
