"""paddle.amp.debugging: check_numerics, the tensor checker (FLAGS_check_nan_inf by config) and operator stats."""
import contextlib
import functools
import random
from enum import Enum

import numpy as np

from .._core import dtype as _dt
from .._core.dispatch import apply
from .._core.op import Op, TensorMeta, register
from ..framework import flags, nan_inf, op_hooks
from .accuracy_compare import compare_accuracy  # noqa: F401

__all__ = ["DebugMode", "TensorCheckerConfig", "check_numerics", "check_layer_numerics", "enable_tensor_checker",
           "disable_tensor_checker", "enable_operator_stats_collection", "disable_operator_stats_collection",
           "collect_operator_stats", "set_checked_op_list", "set_skipped_op_list", "compare_accuracy"]


class DebugMode(Enum):
    """What the tensor checker does (the value is FLAGS_check_nan_inf_level).

    - CHECK_NAN_INF_AND_ABORT: report the first tensor holding NaN/Inf and stop with a RuntimeError.
    - CHECK_NAN_INF: report every tensor holding NaN/Inf and go on.
    - CHECK_ALL_FOR_OVERFLOW: also report fp32 outputs beyond the fp16 range.
    - CHECK_ALL: report every op output's statistics.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.amp.debugging.DebugMode.CHECK_ALL.value
            3
    """

    CHECK_NAN_INF_AND_ABORT = 0
    CHECK_NAN_INF = 1
    CHECK_ALL_FOR_OVERFLOW = 2
    CHECK_ALL = 3


def set_checked_op_list(checked_op_list):
    """Check only these op types (None: all). Names are Paddle op types (`elementwise_add`, `log`, ...)."""
    if checked_op_list is None:
        nan_inf.CONFIG.checked_ops = None
        return
    if not isinstance(checked_op_list, (list, tuple)):
        raise ValueError("checked_op_list must be list or tuple")
    nan_inf.CONFIG.checked_ops = set(checked_op_list)


def set_skipped_op_list(skipped_op_list):
    """Never check these op types."""
    if skipped_op_list is None:
        nan_inf.CONFIG.skipped_ops = set()
        return
    if not isinstance(skipped_op_list, (list, tuple)):
        raise ValueError("skipped_op_list must be list or tuple")
    nan_inf.CONFIG.skipped_ops = set(skipped_op_list)


