"""Rewriting a static Program for bfloat16: cast ops around bfloat16 ops (O1), bfloat16 variables (pure).

rewrite_program_bf16 (O1) sorts the ops: fp32_list ops, ops touching fp32_varnames and ops on no
list run in float32, bf16_list ops in bfloat16, gray ops follow the ops that produced their inputs
(float32 wins); a `cast` (`X.cast_bf16` / `X.cast_fp32`) goes before every op whose input has the
other dtype, and a bfloat16 op's float32 outputs become bfloat16.

cast_model_to_bf16 (pure bfloat16) turns every float32 input and output of the other ops bfloat16
in place, parameters and data included; ops kept float32 (unsupported ones, ops reading the
learning rate, and with use_bf16_guard the ops built outside bf16_guard) get a `X.cast_fp32` before
them and a `Y.cast_bf16` after them for the bfloat16 ops that read their outputs. batch_norm /
layer_norm keep their scale, bias and statistics float32. cast_parameters_to_bf16 then converts the
parameter values in the scope, truncating the float32 mantissa as Paddle does; it (and running a
bfloat16 program) needs the optional package ml_dtypes, the rewrites themselves do not.
"""
import collections
import contextlib

import numpy as np

from ...._core import dtype as _dt
from ...name import name_scope
from ...scope import global_scope
from ...variable import VarType
from .amp_lists import AutoMixedPrecisionListsBF16, is_unsupported

__all__ = ["bf16_guard", "cast_model_to_bf16", "cast_parameters_to_bf16", "convert_float_to_uint16",
           "rewrite_program_bf16", "cast_initializers_to_bf16"]

_BF16_GUARD = "__use_bf16__"
_VALID_TYPES = (VarType.DENSE_TENSOR, VarType.SELECTED_ROWS, VarType.DENSE_TENSOR_ARRAY)
_NORMS = ("batch_norm", "fused_bn_add_activation", "layer_norm")


def _bf16():
    """The bfloat16 DType, or ImportError when ml_dtypes (the `bf16` extra) is missing."""
    if _dt.bfloat16.np_dtype is None:
        raise ImportError("paddle.static.amp.bf16 needs bfloat16 arrays, which come from the optional package "
                          "ml_dtypes: pip install purepaddle[bf16]")
    return _dt.bfloat16


@contextlib.contextmanager
def bf16_guard():
    """With use_bf16_guard (pure bfloat16), only the ops built inside this block are turned bfloat16.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.enable_static()
            >>> x = paddle.static.data('x', [None, 4], 'float32')
            >>> with paddle.static.amp.bf16.bf16_guard():
            ...     y = paddle.static.nn.fc(x, 2)
            >>> '__use_bf16__' in paddle.static.default_main_program().global_block().ops[-1].attr('op_namescope')
            True
            >>> paddle.disable_static()
    """
    with name_scope(prefix=_BF16_GUARD):
        yield


def convert_float_to_uint16(in_list):
    """The bfloat16 bit patterns (uint16, float32 mantissa truncated) of float values, Paddle's bf16 storage.

    Examples:
        .. code-block:: python

            >>> from paddle.static.amp.bf16 import convert_float_to_uint16
            >>> convert_float_to_uint16([1.0, -2.0]).tolist()
            [16256, 49152]
    """
    a = np.ascontiguousarray(np.asarray(in_list, dtype=np.float32))
    return (a.view(np.uint32) >> 16).astype(np.uint16)


def _var(block, name):
    return block._find_var_recursive(name)


def _dtype_str(d):
    return "bf16" if d == _dt.bfloat16 else "fp32"


def _rename_arg(op, old, new):
    # Paddle renames the argument on both sides, so an in-place op keeps writing what it reads
    op._rename_input(old, new)
    op._rename_output(old, new)


