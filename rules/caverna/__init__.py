"""Caverna: The Cave Farmers (1-7 players) as a pure rules engine.

Modules by job, as in every game: game (the contract; every decision handler registered
in one place), moves (text <-> structured move), msgs (catalog messages), state (the state
and its copy), flow (rounds, harvest schedule), view, scoring. Modules by mechanic: setup,
work (dwarf placement), spaces (replenishment, resolving a space), parts (what a space is
made of, whether a dwarf may take it), tiles (landscape tiles), fences (pastures, stables),
furnish (furnishing tiles and family growth), sowing, trades (forge, market, ore trade),
expedition (loot), animals and housing (room for animals), breeding (breeding, overflow),
harvest (feeding), convert (any-time conversions), goods, board (the home board), grid
(square geometry), shapes (what tile placement depends on, remembered), data. Each
decision handler gives its options, its refusal reasons (``problem``, beside the rule)
and its effect (see :mod:`handler`).

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
