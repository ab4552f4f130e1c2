"""Players who pick random legal moves through the Discord UI only: buttons, menus, the
"My turn" button, and ``/move`` with its autocomplete when the options do not fit."""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from .model import Message
from .server import User
from .session import Session

ACT = re.compile(r"tt:(act|sel):\d+:(\d+):")  # tt:act:<game>:<seat>:<stamp>:<index>
MENTION = re.compile(r"<@(\d+)>")


@dataclass
class Played:
    """What a run of random play did."""

    moves: int = 0
    clicks: int = 0
    menus: int = 0
    typed: int = 0
    over: bool = False


async def play(table: Session, users: list[User], rng: random.Random,
               max_moves: int) -> Played:
    """Play random moves until the game is over or ``max_moves`` were made."""
    played = Played()
    by_id = {u.id: u for u in users}
    while played.moves < max_moves:
        if _over(table):
            played.over = True
            break
        turn = table.turn()
        actor = _actor(turn, users) or _waiting(turn, by_id)
        if actor is None:
            raise AssertionError(f"nobody to act in {turn.content!r}")
        before = len(table.moves())
        await _act(table, actor, turn, rng, played)
        if len(table.moves()) != before + 1:
            raise AssertionError(f"a move was lost or doubled at {turn.content[:200]!r}")
        played.moves += 1
    played.over = played.over or _over(table)
    return played


def _over(table: Session) -> bool:
    return any("Game over" in m.content for m in table.public()[-2:])


def _actor(message: Message, users: list[User]) -> User | None:
    for custom_id in message.custom_ids():
        found = ACT.match(custom_id)
        if found:
            return users[int(found.group(2))]
    return None


def _waiting(message: Message, by_id: dict[int, User]) -> User | None:
    """The first player mentioned on the last line that mentions anyone (a link to the story
    thread may follow the waiting line)."""
    for line in reversed(message.content.splitlines()):
        mentioned = [int(m) for m in MENTION.findall(line)]
        if mentioned:
            return next((by_id[m] for m in mentioned if m in by_id), None)
    return None


async def _act(table: Session, user: User, turn: Message, rng: random.Random,
               played: Played) -> None:
    """Make one move for ``user`` from ``turn`` (or their private options)."""
    if not _options(turn):
        mine = await table.click(user, turn, turn.custom_ids()[-1])  # "My turn / My info"
        turn = next((m for m in mine.private if m.components), None) or turn
    options = _options(turn)
    if options and rng.random() < 0.85:
        custom_id, value = rng.choice(options)
        chosen = await table.click(user, turn, custom_id, None if value is None else [value])
        await _confirm(table, user, chosen)
        played.clicks += value is None
        played.menus += value is not None
        return
    choices = await table.autocomplete(user, "move", "action", action="")
    assert choices, f"no autocomplete choice for {user.name}"
    await table.command(user, "move", action=rng.choice(choices)["value"])
    played.typed += 1


async def _confirm(table: Session, user: User, chosen) -> None:
    """Confirm a final option the bot asked about privately (Confirm / Cancel)."""
    for message in chosen.private:
        sure = [c for c in message.custom_ids() if c.startswith("tt:sure:") and c.endswith(":yes")]
        if sure:
            await table.click(user, message, sure[0])
            return


def _options(message: Message) -> list[tuple[str, str | None]]:
    """Every (custom id, menu value or None for a button) deciding a move."""
    found: list[tuple[str, str | None]] = []
    for row in message.components:
        for item in row["components"]:
            custom_id = item.get("custom_id", "")
            if custom_id.startswith("tt:act:"):
                found.append((custom_id, None))
            elif custom_id.startswith("tt:sel:"):
                found += [(custom_id, o["value"]) for o in item["options"]]
    return found