class TensorCheckerConfig:
    """Configuration of the NaN/Inf tensor checker used by enable_tensor_checker.

    Args:
        enable (bool): whether the checker runs at all.
        debug_mode (DebugMode): what to report (default CHECK_NAN_INF_AND_ABORT).
        output_dir (str|None): write the reports to files in this directory instead of stdout.
        checked_op_list (list|None): op types to check (default: all).
        skipped_op_list (list|None): op types never checked.
        debug_step (list|None): [start, end): check only while start <= step < end, where the step
            counts enable_tensor_checker calls.
        stack_height_limit (int): accepted for compatibility (purepaddle errors always name the user line).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> cfg = paddle.amp.debugging.TensorCheckerConfig(
            ...     enable=True, debug_mode=paddle.amp.debugging.DebugMode.CHECK_NAN_INF)
            >>> paddle.amp.debugging.enable_tensor_checker(cfg)
            >>> y = paddle.log(paddle.to_tensor([0.0, 1.0]))
            [PRECISION] [ERROR] in [device=cpu, op=log, tensor=, dtype=fp32], numel=2, num_nan=0, num_inf=1, num_zero=1, max=0.000000e+00, min=-inf, mean=-inf
            >>> paddle.amp.debugging.disable_tensor_checker()
    """

    current_step_id = 0

    def __init__(self, enable, debug_mode=DebugMode.CHECK_NAN_INF_AND_ABORT, output_dir=None,
                 checked_op_list=None, skipped_op_list=None, debug_step=None, stack_height_limit=1):
        if not isinstance(debug_mode, DebugMode):
            raise ValueError(f"debug_mode in DebugMode: expected a paddle.amp.debugging.DebugMode, but received "
                             f"{debug_mode!r}; choose from {list(DebugMode.__members__)}")
        self.enable = enable
        self.debug_mode = debug_mode
        self.output_dir = output_dir
        self.checked_op_list = checked_op_list
        self.skipped_op_list = skipped_op_list
        self.debug_step = debug_step
        self.stack_height_limit = stack_height_limit
        self.start_step = self.end_step = None
        if debug_step is not None:
            if not isinstance(debug_step, (tuple, list)):
                raise ValueError("debug_step must be list or tuple")
            if len(debug_step) != 2 or not debug_step[1] > debug_step[0]:
                raise AssertionError(f"debug_step must be [start, end) with end > start, but received {debug_step}")
            self.start_step, self.end_step = max(debug_step[0], 0), debug_step[1]
        set_checked_op_list(checked_op_list)
        set_skipped_op_list(skipped_op_list)
        self.seed = 123
        if self.enable:
            self._set_seed()

    def _set_seed(self):
        """Seed every generator, as Paddle does, so that a NaN found once can be reproduced."""
        from ..framework.random import seed as paddle_seed
        from .._core.generator import default_generator
        s = default_generator().initial_seed()
        if s is None or not 0 <= int(s) <= np.iinfo(np.uint32).max:
            print("[Warning: Seed must be between 0 and 2**32 - 1")
            s = 123
        self.seed = int(s)
        paddle_seed(self.seed)
        np.random.seed(self.seed)
        random.seed(self.seed)
        print("AMP Debugging TensorCheckerConfig: seed ", self.seed)

    def update_and_check_step_id(self):
        """Whether this step is to be checked (advances the step counter inside the debug_step range)."""
        if not self.enable:
            return False
        if self.start_step is not None:
            step = TensorCheckerConfig.current_step_id
            if step < self.start_step or step >= self.end_step:
                return False
            TensorCheckerConfig.current_step_id += 1
        return True

    def start_check_nan_inf(self):
        """Turn the checker on with this config's level, filters and output directory."""
        if self.enable:
            self._set_env(True)

    def stop_check_nan_inf(self):
        """Turn the checker off."""
        self._set_env(False)

    def _set_env(self, on):
        """Set the flags (and the output directory) this config asks for."""
        if not isinstance(self.stack_height_limit, int):
            raise ValueError("stack_height_limit must be int")
        if on:
            flags.set_value("FLAGS_check_nan_inf_level", self.debug_mode.value)
            nan_inf.CONFIG.output_dir = self.output_dir
        else:
            nan_inf.CONFIG.output_dir = None
        flags.set_value("FLAGS_check_nan_inf", bool(on))


def enable_tensor_checker(checker_config):
    """Check op outputs for NaN/Inf as `checker_config` says (FLAGS_check_nan_inf with its level).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> cfg = paddle.amp.debugging.TensorCheckerConfig(enable=True,
            ...     debug_mode=paddle.amp.debugging.DebugMode.CHECK_NAN_INF)
            >>> paddle.amp.debugging.enable_tensor_checker(cfg)
            >>> paddle.amp.debugging.disable_tensor_checker()
    """
    if not isinstance(checker_config, TensorCheckerConfig):
        raise TypeError(f"enable_tensor_checker: checker_config must be a TensorCheckerConfig, but received "
                        f"{type(checker_config).__name__}")
    if checker_config.update_and_check_step_id():
        checker_config.start_check_nan_inf()
    else:
        checker_config.stop_check_nan_inf()


def disable_tensor_checker():
    """Stop checking op outputs for NaN/Inf (FLAGS_check_nan_inf off)."""
    nan_inf.CONFIG.output_dir = None
    flags.set_value("FLAGS_check_nan_inf", False)


def check_layer_numerics(func):
    """Decorator for a Layer's forward: check every op it runs for NaN/Inf (level CHECK_NAN_INF_AND_ABORT).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> class Net(paddle.nn.Layer):
            ...     @paddle.amp.debugging.check_layer_numerics
            ...     def forward(self, x):
            ...         return x * 2
            >>> Net()(paddle.ones([2])).numpy()
            array([2., 2.], dtype=float32)
    """

    @functools.wraps(func)
    def wrapper(self, *args, **kwargs):
        prev = flags.VALUES["FLAGS_check_nan_inf"]
        flags.set_value("FLAGS_check_nan_inf", True)
        try:
            return func(self, *args, **kwargs)
        finally:
            flags.set_value("FLAGS_check_nan_inf", prev)

    return wrapper


