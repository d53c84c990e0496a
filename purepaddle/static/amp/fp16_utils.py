"""Rewriting a static Program for mixed precision: cast ops before float16 ops, float16 parameters (O2).

cast_model_to_fp16 decides each op's precision as Paddle's legacy-IR pass does: unsupported ops,
ops reading the learning rate, ops outside `fp16_guard` (when guarded), black-list ops and ops
touching custom_black_varnames stay float32; white-list ops go low; gray ops follow the ops that
produced their inputs at O1 (float32 after a float32/black op, low after a low/white one) and go
low at O2 (or follow their inputs' dtypes with use_promote). Variables change dtype in the
program, and a `cast` op (`X.cast_fp16` / `X.cast_fp32`) is inserted before every op whose input
has the other dtype. batch_norm / layer_norm / instance_norm keep their scale, bias and statistics
float32. At O2 the parameters themselves become float16 (cast_parameters_to_fp16 converts their
values in the scope after the startup program ran).
"""
import contextlib

import numpy as np

from ..._core import dtype as _dt
from ..name import name_scope
from ..scope import global_scope
from ..variable import VarType
from .fp16_lists import AutoMixedPrecisionLists, black_list

__all__ = ["fp16_guard", "cast_model_to_fp16", "cast_parameters_to_fp16", "rewrite_program"]

_FP16_GUARD = "__use_fp16__"
_VALID_TYPES = (VarType.DENSE_TENSOR, VarType.SELECTED_ROWS, VarType.DENSE_TENSOR_ARRAY)
_FLOATS = (_dt.float32, _dt.float16, _dt.bfloat16, _dt.float64)
_SUPPORT = (_dt.float32, _dt.float16, _dt.bfloat16)


@contextlib.contextmanager
def fp16_guard():
    """With use_fp16_guard (pure float16), only the ops built inside this block are turned float16.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.enable_static()
            >>> x = paddle.static.data('x', [None, 4], 'float32')
            >>> with paddle.static.amp.fp16_guard():
            ...     y = paddle.static.nn.fc(x, 2)
            >>> '__use_fp16__' in paddle.static.default_main_program().global_block().ops[-1].attr('op_namescope')
            True
            >>> paddle.disable_static()
    """
    with name_scope(prefix=_FP16_GUARD):
        yield


def low_dtype(dest_type):
    """The DType for 'float16'/'bfloat16'/paddle.float16/a VarType enum value."""
    if isinstance(dest_type, int) and not isinstance(dest_type, bool):
        return _dt.from_proto(dest_type)
    return _dt.convert_dtype(dest_type)


def _dtype_str(d):
    return {"float16": "fp16", "bfloat16": "bf16"}.get(d.name, "fp32")


def _keep_fp32_input(op, slot):
    t = op.type
    if t in ("batch_norm", "layer_norm", "instance_norm"):
        return slot != "X"
    if t == "fused_bn_add_activation":
        return slot not in ("X", "Z")
    return False


def _keep_fp32_output(op, slot):
    t = op.type
    if t in ("batch_norm", "fused_bn_add_activation", "layer_norm"):
        return slot != "Y"
    return False


def _need_keep_fp32(op, unsupported, use_fp16_guard):
    if op.type in unsupported:
        return True
    if any("learning_rate" in n for n in list(op.input_arg_names) + list(op.output_arg_names)):
        return True
    if use_fp16_guard:
        return _FP16_GUARD not in (op.attr("op_namescope") or "")
    return False


def _var(block, name):
    return block._find_var_recursive(name)


def _set_dtypes(op, names, block, dtype, set_it):
    """Float variables among `names` (given `dtype` when set_it); returns their names."""
    low = set()
    for n in names:
        v = _var(block, n)
        if v is None or v.type not in _VALID_TYPES:
            continue
        if v.dtype in _FLOATS:
            low.add(n)
            if set_it:
                v._dtype = dtype
    return low


def _process(op, block, dtype):
    """Give op's outputs `dtype` (inputs are cast later); returns the float input names."""
    low = set()
    for slot in op.input_names:
        if not _keep_fp32_input(op, slot):
            low |= _set_dtypes(op, op.input(slot), block, dtype, False)
    for slot in op.output_names:
        if not _keep_fp32_output(op, slot):
            _set_dtypes(op, op.output(slot), block, dtype, True)
    return low


