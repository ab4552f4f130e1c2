"""Antiquity (Splotter Spellen, 2004) for 2-4 players: spec antiquity.md.

Modules: ``data`` (TOML content), ``hexes``/``board`` (map), ``state``/``serial``,
``influence``, ``city``/``citybuild``/``abilities``/``trades``/``phase2``/``menu2`` (phase 2),
``turnorder``, ``countryside``/``phase4``/``menu4``, ``storage``, ``harvest``,
``exploration``, ``famine``, ``pollution``, ``victory``/``saints``, ``elimination``,
``handlers`` (decisions), ``flow`` (phase machine), ``moves`` (grammar), ``view``, ``game``.
"""

from .game import Antiquity

GAME = Antiquity()

__all__ = ["GAME", "Antiquity"]
