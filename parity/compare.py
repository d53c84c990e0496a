"""Comparison of one case's answers from the two sides: NaN-aware values with a tolerance per dtype, dtypes,
shapes, stop_gradient of every output, gradients (None vs not None included) and errors.

A case's verdict is one of
  agree          same results (or both raised: the exception types are noted when they differ)
  disagree       a difference; `what` holds the class (value, nan, inf, dtype, shape, stop_gradient, grad,
                 raises (purepaddle raises, Paddle returns), paddle-raises, paddle-rejects-dtype, crash, hang,
                 structure) and `why` a one-line summary
  no-kernel      Paddle's CPU build has no kernel for the dtype and purepaddle computes (allowed)
  paddle-crash   Paddle crashed or hung on the case (Paddle garbage: not counted)
  skip           the case could not be set up on Paddle's side (an API or dtype Paddle lacks)
  excluded       a documented deliberate difference (parity/deliberate.py)"""
import numpy as np

from parity.payload import decode, kind

# (rtol, atol) per dtype: tight defaults; a table row scales them (linalg, convolutions)
TOL = {"float64": (1e-9, 1e-12), "float32": (1e-5, 1e-6), "float16": (2e-3, 1e-4), "bfloat16": (1.6e-2, 1e-3),
       "complex128": (1e-9, 1e-12), "complex64": (1e-5, 1e-6)}

# Paddle's Python-level dtype checks (a refusal, not a missing kernel): purepaddle should refuse too
DTYPE_CHECKS = ("data type of input must be", "must be one of", "should be one of", "Type promotion only support",
                "data type of input Variable must be", "only support")
NO_KERNEL = ("is not registered", "kernel with key", "not support the data type", "does not have kernel",
             "for cpu kernel")


class Mismatch(Exception):
    """A difference: cls is its class, the message says where and what."""

    def __init__(self, cls, msg):
        super().__init__(msg)
        self.cls = cls


def compare_arrays(a, b, where="out", scale=1.0, dtype=None):
    with np.errstate(all="ignore"):
        _compare_arrays(a, b, where, scale, dtype)


def _compare_arrays(a, b, where, scale, dtype):
    """Raise Mismatch unless arrays a (purepaddle) and b (Paddle) agree: same NaN positions, same infinities,
    finite values within the dtype's tolerance (exact for bool/int)."""
    a, b = np.asarray(a), np.asarray(b)
    if a.shape != b.shape:
        raise Mismatch("shape", f"{where}: shape {list(a.shape)} vs paddle {list(b.shape)}")
    dtype = dtype or str(a.dtype)
    k = kind(dtype)
    if k in "bi":
        bad = a != b
        if bad.any():
            raise Mismatch("value", f"{where}: {int(bad.sum())}/{a.size} differ, e.g. {_at(bad, a, b)}")
        return
    parts = (("", a, b),) if k == "f" else (("re ", a.real, b.real), ("im ", a.imag, b.imag))
    rtol, atol = TOL.get(dtype, TOL["float64"])
    rtol, atol = rtol * scale, atol * scale
    for part, x, y in parts:
        x, y = x.astype(np.float64), y.astype(np.float64)
        nx, ny = np.isnan(x), np.isnan(y)
        if (nx != ny).any():
            raise Mismatch("nan", f"{where}: {part}NaN at {int((nx != ny).sum())} places differ, e.g. "
                                  f"{_at(nx != ny, x, y)}")
        ix, iy = np.isinf(x), np.isinf(y)
        infbad = (ix | iy) & ~(nx | ny) & (x != y)
        if infbad.any():
            raise Mismatch("inf", f"{where}: {part}inf differs at {int(infbad.sum())} places, e.g. "
                                  f"{_at(infbad, x, y)}")
        fin = ~(nx | ny | ix | iy)
        diff = np.abs(x - y)
        bad = fin & (diff > atol + rtol * np.maximum(np.abs(x), np.abs(y)))
        if bad.any():
            raise Mismatch("value", f"{where}: {part}{int(bad.sum())}/{a.size} values differ, e.g. "
                                    f"{_at(bad, x, y)}")


