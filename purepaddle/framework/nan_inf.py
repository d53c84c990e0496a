"""FLAGS_check_nan_inf: check every op output (forward, backward, optimizer; eager and static) for NaN/Inf.

Levels follow Paddle's FLAGS_check_nan_inf_level: 0 raises at the first NaN/Inf, 1 reports every
bad op and goes on, 2 also reports fp32 values outside the fp16 range, 3 reports every op.
Reports use Paddle's `[PRECISION]` line; the level-0 error keeps Paddle's text and adds what Paddle
leaves out: the phase (forward, backward of which op, optimizer update), the user's source line that
created the op, and each input's statistics.

The checker is an op hook (framework.op_hooks): installed while the flag is on, absent otherwise.
"""
import math
import os
import sys

import numpy as np

from .._core.dispatch import building_program
from . import flags, op_hooks

_FP16_MAX = 65504.0
_DTYPE_NAMES = {"float16": "fp16", "float32": "fp32", "float64": "fp64", "bfloat16": "bf16",
                "complex64": "complex64", "complex128": "complex128"}


class _Config:
    """What the checker does besides the flags: op filters and where reports go (TensorCheckerConfig)."""

    def __init__(self):
        self.checked_ops = None   # set of op types to check, or None for all
        self.skipped_ops = set()  # op types never checked
        self.output_dir = None    # write reports to files here instead of stdout


CONFIG = _Config()


# -- statistics --------------------------------------------------------------------------------
def _float_view(a):
    """The array as something NumPy can reduce (bfloat16 goes through float32); None if not floating."""
    kind = a.dtype.kind
    if kind in "fc":
        return a
    if a.dtype.name == "bfloat16":
        return a.astype(np.float32)
    return None


def tensor_stats(a):
    """(numel, num_nan, num_inf, num_zero, max, min, mean) of a floating array, as Paddle counts them."""
    a = _float_view(np.asarray(a))
    numel = int(a.size)
    if a.dtype.kind == "c":
        nan = np.isnan(a)
        inf = np.isinf(a)
        num_nan, num_inf = int(nan.sum()), int((inf & ~nan).sum())
        mags = np.abs(a)
    else:
        num_nan = int(np.isnan(a).sum())
        num_inf = int(np.isinf(a).sum())
        mags = a
    num_zero = int(np.count_nonzero(a == 0))
    if numel == 0:
        return numel, num_nan, num_inf, num_zero, float("nan"), float("nan"), float("nan")
    with np.errstate(all="ignore"):
        if num_nan:
            # Paddle folds max/min from the first element on (std::max/std::min): a NaN later on compares
            # false and is skipped, a NaN first stays
            first = mags.reshape(-1)[0]
            if first != first:
                hi = lo = float(first)
            else:
                hi, lo = float(np.nanmax(mags)), float(np.nanmin(mags))
        else:
            hi, lo = float(np.max(mags)), float(np.min(mags))
        mean = float(np.mean(mags, dtype=np.float64))  # NaN when a NaN is summed, with its sign
    return numel, num_nan, num_inf, num_zero, hi, lo, mean


def _num(v):
    """Paddle's printf-style number: %e, inf/-inf, and nan or -nan by the NaN's sign bit (x86's default NaN,
    made by 0 * inf or log(-1), has it set)."""
    if v != v:
        return "-nan" if math.copysign(1.0, v) < 0 else "nan"
    if v in (float("inf"), float("-inf")):
        return "inf" if v > 0 else "-inf"
    return "%e" % v


def dtype_name(a):
    """Paddle's short dtype name in reports (fp32, fp16, bf16, ...)."""
    name = np.asarray(a).dtype.name
    return _DTYPE_NAMES.get(name, name)


def _device(t):
    """'cpu' or 'gpu:N': the device named in reports."""
    place = getattr(t, "_place", None)
    if place is not None and hasattr(place, "get_device_id") and "CUDA" in type(place).__name__:
        return f"gpu:{place.get_device_id()}"
    return "cpu"


