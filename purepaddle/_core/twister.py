"""std::mt19937_64, the engine behind Paddle's CPU generator, and the two ways libstdc++ seeds it.

The engine's whole state is 312 64-bit words plus a read position (`pos` = 312: the next draw
twists a fresh block). `Twister` draws through randomgen's C implementation of the same engine
when that optional package is installed (a few ns a number, like NumPy's own generators) and
through a NumPy implementation otherwise; both give the same numbers from the same state, so
a state taken on one machine replays on another.

Seeding:
- `seed_words(seed)` is `engine.seed(seed)`: the reference init_genrand64 recurrence. Paddle
  uses it for a fresh engine of an op-level `seed` attribute.
- `seed_seq_words(seed)` is `engine.seed(std::seed_seq{seed})`: what `Generator::manual_seed`
  (so `paddle.seed`) does. std::seed_seq keeps 32 bits of each value, so `paddle.seed(2**32 + 1)`
  gives the stream of `paddle.seed(1)` in Paddle, and here.
"""
import functools

import numpy as np

from . import jit

try:  # optional: the C engine (pip install randomgen); NumPy below otherwise
    from randomgen import MT64 as _MT64
except ImportError:  # pragma: no cover - depends on the environment
    _MT64 = None

N, M = 312, 156
_U64 = (1 << 64) - 1
_M32 = 0xFFFFFFFF
_A = np.uint64(0xB5026F5AA96619E9)
_UPPER, _LOWER = np.uint64(0xFFFFFFFF80000000), np.uint64(0x7FFFFFFF)
_ONE = np.uint64(1)


def seed_words(seed):
    """The 312 state words of `std::mt19937_64(seed)` (init_genrand64)."""
    return _seed_words(int(seed) & _U64).copy()


@functools.lru_cache(maxsize=64)  # programs reseed with the same few seeds (paddle.seed, op seed attrs)
def _seed_words(seed):
    words = [int(seed) & _U64]
    for i in range(1, N):
        prev = words[-1]
        words.append((6364136223846793005 * (prev ^ (prev >> 62)) + i) & _U64)
    return np.array(words, dtype=np.uint64)


def _mix(x):
    return x ^ (x >> 27)


def seed_seq_words(*seeds):
    """The 312 state words of `engine.seed(std::seed_seq{seeds...})` (libstdc++'s algorithm)."""
    return _seed_seq_words(tuple(int(s) & _M32 for s in seeds)).copy()


@functools.lru_cache(maxsize=64)
def _seed_seq_words(v):
    s, n = len(v), 2 * N
    b = [0x8b8b8b8b] * n
    t = 11  # n >= 623
    p = (n - t) // 2
    q = p + t
    m = max(s + 1, n)
    for k in range(m):
        r1 = (1664525 * _mix(b[k % n] ^ b[(k + p) % n] ^ b[(k - 1) % n])) & _M32
        r2 = (r1 + (s if k == 0 else k % n + (v[k - 1] if k <= s else 0))) & _M32
        b[(k + p) % n] = (b[(k + p) % n] + r1) & _M32
        b[(k + q) % n] = (b[(k + q) % n] + r2) & _M32
        b[k % n] = r2
    for k in range(m, m + n):
        r3 = (1566083941 * _mix((b[k % n] + b[(k + p) % n] + b[(k - 1) % n]) & _M32)) & _M32
        r4 = (r3 - k % n) & _M32
        b[(k + p) % n] ^= r3
        b[(k + q) % n] ^= r4
        b[k % n] = r4
    arr = np.array(b, dtype=np.uint64)
    words = arr[0::2] | (arr[1::2] << np.uint64(32))
    if not int(words[0] & _UPPER) and not words[1:].any():  # an all-zero state would never leave zero
        words[0] = np.uint64(1 << 63)
    return words


def _twist_part(cur, nxt, far):
    x = (cur & _UPPER) | (nxt & _LOWER)
    return far ^ (x >> _ONE) ^ (np.negative(x & _ONE) & _A)


def _twist(words):
    """The next block of 312 state words (the dependency on word i+156 splits it in three slices)."""
    new = np.empty_like(words)
    new[:M] = _twist_part(words[:M], words[1:M + 1], words[M:])
    new[M:N - 1] = _twist_part(words[M:N - 1], words[M + 1:N], new[:N - 1 - M])
    new[N - 1:] = _twist_part(words[N - 1:], new[:1], new[M - 1:M])
    return new


def _temper(y):
    y = y ^ ((y >> np.uint64(29)) & np.uint64(0x5555555555555555))
    y = y ^ ((y << np.uint64(17)) & np.uint64(0x71D67FFFEDA60000))
    y = y ^ ((y << np.uint64(37)) & np.uint64(0xFFF7EEE000000000))
    return y ^ (y >> np.uint64(43))


