"""Compiled (numba) std::mt19937_64 draws for large requests (twister.Twister).

Why compiled: randomgen's MT64.random_raw calls its engine through a function pointer per number, about 6.6 ns
each here; dropout's masks draw one number per element (a BERT-base layer's training step: 2.4M numbers,
16 ms). This loop twists each block of 312 words in place and tempers it straight into the output, about
1 ns a number. The engine is the same, so the numbers are the same: the caller takes randomgen's state, draws
here, and puts the new state back.
numba is imported by this module: import it only when _core.jit.enabled().
"""
import numpy as np
from numba import njit

_N, _M = 312, 156
_A = np.uint64(0xB5026F5AA96619E9)
_UPPER, _LOWER = np.uint64(0xFFFFFFFF80000000), np.uint64(0x7FFFFFFF)


@njit(inline="always")
def _step(cur, nxt, far):
    x = (cur & _UPPER) | (nxt & _LOWER)
    mag = _A if x & np.uint64(1) else np.uint64(0)
    return far ^ (x >> np.uint64(1)) ^ mag


@njit(cache=True, nogil=True)
def _twist(mt):
    for i in range(_N - _M):
        mt[i] = _step(mt[i], mt[i + 1], mt[i + _M])
    for i in range(_N - _M, _N - 1):
        mt[i] = _step(mt[i], mt[i + 1], mt[i + _M - _N])
    mt[_N - 1] = _step(mt[_N - 1], mt[0], mt[_M - 1])


@njit(cache=True, nogil=True)
def draw(mt, pos, out):
    """Fill out (uint64) with the engine's next outputs from state (mt: 312 words, changed in place; pos: the
    read position, 312 = twist first); returns the new read position."""
    n = out.shape[0]
    i = 0
    while i < n:
        if pos == _N:
            _twist(mt)
            pos = 0
        take = min(n - i, _N - pos)
        for j in range(take):
            y = mt[pos + j]
            y ^= (y >> np.uint64(29)) & np.uint64(0x5555555555555555)
            y ^= (y << np.uint64(17)) & np.uint64(0x71D67FFFEDA60000)
            y ^= (y << np.uint64(37)) & np.uint64(0xFFF7EEE000000000)
            out[i + j] = y ^ (y >> np.uint64(43))
        i += take
        pos += take
    return pos