def precision_line(where, stats, error):
    """One `[PRECISION]` report line; `where` is 'device=cpu, op=log, tensor=, dtype=fp32'."""
    numel, nan, inf, zero, hi, lo, mean = stats
    if error:
        return (f"[PRECISION] [ERROR] in [{where}], numel={numel}, num_nan={nan}, num_inf={inf}, "
                f"num_zero={zero}, max={_num(hi)}, min={_num(lo)}, mean={_num(mean)}")
    return f"[PRECISION] in [{where}], numel={numel}, num_zero={zero}, max={_num(hi)}, min={_num(lo)}, mean={_num(mean)}"


def error_text(where, stats):
    """Paddle's level-0 RuntimeError text (without the extra purepaddle lines)."""
    return (f"(PreconditionNotMet) There are NAN or INF (num_nan={stats[1]}, num_inf={stats[2]}, "
            f"num_zero={stats[3]}) in [{where}].")


def emit(line):
    """Print a report line (stdout, as Paddle's C++ printf), or append it to CONFIG.output_dir."""
    if CONFIG.output_dir:
        os.makedirs(CONFIG.output_dir, exist_ok=True)
        path = os.path.join(CONFIG.output_dir, f"worker_cpu.{os.getpid()}.log")
        with open(path, "a", encoding="utf-8") as f:
            f.write(line + "\n")
        return
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


# -- the checker hook --------------------------------------------------------------------------
def _level():
    """FLAGS_check_nan_inf_level now."""
    return flags.VALUES.get("FLAGS_check_nan_inf_level", 0)


def _out_names(op, desc, n):
    """Output variable names: the static program's names, else '' (Paddle prints none eagerly)."""
    if desc is None:
        return [""] * n
    names = []
    for slot in type(op).outputs:
        names.extend(desc.outputs.get(slot, []))
    return (names + [""] * n)[:n]


def _flat(items):
    """Tensors of an output list, duplicable slots flattened."""
    for t in items:
        if type(t) is list:
            yield from t
        else:
            yield t


def check_op(op, ins, outs):
    """The FLAGS_check_nan_inf hook: check each floating output of a finished op."""
    if not flags.VALUES.get("FLAGS_check_nan_inf"):  # the flag was reset behind set_flags' back (VALUES edited)
        op_hooks.remove(check_op)
        return
    op = op_hooks.unwrap(op)
    op_type = op.type
    if op_type in CONFIG.skipped_ops or (CONFIG.checked_ops is not None and op_type not in CONFIG.checked_ops):
        return
    desc = op_hooks.static_desc() if building_program() else None  # eager ops have no OpDesc to look for
    phase, node = op_hooks.phase_of(op, desc)
    if phase == "forward" and desc is None:
        op_hooks.remember_site(op)
    level = _level()
    outs = list(_flat(outs))
    names = None
    for k, t in enumerate(outs):
        if t is None:
            continue
        a = t._data
        if a.size == 0 or _float_view(a) is None:
            continue
        if level < 2 and _all_finite(a):
            continue
        stats = tensor_stats(a)
        bad = stats[1] > 0 or stats[2] > 0
        if not bad:
            if level < 2 or (level == 2 and not _beyond_fp16(a, stats)):
                continue
        if names is None:
            names = _out_names(op, desc, len(outs))
        label = _label(op_type, phase, node, desc is not None)
        tensor = names[k]
        if not tensor and phase == "optimizer" and ins:
            tensor = getattr(ins[0], "name", "") or ""  # the updated parameter
        where = f"device={_device(t)}, op={label}, tensor={tensor}, dtype={dtype_name(a)}"
        emit(precision_line(where, stats, bad))
        if bad and level == 0:
            raise RuntimeError(error_text(where, stats) + explain(op, ins, phase, node, desc, k))