def _at(mask, x, y):
    """'at [i, j]: x vs paddle y' for the first place where mask holds."""
    i = tuple(int(v) for v in np.argwhere(mask)[0])
    return f"at {list(i)}: {x[i].item()!r} vs paddle {y[i].item()!r}"


def canonical(arr, mode):
    """An output defined only up to a convention, in one canonical form: 'cols'/'rows' scale each column/row
    (eigenvectors, singular vectors) by the phase that makes its largest entry real and positive; 'sort' sorts
    the last axis by (real, imag) (eigenvalues of a general matrix come in LAPACK's order)."""
    arr = np.asarray(arr)
    if mode == "sort":
        return np.sort_complex(arr) if np.iscomplexobj(arr) else np.sort(arr, axis=-1)
    if arr.ndim < 2:
        return arr
    vecs = np.swapaxes(arr, -1, -2) if mode == "cols" else arr
    with np.errstate(all="ignore"):
        idx = np.argmax(np.abs(np.nan_to_num(vecs)), axis=-1)[..., None]
        lead = np.take_along_axis(vecs, idx, axis=-1)
        phase = np.where(lead == 0, 1, lead / np.abs(lead))
        vecs = vecs / phase
    if not np.iscomplexobj(arr):
        vecs = vecs.real.astype(arr.dtype)
    return np.swapaxes(vecs, -1, -2) if mode == "cols" else vecs


def compare_values(a, b, where="out", scale=1.0, canon=None):
    """Raise Mismatch unless two described results (worker.describe) agree (canon: {where: canonical mode})."""
    canon = canon or {}
    if a is None or b is None:
        if a is not b:
            raise Mismatch("structure", f"{where}: {_what(a)} vs paddle {_what(b)}")
        return
    ka, kb = next(iter(a)), next(iter(b))
    if ka != kb:
        raise Mismatch("structure", f"{where}: {_what(a)} vs paddle {_what(b)}")
    if ka == "t":
        ta, tb = a["t"], b["t"]
        if ta["dtype"] != tb["dtype"]:
            raise Mismatch("dtype", f"{where}: dtype {ta['dtype']} vs paddle {tb['dtype']}")
        if ta["shape"] != tb["shape"]:
            raise Mismatch("shape", f"{where}: shape {ta['shape']} vs paddle {tb['shape']}")
        x, y = decode(ta), decode(tb)
        if where in canon:
            x, y = canonical(x, canon[where]), canonical(y, canon[where])
        compare_arrays(x, y, where, scale, ta["dtype"])
        if a["sg"] != b["sg"]:
            raise Mismatch("stop_gradient", f"{where}: stop_gradient {a['sg']} vs paddle {b['sg']}")
    elif ka == "seq":
        if len(a["seq"]) != len(b["seq"]):
            raise Mismatch("structure", f"{where}: {len(a['seq'])} results vs paddle {len(b['seq'])}")
        for i, (x, y) in enumerate(zip(a["seq"], b["seq"])):
            compare_values(x, y, f"{where}[{i}]", scale, canon)
    elif ka == "np":
        if a["np"]["dtype"] != b["np"]["dtype"]:
            raise Mismatch("dtype", f"{where}: NumPy dtype {a['np']['dtype']} vs paddle {b['np']['dtype']}")
        compare_arrays(decode(a["np"]), decode(b["np"]), where, scale, a["np"]["dtype"])
    elif ka == "py":
        x, y = a["py"], b["py"]
        if type(x) is not type(y):
            raise Mismatch("dtype", f"{where}: Python {type(x).__name__} {x!r} vs paddle {type(y).__name__} {y!r}")
        if isinstance(x, float):
            compare_arrays(np.array(x), np.array(y), where, scale, "float64")
        elif x != y:
            raise Mismatch("value", f"{where}: {x!r} vs paddle {y!r}")
    elif ka == "obj" and a["obj"] != b["obj"]:
        raise Mismatch("structure", f"{where}: {a['obj']} vs paddle {b['obj']}")


