"""Row views and label checks shared by the loss ops: a [rows, classes] view of the logits, class
sums as `x @ ones` (numpy's reductions over a short last axis are several times slower than a
matrix-vector product), hard labels checked against the class range.
"""
import numpy as np

from ..._core.dispatch import apply
from ..._core.dtype import kind_of
from ..._core.tensor import Tensor
from .._errors import InvalidArgument, OutOfRange
from ..math.unary import Clip


_ONES = {}
_BIG = float(np.finfo(np.float32).max)


def clip(t, lo=-_BIG, hi=_BIG):
    """The clip op on a Tensor/Variable with constant bounds."""
    return apply(Clip, t, None, None, min=float(lo), max=float(hi))


def ones_vector(n, dtype):
    """A cached read-only ones vector of length n (x @ ones sums x's last axis)."""
    key = (n, dtype.char)
    v = _ONES.get(key)
    if v is None:
        if len(_ONES) > 64:
            _ONES.clear()
        v = np.ones(n, dtype)
        v.flags.writeable = False
        _ONES[key] = v
    return v


def row_sum(a):
    """Sum over the last axis of a 2-D float array."""
    return a @ ones_vector(a.shape[1], a.dtype)


def to_rows(a, axis):
    """a with `axis` moved last, as [rows, a.shape[axis]] (a view when axis is already last)."""
    c = a.shape[axis]
    if axis != a.ndim - 1:
        a = np.moveaxis(a, axis, -1)
    return a.reshape(-1, c)


def from_rows(a2, shape, axis):
    """Inverse of to_rows: [rows, C] back to `shape` with the class axis at `axis`."""
    shape = list(shape)
    if axis == len(shape) - 1:
        return a2.reshape(shape)
    moved = shape[:axis] + shape[axis + 1:] + [shape[axis]]
    return np.moveaxis(a2.reshape(moved), -1, axis)


def is_zero_const(t):
    """Whether t is an eager constant of zeros (the filler autograd makes for an unused output).

    Reads the bits as unsigned integers: numpy counts and maximises those much faster than floats."""
    if type(t) is not Tensor or not t.stop_gradient:
        return False
    a = t._data
    u = a.view(_UNSIGNED[a.itemsize]) if a.itemsize in _UNSIGNED and kind_of(a.dtype) == "f" else a
    return not (np.count_nonzero(u) if a.size < 4096 else u.max())


_TINY = {c: float(np.finfo(c).tiny) * 2.0 ** (np.finfo(c).nmant + 1) for c in "efd"}
_STARTS = {}
_UNSIGNED = {1: np.uint8, 2: np.uint16, 4: np.uint32, 8: np.uint64}


def _row_starts(rows, classes):
    """np.arange(0, rows * classes, classes), cached: the flat offset of each row."""
    key = (rows, classes)
    a = _STARTS.get(key)
    if a is None:
        if len(_STARTS) > 64:
            _STARTS.clear()
        a = _STARTS[key] = np.arange(0, rows * classes, classes)
        a.flags.writeable = False
    return a


def hard_labels(label, rows, classes, ignore_index, check=True):
    """(flat indices into a [rows, classes] array, mask of ignored rows or None).

    check: raise Paddle's range errors (the grad op skips them: its forward op already did)."""
    lab = label.reshape(-1)
    if kind_of(lab.dtype) not in "iu":
        lab = lab.astype(np.int64)  # float hard labels are read as integers, as Paddle's kernel does
    if lab.size != rows:
        raise InvalidArgument(
            f"(InvalidArgument) Input(Logits) and Input(Label) should in same shape in dimensions except axis. "
            f"Received {rows} rows of logits and {lab.size} labels.")
    ign = None
    if 0 <= ignore_index < classes:  # an ignored class id is in range: look for it explicitly
        ign = lab == ignore_index
        if not np.count_nonzero(ign):
            ign = None
    # one comparison finds both the out-of-range labels and a negative ignore_index: negatives wrap to huge
    if np.count_nonzero(lab.view(_UNSIGNED[lab.itemsize]) >= classes):
        if ign is None:
            ign = lab == ignore_index
        bad = ((lab < 0) | (lab >= classes)) & ~ign
        if check and bad.any():
            _label_range_error(int(lab[bad][0]), classes, ignore_index)
        if not ign.any():
            ign = None
    if ign is not None:
        lab = np.where(ign, 0, lab)
    return _row_starts(rows, classes) + lab, ign


def _label_range_error(v, classes, ignore_index):
    if v < 0:
        raise OutOfRange(
            f"(OutOfRange) label value should >= 0 when label value({v}) not equal to ignore_index({ignore_index})"
            f"\n  [Hint: Expected lbl >= 0, but received lbl:{v} < 0:0.]")
    raise OutOfRange(
        f"(OutOfRange) label value should less than the shape of axis dimension when label value({v}) not equal "
        f"to ignore_index({ignore_index}), But received label value as {v} and shape of axis dimension is "
        f"{classes}\n  [Hint: Expected lbl < axis_dim_, but received lbl:{v} >= axis_dim_:{classes}.]")


def _loss_shape(shape, axis):
    s = list(shape)
    s[axis] = 1
    return s
