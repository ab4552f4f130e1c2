"""Persistence: one SQLite file (WAL), numbered migrations, games and moves tables."""

from .store import (
    ChannelBusy,
    GameRecord,
    MoveRecord,
    Seat,
    StaleVersion,
    Store,
    StoreBusy,
    StoreError,
)

__all__ = ["ChannelBusy", "GameRecord", "MoveRecord", "Seat", "StaleVersion", "Store",
           "StoreBusy", "StoreError"]