def _insert_cast_op(block, op, idx, src, dst):
    """Cast op's `src` inputs to `dst` before it (reusing X.cast_xx); a float32->bfloat16 op's float32
    outputs become bfloat16. Returns how many cast ops were inserted."""
    n_cast = 0
    for slot in op.input_names:
        if src == _dt.float32 and op.type in _NORMS and slot not in ("X", "Z"):
            continue
        for name in op.input(slot):
            v = _var(block, name)
            if v is None or v.type not in _VALID_TYPES or v.dtype == dst:
                continue
            if v.dtype == src:
                cast_name = f"{name}.cast_{_dtype_str(dst)}"
                out = block.vars.get(cast_name)
                if out is None or out.dtype != dst:
                    out = block.create_var(name=cast_name, shape=list(v.shape), dtype=dst, persistable=False,
                                           stop_gradient=v.stop_gradient)
                    block._insert_op(idx, type="cast", inputs={"X": [name]}, outputs={"Out": [out]},
                                     attrs={"in_dtype": v.dtype.proto, "out_dtype": dst.proto,
                                            "op_role": op.attr("op_role") or 0})
                    n_cast += 1
                _rename_arg(op, name, cast_name)
            elif op.has_attr("in_dtype"):
                op._set_attr("in_dtype", dst.proto)
    if src == _dt.float32 and dst == _dt.bfloat16:
        for slot in op.output_names:
            if op.type in _NORMS and slot != "Y":
                continue
            for name in op.output(slot):
                v = _var(block, name)
                if v is None or v.type not in _VALID_TYPES:
                    continue
                if v.dtype == _dt.float32:
                    v._dtype = dst
                    if op.has_attr("out_dtype"):
                        op._set_attr("out_dtype", dst.proto)
    return n_cast


def _insert_cast_post_op(block, op, idx, src, dst, name, rename):
    """A cast of op's output `name` to `dst` at idx (once); later readers are renamed to it."""
    v = _var(block, name)
    if v.type not in _VALID_TYPES or v.dtype == dst:
        return 0
    assert v.dtype == src, f"The real dtype({_dtype_str(v.dtype)}) is not equal to the src dtype({_dtype_str(src)})"
    cast_name = f"{name}.cast_{_dtype_str(dst)}"
    out = block.vars.get(cast_name)
    if out is not None and out.dtype == dst:
        return 0
    out = block.create_var(name=cast_name, shape=list(v.shape), dtype=dst, persistable=False,
                           stop_gradient=v.stop_gradient)
    block._insert_op(idx, type="cast", inputs={"X": [name]}, outputs={"Out": [out]},
                     attrs={"in_dtype": v.dtype.proto, "out_dtype": dst.proto, "op_role": op.attr("op_role") or 0})
    rename[name] = cast_name
    return 1


def _need_keep_fp32(op, unsupported, use_bf16_guard):
    if is_unsupported(op.type, unsupported):
        return True
    if any("learning_rate" in n for n in list(op.input_arg_names) + list(op.output_arg_names)):
        return True
    if use_bf16_guard:
        return _BF16_GUARD not in (op.attr("op_namescope") or "")
    return False


def _post_ops(ops, start, name):
    """The ops from index `start` on that read `name`."""
    return [op for op in ops[start:] if name in op.input_arg_names]


def cast_initializers_to_bf16(startup_prog, amp_lists, block, all_ops, keep_fp32_ops, to_bf16_var_names=None):
    """Make the startup program's initializers (fill_constant, uniform_random) write bfloat16 directly
    when no float32-kept op of `all_ops` reads what they write."""
    bf16 = _dt.bfloat16
    for op in startup_prog.global_block().ops:
        if op.type not in amp_lists.bf16_initializer_list:
            continue
        outs, readers, ok = [], [], True
        for name in op.output_arg_names:
            v = block.vars.get(name)
            if v is None or v.type not in _VALID_TYPES:
                ok = False
                break
            outs.append(v)
            readers.extend(_post_ops(all_ops, 0, name))
        if not ok or any(id(r) in keep_fp32_ops for r in readers):
            continue
        for v in outs:
            if v.dtype == _dt.float32:
                v._dtype = bf16
            sv = startup_prog.global_block().vars.get(v.name)
            if sv is not None and sv.dtype == _dt.float32:
                sv._dtype = bf16
            if to_bf16_var_names is not None:
                to_bf16_var_names.discard(v.name)
        if op.has_attr("dtype") and op.attr("dtype") == _dt.float32.proto:
            op._set_attr("dtype", bf16.proto)


