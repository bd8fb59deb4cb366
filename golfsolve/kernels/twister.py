"""The Mersenne Twister MT19937, compiled: the pieces the dealers share (PySolFC's, seeded as
CPython's ``random.Random(n)``, in :mod:`golfsolve.kernels.dealer`; Solvitaire's, seeded as
``std::mt19937(n)``, in :mod:`golfsolve.kernels.solvitaire`).

A state is N = 624 words. Seeding leaves the words untwisted; the first twist makes output k
from words k, k + 1 and k + M of the seeded state for every k < N - M = 227
(``fresh_output``), so a dealer that needs fewer outputs than that computes only the words it
reads, and never twists the whole state (``twist``, for the rare deal that needs more).
"""

from __future__ import annotations

import numpy as np
from numba import njit

N = 624  # words of state
M = 397  # the twist's middle word
FRESH = N - M  # outputs fresh_output makes from a seeded state: k < FRESH


@njit(cache=True, inline="always")
def temper(y):
    """MT19937's tempering of a twisted word: the output."""
    y ^= y >> 11
    y ^= (y << 7) & 0x9D2C5680
    y ^= (y << 15) & 0xEFC60000
    return y ^ (y >> 18)


@njit(cache=True, inline="always")
def fresh_output(word_k, word_k1, word_km):
    """Output k of a freshly seeded state, from its words k, k + 1 and k + M (all untwisted
    for k < FRESH): the twist of word k, tempered."""
    y = (word_k & 0x80000000) | (word_k1 & 0x7FFFFFFF)
    return temper(word_km ^ (y >> 1) ^ ((y & 1) * 0x9908B0DF))


@njit(cache=True)
def init_genrand(seed: int, mt: np.ndarray) -> None:
    """mt[:N] <- the state ``init_genrand(seed)`` seeds (``std::mt19937(seed)``), as int64
    words below 2**32."""
    mt[0] = seed & 0xFFFFFFFF
    for i in range(1, N):
        prev = mt[i - 1]
        mt[i] = (1812433253 * (prev ^ (prev >> 30)) + i) & 0xFFFFFFFF


@njit(cache=True)
def twist(mt: np.ndarray) -> None:
    """The whole state twisted in place (int64 words below 2**32): its next N outputs are
    ``temper(mt[k])``."""
    for k in range(N):
        y = (mt[k] & 0x80000000) | (mt[k + 1 if k + 1 < N else 0] & 0x7FFFFFFF)
        mt[k] = mt[k + M if k + M < N else k + M - N] ^ (y >> 1) ^ ((y & 1) * 0x9908B0DF)
