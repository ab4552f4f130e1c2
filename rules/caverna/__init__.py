"""Caverna: The Cave Farmers (1-7 players) as a pure rules engine.

Modules by mechanic: setup, flow (rounds, harvest schedule), work (dwarf placement),
spaces (replenishment, connectors, imitation), parts (what a space is made of), tiles
(landscape tiles, pastures, stables, furnishing decisions), furnish (tile data executor),
expedition (forging loot), animals (housing), harvest (feeding, breeding, overflow),
convert (food and ruby conversions), scoring, view, explain (illegal-move reasons).
"""

from .game import Caverna

GAME = Caverna()

__all__ = ["GAME", "Caverna"]
