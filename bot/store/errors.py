"""The storage failures the service turns into user messages."""

from __future__ import annotations


class StoreError(Exception):
    """Base class of storage failures the service turns into user messages."""


class StaleVersion(StoreError):
    """The game changed since the caller read it (an old button, a lost race)."""


class ChannelBusy(StoreError):
    """The channel already has an open game."""


class StoreBusy(StoreError):
    """Another process held the database's write lock longer than a write may wait for it;
    nothing was written."""