def _to_bf16(block, op, slots, args, keep_slots, bf16):
    """Turn op's float32 variables in `slots` bfloat16 (norm ops: only `keep_slots`); returns their names."""
    changed = set()
    for slot in slots:
        if op.type in _NORMS and slot not in keep_slots:
            continue
        for name in args(slot):
            v = _var(block, name)
            if v is not None and v.type in _VALID_TYPES and v.dtype == _dt.float32:
                v._dtype = bf16
                changed.add(name)
    return changed


def cast_model_to_bf16(program, startup_prog=None, amp_lists=None, use_bf16_guard=True):
    """Rewrite `program` for pure bfloat16 (see the module docstring); returns the names of the float32
    input variables (parameters among them) that became bfloat16.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.enable_static()
            >>> main = paddle.static.Program()
            >>> with paddle.static.program_guard(main, paddle.static.Program()):
            ...     x = paddle.static.data('x', [None, 4], 'float32')
            ...     with paddle.static.amp.bf16.bf16_guard():
            ...         y = paddle.static.nn.fc(x, 2)
            ...     loss = paddle.mean(y)
            >>> names = paddle.static.amp.bf16.cast_model_to_bf16(main)
            >>> [op.type for op in main.global_block().ops]
            ['mul', 'elementwise_add', 'cast', 'reduce_mean']
            >>> sorted(names)
            ['fc_0.b_0', 'fc_0.w_0', 'x']
            >>> paddle.disable_static()
    """
    bf16 = _dt.bfloat16
    if amp_lists is None:
        amp_lists = AutoMixedPrecisionListsBF16()
    keep_fp32 = set()
    to_bf16 = set()
    origin = set()
    for block in program.blocks:
        origin.update(id(op) for op in block.ops)
    for block in program.blocks:
        for op in block.ops:
            if op.type in ("create_py_reader", "read"):
                continue
            if _need_keep_fp32(op, amp_lists.unsupported_list, use_bf16_guard):
                keep_fp32.add(id(op))
                continue
            to_bf16 |= _to_bf16(block, op, op.input_names, op.input, ("X", "Z"), bf16)
            _to_bf16(block, op, op.output_names, op.output, ("Y",), bf16)
            for attr in ("in_dtype", "out_dtype", "dtype"):
                if op.has_attr(attr) and op.attr(attr) == _dt.float32.proto:
                    op._set_attr(attr, bf16.proto)
        if startup_prog is not None:
            cast_initializers_to_bf16(startup_prog, amp_lists, program.global_block(), block.ops, keep_fp32,
                                      to_bf16)
    renames = collections.defaultdict(dict)
    for block in program.blocks:
        ops = block.ops
        i = 0
        while i < len(ops):
            op = ops[i]
            n = 0
            if id(op) in keep_fp32:
                pre = _insert_cast_op(block, op, i, bf16, _dt.float32)
                n += pre
                for name in op.output_arg_names:
                    v = block.vars.get(name)
                    if v is None or v.type not in _VALID_TYPES or v.dtype != bf16:
                        continue
                    v._dtype = _dt.float32
                    for post in _post_ops(ops, i + n + 1, name):
                        if id(post) in keep_fp32:
                            continue
                        n += _insert_cast_post_op(block, op, i + pre + 1, _dt.float32, bf16, name,
                                                  renames[block.idx])
            i += n + 1
    for block in program.blocks:
        table = renames.get(block.idx)
        if not table:
            continue
        for op in block.ops:
            if id(op) not in origin or id(op) in keep_fp32:
                continue
            for name in list(op.input_arg_names):
                if name in table:
                    op._rename_input(name, table[name])
    program._version += 1
    return to_bf16


