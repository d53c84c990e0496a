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
- `shuffle`: std::shuffle (two swap positions from one draw while n*n fits in 64 bits).
"""
import numpy as np

from .libm import logf

_TWO64 = 2.0 ** 64
_M32 = np.uint64(0xFFFFFFFF)
_S32 = np.uint64(32)


def canonical(tw, n, dtype):
    """n standard-uniform numbers of float dtype (float32 or float64) in [0, 1)."""
    dt = np.dtype(dtype)
    c = tw.raw(n).astype(dt)
    c /= dt.type(_TWO64)
    top = c >= 1  # a 64-bit draw near 2**64 rounds to 1.0 in T
    if top.any():
        c[top] = np.nextafter(dt.type(1), dt.type(0))
    return c


def _canonical_of(raw, dt):
    """generate_canonical's value for one engine output `raw` (a Python int)."""
    c = np.array([raw], np.uint64).astype(dt)[0] / dt.type(_TWO64)
    return min(c, np.nextafter(dt.type(1), dt.type(0)))


def canonical_threshold(dtype, p):
    """The least engine output whose canonical number of dtype is >= p (2**64 when none is).

    canonical is monotone in the engine output, so `u >= p` is `raw >= threshold`: one integer
    comparison, without making the floats (dropout and bernoulli masks)."""
    dt = np.dtype(dtype)
    p = dt.type(p)
    if not p > 0:  # includes NaN: no draw is below it
        return 0
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
    out *= hi - lo
    out += lo
    return out


def _polar_pairs(tw, pairs, dt):
    """(y * mult, x * mult) of the first `pairs` accepted polar pairs, leaving the engine just past them."""
    if pairs == 0:
        return np.empty(0, dt), np.empty(0, dt)
    ys, xs, got = [], [], 0
    while got < pairs:
        want = pairs - got
        batch = int(want * 1.28) + 8  # acceptance is pi/4
        snapshot = tw.state()
        c = canonical(tw, 2 * batch, dt)
        # 2.0f * u is exact in T; the "- 1.0" is a double subtraction, then rounded to T
        two_c = (c * dt.type(2)).astype(np.float64) - 1.0
        x, y = two_c[0::2].astype(dt), two_c[1::2].astype(dt)
        r2 = x * x + y * y
        ok = np.flatnonzero((r2 <= 1) & (r2 != 0))
        if ok.size > want:  # rewind to just past the last pair used
            ok = ok[:want]
            tw.set_state(*snapshot)
            tw.skip(2 * (int(ok[-1]) + 1))
        x, y, r2 = x[ok], y[ok], r2[ok]
        log = logf(r2) if dt == np.float32 else np.log(r2)
        mult = np.sqrt(dt.type(-2) * log / r2)
        ys.append(y * mult)
        xs.append(x * mult)
        got += ok.size
    return np.concatenate(ys), np.concatenate(xs)


def normal(tw, n, dtype, mean=0.0, std=1.0):
    """n normal numbers computed in dtype (float32 or float64); an odd n discards the last saved number."""
    dt = np.dtype(dtype)
    y, x = _polar_pairs(tw, (n + 1) // 2, dt)
    out = np.empty(2 * y.size, dt)
    out[0::2], out[1::2] = y, x
    out = out[:n]
    out *= dt.type(std)
    out += dt.type(mean)
    return out


def _mul_hi_lo(a, b):
    """(high, low) 64-bit halves of the 128-bit products a * b of uint64 arrays."""
    a_lo, a_hi = a & _M32, a >> _S32
    b_lo, b_hi = b & _M32, b >> _S32
    ll, hl, lh, hh = a_lo * b_lo, a_hi * b_lo, a_lo * b_hi, a_hi * b_hi
    cross = (ll >> _S32) + (hl & _M32) + (lh & _M32)
    return hh + (hl >> _S32) + (lh >> _S32) + (cross >> _S32), a * b


def uniform_int(tw, n, low, high):
    """n integers uniform in [low, high] (inclusive, as std::uniform_int_distribution) as int64/uint64 values."""
    span = (int(high) - int(low)) & ((1 << 64) - 1)
    if span == (1 << 64) - 1:  # the whole 64-bit range: the engine output itself
        u = tw.raw(n)
    else:
        u = _bounded(tw, np.full(n, span + 1, np.uint64))
    return (u + np.uint64(int(low) & ((1 << 64) - 1))).view(np.int64)


def _bounded(tw, ranges):
    """A draw in [0, r) for each uint64 r >= 1 of `ranges`, in order (Lemire; a rejected draw is redrawn in place)."""
    out = np.empty(ranges.size, np.uint64)
    start = 0
    while start < ranges.size:
        r = ranges[start:]
        snapshot = tw.state()
        high, low = _mul_hi_lo(tw.raw(r.size), r)
        bad = np.flatnonzero(low < (np.negative(r) % r))
        if not bad.size:
            out[start:] = high
            break
        stop = int(bad[0])
        out[start:start + stop] = high[:stop]
        tw.set_state(*snapshot)
        tw.skip(stop + 1)  # up to and including the rejected draw
        rr = r[stop:stop + 1]
        threshold, lo1 = np.negative(rr) % rr, low[stop:stop + 1]
        hi1 = high[stop:stop + 1]
        while lo1[0] < threshold[0]:
            hi1, lo1 = _mul_hi_lo(tw.raw(1), rr)
        out[start + stop] = hi1[0]
        start += stop + 1
    return out


def shuffle(tw, items):
    """Shuffle the list `items` in place as std::shuffle(begin, end, engine) does."""
    n = len(items)
    if n < 2:
        return items
    if n <= 0xFFFFFFFF and ((1 << 64) - 1) // n >= n:
        i = 1
        if n % 2 == 0:
            j = int(_bounded(tw, np.array([2], np.uint64))[0])
            items[1], items[j] = items[j], items[1]
            i = 2
        sizes = np.arange(i + 1, n + 1, 2, dtype=np.uint64)  # swap_range for each pair step
        draws = _bounded(tw, sizes * (sizes + np.uint64(1)))
        firsts, seconds = (draws // (sizes + np.uint64(1))).tolist(), (draws % (sizes + np.uint64(1))).tolist()
        for a, b in zip(firsts, seconds):
            items[i], items[a] = items[a], items[i]
            items[i + 1], items[b] = items[b], items[i + 1]
            i += 2
        return items
    draws = _bounded(tw, np.arange(2, n + 1, dtype=np.uint64)).tolist()
    for i, j in enumerate(draws, start=1):
        items[i], items[j] = items[j], items[i]
    return items
