"""libstdc++'s <random> distributions, vectorised over a `Twister`: the number recipes of Paddle's CPU kernels.

Paddle's CPU random kernels loop `out[i] = dist(engine)` with a fresh std:: distribution per
kernel call. Each function here draws the same engine outputs in the same order and applies
the same arithmetic, in the same precision, so the numbers agree bit for bit:

- `canonical`: std::generate_canonical<T, digits>: one 64-bit output over 2**64, rounded to T
  (a result of 1.0 becomes the largest T below 1).
- `uniform_real`: std::uniform_real_distribution<T>(a, b): canonical * (b - a) + a, in T.
- `normal`: std::normal_distribution<T>: Marsaglia's polar method on pairs of canonicals; each
  accepted pair gives two numbers (y * mult first, then the saved x * mult).
- `uniform_int`: std::uniform_int_distribution over [lo, hi] from a 64-bit engine (GCC >= 11:
  Lemire's multiply-shift with 128-bit products and the rare rejection redraw).
- `shuffle`, `permutation`: std::shuffle (two swap positions from one draw while n*n fits in 64 bits).
"""
import functools
import math

import numpy as np

from .libm import _logf_normal, logf
from .twister import N as _BLOCK

_TWO64 = 2.0 ** 64
_MASK64 = (1 << 64) - 1
_M32 = np.uint64(0xFFFFFFFF)
_S32 = np.uint64(32)


def canonical(tw, n, dtype):
    """n standard-uniform numbers of float dtype (float32 or float64) in [0, 1)."""
    dt = np.dtype(dtype)
    out = np.empty(n, dt)
    convert = _Converter(dt, n)
    for start in range(0, n, _CHUNK):  # each block of engine outputs is converted while it is in cache
        o = out[start:start + _CHUNK]
        convert(tw.raw(o.size), o)
    return out


def canonical_of_raw(raw, dtype):
    """generate_canonical<dtype> of given engine outputs (uint64 array): the output over 2**64 rounded to
    dtype, a result of 1.0 becoming the largest dtype number below 1."""
    dt = np.dtype(dtype)
    raw = np.ascontiguousarray(raw, np.uint64)
    out = np.empty(raw.shape, dt)
    flat, convert = out.reshape(-1), _Converter(dt, raw.size)
    for start in range(0, raw.size, _CHUNK):
        o = flat[start:start + _CHUNK]
        convert(raw.reshape(-1)[start:start + o.size], o)
    return out


_CHUNK = 1 << 14  # engine outputs converted a block at a time: the temporaries stay in cache
_ONE = np.uint64(1)
_S12 = np.uint64(12)
_LOW12 = np.uint64(0xFFF)
_EXP_ONE = np.uint64(0x3FF0000000000000)  # the bits of 1.0: OR'd over a 52-bit integer m gives 1 + m / 2**52
_EXP_2M12 = np.uint64(0x3F30000000000000)  # the bits of 2**-12: with m below 2**12, 2**-12 + m / 2**64
_STICKY = np.uint64(0x7FF)
_S11 = np.uint64(11)
_SMALL = np.uint64(1 << 36)
_B26 = np.uint64(1 << 26)
_F32_2M63, _F32_2M64, _F32_2M38 = np.float32(2.0 ** -63), np.float32(2.0 ** -64), np.float32(2.0 ** -38)


