"""paddle.amp.auto_cast: per-op casts to float16/bfloat16 by Paddle's white/black lists, in op dispatch.

Inside `auto_cast()` the context installs an `_AmpCaster` into the `amp` hook (`dispatch.AMP`); `dispatch.apply` hands it
every eager op. It decides the op's compute dtype the way Paddle's eager AMP does:

- white list (matmul, conv2d, linear, ...): the low dtype (`dtype`, float16 by default);
- black list (softmax, log, exp, losses, reductions, ... at O1; only interpolation/embedding at O2):
  float32;
- any other op: float32 when some float input is float32, else the low dtype ("promote to the
  widest"); at O2 with use_promote=False, the low dtype. batch_norm/layer_norm look at X only
  and never cast their scale, bias or statistics.

Float32/float16/bfloat16 inputs not in that dtype are cast by recorded `cast` ops, so gradients
flow back through the casts to float32 parameters in float32. float64 and integer inputs are
left alone. Heavy ops in the low dtype run float32-accumulating kernels (`lowp.py`).

All of this happens only with FLAGS_purepaddle_cpu_amp on (`support.cpu_amp`): by default purepaddle's
CPU place behaves as real Paddle's, where auto_cast warns that it makes no effect and nothing is cast.
The flag lets mixed-precision code behave on the CPU as it does on a GPU. Op calls made by backward
rules are never re-cast (Paddle's grad kernels run in the dtype of their forward), unless the auto_cast
block itself was entered during a backward (recompute re-running a forward).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # names for annotations only
    from collections.abc import Iterable, Iterator

import functools
import warnings

import numpy as np

from .._core import dtype as _dt
from .._core.dispatch import AMP, apply
from .._core.mode import STATE, ThreadStacks, in_dynamic_mode
from ..ops.creation.fill import Cast
from .amp_lists import op_names, update_list
from .lowp import route, runner
from .support import cpu_amp, place_text

__all__ = ["auto_cast", "amp_guard", "autocast", "is_autocast_enabled", "get_autocast_dtype",
           "amp_global_state", "AMPGlobalState"]

_F32 = np.dtype(np.float32)
_F16 = np.dtype(np.float16)
# ops AMP never touches: dtype conversions, in-place communication and the loss-scaling ops
_NO_AMP = frozenset({"cast", "assign", "share_data", "check_finite_and_unscale", "update_loss_scaling",
                     "run_program", "print", "all_reduce", "broadcast", "reduce", "all_gather", "all_to_all",
                     "reduce_scatter", "barrier", "send_v2", "recv_v2", "view_dtype", "check_numerics",
                     "isfinite_v2", "isinf_v2", "isnan_v2"})
# promote on X alone and cast nothing else (their scale/bias/statistics stay float32)
_X_ONLY = frozenset({"batch_norm", "layer_norm", "sync_batch_norm"})
# no low-precision kernel: always float32 (NumPy's linalg refuses float16)
_UNSUPPORTED = frozenset({"cholesky", "cholesky_solve", "eig", "eigh", "eigvals", "eigvalsh", "svd", "qr", "lu",
                          "lu_unpack", "inverse", "solve", "lstsq", "determinant", "slogdeterminant", "matrix_exp",
                          "matrix_rank", "matrix_rank_atol_rtol", "triangular_solve", "matrix_power"})
_WHITE, _BLACK, _GRAY, _SKIP = 0, 1, 2, 3


class AMPGlobalState:
    """What the last auto_cast said (GradScaler reads amp_dtype, as Paddle's does)."""

    def __init__(self):
        self.amp_dtype = "float32"
        self.use_master_grad = False
        self.model_parameters = []


_amp_global_state = AMPGlobalState()


def amp_global_state():
    """The process-wide AMP state (amp_dtype of the last auto_cast entered)."""
    return _amp_global_state


class _AmpCaster:
    """The amp hook while auto_cast is on: casts an op's inputs to its compute dtype, then runs it."""

    def __init__(self, white, black, level, dtype, use_promote, custom=(None, None)):
        self.white, self.black = frozenset(white), frozenset(black)
        # the user's own lists decide first, whichever of an op's names they use (matmul_v2 or matmul)
        self.custom_white, self.custom_black = frozenset(custom[0] or ()), frozenset(custom[1] or ())
        self.level, self.dtype_name, self.use_promote = level, dtype, use_promote
        self.low = _dt.convert_dtype(dtype).np_dtype
        self.entry_phase = STATE.phase  # inside a backward (recompute): re-cast as the forward did
        self.kinds = {}  # op class -> _WHITE/_BLACK/_GRAY/_SKIP

    def kind(self, op_cls):
        t = op_cls.type
        if t in _NO_AMP or t.startswith("c_") or getattr(op_cls, "fp32_acc", False):
            k = _SKIP
        else:
            names = op_names(t)
            if any(n in self.custom_black for n in names):
                k = _BLACK
            elif any(n in self.custom_white for n in names):
                k = _WHITE
            elif any(n in self.white for n in names):
                k = _WHITE
            elif any(n in self.black for n in names):
                k = _BLACK
            else:
                k = _GRAY
        self.kinds[op_cls] = k
        return k

    def dst(self, op_cls, k, floats, first):
        """The compute dtype of one call (Paddle's GetAmpDestDtype)."""
        if k == _WHITE:
            d = self.low
        elif k == _BLACK:
            d = _F32
        elif self.level == "OD":
            d = _F32
        elif self.level == "O2" and not self.use_promote:
            d = self.low
        elif op_cls.type in _X_ONLY:
            d = _F32 if first == _F32 else self.low
        else:
            d = _F32 if _F32 in floats else self.low
        if d != _F32 and op_cls.type in _UNSUPPORTED:
            d = _F32
        return d

    def __call__(self, op_cls, inputs, attrs):
        st = STATE
        AMP.swap(None)  # the casts and the op itself run plainly
        try:
            k = self.kinds.get(op_cls)
            if k is None:
                k = self.kind(op_cls)
            if k == _SKIP or (st.phase == "backward" and self.entry_phase != "backward"):
                if st.phase == "backward":  # a backward rule: heavy low-precision ops keep float32 sums
                    return route(op_cls, inputs, attrs)
                return apply(op_cls, *inputs, **attrs)
            floats, first = set(), None
            for i, t in enumerate(inputs):
                if t is None:
                    continue
                for x in (t if type(t) is list else (t,)):
                    d = x._data.dtype
                    if d == _F32 or d == _F16 or d == self.low:
                        floats.add(d)
                        if i == 0 and first is None:
                            first = d
            if not floats:
                return apply(op_cls, *inputs, **attrs)
            dst = self.dst(op_cls, k, floats, first)
            if floats != {dst}:
                x_only = op_cls.type in _X_ONLY
                inputs = [t if (x_only and i) else _cast_operand(t, dst) for i, t in enumerate(inputs)]
            if dst != _F32:
                op_cls = runner(op_cls, inputs)
            return apply(op_cls, *inputs, **attrs)
        finally:
            AMP.swap(self)


def _cast_operand(t, dst):
    if t is None:
        return None
    if type(t) is list:
        return [_cast_operand(x, dst) for x in t]
    d = t._data.dtype
    if d == dst or not (d == _F32 or d == _F16 or d in _LOW):
        return t
    src = _dt.from_numpy(d)
    return apply(Cast, t, in_dtype=src.proto, out_dtype=_dt.from_numpy(dst).proto)


_LOW = frozenset(d for d in (_F16, _dt.bfloat16.np_dtype) if d is not None)


def _check_dtype(dtype, enable):
    if isinstance(dtype, _dt.DType):
        dtype = dtype.name
    if not isinstance(dtype, str):
        raise TypeError(f"paddle.amp.auto_cast: dtype must be 'float16' or 'bfloat16', but received {dtype!r}")
    dtype = dtype.lower()
    if enable and dtype not in ("float16", "bfloat16"):
        raise ValueError("If enable amp, dtype should be 'float16' or 'bfloat16'.")
    if enable and cpu_amp():
        _check_bfloat16(dtype)
    return dtype


def _check_bfloat16(dtype):
    """The bfloat16 emulation needs ml_dtypes' arrays."""
    if dtype == "bfloat16" and _dt.bfloat16.np_dtype is None:
        raise ImportError("paddle.amp.auto_cast(dtype='bfloat16') needs the optional package ml_dtypes for "
                          "bfloat16 arrays on the CPU: pip install purepaddle[bf16] (or use dtype='float16')")


class amp_guard:
    """Context manager (and decorator) behind paddle.amp.auto_cast; see `auto_cast`.

    Args:
        enable (bool, optional): Whether mixed precision is on inside the block. Default: True.
        custom_white_list (Iterable[str]|None, optional): Op names added to the list run in low precision.
            Default: None.
        custom_black_list (Iterable[str]|None, optional): Op names added to the list kept in float32. Default:
            None.
        level (str, optional): 'O0' (off), 'O1' (listed ops in low precision) or 'O2' (nearly all ops).
            Default: "O1".
        dtype (str, optional): The low-precision dtype: 'float16' or 'bfloat16'. Default: "float16".
        use_promote (bool, optional): Whether an op with a float32 input runs in float32 under O2. Default:
            True.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> linear = paddle.nn.Linear(4, 4)
            >>> with paddle.amp.amp_guard(level='O1', dtype='bfloat16'):
            ...     y = linear(paddle.ones([2, 4]))
            >>> y.dtype  # as in Paddle, the CPU place keeps float32 (amp casts on GPUs)
            paddle.float32
    """

    def __init__(self, enable: bool = True, custom_white_list: Iterable[str] | None = None,
                 custom_black_list: Iterable[str] | None = None, level: str = "O1", dtype: str = "float16",
                 use_promote: bool = True) -> None:
        traced = False
        if not in_dynamic_mode():
            from ..static.variable import JIT_TRACE
            if JIT_TRACE.active is None:
                raise AssertionError("We only support 'amp_guard' in dynamic or pir mode.")
            traced = True  # inside paddle.jit.to_static: the traced program stays float32
            warnings.warn("paddle.amp.auto_cast inside a paddle.jit.to_static function is not applied by purepaddle: "
                          "the traced program computes in float32")
        if not isinstance(level, str) or level.upper() not in ("O0", "OD", "O1", "O2"):
            raise ValueError("level should be O0, OD, O1 or O2.")
        self.level = level.upper()
        self.dtype = _check_dtype(dtype, enable)
        self.enable = bool(enable) and self.level != "O0" and not traced
        self.requested = bool(enable) and not traced  # (Paddle's CPU build warns at O0 too)
        self.custom = (custom_white_list, custom_black_list)
        self.use_promote = bool(use_promote)
        white, black = update_list(custom_white_list, custom_black_list, self.level,
                                   self.dtype if self.dtype in ("float16", "bfloat16") else "float16")
        self.white, self.black = white, black
        self._saved = ThreadStacks()  # one handle per open `with`, per thread (a decorator runs in many)

    def __enter__(self):
        _amp_global_state.amp_dtype = self.dtype  # kept after the block: GradScaler.scale reads it there
        caster = None
        if self.requested and not cpu_amp():  # Paddle's CPU build: its warning, nothing cast
            warnings.warn(f"amp_guard can only be enabled on CUDAPlace, XPUPlace, and CustomPlace, current place "
                          f"is {place_text()}, so it makes no effect.")
        elif self.enable:
            _check_bfloat16(self.dtype)  # the flag may have been set after the guard was made
            caster = _AmpCaster(self.white, self.black, self.level, self.dtype, self.use_promote, self.custom)
        self._saved.push(AMP.install(caster))
        return self

    def __exit__(self, *exc):
        self._saved.pop().remove()
        return False

    def __call__(self, func):
        @functools.wraps(func)
        def wrapper(*args, **kwargs):
            with self:
                return func(*args, **kwargs)
        return wrapper


def auto_cast(enable: bool = True, custom_white_list: Iterable[str] | None = None,
              custom_black_list: Iterable[str] | None = None, level: str = "O1", dtype: str = "float16",
              use_promote: bool = True) -> Iterator[None]:
    """Run the ops inside in mixed precision: white-list ops in float16 (or bfloat16), black-list ops in
    float32, the others following their inputs.

    Args:
        enable (bool): turn auto-casting on. Default True.
        custom_white_list (set|list|tuple|None): op names added to the white list.
        custom_black_list (set|list|tuple|None): op names added to the black list.
        level (str): 'O1' (mixed: the lists decide), 'O2' (everything but the black list in the low dtype;
            use with paddle.amp.decorate), 'OD' (only the white list low) or 'O0' (off). Default 'O1'.
        dtype (str): 'float16' or 'bfloat16' (bfloat16 needs ml_dtypes). Default 'float16'.
        use_promote (bool): at O2, ops outside the lists run in float32 when an input is float32.

    On the CPU place it does what real Paddle's CPU build does: it warns that it makes no effect and
    nothing is cast. Setting FLAGS_purepaddle_cpu_amp (purepaddle's own flag, by paddle.set_flags or
    the environment) emulates a GPU's float16/bfloat16 on the CPU instead, to check AMP numerics there.

    Returns:
        A context manager; mixed precision applies inside the block.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> linear = paddle.nn.Linear(4, 3)
            >>> x = paddle.rand([2, 4])
            >>> with paddle.amp.auto_cast():  # warns: no effect on the CPU place
            ...     y = linear(x)
            >>> y.dtype
            paddle.float32
            >>> paddle.set_flags({'FLAGS_purepaddle_cpu_amp': True})
            >>> with paddle.amp.auto_cast():
            ...     y = linear(x)
            ...     z = paddle.nn.functional.softmax(y)
            >>> y.dtype, z.dtype
            (paddle.float16, paddle.float32)
    """
    return amp_guard(enable, custom_white_list, custom_black_list, level, dtype, use_promote)


def autocast(device_type=None, dtype="float16", enabled=True, cache_enabled=True):
    """torch-style alias: auto_cast(enable=enabled, dtype=dtype).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.set_flags({'FLAGS_purepaddle_cpu_amp': True})  # else no effect on the CPU place
            >>> with paddle.amp.autocast("cpu"):
            ...     out = paddle.matmul(paddle.ones([2, 2]), paddle.ones([2, 2]))
            >>> out.dtype
            paddle.float16
    """
    return auto_cast(enable=enabled, dtype=dtype)


def is_autocast_enabled(device_type=None):
    """Whether ops are being auto-cast right now.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.set_flags({'FLAGS_purepaddle_cpu_amp': True})  # else auto_cast is off on the CPU place
            >>> with paddle.amp.auto_cast():
            ...     print(paddle.amp.is_autocast_enabled())
            True
            >>> paddle.amp.is_autocast_enabled()
            False
    """
    return isinstance(AMP.active, _AmpCaster)


def get_autocast_dtype(device_type=None):
    """The low dtype of the active auto_cast ('float16' when none is active).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.amp.get_autocast_dtype()
            'float16'
    """
    amp = AMP.active
    return amp.dtype_name if isinstance(amp, _AmpCaster) else "float16"


def current_settings():
    """auto_cast keyword arguments that recreate the active one (enable=False when none is active)."""
    amp = AMP.active
    if isinstance(amp, _AmpCaster):
        return {"enable": True, "custom_white_list": set(amp.custom_white) or None,
                "custom_black_list": set(amp.custom_black) or None, "level": amp.level, "dtype": amp.dtype_name,
                "use_promote": amp.use_promote}
    return {"enable": False}
