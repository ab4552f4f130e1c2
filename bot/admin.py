"""Operate the games database: ``python -m bot.admin <command>``, safe while the bot runs.

    list                                  the running games (lobby and active)
    export GAME_ID [-o FILE]              one game as a file (the format of /game export)
    import FILE --guild G --channel C     a game from such a file, replayed and checked
    prune --days N                        delete finished games older than N days
    backup FILE                           a consistent copy of the database (online backup)

The database is ``--database`` (a SQLite file or a ``postgresql://`` URL), else
``DATABASE_URL``, else ``DATABASE_PATH`` from the environment or ``.env``. ``backup`` is for
the SQLite file; on PostgreSQL use its own ``pg_dump`` (see the README).
An export of a running game holds its seed, which reveals every hidden part of it: keep it
to operators. A failure prints one line and exits 1.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sqlite3
import sys
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Sequence

from rules.core import Game, all_games

from . import history
from .config import DEFAULT_DATABASE, parse_env_file
from .store import ChannelBusy, GameRecord, Seat, Store, StoreError
from .store import results as stored
from .store.postgresql import is_url

EXIT_FAILED = 1


class AdminError(Exception):
    """A command cannot be carried out; the message says why."""


def database_path(given: str | None, env_file: str | Path = ".env") -> Path | str:
    """``given``, else DATABASE_URL, else DATABASE_PATH (from the environment or ``.env``),
    else the default file. A PostgreSQL database is returned as its URL (a string)."""
    if given:
        return given if is_url(given) else Path(given)
    path = Path(env_file)
    values = parse_env_file(path.read_text(encoding="utf-8")) if path.is_file() else {}
    values.update(os.environ)
    url = values.get("DATABASE_URL", "").strip()
    if url:
        return url
    return Path(values.get("DATABASE_PATH", "").strip() or DEFAULT_DATABASE)


async def list_games(store: Store) -> list[str]:
    """One line per game in lobby or play: id, game, status, place, players, moves."""
    lines = []
    for record in await store.active_games():
        lines.append(f"{record.id}\t{record.game}\t{record.status}\t{record.guild}/"
                     f"{record.channel}\t{', '.join(record.names)}\t{sum(record.turns)} moves")
    return lines


async def export_game(store: Store, game_id: int) -> tuple[GameRecord, bytes]:
    """Return a game and its export file (options, seed, moves), whatever its status."""
    record = await store.get_game(game_id)
    if record is None:
        raise AdminError(f"no game {game_id}")
    moves = await stored.all_moves(store, game_id)
    document = {"format": history.EXPORT_FORMAT, "game": record.game,
                "options": record.options, "seed": record.seed, "players": record.names,
                "status": record.status, "moves": [[seat, text] for seat, text in moves]}
    return record, history.export_bytes(document)


async def import_game(store: Store, games: dict[str, Game], text: str, guild: str,
                      channel: str, users: Sequence[str] = ()) -> GameRecord:
    """Store the game of an export file in ``channel``, replaying every move to check it.

    Seats get the ``users`` ids given (else ``imported-<n>``). A game that was running opens
    in the channel as running (refused if the channel has an open game)."""
    try:
        document = history.parse_export(text)
    except ValueError as error:
        raise AdminError(f"not an export: {error}") from None
    game = games.get(document["game"])
    if game is None:
        raise AdminError(f"the game {document['game']!r} is not installed")
    try:
        steps = list(history.replay(game, document))
    except Exception as error:  # a foreign file may break the rules' set-up too
        raise AdminError(f"the file does not replay: {error}") from None
    names = document["players"]
    seats = [Seat(users[n] if n < len(users) else f"imported-{n}", str(name))
             for n, name in enumerate(names)]
    try:
        return await _store_replayed(store, game, document, steps, seats, guild, channel)
    except ChannelBusy:
        raise AdminError(f"channel {guild}/{channel} has an open game") from None


async def _store_replayed(store: Store, game: Game, document: dict, steps: list,
                          seats: list[Seat], guild: str, channel: str) -> GameRecord:
    """Write a replayed game through the store, move by move, as the bot would have."""
    record = await store.create_game(
        game=game.name, guild=guild, channel=channel, host=seats[0], seed=document["seed"],
        options=dict(document["options"]), min_players=len(seats), max_players=len(seats))
    record = await store.start_game(record.id, record.version, seats,
                                    game.dump(steps[0].state))
    for step in steps[1:]:
        record = await store.append_move(
            record.id, record.version, seat=step.seat, action=step.text,
            events=[event.to_json() for event in step.events], state=game.dump(step.state),
            undoable=False, status="over" if game.is_over(step.state) else "active",
            secret=step.secret)
    if document.get("status") == "aborted" and record.status != "aborted":
        record = await store.set_status(record.id, record.version, "aborted")
    return record


async def prune(store: Store, days: float, now: datetime | None = None) -> int:
    """Delete the finished games (over or aborted) last changed more than ``days`` ago, with
    their moves, snapshots, clocks and results; ratings stay. Return how many went."""
    now = now or datetime.now(timezone.utc)
    cutoff = (now - timedelta(days=days)).isoformat(timespec="seconds")
    async with store.write() as db:
        cursor = await db.execute(
            "DELETE FROM games WHERE status IN ('over', 'aborted') AND updated_at < ?",
            (cutoff,))
        return cursor.rowcount


def backup(database: Path, target: Path) -> int:
    """Copy ``database`` to ``target`` with SQLite's online backup API (the bot may be writing
    meanwhile: the copy is one consistent moment); return the copy's size in bytes."""
    if not database.is_file():
        raise AdminError(f"no database at {database}")
    if target.exists():
        raise AdminError(f"{target} exists; choose a new file")
    target.parent.mkdir(parents=True, exist_ok=True)
    source = sqlite3.connect(database, timeout=30)
    copy = sqlite3.connect(target)
    try:
        source.backup(copy, pages=1024)  # in steps, so a running bot keeps writing between
    finally:
        copy.close()
        source.close()
    return target.stat().st_size


