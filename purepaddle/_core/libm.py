"""glibc's float32 logarithm, bit for bit: the libm function Paddle's CPU kernels call through std::log(float).

glibc's logf (2017 table method) is not correctly rounded: about 0.3 % of its results differ by
one ulp from the float32 rounding of the exact logarithm, so NumPy's log (of float32, or of
float64 then rounded) would make Paddle's normal samples drift. `logf` follows glibc's recipe:
x = 2**k * z with z near 1, one of 16 table points c, and a cubic for log1p(z/c - 1), summed in
float64 and rounded once to float32.
"""
import numpy as np

_H = float.fromhex
# (1/c, log(c)) for the 16 subintervals of [0x3f330000, 2 * 0x3f330000), glibc's e_logf_data.c
_INVC = np.array([_H(v) for v in (
    "0x1.661ec79f8f3bep+0", "0x1.571ed4aaf883dp+0", "0x1.49539f0f010bp+0", "0x1.3c995b0b80385p+0",
    "0x1.30d190c8864a5p+0", "0x1.25e227b0b8eap+0", "0x1.1bb4a4a1a343fp+0", "0x1.12358f08ae5bap+0",
    "0x1.0953f419900a7p+0", "0x1p+0", "0x1.e608cfd9a47acp-1", "0x1.ca4b31f026aap-1",
    "0x1.b2036576afce6p-1", "0x1.9c2d163a1aa2dp-1", "0x1.886e6037841edp-1", "0x1.767dcf5534862p-1")])
_LOGC = np.array([_H(v) for v in (
    "-0x1.57bf7808caadep-2", "-0x1.2bef0a7c06ddbp-2", "-0x1.01eae7f513a67p-2", "-0x1.b31d8a68224e9p-3",
    "-0x1.6574f0ac07758p-3", "-0x1.1aa2bc79c81p-3", "-0x1.a4e76ce8c0e5ep-4", "-0x1.1973c5a611cccp-4",
    "-0x1.252f438e10c1ep-5", "0x0p+0", "0x1.aa5aa5df25984p-5", "0x1.c5e53aa362eb4p-4",
    "0x1.526e57720db08p-3", "0x1.bc2860d22477p-3", "0x1.1058bc8a07ee1p-2", "0x1.4043057b6ee09p-2")])
_LN2 = _H("0x1.62e42fefa39efp-1")
_A0, _A1, _A2 = _H("-0x1.00ea348b88334p-2"), _H("0x1.5575b0be00b6ap-2"), _H("-0x1.ffffef20a4123p-2")
_OFF = 0x3f330000


def logf(x):
    """log of a float32 array as glibc's logf computes it (NaN, +-inf, 0 and negatives as IEEE log)."""
    x = np.asarray(x, dtype=np.float32)
    ok = (x >= np.float32(2.0 ** -126)) & (x < np.float32(np.inf))  # positive normal numbers: the table method
    if ok.all():  # the common case (the polar normal's radii): no masks, no copies
        return _logf_normal(x.reshape(-1)).reshape(x.shape)
    with np.errstate(divide="ignore", invalid="ignore"):
        out = np.log(x)  # the special values; the finite positive ones are overwritten below
    sub = (x > 0) & ~ok & (x < np.float32(np.inf))
    if ok.any():
        out[ok] = _logf_normal(x[ok])
    if sub.any():  # subnormal: normalise by 2**23 and take the exponent back
        v = x[sub] * np.float32(2.0 ** 23)
        out[sub] = _logf_normal(v, k_shift=-23)
    return out


def _tables():
    """glibc's y0 = k * ln2 + log(c) and 1/c for every value of the top 13 bits of ix - 0x3f330000 (the
    exponent k and the table index together), so one lookup replaces the shifts, masks and the k term;
    y0 is computed with the same two double roundings."""
    idx = np.arange(1 << 13, dtype=np.int64)
    idx[idx >= 1 << 12] -= 1 << 13  # the signed value of those 13 bits
    k, i = idx >> 4, idx & 15
    y0 = k.astype(np.float64)
    y0 *= _LN2
    y0 += _LOGC[i]
    return y0, _INVC[i]


_Y0, _INVC13 = _tables()
_TOP = np.uint32(19)


def _logf_normal(v, k_shift=0):
    """glibc's logf of positive normal float32 numbers v (1-D), k_shift (a multiple of -1) added to the exponent."""
    ix = v.view(np.int32)
    tmp = ix - np.int32(_OFF)
    top = tmp.view(np.uint32) >> _TOP  # k * 16 + i, modulo 2**13
    if k_shift:
        top += np.uint32((k_shift * 16) % (1 << 13))
        top &= np.uint32((1 << 13) - 1)
    tmp &= np.int32(-(1 << 23))
    np.subtract(ix, tmp, out=tmp)  # the bits of z = x / 2**k, near 1
    r = _INVC13.take(top)
    r *= tmp.view(np.float32)  # z * invc, in double
    r -= 1.0
    y0 = _Y0.take(top)
    r2 = r * r
    y = r * _A1
    y += _A2
    y += _A0 * r2
    y *= r2
    y0 += r
    y += y0
    return y.astype(np.float32)


# -- Eigen's float32 exp: what Paddle's CPU exp kernel (an Eigen tensor expression) computes --
_F = np.float32
_EXP_HI, _EXP_LO, _LOG2EF, _HALF = _F(88.723), _F(-88.723), _F(1.44269504088896341), _F(0.5)
_C1, _C2 = _F(-0.693359375), _F(2.12194440e-4)
_EP = tuple(_F(v) for v in (1.9875691500E-4, 1.3981999507E-3, 8.3334519073E-3, 4.1665795894E-2, 1.6666665459E-1,
                            5.0000001201E-1))