def _what(v):
    if v is None:
        return "None"
    k = next(iter(v))
    if k == "t":
        return f"Tensor {v['t']['dtype']}{v['t']['shape']}"
    if k == "seq":
        return f"sequence of {len(v['seq'])}"
    return f"{k} {v[k]!r}"[:60]


def _err(e):
    return f"{e['type']}: {e['msg']}"[:200]


def verdict(case, pp, ref):
    """{"status", "what", "why", "note"} for one case from purepaddle's (pp) and Paddle's (ref) answers."""
    if ref is None or "crash" in ref or "hang" in ref:
        how = "no answer" if ref is None else ref.get("crash") or ref.get("hang")
        return {"status": "paddle-crash", "why": f"paddle: {how}"}
    if "setup_error" in ref:
        return {"status": "skip", "why": f"paddle cannot run it: {_err(ref['setup_error'])}"}
    if pp is None or "crash" in pp or "hang" in pp:
        what = "hang" if pp and "hang" in pp else "crash"
        how = "no answer" if pp is None else pp.get(what)
        return {"status": "disagree", "what": what, "why": f"purepaddle {what}: {how}"}
    if "setup_error" in pp:
        what = "missing" if pp["setup_error"]["type"] == "AttributeError" else "raises"
        return {"status": "disagree", "what": what, "why": f"purepaddle cannot run it: {_err(pp['setup_error'])}"}
    pe, re_ = pp.get("error"), ref.get("error")
    if re_ and not pe and any(s in re_["msg"] for s in NO_KERNEL):
        return {"status": "no-kernel", "why": _err(re_)}
    if pe and re_:
        note = None if pe["type"] == re_["type"] else f"error-type: {pe['type']} vs paddle {re_['type']}"
        return {"status": "agree", "note": note}
    if pe:
        what = "no-kernel-claimed" if any(s in pe["msg"] for s in NO_KERNEL) else "raises"
        return {"status": "disagree", "what": what, "why": f"purepaddle raises {_err(pe)}"}
    if re_:
        what = "paddle-rejects-dtype" if any(s in re_["msg"] for s in DTYPE_CHECKS) else "paddle-raises"
        return {"status": "disagree", "what": what, "why": f"paddle raises {_err(re_)}; purepaddle returns"}
    scale = case.get("tol", 1.0)
    try:
        compare_values(pp.get("out"), ref.get("out"), "out", scale, case.get("canon"))
        _compare_grads(pp, ref, scale)
    except Mismatch as m:
        return {"status": "disagree", "what": m.cls, "why": str(m)}
    return {"status": "agree"}


def _compare_grads(pp, ref, scale):
    ge_pp, ge_ref = pp.get("grad_error"), ref.get("grad_error")
    if ge_pp or ge_ref:
        if ge_pp and ge_ref:
            return
        if ge_ref and any(s in ge_ref["msg"] for s in NO_KERNEL):
            return
        side = "purepaddle" if ge_pp else "paddle"
        raise Mismatch("grad", f"backward: {side} raises {_err(ge_pp or ge_ref)}")
    ga, gb = pp.get("grads"), ref.get("grads")
    if ga is None and gb is None:
        return
    if ga is None or gb is None:
        raise Mismatch("grad", f"backward: {'no' if ga is None else 'a'} differentiable output vs paddle "
                               f"{'no' if gb is None else 'a'}")
    for i, (x, y) in enumerate(zip(ga, gb)):
        if (x is None) != (y is None):
            raise Mismatch("grad", f"grad[{i}]: {'None' if x is None else 'a gradient'} vs paddle "
                                   f"{'None' if y is None else 'a gradient'}")
        if x is not None:
            try:
                compare_values(x, y, f"grad[{i}]", scale)
            except Mismatch as m:
                raise Mismatch("grad", str(m)) from None
