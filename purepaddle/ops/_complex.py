"""Paddle's complex arithmetic, where it differs from NumPy's: every op's kernel on complex arrays comes here.

Paddle's CPU kernels compute with their own complex type, and on infinities, NaN and subnormals their answers
differ from NumPy's (which follows C99's Annex G recovery rules):
- multiply is the textbook (ac - bd) + (ad + bc)i, without C99's recovery of infinities lost to NaN;
- divide is Smith's algorithm multiplied by the reciprocal of its denominator (1 / (1e-310 + 0j) is inf + nan*j,
  0 / (1e-310j) is NaN, 1 / inf*j is -0j), complex64 numerators fused as one rounding (the compiler's FMA);
- exp is e^re (cos im, sin im) as a plain product (Paddle's complex128 exp is accurate only to about 1e-7, a
  deliberate difference: purepaddle gives the double result);
- pow (tensor or scalar exponent) is glibc's cpow: cexp(y * clog(x)) with C99's multiplication;
- sign is x / |x| per component (0 at 0); log2 divides by log(2) as (a / r, (b r - a 0) / r^2).
Functions take and return arrays; real operands are promoted by the caller.
"""
import numpy as np


def _parts(z):
    z = np.asarray(z)
    return z.real, z.imag


def join(re, im, dtype):
    """The complex array re + im i set part by part (re + 1j * im would turn an infinite im into a NaN re)."""
    out = np.empty(np.broadcast_shapes(np.shape(re), np.shape(im)), dtype=dtype)
    out.real, out.imag = re, im
    return out


def _dtype(*zs):
    return np.result_type(*(np.asarray(z).dtype for z in zs))


def multiply(x, y):
    """Textbook complex product (no Annex G recovery of infinities)."""
    a, b = _parts(x)
    c, d = _parts(y)
    with np.errstate(all="ignore"):
        return join(a * c - b * d, b * c + a * d, _dtype(x, y))


def _fused(p, q, r, s, part):
    """p * q + r * s rounded once to `part` (one of the products is by 1 in Smith's steps, so this is a FMA)."""
    if part == np.float32:
        return (p.astype(np.float64) * q + r.astype(np.float64) * s).astype(np.float32)
    return p * q + r * s


def divide(x, y):
    """Smith's division with the reciprocal of its denominator, as Paddle's complex kernel rounds it."""
    dt = _dtype(x, y)
    a, b = _parts(x)
    c, d = _parts(y)
    part = a.dtype.type
    one = part(1)
    with np.errstate(all="ignore"):
        by_re = np.abs(d) <= np.abs(c)
        rs = np.where(by_re, one, c / d)
        ims = np.where(by_re, d / c, one)
        inv = one / _fused(c, rs, d, ims, part)
        return join(_fused(a, rs, b, ims, part) * inv, _fused(b, rs, -a, ims, part) * inv, dt)


def reciprocal(x):
    return divide(np.ones_like(x), x)


def square(x):
    return multiply(x, x)


def exp(x):
    """e^re (cos im, sin im), the textbook product (exp(inf + 0j) is inf + nan*j)."""
    re, im = _parts(x)
    with np.errstate(all="ignore"):
        e = np.exp(re)
        return join(e * np.cos(im), e * np.sin(im), np.asarray(x).dtype)


def sigmoid(x):
    """1 / (1 + exp(-x)) from Paddle's exp and division."""
    e = exp(-np.asarray(x))
    return divide(np.ones_like(e), e + 1)


def _mul_c99(x, y):
    """C99 Annex G product (libgcc's __muldc3): infinities that the textbook formula turns into NaN + NaN*j are
    recovered."""
    a, b, c, d = (p.copy() for p in np.broadcast_arrays(*_parts(x), *_parts(y)))
    with np.errstate(all="ignore"):
        ac, bd, ad, bc = a * c, b * d, a * d, b * c
        re, im = ac - bd, ad + bc
        lost = np.isnan(re) & np.isnan(im)
        if lost.any():
            inf_x, inf_y = np.isinf(a) | np.isinf(b), np.isinf(c) | np.isinf(d)
            overflow = ~inf_x & ~inf_y & (np.isinf(ac) | np.isinf(bd) | np.isinf(ad) | np.isinf(bc))

            def box(p, q, where):  # an infinite factor boxed to +-1/+-0
                return (np.where(where, np.copysign(np.isinf(p).astype(p.dtype), p), p),
                        np.where(where, np.copysign(np.isinf(q).astype(q.dtype), q), q))

            def zero_nan(p, where):
                return np.where(where & np.isnan(p), np.copysign(p.dtype.type(0), p), p)

            bx, by = lost & inf_x, lost & inf_y
            a, b = box(a, b, bx)
            c, d = zero_nan(c, bx), zero_nan(d, bx)
            c, d = box(c, d, by)
            a, b = zero_nan(a, by), zero_nan(b, by)
            ov = lost & overflow
            a, b, c, d = (zero_nan(p, ov) for p in (a, b, c, d))
            again = bx | by | ov
            re = np.where(again, np.inf * (a * c - b * d), re)
            im = np.where(again, np.inf * (a * d + b * c), im)
    return join(re, im, _dtype(x, y))


def power(x, y):
    """glibc's cpow: cexp(y * clog(x)), the product by C99's rules (NumPy's exp and log are C99's too)."""
    with np.errstate(all="ignore"):
        return np.exp(_mul_c99(y, np.log(x))).astype(_dtype(x, y), copy=False)


def sign(x):
    """x / |x| per component, 0 where x is 0 (Paddle's complex sign)."""
    x = np.asarray(x)
    mag = np.abs(x)
    re, im = _parts(x)
    with np.errstate(all="ignore"):
        out = join(re / mag, im / mag, x.dtype)
    return np.where(x == 0, np.zeros_like(x), out)


def divide_real(x, r):
    """x / r for a real r as Paddle's log2 divides: (a / r, (b r - a 0) / r^2), so an infinite or NaN real part
    makes the imaginary part NaN (NumPy would divide by the complex r + 0j)."""
    a, b = _parts(x)
    with np.errstate(all="ignore"):
        return join(a / r, (b * r - a * 0) / (r * r), np.asarray(x).dtype)
