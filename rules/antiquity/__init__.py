"""Antiquity (Splotter Spellen, 2004) for 2-4 players: spec /work/shared/rules/antiquity.md.

Not registered yet: the package exposes no ``GAME`` until a full game plays end to end and
the contract tests pass, so it does not appear to users.
"""

