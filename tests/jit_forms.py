"""For the tests of compiled kernels (the `jit` extra): run a computation with the NumPy forms and with the
compiled ones, and split every kernel over threads.

    from tests.jit_forms import both_forms, split_kernels

    numpy_out, compiled_out = both_forms(lambda: F.gelu(x).numpy())
    split_kernels(monkeypatch)  # every parallel_for splits, over three threads
"""
from purepaddle._core import jit, threads


def both_forms(fn):
    """[fn() with the compiled kernels off, fn() with them on]; the switch is put back either way."""
    outs = []
    for on in (False, True):
        old = jit.set_enabled(on)
        try:
            outs.append(fn())
        finally:
            jit.set_enabled(old)
    return outs


def split_kernels(monkeypatch, n=3):
    """Make every threads.parallel_for split its work over n threads, however small (for this test only)."""
    monkeypatch.setattr(threads, "MIN_SPLIT_WORK", 1)
    monkeypatch.setitem(threads._INTRA, "n", n)
