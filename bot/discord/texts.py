"""Compose the texts of Discord messages from service results (no Discord import).

Channel messages only ever hold public events; a move the rules mark secret (a hidden
simultaneous choice, ``Game.action_is_secret``) is announced without its action text.
"""

from __future__ import annotations

import dataclasses
from typing import Sequence

from discord.utils import escape_markdown

from bot.presenter import event_lines, game_title, lobby_lines, move_lines, say, told_move
from bot.service import MoveOutcome, MoveRecord, Seat, Table
from rules.core import Event, Msg

QUOTE = 200  # the longest piece of a user's own text quoted back in a reply
STATUS_MARK = "\u2063"  # invisible: starts the status block of a turn message (who acts now)
STORY_ROOM = 1800  # a turn message's story is cut from the top to leave room for its status


def mention(seat: Seat) -> str:
    """A Discord user mention for a seated player; a computer seat's name, marked 🤖."""
    if seat.is_computer:
        return f"🤖 {safe_name(seat.name)}"
    return f"<@{seat.user_id}>"


def safe_name(name: str) -> str:
    """A display name as plain text in a Discord message: no markdown, mention or ping.

    Names are the users' own text; stored and drawn on boards as typed, escaped only here.
    """
    return escape_markdown(name).replace("@", "@\u200b").replace("<", "<\u200b")


def shown(table: Table) -> Table:
    """``table`` with its players' names made safe for message text (never for boards)."""
    seats = tuple(dataclasses.replace(seat, name=safe_name(seat.name))
                  for seat in table.record.seats)
    record = dataclasses.replace(table.record, seats=seats)
    return dataclasses.replace(table, record=record, _actions=table._actions,
                               _stamps=table._stamps)


def shown_outcome(outcome: MoveOutcome) -> MoveOutcome:
    """``outcome`` with the names of its table made safe for message text."""
    return dataclasses.replace(outcome, table=shown(outcome.table))


def public_move_lines(outcome: MoveOutcome, locale: str = "en") -> list[str]:
    """What the channel reads after a move: who moved, public events, who acts next."""
    return move_lines(outcome, mention, locale)


def start_line(table: Table, locale: str = "en") -> str:
    """The line that opens a game's story: the game begins, in this seat order."""
    return say("started", locale, game=game_title(table, locale),
               players=", ".join(safe_name(name) for name in table.names))


def told_before(table: Table, story, locale: str = "en") -> list[str]:
    """The story lines a turn message told before ``table``'s newest move, rebuilt from the
    turn's moves in the log (``story``, a service ``TurnStory``; None: nothing known).

    A secret move announced by no public event is left out, as it was when it was made (a
    step after which its player went on deciding is posted nowhere: how many a player took
    is nobody's business)."""
    if story is None:
        return []
    newest = sum(table.record.turns)
    names = shown(table).names
    lines = [start_line(table, locale)] if story.from_start else []
    for move in story.moves:
        events = [Event.from_json(e) for e in move.events]
        if move.seq >= newest or (move.secret and not any(e.audience is None for e in events)):
            continue
        lines += told_move(names, move.seat, move.action, events, move.secret,
                           move.seq in story.conceded, locale)
    return lines


def private_event_lines(outcome: MoveOutcome, locale: str = "en") -> list[str]:
    """Sentences of the events only the acting seat may see (sent to it ephemerally)."""
    private = [e for e in outcome.events if e.audience is not None]
    return event_lines(private, outcome.seat, outcome.table.names, locale)


def log_lines(table: Table, moves: Sequence[MoveRecord], locale: str = "en",
              first: int = 1) -> list[str]:
    """Moves numbered from ``first``, readable: each move's public events, or its text when
    it has none (the service leaves out the secret moves nothing public told)."""
    if not moves:
        return [say("log_empty", locale)]
    names = table.names
    lines = []
    for number, move in enumerate(moves, start=first):
        events = [Event.from_json(e) for e in move.events]
        sentences = event_lines(events, None, names, locale)
        name = names[move.seat] if 0 <= move.seat < len(names) else str(move.seat + 1)
        if sentences and sentences[0].startswith(name):  # it names its mover: once
            lines.append(say("log_told", locale, seq=number, events=" ".join(sentences)))
        elif sentences:
            lines.append(say("log_events", locale, seq=number, name=name,
                             events=" ".join(sentences)))
        else:
            lines.append(say("log_line", locale, seq=number, name=name, action=move.action))
    return lines


def lobby_text(table: Table, locale: str = "en", extra: Sequence[str] = ()) -> list[str]:
    """The lobby message: title, seats, limits and options, then any ``extra`` line."""
    return [*lobby_lines(table, locale), *extra]


def quoted(msg: Msg, limit: int = QUOTE) -> Msg:
    """``msg`` with every text parameter (a user's input quoted back) cut to ``limit``."""
    return Msg(msg.key, {name: _clipped(value, limit) for name, value in msg.params.items()})


def _clipped(value, limit: int):
    if isinstance(value, Msg):
        return quoted(value, limit)
    if isinstance(value, str) and len(value) > limit:
        return value[: limit - 1] + "…"
    return value


def turn_text(story: Sequence[str], status: Sequence[str], room: int = STORY_ROOM) -> list[str]:
    """A turn message's lines: its story (the turn's moves and events, the oldest lines cut
    first to fit ``room``) and then its status block (who acts now), marked invisibly."""
    status = [STATUS_MARK + status[0], *status[1:]] if status else []
    story = list(story)
    budget = room - sum(len(line) + 1 for line in status)
    while story and sum(len(line) + 1 for line in story) > budget:
        story = story[1:] if story[0] != "…" else story[2:]
        story = ["…", *story] if story else []
    return [*story, *status]


def story_of(content: str) -> list[str]:
    """The story lines of a turn message (those before its status block)."""
    lines = content.split("\n") if content else []
    for index in range(len(lines) - 1, -1, -1):
        if lines[index].startswith(STATUS_MARK):
            return lines[:index]
    return lines
