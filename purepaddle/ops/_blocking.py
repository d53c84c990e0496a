"""Cache blocking for multi-pass elementwise kernels.

A kernel made of k NumPy passes over a large array streams it from memory k times; run block by
block, each block's temporaries stay in cache and only the input and output travel (several times
faster for GELU's 20-odd passes, LayerNorm's dozen).
"""
import numpy as np

BLOCK = 131072  # elements per block (512 KB of float32): measured best for LayerNorm and GELU here


def blocked(kernel, x, *more):
    """kernel(x, *more) (arrays of x's shape in, one array out), computed over blocks of the flattened arrays.

    A 0-D x runs as one element of shape [1]: NumPy arithmetic on 0-D arrays returns scalars, which the
    kernels' in-place passes (out=, +=) cannot write into.
    """
    if x.ndim == 0:
        return kernel(x.reshape(1), *[m.reshape(1) for m in more]).reshape(())
    n = x.size
    if n <= 2 * BLOCK:
        return kernel(x, *more)
    xf = x.reshape(-1)
    mf = [m.reshape(-1) for m in more]
    out = None
    for s in range(0, n, BLOCK):
        e = s + BLOCK
        r = kernel(xf[s:e], *[m[s:e] for m in mf])
        if out is None:
            out = np.empty(n, dtype=r.dtype)
        out[s:e] = r
    return out.reshape(x.shape)


def row_blocks(rows, row_size):
    """Slices of `rows` rows, each holding about BLOCK elements (at least one row)."""
    step = max(1, BLOCK // max(row_size, 1))
    return [slice(s, min(s + step, rows)) for s in range(0, rows, step)]
