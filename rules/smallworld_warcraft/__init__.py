"""Small World of Warcraft: the Small World engine on an archipelago of islands, with factions,
artifacts and legendary places (spec smallworld_warcraft.md).

So far this package holds the content loader (``data``); the game registers itself here once
its rules run on the Small World engine's variant hooks.
"""
