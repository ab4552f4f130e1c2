"""A channel's finished games: export files, exact replays, results and ratings.

An export holds what replays a game exactly: the game, its options, its seed, the seat
names and every move as text. Only finished games (over or aborted) are exported: the seed
reproduces every hidden part, so an export of a running game would leak them.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Callable, Iterator, Mapping, Sequence

from rules.core import Action, Event, Game, Msg, RulesError

from . import ratings
from .errors import UserError
from .store import GameRecord, Store
from .store import results as stored

EXPORT_FORMAT = "tabletop-game/1"
EXPORT_LIMIT = 8 * 1024 * 1024


@dataclass(frozen=True)
class ReplayStep:
    """One move of a replay and the state after it (``seq`` 0 is the starting position)."""

    seq: int
    seat: int | None
    text: str | None
    state: Any
    events: list[Event] = field(default_factory=list)
    secret: bool = False  # the move was a hidden choice (Game.action_is_secret)

    @property
    def public_text(self) -> str | None:
        """The move's text as everyone may read it (None for a hidden choice)."""
        return None if self.secret else self.text


@dataclass(frozen=True)
class Summary:
    """What the channel is told about a finished game besides its score."""

    moves: int
    minutes: int
    place: int  # how many games of this game ended on the server, this one included


def export_document(record: GameRecord, moves: Sequence[tuple[int, str]]) -> dict:
    """Return the export of a finished game: enough to replay it exactly."""
    if record.status not in stored.FINISHED:
        raise UserError(Msg("history.error.not_finished"))
    return {"format": EXPORT_FORMAT, "game": record.game, "options": record.options,
            "seed": record.seed, "players": record.names, "status": record.status,
            "moves": [[seat, text] for seat, text in moves]}


def export_bytes(document: Mapping) -> bytes:
    """Return an export as a UTF-8 JSON file body (one move per line, easy to read)."""
    head = {k: v for k, v in document.items() if k != "moves"}
    lines = [json.dumps(head, ensure_ascii=False, sort_keys=True)[:-1] + ', "moves": [']
    moves = [json.dumps(move, ensure_ascii=False) for move in document["moves"]]
    lines += [f"  {move}," for move in moves[:-1]] + ([f"  {moves[-1]}"] if moves else [])
    lines.append("]}")
    return ("\n".join(lines) + "\n").encode()


def parse_export(text: str) -> dict:
    """Read an export file; raise ValueError saying what is wrong with it."""
    try:
        document = json.loads(text)
    except json.JSONDecodeError as error:
        raise ValueError(f"not JSON: {error}") from None
    if not isinstance(document, dict) or document.get("format") != EXPORT_FORMAT:
        raise ValueError(f"not a {EXPORT_FORMAT} export")
    for key, kind in (("game", str), ("options", dict), ("seed", int), ("players", list),
                      ("moves", list)):
        if not isinstance(document.get(key), kind):
            raise ValueError(f"'{key}' is missing or not a {kind.__name__}")
    for move in document["moves"]:
        if not (isinstance(move, list) and len(move) == 2 and isinstance(move[0], int)
                and isinstance(move[1], str)):
            raise ValueError(f"bad move entry: {move!r}")
    return document


def replay(game: Game, document: Mapping) -> Iterator[ReplayStep]:
    """Yield the starting position, then the state after each move of an export.

    Raises ValueError naming the first move the rules refuse (a corrupt or foreign file).
    """
    state = game.new_game(document["seed"], len(document["players"]), dict(document["options"]))
    yield ReplayStep(0, None, None, state)
    for seq, (seat, text) in enumerate(document["moves"], start=1):
        try:
            game.check_actor(state, seat, Action(text))
            action = game.parse_action(state, seat, text)
            secret = game.action_is_secret(state, seat, action)
            state, events = game.apply(state, seat, action)
        except RulesError as error:
            raise ValueError(f"move {seq} ({seat}: {text}) is refused: {error.msg.key}") from None
        yield ReplayStep(seq, seat, text, state, events, secret)


async def record_finish(store: Store, game: Game, record: GameRecord, state: Any) -> bool:
    """Rate a game that just ended (once). Games with fewer than two players are not rated,
    nor games a computer player held a seat in: a rating measures players against people (a
    computer seat would hand its opponents points for beating a fixed-strength program, and a
    seat taken over mid-game mixes two players' play).

    Returns True when ratings changed.
    """
    if await stored.is_rated(store, record.id):
        return False
    rated = len(record.seats) >= 2 and not record.computer_took_part

    def rate(old: Mapping[str, stored.Rating]) -> list[stored.Rating]:
        return _new_ratings(game, record, state, old)

    return await stored.record_result(store, record, rate if rated else None) and rated


def _new_ratings(game: Game, record: GameRecord, state: Any,
                 old: Mapping[str, stored.Rating]) -> list[stored.Rating]:
    """The seated players' ratings after this game, from their ratings ``old`` before it."""
    users = [seat.user_id for seat in record.seats]
    places = ratings.ranks(game.score(state), game.winners(state))
    current = [None if u not in old else (old[u].mu, old[u].sigma) for u in users]
    new = ratings.rate(current, places)
    out = []
    for seat, (user, (mu, sigma)) in enumerate(zip(users, new, strict=True)):
        before = old.get(user)
        played = (before.played if before else 0) + 1
        won = (before.won if before else 0) + (places[seat] == 1)
        out.append(stored.Rating(user, record.seats[seat].name, mu, sigma, played, won))
    return out


async def catch_up(store: Store, games: Mapping[str, Game],
                   owns: Callable[[str], bool] | None = None) -> int:
    """Rate the finished games a crash left unrated (of the guilds ``owns`` accepts, when
    given); return how many were rated."""
    count = 0
    for record in await stored.unrated_games(store):
        game = games.get(record.game)
        if game is None or record.state is None or (owns is not None and not owns(record.guild)):
            continue
        count += await record_finish(store, game, record, game.load(record.state))
    return count


async def summary(store: Store, record: GameRecord) -> Summary:
    """Return a finished game's length and its place in the server's history."""
    finished = await stored.finished_game(store, record.id)
    minutes = _minutes(finished.created_at, finished.updated_at) if finished else 0
    moves = finished.moves if finished else 0
    return Summary(moves, minutes, await stored.place_in_history(store, record))


def _minutes(start: str, end: str) -> int:
    try:
        delta = datetime.fromisoformat(end) - datetime.fromisoformat(start)
    except ValueError:
        return 0
    return max(0, int(delta.total_seconds() // 60))
