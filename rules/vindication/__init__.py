"""Vindication (Orange Nebula, 2018) for 2 to 5 players, with the Well of Wishes, Temple Ruins,
Sacred Stones, Jewelcrafter & Crystal Mines and Building Sites modules and a chosen tile mix.
Content in data/vindication/; rules split by mechanic."""

from .game import VindicationGame

VINDICATION = VindicationGame()
GAME = VINDICATION