class _Converter:
    """Writes generate_canonical<T>(raw) = static_cast<T>(raw) / 2**64 (correctly rounded, a 1.0 clamped
    below 1) of a block of engine outputs into a T array, with two scratch blocks reused block after block.

    NumPy's uint64 -> float casts are slow (no SIMD), so neither path casts from uint64:
    - float32: the output halved with the lost bit kept as a sticky bit (round to odd: the int64 -> float32
      cast then rounds as the full 64 bits would, for every output of 27 bits or more; the rare
      smaller ones are redone exactly);
    - float64: the top 52 bits and the low 12 bits made into exact doubles by writing exponent bits over
      them (no cast at all); their sum rounds once, to static_cast<double>(raw) / 2**64.
    """

    __slots__ = ("_kind", "_a", "_b", "_below1")

    def __init__(self, dt, n):
        self._kind = 32 if dt == np.float32 else 64 if dt == np.float64 else 0
        self._below1 = np.nextafter(dt.type(1), dt.type(0))
        m = min(n, _CHUNK)
        self._a, self._b = np.empty(m, np.uint64), np.empty(m, np.uint64)

    def __call__(self, r, o):
        if not r.size:
            return
        a, b = self._a[:r.size], self._b[:r.size]
        if self._kind == 32:
            np.right_shift(r, _ONE, out=a)
            np.bitwise_and(r, _ONE, out=b)
            a |= b
            np.copyto(o, a.view(np.int64), casting="unsafe")
            o *= _F32_2M63
            if o.min() <= _F32_2M38:  # outputs below 2**26 (about one in 2**38)
                small = np.flatnonzero(r < _B26)
                o[small] = r[small].view(np.int64).astype(np.float32) * _F32_2M64
        elif self._kind == 64:
            np.right_shift(r, _S12, out=a)
            a |= _EXP_ONE
            np.subtract(a.view(np.float64), 1.0, out=o)  # exact: (raw >> 12) / 2**52
            np.bitwise_and(r, _LOW12, out=b)
            b |= _EXP_2M12
            fb = b.view(np.float64)
            fb -= 2.0 ** -12  # exact: (raw & 0xFFF) / 2**64
            o += fb  # the one rounding
        else:  # other float types: the top 53 bits with the rest as one sticky bit, then one rounding to T
            np.bitwise_and(r, _STICKY, out=a)
            a += _STICKY
            a >>= _S11
            np.right_shift(r, _S11, out=b)
            a |= b
            c = a.view(np.int64).astype(np.float64)
            c *= 2.0 ** -53
            o[...] = c
            small = np.flatnonzero(r < _SMALL)
            o[small] = r[small].astype(np.float32) / np.float32(_TWO64)
        if o.max() >= 1:  # a draw near 2**64 rounds to 1.0 in T: generate_canonical steps below 1
            o[o >= 1] = self._below1


def _canonical_of(raw, dt):
    """generate_canonical's value for one engine output `raw` (a Python int), in Python arithmetic for
    float32 and float64 (int -> float rounds to nearest even; float32's 24 bits rounded by hand)."""
    if dt == np.float64:
        return min(float(raw) * 2.0 ** -64, _BELOW1_64)
    if dt == np.float32:
        drop = raw.bit_length() - 24
        if drop > 0:
            q, rem, half = raw >> drop, raw & ((1 << drop) - 1), 1 << (drop - 1)
            raw = (q + (rem > half or (rem == half and q & 1))) << drop
        return min(float(raw) * 2.0 ** -64, _BELOW1_32)  # float32 numbers are exact doubles
    return canonical_of_raw(np.array([raw], np.uint64), dt)[0]


_BELOW1_64 = float(np.nextafter(1.0, 0.0))
_BELOW1_32 = float(np.nextafter(np.float32(1), np.float32(0)))


def canonical_threshold(dtype, p):
    """The least engine output whose canonical number of dtype is >= p (2**64 when none is).

    canonical is monotone in the engine output, so `u >= p` is `raw >= threshold`: one integer
    comparison, without making the floats (dropout and bernoulli masks)."""
    dt = np.dtype(dtype)
    p = dt.type(p)
    if not p > 0:  # includes NaN: no draw is below it
        return 0
    return _threshold(dt.str, float(p))


@functools.lru_cache(maxsize=256)  # dropout asks for the same p at every step
def _threshold(dtype, p):
    dt = np.dtype(dtype)
    lo, hi = 0, 1 << 64  # canonical(lo - 1) < p <= canonical(hi), with canonical(2**64) taken as +inf
    while lo < hi:
        mid = (lo + hi) // 2
        if _canonical_of(mid, dt) >= p:
            hi = mid
        else:
            lo = mid + 1
    return lo


def at_least(tw, n, dtype, p):
    """n bools: whether each std::uniform_real_distribution<dtype>(0, 1) draw is >= p (dtype's rounding of p)."""
    t = canonical_threshold(dtype, p)
    if t >= 1 << 64:
        tw.skip(n)
        return np.zeros(n, bool)
    return tw.raw(n) >= np.uint64(t)