def rewrite_program_bf16(main_prog, amp_lists=None):
    """The bfloat16 O1 rewrite of `main_prog`'s global block (see the module docstring).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.enable_static()
            >>> main = paddle.static.Program()
            >>> with paddle.static.program_guard(main, paddle.static.Program()):
            ...     x = paddle.static.data('x', [None, 4], 'float32')
            ...     y = paddle.mean(paddle.matmul(x, x, transpose_y=True))
            >>> paddle.static.amp.bf16.rewrite_program_bf16(main)
            >>> [op.type for op in main.global_block().ops]
            ['cast', 'matmul_v2', 'cast', 'reduce_mean']
            >>> paddle.disable_static()
    """
    bf16 = _dt.bfloat16
    if amp_lists is None:
        amp_lists = AutoMixedPrecisionListsBF16()
    block = main_prog.global_block()
    low, fp32 = set(), set()
    writer = {}  # variable name -> the last op before the current one that wrote it
    for op in block.ops:
        if op.type not in ("create_py_reader", "read"):
            _classify(op, amp_lists, writer, low, fp32)
        for name in op.output_arg_names:
            writer[name] = op
    ops = block.ops
    i = 0
    while i < len(ops):
        op = ops[i]
        n = 0
        if id(op) in fp32:
            n = _insert_cast_op(block, op, i, bf16, _dt.float32)
        elif id(op) in low:
            if op.has_attr("dtype") and op.attr("dtype") == _dt.float32.proto:
                op._set_attr("dtype", bf16.proto)
            n = _insert_cast_op(block, op, i, _dt.float32, bf16)
        i += n + 1
    main_prog._version += 1


def _classify(op, amp_lists, writer, low, fp32):
    """Put op (by id) in `low` or `fp32` as the O1 rules say; a gray op with no producer stays in neither."""
    names = amp_lists.fp32_varnames
    if names and any(n in names for n in list(op.input_arg_names) + list(op.output_arg_names)):
        fp32.add(id(op))
    elif op.type in amp_lists.fp32_list:
        fp32.add(id(op))
    elif op.type in amp_lists.bf16_list:
        low.add(id(op))
    elif op.type in amp_lists.gray_list:
        is_fp32 = is_low = False
        for name in op.input_arg_names:
            prev = writer.get(name)
            if prev is None:
                continue
            if id(prev) in fp32 or prev.type in amp_lists.fp32_list:
                is_fp32 = True
            elif id(prev) in low or prev.type in amp_lists.bf16_list:
                is_low = True
        if is_fp32:
            fp32.add(id(op))
        elif is_low:
            low.add(id(op))
    else:
        fp32.add(id(op))


def cast_parameters_to_bf16(place, program, scope=None, to_bf16_var_names=None):
    """Convert the values of the program's parameters named in `to_bf16_var_names` to bfloat16 in the
    scope (after the startup run), truncating the float32 mantissa as Paddle does.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import numpy as np
            >>> paddle.enable_static()
            >>> main, startup = paddle.static.Program(), paddle.static.Program()
            >>> with paddle.static.program_guard(main, startup):
            ...     x = paddle.static.data('x', [None, 4], 'float32')
            ...     loss = paddle.mean(paddle.static.nn.fc(x, 2))
            >>> names = paddle.static.amp.bf16.cast_model_to_bf16(main, use_bf16_guard=False)
            >>> scope = paddle.static.Scope()
            >>> with paddle.static.scope_guard(scope):
            ...     _ = paddle.static.Executor().run(startup)
            >>> paddle.static.amp.bf16.cast_parameters_to_bf16(paddle.CPUPlace(), main, scope, names)
            >>> np.array(scope.find_var('fc_0.w_0').get_tensor()).dtype.name
            'bfloat16'
            >>> paddle.disable_static()
    """
    bf16 = _bf16()
    names = set(to_bf16_var_names or ())
    scope = scope if scope is not None else global_scope()
    for block in program.blocks:
        for p in block.all_parameters():
            if p.name not in names:
                continue
            found = scope.find_var(p.name)
            if found is None:
                continue
            t = found.get_tensor()
            arr = np.asarray(t)
            if arr.dtype != bf16.np_dtype:
                arr = convert_float_to_uint16(arr).view(bf16.np_dtype)
            t.set(arr, place)