def _all_finite(a):
    """Whether a floating array holds no NaN/Inf (fast path first)."""
    a = _float_view(a)
    if a.dtype.kind == "f" and a.dtype.itemsize >= 4:
        v = a.ravel()
        # one BLAS pass, no temporaries: NaN/Inf propagate into the dot; an overflow of finite values
        # falls through to the exact test below
        if np.isfinite(np.dot(v, v)):
            return True
    return bool(np.isfinite(a).all())


def _beyond_fp16(a, stats):
    """Whether an fp32/fp64 output has values beyond the fp16 range (level 2 reports those)."""
    return a.dtype.name in ("float32", "float64") and max(abs(stats[4]), abs(stats[5])) > _FP16_MAX


def _label(op_type, phase, node, static):
    """The op name in reports: Paddle names ops run by a backward pass `<forward op>_grad`."""
    if phase == "backward" and node is not None:
        op_type = node.type
    if not static:
        op_type = op_hooks.eager_name(op_type)
    return f"{op_type}_grad" if phase == "backward" and node is not None else op_type


def explain(op, ins, phase, node, desc, out_index):
    """The lines purepaddle adds to Paddle's error: phase, user source line, input statistics."""
    lines = []
    if phase == "backward":
        if node is not None:
            site = op_hooks.site_of(node)
            lines.append(f"phase: backward of op '{node.type}'" + (f" (computed by '{op.type}' inside its grad)"
                                                                 if op.type != node.type else ""))
            if site:
                lines.append(f"the forward op was created at {site}")
        else:
            lines.append(f"phase: backward (grad op '{op.type}' of the static program)")
    elif phase == "optimizer":
        pname = getattr(ins[0], "name", "?") if ins else "?"
        lines.append(f"phase: optimizer update '{op.type}' of parameter '{pname}'")
        if len(ins) > 1 and ins[1] is not None:
            lines.append("hint: a NaN/Inf gradient or a learning rate too large for this loss scale makes the "
                         "update diverge; try grad_clip=paddle.nn.ClipGradByGlobalNorm(1.0) or a smaller lr")
    else:
        lines.append("phase: forward")
        site = op_hooks.user_site(3) if desc is None else ""  # a static op was built long before this run
        if site:
            lines.append(f"op created at {site}")
    if desc is not None:
        lines.append(f"static op: {desc.type} inputs={dict(desc.inputs)} outputs={dict(desc.outputs)}")
    slots = ["Param", "Grad"] if phase == "optimizer" else list(type(op).inputs)
    already = []
    for slot, t in zip(slots, ins):
        for x in (t if type(t) is list else [t]):
            if x is None or not hasattr(x, "_data") or _float_view(np.asarray(x._data)) is None:
                continue
            s = tensor_stats(x._data)
            lines.append(f"input {slot}: shape={list(np.shape(x._data))}, dtype={dtype_name(x._data)}, "
                         f"min={_num(s[5])}, max={_num(s[4])}, mean={_num(s[6])}, num_nan={s[1]}, num_inf={s[2]}")
            if s[1] or s[2]:
                already.append(slot)
    if already:
        lines.append(f"input {', '.join(already)} already held NaN/Inf: it was produced before this op (by data, "
                     "or by a tensor made before checking was on)")
    elif phase == "forward":
        lines.append(f"the inputs are finite: '{op.type}' itself produced the NaN/Inf (log/sqrt/pow of "
                     "negatives or zero, division by zero, exp overflow?)")
    return "".join(f"\n  [purepaddle] {line}" for line in lines)


# -- switching on and off ----------------------------------------------------------------------
def _sync(_value=None):
    """Install or remove the checker to match FLAGS_check_nan_inf."""
    if flags.VALUES.get("FLAGS_check_nan_inf"):
        op_hooks.install(check_op)
    else:
        op_hooks.remove(check_op)


flags.watch("FLAGS_check_nan_inf", _sync)
_sync()

__all__ = ["tensor_stats", "precision_line", "error_text", "check_op"]
