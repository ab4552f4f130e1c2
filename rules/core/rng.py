"""Counter-based seeded random numbers, so a game replays exactly from its seed and moves."""

from __future__ import annotations

from dataclasses import dataclass
from hashlib import blake2b
from typing import MutableSequence, Sequence, TypeVar

T = TypeVar("T")
_SPAN = 1 << 64
_blake2b, _from_bytes = blake2b, int.from_bytes  # looked up once (a draw is a hot path)


@dataclass
class Rng:
    """A random stream: each draw hashes (seed, counter) and advances the counter.

    The generator lives inside the game state, so copying the state copies the stream
    and dumping the state records exactly where the stream stands.
    """

    seed: int
    counter: int = 0

    def next64(self) -> int:
        """Return the next raw 64-bit value and advance the counter."""
        counter = self.counter
        self.counter = counter + 1
        return _from_bytes(_blake2b(b"%d:%d" % (self.seed, counter), digest_size=8).digest(),
                           "big")

    def randbelow(self, n: int) -> int:
        """Return a uniform integer in ``[0, n)`` without modulo bias."""
        if n <= 0:
            raise ValueError("randbelow needs a positive bound")
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