def uniform_real(tw, n, dtype, low, high):
    """n numbers uniform in [low, high) computed in dtype (float32 or float64)."""
    dt = np.dtype(dtype)
    lo, hi = dt.type(low), dt.type(high)
    out = canonical(tw, n, dt)
    if lo == 0 and hi == 1:  # u * 1 + 0 is u: skip two passes (rand, dropout masks)
        return out
    out *= hi - lo
    out += lo
    return out


def _polar_pairs(tw, pairs, dt):
    """The first `pairs` accepted polar pairs as [y0 * m0, x0 * m0, y1 * m1, ...] (the order
    normal_distribution returns them in), leaving the engine just past them."""
    out = np.empty(2 * pairs, dt)
    got = 0
    log = _logf_normal if dt == np.float32 else np.log  # r2 is never 0 nor subnormal: x and y are multiples
    two, one, m2 = dt.type(2), dt.type(1), dt.type(-2)  # of 2**-24 (2**-53), so r2 >= 2**-48 (2**-106)
    while got < pairs:
        want = pairs - got
        # acceptance is pi/4: a large request first draws about 4 sigma fewer pairs than it needs, so the
        # engine seldom goes past the last pair used; the few pairs left come in a small second batch
        if want > 256:
            batch = int((want - 4 * math.sqrt(want)) / (math.pi / 4))
        else:
            batch = int(want * 1.28) + 8
        mark = _mark(tw, 2 * batch)
        c = canonical(tw, 2 * batch, dt)
        c *= two  # 2.0f * u is exact in T
        # "- 1.0" is a double subtraction rounded to T: for float the float subtraction rounds the same
        # (2u - 1 is exact in double unless 2u < 2**-29, where both round to -1)
        c -= one
        last = -1  # the last pair used
        for start in range(0, batch, _CHUNK):  # a block of pairs at a time: the temporaries stay in cache
            x, y = c[2 * start:2 * (start + _CHUNK):2], c[2 * start + 1:2 * (start + _CHUNK):2]
            r2 = x * x
            r2 += y * y
            ok = np.flatnonzero((r2 <= 1) & (r2 != 0))[:want]
            if not ok.size:
                continue
            x, y, r2 = x[ok], y[ok], r2[ok]
            mult = log(r2)
            mult *= m2
            mult /= r2
            np.sqrt(mult, out=mult)
            o = out[2 * got:2 * (got + ok.size)]
            np.multiply(y, mult, out=o[0::2])
            np.multiply(x, mult, out=o[1::2])
            got += ok.size
            want -= ok.size
            last = start + int(ok[-1])
            if not want:
                break
        if not want:  # step back to just past the last pair used (rejected pairs after it stay unread)
            _back(tw, mark, 2 * batch, 2 * (batch - last - 1))
    return out


def _mark(tw, n):
    """What `_back` needs to undo part of the next n draws: nothing when they stay in the engine's current
    block (a rewind will do), else a state snapshot."""
    return None if n <= _BLOCK - tw.tell() else tw.state()


def _back(tw, mark, drawn, k):
    """Step back over the last k of the `drawn` outputs drawn since `_mark`."""
    if k and not tw.rewind(k):
        tw.set_state(*mark)
        tw.skip(drawn - k)