# -- check_numerics ----------------------------------------------------------------------------
@register("check_numerics")
class CheckNumerics(Op):
    """stats = [num_nan, num_inf, num_zero] (int64), values = [max, min, mean]; reports as the level says."""

    inputs, outputs = ("tensor",), ("stats", "values")
    differentiable = False

    def forward(self, xp, a):
        """Count, report (and at level 0 raise); return stats and values."""
        a = np.asarray(a)
        if nan_inf._float_view(a) is None:
            raise _kernel_missing(a)
        s = nan_inf.tensor_stats(a)
        level = self.attrs.get("check_nan_inf_level", 0)
        bad = s[1] > 0 or s[2] > 0
        where = (f"device=cpu, op={self.attrs.get('op_type', '')}, tensor={self.attrs.get('var_name', '')}, "
                 f"dtype={nan_inf.dtype_name(a)}")
        if bad or level >= 3 or (level == 2 and nan_inf._beyond_fp16(a, s)):
            nan_inf.emit(nan_inf.precision_line(where, s, bad))
        if bad and level == 0:
            raise RuntimeError(nan_inf.error_text(where, s))
        vdt = np.float32 if a.dtype.name in ("float16", "bfloat16") else (a.real.dtype if a.dtype.kind == "c" else a.dtype)
        return (np.array(s[1:4], dtype=np.int64), np.array(s[4:7], dtype=vdt))

    def infer_meta(self, meta):
        """stats: int64 [3]; values: [3] in the input's float dtype."""
        vdt = meta.dtype if meta.dtype.name in ("float32", "float64") else _dt.float32
        return TensorMeta([3], _dt.int64), TensorMeta([3], vdt)


def _kernel_missing(a):
    """Paddle's NotFound error for a dtype check_numerics has no kernel for."""
    err = RuntimeError(f"(NotFound) The kernel with key (CPU, Undefined(AnyLayout), {a.dtype.name}) of kernel "
                       f"`check_numerics` is not registered. Selected wrong DataType `{a.dtype.name}`. "
                       "paddle.amp.debugging.check_numerics supports float16, bfloat16, float32, float64, "
                       "complex64 and complex128 tensors.")
    err.paddle_kernel = True
    return err


def check_numerics(tensor, op_type, var_name, debug_mode=DebugMode.CHECK_NAN_INF_AND_ABORT):
    """Count NaNs, Infs and zeros of `tensor` and report them as `debug_mode` says.

    Args:
        tensor (Tensor): the floating tensor to check.
        op_type (str): the op or API that produced it (shown in the report).
        var_name (str): its name (shown in the report).
        debug_mode (DebugMode): CHECK_NAN_INF_AND_ABORT raises a RuntimeError on NaN/Inf.

    Returns:
        (Tensor, Tensor): stats = [num_nan, num_inf, num_zero] (int64) and values = [max, min, mean].

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([1.0, 0.0, 3.0])
            >>> stats, values = paddle.amp.debugging.check_numerics(x, "my_op", "x")
            >>> stats.numpy()
            array([0, 0, 1])
            >>> values.numpy()
            array([3.       , 0.       , 1.3333334], dtype=float32)
    """
    if not isinstance(debug_mode, DebugMode):
        raise TypeError(f"check_numerics: debug_mode must be a paddle.amp.debugging.DebugMode, but received "
                        f"{debug_mode!r}")
    if not hasattr(tensor, "dtype") or not hasattr(tensor, "shape"):
        raise TypeError(f"check_numerics: tensor must be a Tensor, but received {type(tensor).__name__}")
    return apply(CheckNumerics, tensor, op_type=str(op_type), var_name=str(var_name),
                 check_nan_inf_level=debug_mode.value, stack_height_limit=-1, output_dir="")