class Twister:
    """One std::mt19937_64 engine: `raw(n)` draws n outputs; `state`/`set_state` snapshot it; `tell` and
    `rewind` move the read position back within the current block of 312 outputs.

    With randomgen, small requests are served from the rest of the current block drawn ahead in one call
    (`_out`, read from `_bi`): randomgen then sits at the end of that block, its words still the block's,
    so the logical position is 312 minus what is left unread, and a rewind inside it costs nothing. `_pos`
    mirrors randomgen's own read position.
    """

    __slots__ = ("_words", "_pos", "_out", "_bi", "_c", "_native")

    def __init__(self, words, pos=N, native=True):
        self._native = native and _MT64 is not None  # native=False: the NumPy twister even where randomgen is
        self.set_state(words, pos)

    def set_state(self, words, pos=N):
        """Put the engine at (312 words, read position)."""
        words = np.array(words, dtype=np.uint64)
        if words.shape != (N,) or not 0 <= int(pos) <= N:
            raise ValueError(f"an mt19937_64 state is 312 words and a position in [0, 312], got {words.shape}, {pos}")
        if self._native:
            if getattr(self, "_c", None) is None:  # constructing a randomgen engine costs more than setting one
                self._c = _MT64()
            self._c.state = {"bit_generator": "MT64", "state": {"key": words, "pos": int(pos)},
                             "has_uint32": 0, "uinteger": 0}
            self._pos, self._out, self._bi = int(pos), None, 0
        else:
            self._c = None
            self._words, self._pos = words, int(pos)
            self._out = _temper(words)

    def state(self):
        """(a copy of the 312 words, the read position)."""
        if self._c is not None:
            st = self._c.state["state"]
            return np.array(st["key"], dtype=np.uint64), self.tell()
        return self._words.copy(), self._pos

    def tell(self):
        """The read position in the current block, 0..312 (312: the next draw twists a new block)."""
        if self._c is not None and self._out is not None:
            return N - (self._out.size - self._bi)
        return self._pos

    def rewind(self, k):
        """Step the read position back by k outputs if they are in the current block (k <= tell());
        returns whether it did (False: the caller restores a state it took before)."""
        if k > self.tell():
            return False
        if self._c is None:
            self._pos -= k
        elif self._out is not None and k <= self._bi:
            self._bi -= k
        else:
            words, pos = self.state()
            self.set_state(words, pos - k)
        return True

    def raw(self, n):
        """The next n outputs as a uint64 array."""
        n = int(n)
        if not n:
            return np.empty(0, np.uint64)
        if self._c is not None:
            return self._raw_native(n)
        parts = []
        while n:
            if self._pos == N:
                self._words = _twist(self._words)
                self._out = _temper(self._words)
                self._pos = 0
            take = min(n, N - self._pos)
            parts.append(self._out[self._pos:self._pos + take])
            self._pos += take
            n -= take
        return np.concatenate(parts) if len(parts) != 1 else parts[0].copy()

    def _raw_native(self, n):
        if self._out is None and n < _AHEAD:  # draw the rest of the block (or the next one) ahead
            self._out, self._bi = self._draw(N - self._pos or N), 0
        if self._out is not None:
            i = self._bi
            if n <= self._out.size - i:
                self._bi = i + n
                return self._out[i:i + n].copy()
            head, self._out = self._out[i:], None  # randomgen is at the block's end: draw on from there
            return np.concatenate([head, self._raw_native(n - head.size)])
        return self._draw(n)

    def _draw(self, n):
        """n outputs straight from randomgen, keeping `_pos` in step with its read position; a large request
        through the compiled loop (_twister_jit), from and back into randomgen's state."""
        left = N - self._pos
        self._pos = self._pos + n if n <= left else (n - left - 1) % N + 1
        if n < _COMPILED_FROM or not jit.enabled():
            return self._c.random_raw(n)
        from . import _twister_jit  # imports numba: only here, on first use
        st = self._c.state
        words, out = np.array(st["state"]["key"], dtype=np.uint64), np.empty(n, np.uint64)
        pos = _twister_jit.draw(words, int(st["state"]["pos"]), out)
        st["state"] = {"key": words, "pos": pos}
        self._c.state = st
        return out

    def skip(self, n):
        """Advance past n outputs."""
        self.raw(n)


_AHEAD = 64  # requests below this many outputs are served from a block drawn ahead
_COMPILED_FROM = 1 << 16  # outputs: from here the compiled loop's 2.5 ns a number saved pays for taking and
# putting back randomgen's state (about 50 us)