def normal(tw, n, dtype, mean=0.0, std=1.0):
    """n normal numbers computed in dtype (float32 or float64); an odd n discards the last saved number."""
    dt = np.dtype(dtype)
    out = _polar_pairs(tw, (n + 1) // 2, dt)[:n]
    if std != 1:
        out *= dt.type(std)
    out += dt.type(mean)  # even 0: a pair with r2 == 1 gives +-0 * sqrt(-0.0) = -0.0, and x * std + 0 is +0.0
    return out


def _mul_hi_lo(a, b):
    """(high, low) 64-bit halves of the 128-bit products a * b of uint64 arrays (a broadcast scalar b too)."""
    a_lo, a_hi = a & _M32, a >> _S32
    b_lo, b_hi = b & _M32, b >> _S32
    cross = a_lo * b_lo
    cross >>= _S32
    hl = a_hi * b_lo
    cross += hl & _M32
    hl >>= _S32
    a_lo *= b_hi  # lh
    cross += a_lo & _M32
    a_lo >>= _S32
    a_hi *= b_hi  # hh
    a_hi += hl
    a_hi += a_lo
    cross >>= _S32
    a_hi += cross
    return a_hi, a * b


def uniform_int(tw, n, low, high):
    """n integers uniform in [low, high] (inclusive, as std::uniform_int_distribution) as int64 values
    (uint64 ones viewed as int64)."""
    span = (int(high) - int(low)) & _MASK64
    if span == _MASK64:  # the whole 64-bit range: the engine output itself
        u = tw.raw(n)
    else:
        u = _bounded_one(tw, n, span + 1)
    if low:
        u += np.uint64(int(low) & _MASK64)
    return u.view(np.int64)


def _mul_hi_lo32(a, b):
    """_mul_hi_lo for a multiplier b < 2**32 (a scalar): two products instead of four."""
    ll = a & _M32
    ll *= b
    ll >>= _S32
    hl = a >> _S32
    hl *= b
    ll += hl & _M32  # the cross sum
    ll >>= _S32
    hl >>= _S32
    hl += ll
    return hl, a * b


def _bounded_one(tw, n, r):
    """n draws in [0, r) for one range r (a Python int in [1, 2**64)): `_bounded` with the threshold
    computed once, and the general path only when some draw is rejected (rare)."""
    mark = _mark(tw, n)
    if r < 1 << 32:
        out = _bounded_small(tw, n, r)
        if out is not None:
            return out
    else:
        u = tw.raw(n)
        high, low = _mul_hi_lo(u, np.uint64(r))
        if not (low < np.uint64(((1 << 64) - r) % r)).any():
            return high
    _back(tw, mark, n, n)
    return _bounded(tw, np.full(n, r, np.uint64))


def _bounded_small(tw, n, r):
    """n draws in [0, r) for a range r < 2**32, or None when one is rejected (the caller redraws).

    Lemire's high word (u * r) >> 64 is ((u >> 32) * r + ((u & 0xFFFFFFFF) * r >> 32)) >> 32, and the second
    term (below r) changes it only when a = (u >> 32) * r has a low half >= 2**32 - r; a rejection (low word
    below 2**64 mod r) needs that or a low half of 0. So a block takes a >> 32 unless some
    ((a + r) & 0xFFFFFFFF) <= r flags one of those (about r in 2**32 draws): then the exact product."""
    out = np.empty(n, np.uint64)
    rr, thr = np.uint64(r), np.uint64(((1 << 64) - r) % r)
    a, b = np.empty(min(n, _CHUNK), np.uint64), np.empty(min(n, _CHUNK), np.uint64)
    for start in range(0, n, _CHUNK):
        o = out[start:start + _CHUNK]
        u = tw.raw(o.size)
        ab, bb = a[:u.size], b[:u.size]
        np.right_shift(u, _S32, out=ab)
        ab *= rr
        np.add(ab, rr, out=bb)
        bb &= _M32
        if bb.min() > rr:
            np.right_shift(ab, _S32, out=o)
            continue
        high, low = _mul_hi_lo32(u, rr)
        if (low < thr).any():
            tw.skip(n - start - u.size)  # the caller steps back over all n
            return None
        o[...] = high
    return out


def _bounded(tw, ranges):
    """A draw in [0, r) for each uint64 r >= 1 of `ranges`, in order (Lemire; a rejected draw is redrawn in place)."""
    if ranges.size <= 32:  # a few draws: Python's exact products cost less than the vectorised halves
        return _bounded_few(tw, ranges.tolist())
    out = np.empty(ranges.size, np.uint64)
    start = 0
    while start < ranges.size:
        r = ranges[start:]
        mark = _mark(tw, r.size)
        high, low = _mul_hi_lo(tw.raw(r.size), r)
        bad = np.flatnonzero(low < r)  # the rejection threshold 2**64 mod r is below r: test those few only
        bad = bad[low[bad] < np.negative(r[bad]) % r[bad]]
        if not bad.size:
            out[start:] = high
            break
        stop = int(bad[0])
        out[start:start + stop] = high[:stop]
        _back(tw, mark, r.size, r.size - stop - 1)  # to just past the rejected draw
        rr = r[stop:stop + 1]
        threshold, lo1 = np.negative(rr) % rr, low[stop:stop + 1]
        hi1 = high[stop:stop + 1]
        while lo1[0] < threshold[0]:
            hi1, lo1 = _mul_hi_lo(tw.raw(1), rr)
        out[start + stop] = hi1[0]
        start += stop + 1
    return out


def _bounded_few(tw, ranges):
    """`_bounded` for a short list of Python int ranges, one product at a time."""
    out = []
    while ranges:
        mark = _mark(tw, len(ranges))
        for i, (u, r) in enumerate(zip(tw.raw(len(ranges)).tolist(), ranges)):
            m = u * r
            if m & _MASK64 < r and m & _MASK64 < ((1 << 64) - r) % r:  # rejected: redrawn in place
                _back(tw, mark, len(ranges), len(ranges) - i - 1)
                while m & _MASK64 < ((1 << 64) - r) % r:
                    m = int(tw.raw(1)[0]) * r
                out.append(m >> 64)
                ranges = ranges[i + 1:]
                break
            out.append(m >> 64)
        else:
            break
    return np.array(out, np.uint64)


def shuffle(tw, items):
    """Shuffle the list `items` in place as std::shuffle(begin, end, engine) does."""
    if len(items) > 1:
        items[:] = [items[i] for i in permutation(tw, len(items)).tolist()]
    return items


def permutation(tw, n):
    """The order std::shuffle leaves n items in: element p is the index of the item that ends at position p
    (what std::shuffle makes of 0..n-1; randperm's numbers), as an int64 array."""
    j = _swap_positions(tw, n)
    if n > 64:
        return _shuffled_order(j)
    items = list(range(n))  # a few swaps one by one cost less than the vectorised chains
    for k, w in enumerate(j.tolist()):
        items[k], items[w] = items[w], items[k]
    return np.array(items, np.int64)


def _swap_positions(tw, n):
    """j[k] <= k: the position std::shuffle swaps with position k at its step k (j[0] = 0), drawn as it draws
    them: while n * n fits in 64 bits, two positions from one draw in [0, b0 * b1) (x / b1 and x % b1,
    after a first draw in [0, 1] when n is even), otherwise one draw per step."""
    j = np.zeros(max(n, 1), np.int64)
    if n < 2:
        return j[:n]
    if n > 0xFFFFFFFF or ((1 << 64) - 1) // n < n:
        j[1:] = _bounded(tw, np.arange(2, n + 1, dtype=np.uint64)).view(np.int64)
        return j
    i = 1
    if n % 2 == 0:
        j[1] = int(_bounded(tw, np.array([2], np.uint64))[0])
        i = 2
    sizes = np.arange(i + 1, n + 1, 2, dtype=np.uint64)  # swap_range for each pair step
    b1 = sizes + np.uint64(1)
    x = _bounded(tw, sizes * b1).view(np.int64)
    b1 = b1.view(np.int64)
    # x < 2**53 for every n allowed here below 2**26, so the double quotient floors exactly
    q = np.floor(x / b1).astype(np.int64) if n < 1 << 26 else x // b1
    j[i::2] = q
    j[i + 1::2] = x - q * b1
    return j


def _shuffled_order(j):
    """The final order of 0..n-1 after the swaps (k, j[k]) for k = 1..n-1 (an int64 array j), without a
    Python loop.

    Step k moves the item at position j[k] to position k and puts item k at j[k]. So position p ends holding
    item w, the last step w with j[w] = p, if there is one; otherwise it holds what step p moved there: the
    item at q = j[p] just before step p, which is item w' for the step w' < p with j[w'] = q nearest before p
    (`prev[p]`), if there is one, or else, the same question again for position q before step q. Those
    chains are followed for all positions at once (about log2(n) rounds, each half as long)."""
    n = j.size
    if n < 2:
        return np.arange(n)
    b = int(n).bit_length()
    key = j << b
    key |= np.arange(n, dtype=np.int64)
    key.sort()  # steps grouped by the position they write, in step order
    order = key & ((1 << b) - 1)
    key >>= b
    same = key[1:] == key[:-1]
    prev = np.empty(n, np.int64)
    prev[order[0]] = -1
    prev[order[1:]] = np.where(same, order[:-1], -1)
    out = prev.copy()  # the first round of the chains, for positions no step writes
    ends = np.flatnonzero(~same)  # the last step of each group (and the very last below)
    out[key[ends]] = order[ends]
    out[key[-1]] = order[-1]
    todo = np.flatnonzero(out < 0)
    cur = j[todo]
    while todo.size:
        found = prev[cur]
        out[todo] = found  # the -1 of chains not yet ended are overwritten in a later round
        more = found < 0
        todo = todo[more]
        cur = j[cur[more]]
    return out


class Scalars:
    """One engine read number by number, for kernels whose draws per element vary (rejection
    samplers, fresh std:: distributions per element): `raw`, `canonical(float64|float32)`.

    Outputs are drawn ahead in blocks; `close` puts the engine just past the ones used.
    """

    __slots__ = ("_tw", "_snapshot", "_raw", "_c64", "_c32", "_i", "_used")

    def __init__(self, tw):
        self._tw, self._snapshot = tw, tw.state()
        self._raw, self._c64, self._c32, self._i, self._used = [], [], None, 0, 0

    def _next(self):
        if self._i == len(self._raw):
            block = self._tw.raw(max(64, 2 * len(self._raw)))
            self._raw = block.tolist()
            self._c64 = canonical_of_raw(block, np.float64).tolist()
            self._c32 = None
            self._i = 0
        self._i += 1
        self._used += 1
        return self._i - 1

    def canonical64(self):
        """generate_canonical<double> of the next output (a Python float)."""
        i = self._next()  # before reading _c64: it may draw a new block
        return self._c64[i]

    def canonical32(self):
        """generate_canonical<float> of the next output (a NumPy float32)."""
        i = self._next()
        if self._c32 is None:
            self._c32 = canonical_of_raw(np.array(self._raw, np.uint64), np.float32)
        return self._c32[i]

    def canonical(self, dtype):
        return self.canonical64() if np.dtype(dtype) == np.float64 else self.canonical32()

    def raw(self):
        """The next engine output (a Python int)."""
        i = self._next()
        return self._raw[i]

    def uniform_int(self, low, high):
        """std::uniform_int_distribution(low, high) of the next output(s), as `uniform_int` draws them."""
        r = int(high) - int(low) + 1
        if r == 1 << 64:
            return self.raw() + int(low)
        m = self.raw() * r
        if m & _MASK64 < r:
            threshold = ((1 << 64) - r) % r  # 2**64 mod r (Python's (-r) % r would be 0)
            while m & _MASK64 < threshold:
                m = self.raw() * r
        return (m >> 64) + int(low)

    def close(self):
        """Leave the engine just past the outputs used."""
        self._tw.set_state(*self._snapshot)
        self._tw.skip(self._used)


class Normal64:
    """A std::normal_distribution<double>(0, 1) object over a `Scalars` stream: it keeps the second
    number of each polar pair for the next call, as libstdc++'s does."""

    __slots__ = ("_s", "_saved")

    def __init__(self, scalars):
        self._s, self._saved = scalars, None

    def __call__(self):
        if self._saved is not None:
            v, self._saved = self._saved, None
            return v
        while True:
            x = 2.0 * self._s.canonical64() - 1.0
            y = 2.0 * self._s.canonical64() - 1.0
            r2 = x * x + y * y
            if r2 <= 1.0 and r2 != 0.0:
                break
        mult = math.sqrt(-2 * math.log(r2) / r2)
        self._saved = x * mult
        return y * mult


def poisson(scalars, mean):
    """One std::poisson_distribution<int>(mean) sample (a fresh distribution, as Paddle makes per element)."""
    if mean >= 12:
        return _poisson_large(scalars, mean)
    thr = math.exp(-mean) if mean == mean else math.nan
    x, prod = 0, 1.0
    while True:
        prod *= scalars.canonical64()
        x += 1
        if not prod > thr:
            return x - 1


_INT_MAX = 2 ** 31 - 1


def _poisson_large(scalars, mean):
    """libstdc++'s rejection method (Devroye) for mean >= 12; lgamma is Python's (glibc's may differ by an ulp,
    which moves an accept/reject decision only when the two sides agree to ~1e-16)."""
    m = math.floor(mean)
    lm_thr, lfm, sm = math.log(mean), math.lgamma(m + 1), math.sqrt(m)
    pi_4 = 0.7853981633974483096156608458198757
    dx = math.sqrt(2 * m * math.log(32 * m / pi_4))
    d = float(_round_half_away(max(6.0, min(m, dx))))
    cx = 2 * m + d
    scx, one_cx = math.sqrt(cx / 2), 1 / cx
    c2b = math.sqrt(pi_4 * cx) * math.exp(one_cx)
    cb = 2 * cx * math.exp(-d * one_cx * (1 + d / 2)) / d
    naf = (1 - 2.0 ** -52) / 2
    thr = _INT_MAX + naf
    c1 = sm * 1.2533141373155002512078826424055226
    c2 = c2b + c1
    c3 = c2 + 1
    c4 = c3 + 1
    e178 = 1.0129030479320018583185514777512983
    c5 = c4 + e178
    c = cb + c5
    two_cx = 2 * (2 * m + d)
    nd = Normal64(scalars)
    while True:
        u = c * scalars.canonical64()
        e = -math.log(1.0 - scalars.canonical64())
        w = 0.0
        if u <= c1:
            n = nd()
            y = -abs(n) * sm - 1
            x = math.floor(y)
            w = -n * n / 2
            if x < -m:
                continue
        elif u <= c2:
            n = nd()
            y = 1 + abs(n) * scx
            x = math.ceil(y)
            w = y * (2 - y) * one_cx
            if x > d:
                continue
        elif u <= c3:
            x = -1
        elif u <= c4:
            x = 0
        elif u <= c5:
            x = 1
            w = 0.0128205128205128205128205128205128
        else:
            v = -math.log(1.0 - scalars.canonical64())
            y = d + v * two_cx / d
            x = math.ceil(y)
            w = -d * one_cx * (1 + y / 2)
        reject = w - e - x * lm_thr > lfm - math.lgamma(x + m + 1)
        reject |= x + m >= thr
        if not reject:
            return int(x + m + naf)


def _round_half_away(v):
    """std::round: halves away from zero."""
    return math.floor(v + 0.5) if v >= 0 else -math.floor(-v + 0.5)


def normal_once(scalars, dtype):
    """The first number of a fresh std::normal_distribution<dtype>(0, 1) (the polar pair's second is dropped)."""
    if np.dtype(dtype) == np.float64:
        return Normal64(scalars)()
    f = np.float32
    while True:  # 2.0f * u is exact; "- 1.0" is a double subtraction rounded to float
        x = f(float(f(2) * scalars.canonical32()) - 1.0)
        y = f(float(f(2) * scalars.canonical32()) - 1.0)
        r2 = x * x + y * y
        if r2 <= 1 and r2 != 0:
            break
    return y * np.sqrt(f(-2) * logf1(r2) / r2)


def gamma(scalars, alpha, dtype):
    """One sample of Paddle's CPU sample_gamma<T> (Marsaglia-Tsang after NumPy's distributions.c) with
    T = dtype, each uniform a fresh uniform_real<T> draw and each normal a fresh normal_distribution<T>;
    the float constants (1.0f / 3.0f, 0.0331f) stay float even when T is double. Returns a T number,
    at least T's smallest normal number, as GammaCPUFunctor stores it."""
    double = np.dtype(dtype) == np.float64
    t = float if double else np.float32
    log = _log if double else logf1
    pw = math.pow if double else np.power
    sq = math.sqrt if double else np.sqrt
    tiny = t(np.finfo(dtype).tiny)
    third = t(np.float32(1) / np.float32(3))
    c331 = t(np.float32(0.0331))
    one = t(1)
    a = t(alpha)
    scale = one
    if a < 1:
        if a == 0:
            return tiny
        u = t(scalars.canonical(dtype))
        scale = scale * pw(one - u, one / a)
        a = a + one
    d = a - third
    if not d > 0:
        raise ValueError(f"(InvalidArgument) standard_gamma: alpha {alpha} has no sample (Paddle's kernel "
                         f"never returns for alpha <= -2/3 or NaN)")
    c = one / sq(t(9) * d)
    half = t(0.5)
    while True:
        while True:
            x = t(normal_once(scalars, dtype))
            y = one + c * x
            if not y <= 0:
                break
        v = y * y * y
        u = one - t(scalars.canonical(dtype))
        xx = x * x
        if u < one - c331 * xx * xx or log(u) < half * xx + d * (one - v + log(v)):
            out = scale * d * v
            return out if out > tiny else tiny


def _log(v):
    return math.log(v) if v > 0 else (-math.inf if v == 0 else math.nan)


def _pow(a, b):
    try:
        return a ** b
    except (OverflowError, ZeroDivisionError):
        return math.inf


# -- Paddle's binomial (phi funcs/binomial_functor.h): BTRS (Hormann) or geometric inversion per element --
_TAIL = (0.0810614667953272, 0.0413406959554092, 0.0276779256849983, 0.02079067210376509, 0.0166446911898211,
         0.0138761288230707, 0.0118967099458917, 0.0104112652619720, 0.00925546218271273, 0.00833056343336287)


def _tail(k, f):
    """stirling_approx_tail<T>(k); f rounds a double to T."""
    if k <= 9:
        return f(_TAIL[k])
    kp1sq = f((k + 1) * (k + 1))
    return f((1.0 / 12 - (1.0 / 360 - 1.0 / 1260 / kp1sq) / kp1sq) / (k + 1))


def binomial(scalars, n, p, dtype):
    """One sample of Paddle's BinomialFunctor<T>(n, p) with T = dtype (float32 or float64): a Python int."""
    if np.dtype(dtype) == np.float64:
        return _binomial(scalars, float(n), float(p), float, math.log, math.log1p, math.sqrt, math.floor,
                         math.ceil, scalars.canonical64)
    f = np.float32
    return _binomial(scalars, f(n), f(p), f, logf1, log1pf, np.sqrt, np.floor, np.ceil, scalars.canonical32)


def logf1(v):
    """glibc logf of one float32."""
    return logf(np.array([v], np.float32))[0]


def log1pf(v):
    """log1p of one float32, through double (glibc's log1pf is within an ulp of it)."""
    return np.float32(math.log1p(float(v))) if v > -1 else np.float32(np.log1p(np.float64(v)))


def _binomial(scalars, n, p, f, log, log1p, sqrt, floor, ceil, draw):
    # T arithmetic where the C++ is T op T; float() where a double constant makes it double, then f() to store in T
    with np.errstate(all="ignore"):
        if n <= 0.0 or p <= 0.0:
            return 0
        if p >= 1.0:
            return int(n)
        if p <= 0.5:
            q, flip = p, False
        else:
            q, flip = f(1.0 - float(p)), True
        if n * q >= 10.0:
            k = _btrs(n, q, f, log, sqrt, floor, draw)
        else:
            k = _inversion(n, q, f, log, log1p, ceil, draw)
        return int(n) - k if flip else k


def _btrs(n, p, f, log, sqrt, floor, draw):
    one = f(1)
    stddev = sqrt(n * p * (one - p))
    b = f(1.15 + 2.53 * float(stddev))
    a = f(-0.0873 + 0.0248 * float(b) + 0.01 * float(p))
    c = f(float(n * p) + 0.5)
    v_r = f(0.92 - 4.2 / float(b))
    r = p / (one - p)
    alpha = f((2.83 + 5.1 / float(b)) * float(stddev))
    m = floor((n + one) * p)
    two = f(2)
    while True:
        u = f(float(draw()) - 0.5)
        v = draw()
        us = f(0.5 - float(abs(u)))
        k = int(floor((two * a / us + b) * u + c))
        if k < 0 or f(k) > n:
            continue
        if float(us) >= 0.07 and v <= v_r:
            return k
        v = log(v * alpha / (a / (us * us) + b))
        fk = f(k)
        upper = ((float(m) + 0.5) * float(log((m + one) / (r * (n - m + one))))
                 + float((n + one) * log((n - m + one) / (n - fk + one)))
                 + (k + 0.5) * float(log(r * (n - fk + one) / f(k + 1)))
                 + float(_tail(int(m), f)) + float(_tail(int(n - m), f))
                 - float(_tail(k, f)) - float(_tail(int(n - fk), f)))
        if v <= f(upper):
            return k


def _inversion(n, p, f, log, log1p, ceil, draw):
    geom_sum, num = f(0), 0
    logprob = log1p(-p)
    while True:
        geom = ceil(log(draw()) / logprob)
        geom_sum = geom_sum + geom
        if geom_sum > n:
            return num
        num += 1