# -- operator stats ------------------------------------------------------------------------------
_STATS = {}  # op type -> [fp16, bf16, fp32, other] calls


def _category(op, ins, outs):
    """0 fp16, 1 bf16, 2 fp32, 3 other: the dtype the op's kernel ran in (its first input, else output)."""
    for t in list(ins) + list(outs):
        if type(t) is list:
            t = t[0] if t else None
        if t is not None and hasattr(t, "_data"):
            name = t._data.dtype.name
            return {"float16": 0, "bfloat16": 1, "float32": 2}.get(name, 3)
    return 3


def _count_op(op, ins, outs):
    """Op hook: count one call of the op under its dtype category."""
    op = op_hooks.unwrap(op)
    row = _STATS.get(op.type)
    if row is None:
        row = _STATS[op.type] = [0, 0, 0, 0]
    row[_category(op, ins, outs)] += 1


def _print_operator_stats(op_count_dict):
    """Paddle's op-list table: calls per op type in fp16 / bf16 / fp32 / other dtypes."""
    print(f"<{' op list ':-^120}>")
    print(f"<{' Op Name ':-^40}", "|", f"{' FP16 Calls ':-^17}", "|", f"{' BF16 Calls ':-^17}", "|",
          f"{' FP32 Calls':-^17}", "|", f"{' Other Calls ':-^17}>")
    for op_type in sorted(op_count_dict):
        value = op_count_dict[op_type]
        calls = value.split(",") if isinstance(value, str) else value
        print(f"  {op_type:<40}|  {calls[0]:<17}|  {calls[1]:<17}|  {calls[2]:<17}|  {calls[3]:<17}")
    print(f"<{' op count: ' + str(len(op_count_dict)) + ' ':-^120}>\n")


def enable_operator_stats_collection():
    """Start counting each op type's calls by dtype (FLAGS_low_precision_op_list=1).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.amp.debugging.enable_operator_stats_collection()
            >>> y = paddle.ones([2]) * 3
            >>> paddle.amp.debugging.disable_operator_stats_collection()  # doctest: +NORMALIZE_WHITESPACE
            <------------------------------------------------------- op list -------------------------------------------------------->
            <--------------- Op Name ---------------- | -- FP16 Calls --- | -- BF16 Calls --- | --- FP32 Calls--- | -- Other Calls -->
              fill_constant                           |  0                |  0                |  1                |  0
              scale                                   |  0                |  0                |  1                |  0
            <----------------------------------------------------- op count: 2 ------------------------------------------------------>
            <BLANKLINE>
    """
    _STATS.clear()
    flags.set_value("FLAGS_low_precision_op_list", 1)
    op_hooks.install(_count_op)


def disable_operator_stats_collection():
    """Stop counting and print the table of op calls by dtype (nothing if collection was off)."""
    if not flags.VALUES.get("FLAGS_low_precision_op_list"):
        return
    op_hooks.remove(_count_op)
    flags.set_value("FLAGS_low_precision_op_list", 0)
    _print_operator_stats({k: list(v) for k, v in _STATS.items()})
    _STATS.clear()


def operator_stats():
    """{op type: [fp16, bf16, fp32, other] calls} collected so far (a copy)."""
    return {k: list(v) for k, v in _STATS.items()}


@contextlib.contextmanager
def collect_operator_stats():
    """Context manager: count op calls by dtype inside the block and print the table at its end.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> with paddle.amp.debugging.collect_operator_stats():
            ...     y = paddle.ones([2]) * 3
            <------------------------------------------------------- op list -------------------------------------------------------->
            <--------------- Op Name ---------------- | -- FP16 Calls --- | -- BF16 Calls --- | --- FP32 Calls--- | -- Other Calls -->
              fill_constant                           |  0                |  0                |  1                |  0
              scale                                   |  0                |  0                |  1                |  0
            <----------------------------------------------------- op count: 2 ------------------------------------------------------>
    """
    enable_operator_stats_collection()
    try:
        yield
    finally:
        disable_operator_stats_collection()
