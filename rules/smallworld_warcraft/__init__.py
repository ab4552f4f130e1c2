"""Small World of Warcraft: the Small World engine on an archipelago of islands, with factions,
artifacts and legendary places (spec smallworld_warcraft.md).

A variant of :mod:`rules.smallworld`: the content is data (``data/smallworld_warcraft/``), the
differences are the hook points of :mod:`variant` and the extra decisions (``wells``).
Modules: ``data`` (content, islands, boards), ``archipelago`` (islands and markers at set-up),
``reach`` (entry regions, travel, caverns, water), ``cost`` (conquest cost breakdown),
``faction`` (faction bonus, Orc coins), ``tally`` (scoring counts, majorities), ``markers``
(face-down markers, places), ``wells``, ``coins``, ``variant``, ``view``, ``game``, ``msgs``,
``artifacts`` (conquests declaring artifacts or the Ethereals' discount), ``battleground`` (a
neutral race's side), ``pieces`` (walls, forts, watchtowers, the owner's choice when short),
``rule_options`` (the engine options of spec §6.7).
"""

from .game import SmallWorldWarcraft

GAME = SmallWorldWarcraft()

__all__ = ["GAME", "SmallWorldWarcraft"]
