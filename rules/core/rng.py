"""Counter-based seeded random numbers, so a game replays exactly from its seed and moves."""

from __future__ import annotations

from dataclasses import dataclass
from hashlib import blake2b
from typing import MutableSequence, Sequence, TypeVar

T = TypeVar("T")
# bits of secret seed a new game draws: far beyond any search of the seed space from what a
# table shows (a seed of any size hashes the same way; old small seeds keep their streams)
SEED_BITS = 128
_SPAN = 1 << 64
_from_bytes = int.from_bytes  # looked up once (a draw is a hot path)
# the hash already fed with b"<seed>:" for recent seeds; a draw copies it and adds the counter,
# which gives the same digest as hashing b"<seed>:<counter>" whole, for less work
_PREFIXES: dict[int, "blake2b"] = {}
_MAX_PREFIXES = 4096


def _prefix(seed: int):
    found = _PREFIXES.get(seed)
    if found is None:
        if len(_PREFIXES) >= _MAX_PREFIXES:
            _PREFIXES.clear()
        found = _PREFIXES[seed] = blake2b(b"%d:" % seed, digest_size=8)
    return found


@dataclass
class Rng:
    """A random stream: each draw hashes (seed, counter) and advances the counter.

    The seed is any non-negative integer (new games use :data:`SEED_BITS` bits); its decimal
    digits are hashed, so a seed's stream does not depend on its size.

    The generator lives inside the game state, so copying the state copies the stream
    and dumping the state records exactly where the stream stands.
    """

    seed: int
    counter: int = 0

    def next64(self) -> int:
        """Return the next raw 64-bit value and advance the counter."""
        counter = self.counter
        self.counter = counter + 1
        digest = _prefix(self.seed).copy()
        digest.update(b"%d" % counter)
        return _from_bytes(digest.digest(), "big")

    def randbelow(self, n: int) -> int:
        """Return a uniform integer in ``[0, n)`` without modulo bias."""
        if n <= 0:
            raise ValueError("randbelow needs a positive bound")
        if n == 1:  # one draw is used up, as for any bound; its value cannot matter
            self.counter += 1
            return 0
        limit = _SPAN - (_SPAN % n)
        value = self.next64()
        while value >= limit:  # rejected (probability below n / 2**64)
            value = self.next64()
        return value % n

    def randint(self, low: int, high: int) -> int:
        """Return a uniform integer in ``[low, high]``, both ends included."""
        return low + self.randbelow(high - low + 1)

    def choice(self, items: Sequence[T]) -> T:
        """Return one element of ``items`` chosen uniformly."""
        return items[self.randbelow(len(items))]

    def copy(self) -> "Rng":
        """Return an independent stream standing where this one stands."""
        new = object.__new__(Rng)
        new.__dict__ = self.__dict__.copy()
        return new

    def shuffle(self, items: MutableSequence[T]) -> MutableSequence[T]:
        """Shuffle ``items`` in place (Fisher-Yates) and return it."""
        for i in range(len(items) - 1, 0, -1):
            j = self.randbelow(i + 1)
            items[i], items[j] = items[j], items[i]
        return items

    def dump(self) -> list[int]:
        """Return the JSON form ``[seed, counter]``."""
        return [self.seed, self.counter]

    @classmethod
    def load(cls, data: Sequence[int]) -> "Rng":
        """Rebuild a stream from its JSON form."""
        return cls(int(data[0]), int(data[1]))