def _set_param_dtype(program, dtype, amp_lists, use_fp16_guard, level):
    keep = set()
    if level in ("O1", "OD"):
        return keep
    params = []
    for block in program.blocks:
        params.extend(block.all_parameters())
        for op in block.ops:
            if op.type in amp_lists.black_list:
                continue
            if _need_keep_fp32(op, amp_lists.unsupported_list, use_fp16_guard):
                for slot in op.input_names:
                    keep.update(op.input(slot))
            else:
                for slot in op.input_names:
                    if _keep_fp32_input(op, slot):
                        keep.update(op.input(slot))
    for p in params:
        if p.name not in keep:
            p._dtype = dtype
    return keep


def _promote_dtype(op, low, block):
    for slot in op.input_names:
        if _keep_fp32_input(op, slot):
            continue
        for n in op.input(slot):
            v = _var(block, n)
            if v is not None and v.dtype == _dt.float32:
                return _dt.float32
    return low


def _amp_dst_dtype(op, low, level, amp_lists, keep_fp32, keep_low, writer):
    if level == "O2":
        return low
    if op.type not in amp_lists.gray_list:
        return _dt.float32
    dst = low
    for slot in op.input_names:
        for n in op.input(slot):
            prev = writer.get(n)
            if prev is None:
                continue
            if id(prev) in keep_fp32 or prev.type in amp_lists.black_list:
                dst = _dt.float32
            elif id(prev) in keep_low or prev.type in amp_lists.white_list:
                dst = low
    return dst


def _need_process(op, block):
    names = list(op.input_arg_names)

    def supported(n):
        v = _var(block, n)
        if v is None:
            return True
        return v.type == VarType.DENSE_TENSOR and v.dtype in _SUPPORT
    if names and not any(supported(n) for n in names):
        return False
    if op.type == "set_value":
        return True
    if op.type in ("create_py_reader", "read", "feed", "fetch"):
        return False
    for attr in ("out_dtype", "dtype"):
        if not op.has_attr("in_dtype") and op.has_attr(attr) and _float_attr(op.attr(attr)):
            return False
    return True


def _float_attr(value):
    try:
        return low_dtype(value) in _FLOATS
    except (TypeError, ValueError, KeyError):
        return False


def _insert_casts(block, op, idx, src, dst):
    """Cast op's `src`-dtype inputs to `dst` (reusing an existing X.cast_xx); returns how many were added."""
    n_cast = 0
    for slot in op.input_names:
        if src == _dt.float32 and _keep_fp32_input(op, slot):
            continue
        for name in op.input(slot):
            v = _var(block, name)
            if v is None or v.type not in _VALID_TYPES or v.dtype == dst:
                continue
            cast_name = f"{name}.cast_{_dtype_str(dst)}"
            casted = _var(block, cast_name)
            if casted is not None and casted.dtype == dst:
                op._rename_input(name, cast_name)
                continue
            if v.dtype == src:
                out = block.create_var(name=cast_name, shape=list(v.shape), dtype=dst, persistable=False,
                                       stop_gradient=v.stop_gradient)
                block._insert_op(idx, type="cast", inputs={"X": [name]}, outputs={"Out": [out]},
                                 attrs={"in_dtype": v.dtype.proto, "out_dtype": dst.proto,
                                        "op_role": op.attr("op_role") or 0})
                n_cast += 1
                op._rename_input(name, cast_name)
    for attr in ("in_dtype", "out_dtype", "dtype"):
        if op.has_attr(attr) and _float_attr(op.attr(attr)):
            op._set_attr(attr, dst.proto)
    return n_cast


