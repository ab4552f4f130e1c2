"""Numbered schema migrations, applied in order and tracked by ``PRAGMA user_version``."""

from __future__ import annotations

import sqlite3

MIGRATIONS: tuple[str, ...] = (
    # 1: games and moves
    """
    CREATE TABLE games (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        game TEXT NOT NULL,
        guild TEXT NOT NULL,
        channel TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('lobby', 'active', 'over', 'aborted')),
        seed INTEGER NOT NULL,
        options TEXT NOT NULL,
        seats TEXT NOT NULL,
        host TEXT NOT NULL,
        min_players INTEGER NOT NULL,
        max_players INTEGER NOT NULL,
        version INTEGER NOT NULL DEFAULT 0,
        initial_state TEXT,
        state TEXT,
        board_message_id TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
    );
    CREATE UNIQUE INDEX one_open_game_per_channel
        ON games (guild, channel) WHERE status IN ('lobby', 'active');
    CREATE INDEX games_by_status ON games (status);
    CREATE TABLE moves (
        game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        action TEXT NOT NULL,
        events TEXT NOT NULL,
        state TEXT NOT NULL,
        state_hash TEXT NOT NULL,
        undoable INTEGER NOT NULL,
        created_at TEXT NOT NULL,
        PRIMARY KEY (game_id, seq)
    );
    """,
    # 2: a move whose action text other seats must not see (a hidden simultaneous choice)
    """
    ALTER TABLE moves ADD COLUMN secret INTEGER NOT NULL DEFAULT 0;
    """,
    # 3: ratings per server and game, which finished games were rated (once each), a
    #    table's time settings, each seat's clock, players' notification wishes, and votes
    #    to end a game whose player ran out of time
    """
    CREATE TABLE ratings (
        guild TEXT NOT NULL,
        game TEXT NOT NULL,
        user_id TEXT NOT NULL,
        name TEXT NOT NULL,
        mu REAL NOT NULL,
        sigma REAL NOT NULL,
        played INTEGER NOT NULL,
        won INTEGER NOT NULL,
        updated_at TEXT NOT NULL,
        PRIMARY KEY (guild, game, user_id)
    );
    CREATE TABLE results (
        game_id INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
        rated INTEGER NOT NULL,
        created_at TEXT NOT NULL
    );
    CREATE INDEX games_by_place ON games (guild, channel, status);
    ALTER TABLE games ADD COLUMN settings TEXT NOT NULL DEFAULT '{}';
    CREATE TABLE clocks (
        game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        seat INTEGER NOT NULL,
        since REAL,
        remind_at REAL,
        reminded INTEGER NOT NULL DEFAULT 0,
        used REAL NOT NULL DEFAULT 0,
        expired INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (game_id, seat)
    );
    CREATE TABLE user_settings (
        user_id TEXT PRIMARY KEY,
        notify INTEGER NOT NULL DEFAULT 0
    );
    CREATE TABLE votes (
        game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        target INTEGER NOT NULL,
        voter INTEGER NOT NULL,
        PRIMARY KEY (game_id, target, voter)
    );
    """,
    # 4: the version the channel's board message shows (a saved move whose post failed is
    #    re-posted), and small settings of the bot itself (the hash of the synced commands)
    """
    ALTER TABLE games ADD COLUMN board_version INTEGER;
    UPDATE games SET board_version = version WHERE board_message_id IS NOT NULL;
    CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
    """,
    # 5: each server's choices: the language of the channel's messages and boards, and
    #    whether a turn's moves edit one message or post one message each; the move that
    #    began the turn message (what an edit in place shows)
    """
    CREATE TABLE server_settings (
        guild TEXT PRIMARY KEY,
        language TEXT NOT NULL DEFAULT 'auto',
        messages TEXT NOT NULL DEFAULT 'quiet'
    );
    ALTER TABLE games ADD COLUMN turn_start INTEGER NOT NULL DEFAULT 0;
    """,
    # 6: drop moves.state_hash, which nothing ever read (a state is checked by replaying)
    """
    ALTER TABLE moves DROP COLUMN state_hash;
    """,
    # 7: drop games.turn_start, which nothing read (an edit in place follows board_version)
    """
    ALTER TABLE games DROP COLUMN turn_start;
    """,
    # 8: a game's secret seed as text: 128 bits and more do not fit SQLite's 64-bit INTEGER
    """
    ALTER TABLE games ADD COLUMN seed_text TEXT NOT NULL DEFAULT '0';
    UPDATE games SET seed_text = CAST(seed AS TEXT);
    ALTER TABLE games DROP COLUMN seed;
    ALTER TABLE games RENAME COLUMN seed_text TO seed;
    """,
    # 9: the move log is the record, full states are snapshots: a move keeps its seat, action,
    #    events and the version it created (null for moves saved before); the state after
    #    every 64th move is kept in ``snapshots`` (the current and starting states stay in
    #    ``games``), every other state is rebuilt by replaying moves from the nearest one
    """
    CREATE TABLE snapshots (
        game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        state TEXT NOT NULL,
        PRIMARY KEY (game_id, seq)
    );
    INSERT INTO snapshots (game_id, seq, state)
        SELECT game_id, seq, state FROM moves WHERE seq % 64 = 0;
    ALTER TABLE moves ADD COLUMN version INTEGER;
    ALTER TABLE moves DROP COLUMN state;
    """,
    # 10: computer players: whether one ever held a seat of a running game (such a game is
    #     not rated), and the votes to hand a player's seat to one
    """
    ALTER TABLE games ADD COLUMN computer_played INTEGER NOT NULL DEFAULT 0;
    CREATE TABLE seat_votes (
        game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        target INTEGER NOT NULL,
        voter INTEGER NOT NULL,
        PRIMARY KEY (game_id, target, voter)
    );
    """,
)


def statements(script: str) -> list[str]:
    """Split a migration script into its SQL statements."""
    found, current = [], ""
    for line in script.splitlines(keepends=True):
        current += line
        if sqlite3.complete_statement(current):
            found.append(current.strip())
            current = ""
    if current.strip():
        found.append(current.strip())
    return found