_PACKET = 8  # AVX: 8 floats a packet
_BLOCK = 1 << 14


def eigen_expf(x):
    """exp of a float32 array as Paddle's CPU kernel computes it, bit for bit.

    Eigen evaluates the flat array in 8-float packets with its vectorised pexp (Cephes: m = floor(x log2(e) +
    1/2), r = x - m ln2 in two parts, a degree-6 polynomial, times 2**m; each multiply and add rounded to
    float, as Paddle's build has no FMA), and the last size % 8 elements with std::exp (glibc's expf, correctly
    rounded but for rare half-ulp cases; here double exp rounded to float)."""
    x = np.asarray(x, dtype=np.float32)
    flat = x.reshape(-1)
    out = np.empty(flat.shape, np.float32)
    cut = flat.size - flat.size % _PACKET
    with np.errstate(over="ignore", invalid="ignore"):
        for start in range(0, cut, _BLOCK):  # blocks keep the temporaries in cache
            stop = min(start + _BLOCK, cut)
            out[start:stop] = _pexp(flat[start:stop])
        out[cut:] = np.exp(flat[cut:].astype(np.float64))
    return out.reshape(x.shape)


def _pexp(x0):
    x = np.minimum(x0, _EXP_HI)
    np.maximum(x, _EXP_LO, out=x)
    m = x * _LOG2EF
    m += _HALF
    np.floor(m, out=m)
    r = m * _C1
    r += x
    t = m * _C2
    r += t
    r2 = r * r
    r3 = r2 * r
    y = _EP[0] * r
    y += _EP[1]
    y1 = _EP[3] * r
    y1 += _EP[4]
    y2 = r + _F(1)
    y *= r
    y += _EP[2]
    y1 *= r
    y1 += _EP[5]
    y *= r3
    y += y1
    y *= r2
    y += y2
    # y * 2**m as two power-of-two factors built from exponent bits (|m| <= 128 after the clamp, so each half
    # is a normal float): the first product is exact and the second rounds once, as Eigen's pldexp does
    e = m.astype(np.int32)  # for NaN any value: y is NaN already
    b = e >> 1
    e -= b
    b += 127
    b <<= 23
    e += 127
    e <<= 23
    y *= b.view(np.float32)
    y *= e.view(np.float32)
    return np.maximum(y, x0)  # -inf: the clamped value; NaN: NaN


# -- Eigen's float64 exp (pexp_double), the same kernel's double path --
_D_HI, _D_LO = 709.784, -709.784
_D_LOG2EF, _D_C1, _D_C2 = 1.4426950408889634073599, 0.693145751953125, 1.42860682030941723212e-6
_DP = (1.26177193074810590878e-4, 3.02994407707441961300e-2, 9.99999999999999999910e-1)
_DQ = (3.00198505138664455042e-6, 2.52448340349684104192e-3, 2.27265548208155028766e-1, 2.00000000000000000009e0)
_PACKET_D = 4  # AVX: 4 doubles a packet


def eigen_exp(x):
    """exp of a float64 array as Paddle's CPU kernel computes it, bit for bit.

    Eigen's vectorised pexp_double on 4-double packets (Cephes: n = floor(x log2(e) + 1/2), g = x - n ln2 in two
    parts, the Pade form 1 + 2 g P(g^2) / (Q(g^2) - P(g^2)), times 2**n as four power-of-two factors; no FMA),
    and the last size % 4 elements with std::exp. The clamp to [-709.784, 709.784] makes exp(-inf) and exp of
    anything below -709.78 the subnormal 5.56e-309 in packets (0 in the tail), as Paddle gives."""
    x = np.asarray(x, dtype=np.float64)
    flat = x.reshape(-1)
    out = np.empty(flat.shape, np.float64)
    cut = flat.size - flat.size % _PACKET_D
    with np.errstate(over="ignore", invalid="ignore"):
        for start in range(0, cut, _BLOCK):
            stop = min(start + _BLOCK, cut)
            out[start:stop] = _pexp_double(flat[start:stop])
        out[cut:] = np.exp(flat[cut:])
    return out.reshape(x.shape)


def _pexp_double(x0):
    x = np.minimum(x0, _D_HI)
    np.maximum(x, _D_LO, out=x)
    fx = x * _D_LOG2EF
    fx += 0.5
    np.floor(fx, out=fx)
    x -= fx * _D_C1
    x -= fx * _D_C2
    x2 = x * x
    px = x2 * _DP[0]
    px += _DP[1]
    px *= x2
    px += _DP[2]
    px *= x
    qx = x2 * _DQ[0]
    qx += _DQ[1]
    qx *= x2
    qx += _DQ[2]
    qx *= x2
    qx += _DQ[3]
    qx -= px
    px /= qx
    px *= 2.0
    px += 1.0
    # 2**n as 2**b three times and 2**(n - 3b), b = floor(n / 4): each factor a normal double
    e = fx.astype(np.int64)  # for NaN any value: px is NaN already
    b = e >> 2
    e -= 3 * b
    b += 1023
    b <<= 52
    e += 1023
    e <<= 52
    c = b.view(np.float64)
    px *= c
    px *= c
    px *= c
    px *= e.view(np.float64)
    return np.maximum(px, x0)  # +inf: inf (the clamped value is finite); NaN: NaN