def cast_model_to_fp16(program, amp_lists=None, use_fp16_guard=True, dest_type="float16", level="O2",
                       use_promote=False):
    """Rewrite `program` for mixed precision (see the module docstring); returns the names of the
    variables (parameters among them) that became low precision.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.enable_static()
            >>> main = paddle.static.Program()
            >>> with paddle.static.program_guard(main, paddle.static.Program()):
            ...     x = paddle.static.data('x', [None, 4], 'float32')
            ...     y = paddle.nn.functional.softmax(paddle.matmul(x, x, transpose_y=True))
            >>> _ = paddle.static.amp.cast_model_to_fp16(main, level='O1', use_fp16_guard=False)
            >>> [op.type for op in main.global_block().ops]
            ['cast', 'matmul_v2', 'cast', 'softmax']
            >>> paddle.disable_static()
    """
    low = low_dtype(dest_type)
    if amp_lists is None:
        amp_lists = AutoMixedPrecisionLists(dtype=low.name)
    if level == "O2":
        amp_lists.black_list = amp_lists.black_list - black_list
    if level == "OD":
        amp_lists = AutoMixedPrecisionLists(dtype=low.name)
        amp_lists.black_list = amp_lists.all_list - amp_lists.white_list
    keep_fp32, keep_low, to_low = set(), set(), set()
    keep_fp32_vars = _set_param_dtype(program, low, amp_lists, use_fp16_guard, level)
    params = {p.name for p in program.global_block().all_parameters()}
    for block in program.blocks:
        writer = {}
        for op in block.ops:
            if not _need_process(op, block):
                for slot in op.output_names:
                    for n in op.output(slot):
                        writer[n] = op
                continue
            names_in = set(op.input_arg_names)
            fp32 = (_need_keep_fp32(op, amp_lists.unsupported_list, use_fp16_guard)
                    or (amp_lists.black_varnames is not None
                        and any(n in amp_lists.black_varnames for n in names_in | set(op.output_arg_names))))
            if not fp32 and op.type in amp_lists.black_list:
                fp32 = True
                to_low |= names_in & params
            if fp32:
                keep_fp32.add(id(op))
                _process(op, block, _dt.float32)
            elif op.type in amp_lists.white_list:
                keep_low.add(id(op))
                to_low |= _process(op, block, low)
            elif op.type == "cast":
                src, dst = _var(block, op.input("X")[0]), _var(block, op.output("Out")[0])
                op._set_attr("in_dtype", src.dtype.proto)
                dst._dtype = _dt.from_proto(op.attr("out_dtype"))
            else:
                dst = (_promote_dtype(op, low, block) if use_promote
                       else _amp_dst_dtype(op, low, level, amp_lists, keep_fp32, keep_low, writer))
                if dst == low:
                    keep_low.add(id(op))
                    to_low |= _process(op, block, low)
                else:
                    keep_fp32.add(id(op))
                    _process(op, block, _dt.float32)
            for slot in op.output_names:
                for n in op.output(slot):
                    writer[n] = op
    for block in program.blocks:
        ops = block.ops
        i = 0
        while i < len(ops):
            op = ops[i]
            n = 0
            if id(op) in keep_low:
                n += _insert_casts(block, op, i, _dt.float32, low)
            if id(op) in keep_fp32:
                n += _insert_casts(block, op, i, low, _dt.float32)
            i += n + 1
    program._version += 1
    return to_low - keep_fp32_vars


def rewrite_program(main_prog, amp_lists, dest_type="float16"):
    """The O1 rewrite (Paddle 2.x name): cast_model_to_fp16 at level O1 without fp16_guard."""
    return cast_model_to_fp16(main_prog, amp_lists, use_fp16_guard=False, dest_type=dest_type, level="O1")


def cast_parameters_to_fp16(place, program, scope=None, to_fp16_var_names=None, dest_type="float16",
                            rewrite_master_weight=False, master_weights=None):
    """Convert the values of the program's low-precision parameters in the scope (after the startup run);
    with rewrite_master_weight the float32 master copies take the rounded values too."""
    low = low_dtype(dest_type)
    if low.np_dtype is None:
        raise ImportError("bfloat16 parameters need the optional package ml_dtypes: pip install purepaddle[bf16]")
    names = set(to_fp16_var_names or ())
    scope = scope if scope is not None else global_scope()
    master_weights = master_weights or {}
    for block in program.blocks:
        for p in block.all_parameters():
            if p.name not in names:
                continue
            found = scope.find_var(p.name)
            if found is None:
                continue
            t = found.get_tensor()
            arr = np.array(t).astype(low.np_dtype)
            t.set(arr, place)
            if rewrite_master_weight and p.name in master_weights:
                mv = scope.find_var(master_weights[p.name].name)
                if mv is not None:
                    mv.get_tensor().set(arr.astype(np.float32), place)
