"""Vindication (Orange Nebula, 2018) for 2 to 5 players, with the Well of Wishes, Temple Ruins
and Sacred Stones modules. Content in data/vindication/; rules split by mechanic."""

from .game import VindicationGame

VINDICATION = VindicationGame()
GAME = VINDICATION
