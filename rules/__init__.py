"""Pure, synchronous game logic. Imports nothing outside ``rules/`` (and the standard library)."""
