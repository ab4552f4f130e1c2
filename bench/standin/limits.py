"""Discord's documented limits, checked on what the bot sends (each breach is a sentence).

Sources: Discord developer docs, "Message Resource" (2000 characters of content), "Message
Components" (5 action rows, 5 buttons a row or one select, 25 select options, custom id 100,
button label 80, option label/value/description 100, placeholder 150), "Receiving and
Responding" (autocomplete: at most 25 choices, name 1-100, string value up to 100) and
"Application Commands" (name 1-32 lowercase, description 1-100, 25 options, 25 choices,
4000 characters over names, descriptions and choices of one command).
"""

from __future__ import annotations

import re

MAX_CONTENT = 2000
MAX_ROWS = 5
MAX_IN_ROW = 5
MAX_OPTIONS = 25
CUSTOM_ID = 100
BUTTON_LABEL = 80
OPTION_TEXT = 100
PLACEHOLDER = 150
CHOICE_TEXT = 100
COMMAND_NAME = re.compile(r"^[-_\w]{1,32}$")
COMMAND_TOTAL = 4000
MAX_COMMANDS = 100
SUBCOMMAND, GROUP = 1, 2


def message_problems(payload: dict) -> list[str]:
    """Breaches of the content and component limits in a message payload."""
    problems = []
    content = payload.get("content") or ""
    if len(content) > MAX_CONTENT:
        problems.append(f"content of {len(content)} characters")
    problems += component_problems(payload.get("components") or [])
    return problems


def component_problems(rows: list) -> list[str]:
    """Breaches of the component limits in a list of action rows."""
    problems = [] if len(rows) <= MAX_ROWS else [f"{len(rows)} action rows"]
    for row in rows:
        items = row.get("components") or []
        if row.get("type") != 1 or not 1 <= len(items) <= MAX_IN_ROW:
            problems.append(f"bad action row of {len(items)} components")
        selects = [c for c in items if c.get("type") in (3, 5, 6, 7, 8)]
        if selects and len(items) != 1:
            problems.append("a select shares its row")
        for item in items:
            problems += _item_problems(item)
    return problems


def _item_problems(item: dict) -> list[str]:
    problems = []
    custom_id = item.get("custom_id") or ""
    if item.get("style") != 5 and not 1 <= len(custom_id) <= CUSTOM_ID:
        problems.append(f"custom id of {len(custom_id)} characters")
    if item.get("type") == 2 and len(item.get("label") or "") > BUTTON_LABEL:
        problems.append("button label over 80 characters")
    if item.get("type") == 3:
        options = item.get("options") or []
        if not 1 <= len(options) <= MAX_OPTIONS:
            problems.append(f"select with {len(options)} options")
        values = [o.get("value") for o in options]
        if len(set(values)) != len(values):
            problems.append("select option values repeat")
        if len(item.get("placeholder") or "") > PLACEHOLDER:
            problems.append("placeholder over 150 characters")
        for option in options:
            for key in ("label", "value"):
                if not 1 <= len(option.get(key) or "") <= OPTION_TEXT:
                    problems.append(f"select option {key} of bad length")
            if len(option.get("description") or "") > OPTION_TEXT:
                problems.append("select option description over 100 characters")
    return problems


def choice_problems(choices: list) -> list[str]:
    """Breaches of the autocomplete limits in a list of choices."""
    problems = [] if len(choices) <= MAX_OPTIONS else [f"{len(choices)} autocomplete choices"]
    for choice in choices:
        if not 1 <= len(choice.get("name") or "") <= CHOICE_TEXT:
            problems.append("choice name of bad length")
        value = choice.get("value")
        if isinstance(value, str) and len(value) > CHOICE_TEXT:
            problems.append("choice value over 100 characters")
    return problems


def command_problems(commands: list) -> list[str]:
    """Breaches of the application command limits in a bulk overwrite body."""
    problems = [] if len(commands) <= MAX_COMMANDS else ["over 100 commands"]
    names = [c.get("name") for c in commands]
    if len(set(names)) != len(names):
        problems.append("two commands share a name")
    for command in commands:
        problems += _command_problems(command)
    return problems


def _command_problems(command: dict) -> list[str]:
    name = command.get("name") or ""
    problems = _name_problems(name, f"/{name}")
    if command.get("type", 1) == 1:
        problems += _description_problems(command, f"/{name}")
        problems += _options_problems(command.get("options") or [], f"/{name}")
    if _characters(command) > COMMAND_TOTAL:
        problems.append(f"/{name}: over {COMMAND_TOTAL} characters in all")
    return problems


def _name_problems(name: str, where: str) -> list[str]:
    if not COMMAND_NAME.match(name) or name != name.lower():
        return [f"{where}: bad name {name!r}"]
    return []


def _description_problems(item: dict, where: str) -> list[str]:
    description = item.get("description") or ""
    return [] if 1 <= len(description) <= 100 else [f"{where}: description of bad length"]


def _options_problems(options: list, where: str) -> list[str]:
    problems = [] if len(options) <= MAX_OPTIONS else [f"{where}: over 25 options"]
    seen_optional = False
    for option in options:
        at = f"{where} {option.get('name')}"
        problems += _name_problems(option.get("name") or "", at)
        problems += _description_problems(option, at)
        if option.get("type") in (SUBCOMMAND, GROUP):
            problems += _options_problems(option.get("options") or [], at)
            continue
        if option.get("required"):
            if seen_optional:
                problems.append(f"{at}: required option after an optional one")
        else:
            seen_optional = True
        choices = option.get("choices") or []
        if len(choices) > MAX_OPTIONS:
            problems.append(f"{at}: over 25 choices")
        if choices and option.get("autocomplete"):
            problems.append(f"{at}: choices and autocomplete together")
        problems += [f"{at}: {p}" for p in choice_problems(choices)]
    return problems


def _characters(item: dict) -> int:
    total = len(item.get("name") or "") + len(item.get("description") or "")
    for choice in item.get("choices") or []:
        total += len(choice.get("name") or "") + len(str(choice.get("value") or ""))
    return total + sum(_characters(o) for o in item.get("options") or [])
