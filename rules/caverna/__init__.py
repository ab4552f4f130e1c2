"""Caverna: The Cave Farmers (1-7 players) as a pure rules engine.

Modules by mechanic: setup, flow (rounds, harvest schedule), work (dwarf placement),
spaces (replenishment, connectors, imitation), parts (what a space is made of), tiles
(landscape tiles, pastures, stables, furnishing decisions), furnish (tile data executor),
expedition (forging loot), animals (housing), harvest (feeding, breeding, overflow),
convert (food and ruby conversions), scoring, view, explain (illegal-move reasons).

Action texts (squares are ``row,col``: rows 1-4, columns 1-3 forest, 4-6 mountain):

- ``place <space>`` / ``place <space> ruby <strength>`` (1 ruby: out of weapon order)
- ``choose <part>`` (next part of the space being resolved), ``done``
- ``tile <twin> r,c <up|down|left|right>`` for meadow-field, cavern-tunnel,
  cavern-cavern, ore-mine (first half on r,c); ``tile <meadow|field|tunnel|cavern> r,c``
- ``ruby-mine r,c``, ``fence small r,c``, ``fence large r,c <right|down>``, ``stable r,c``
- ``furnish <tile-id> r,c``, ``sow <grain|vegetable> r,c``, ``forge <1-8>``,
  ``loot <item>``, ``breed <animal>``, ``buy <item>``, ``trade <1-3>``,
  ``imitate <space>``, ``protect <space>`` (solo), ``cancel`` (ruby tile purchase)
- ``feed`` / ``feed <wood|stone|ore>`` (Working cave), ``harvest <field|breed>``
- ``release <animal>``; any time: ``convert <grain|vegetable|sheep|donkey|donkeys|boar|
  cattle>``, ``convert gold <k>``, ``convert <cooking|trader|spare-parts|hunting|
  beer-gold|beer-food|blacksmithing-parlor>``, ``convert peaceful <dwarf>``,
  ``ruby <good|food|cattle|meadow|field|tunnel|cavern>``
"""

from .game import Caverna

GAME = Caverna()

__all__ = ["GAME", "Caverna"]