def parser() -> argparse.ArgumentParser:
    """The command line of ``python -m bot.admin``."""
    top = argparse.ArgumentParser(prog="python -m bot.admin",
                                  description="Operate the tabletop games database.")
    top.add_argument("--database", help="the SQLite file or a postgresql:// URL"
                     " (default: DATABASE_URL, else DATABASE_PATH)")
    commands = top.add_subparsers(dest="command", required=True)
    commands.add_parser("list", help="list the running games")
    export = commands.add_parser("export", help="write one game to a file")
    export.add_argument("game_id", type=int)
    export.add_argument("-o", "--output", help="the file (default: <game>-<id>.json)")
    imported = commands.add_parser("import", help="add a game from an export file")
    imported.add_argument("file")
    imported.add_argument("--guild", required=True)
    imported.add_argument("--channel", required=True)
    imported.add_argument("--users", nargs="*", default=[],
                          help="Discord user ids of the seats, in order")
    pruned = commands.add_parser("prune", help="delete finished games older than N days")
    pruned.add_argument("--days", type=float, required=True)
    backed = commands.add_parser("backup", help="copy the database while the bot runs")
    backed.add_argument("file")
    return top


async def run(args: argparse.Namespace) -> str:
    """Carry out one command; return what to print."""
    path = database_path(args.database)
    if args.command == "backup":
        if is_url(path):
            raise AdminError("backup copies a SQLite file; for PostgreSQL run pg_dump"
                             " (see the README)")
        size = backup(path, Path(args.file))
        return f"backed up {path} to {args.file} ({size} bytes)"
    if args.command != "import" and not is_url(path) and not path.is_file():
        raise AdminError(f"no database at {path}")
    store = await Store.open(path)
    try:
        return await _with_store(store, args)
    finally:
        await store.close()


async def _with_store(store: Store, args: argparse.Namespace) -> str:
    if args.command == "list":
        return "\n".join(await list_games(store)) or "no running games"
    if args.command == "export":
        record, body = await export_game(store, args.game_id)
        output = Path(args.output or f"{record.game}-{record.id}.json")
        output.write_bytes(body)
        return f"game {record.id} ({record.game}, {record.status}) written to {output}"
    if args.command == "import":
        games = {game.name: game for game in all_games()}
        store.games.update(games)
        text = Path(args.file).read_text(encoding="utf-8")
        record = await import_game(store, games, text, args.guild, args.channel, args.users)
        return f"imported as game {record.id} ({record.game}, {record.status})"
    count = await prune(store, args.days)
    return f"pruned {count} finished games older than {args.days:g} days"


def main(argv: list[str] | None = None) -> int:
    """Run ``python -m bot.admin``; a failure prints one line and returns 1."""
    args = parser().parse_args(argv)
    try:
        print(asyncio.run(run(args)))
    except (AdminError, StoreError, OSError, sqlite3.Error) as error:
        print(f"tabletop admin: {error}", file=sys.stderr)
        return EXIT_FAILED
    return 0


if __name__ == "__main__":
    sys.exit(main())
