"""convert_to_mixed_precision: an fp32 inference model rewritten to run in float16 / bfloat16 (Paddle's
auto_mixed_precision pass, as a GPU / XPU build applies it).

Which ops run in low precision: every op but feed/fetch (those only when keep_io_types is False), ops
with a sub-block, the black list (Paddle's default one plus the caller's; the white list overrides it),
ops with a `dtype` / `out_dtype` attribute other than float32, and ops that read a float64 value or a
`select_input` operand, or write a var another (fp32) op writes too; the last rules propagate until
nothing changes. Their float32 weights are stored in low precision (not the statistics and affine
parameters of batch_norm / layer_norm / instance_norm, which Paddle's kernels take in float32), their
float32 outputs become low precision, and a `cast` op (`<var>_cast_auto_mixed.tmp_<n>`) converts a
value where a low-precision op reads a float32 one or a float32 op a low-precision one.
"""
import logging
import os

import numpy as np

from .._core import dtype as _dt
from ..static.files import file_set, write_file_atomic
from ..static.persistables import load_params_into, params_to_bytes, persistable_names
from ..static.program import Block, Operator, VarType
from ..static.pir.writer import program_to_pir_bytes
from ..static.program_bytes import program_from_file, program_to_bytes
from ..static.prune import feed_fetch_targets
from .enums import PlaceType, PrecisionType
from .passes import optimize

__all__ = ["convert_to_mixed_precision"]

_logger = logging.getLogger(__name__)

# Paddle's default black list: numerically dangerous in low precision, or slower
_DEFAULT_BLACK = {"cast", "exp", "square", "log", "mean", "sum", "softmax_with_cross_entropy",
                  "sigmoid_cross_entropy_with_logits", "c_softmax_with_cross_entropy", "cross_entropy",
                  "cross_entropy2", "conv2d_transpose", "reduce_sum"}
# inputs / outputs that stay float32 when their op runs in low precision
_KEEP_FP32_INPUTS = {"batch_norm": ("Bias", "Mean", "Scale", "Variance"), "instance_norm": ("Bias", "Scale"),
                     "layer_norm": ("Bias", "Scale"), "fused_bias_dropout_residual_layer_norm": ("LnScale", "LnBias"),
                     "quantize_linear": ("Scale", "ZeroPoint"), "dequantize_linear": ("Scale", "ZeroPoint")}
_KEEP_FP32_OUTPUTS = {"batch_norm": ("MeanOut", "VarianceOut", "SavedMean", "SavedVariance"),
                      "layer_norm": ("Mean", "Variance"), "group_norm": ("Mean", "Variance")}
_TENSOR_TYPES = (VarType.DENSE_TENSOR, VarType.SELECTED_ROWS, VarType.DENSE_TENSOR_ARRAY)
_NAMES = {PrecisionType.Float32: "float32", PrecisionType.Int8: "int8", PrecisionType.Half: "fp16",
          PrecisionType.Bfloat16: "bfloat16"}


def _check(mixed_precision, backend):
    """Paddle's refusals (its messages, their wording included)."""
    if not isinstance(mixed_precision, PrecisionType) or not isinstance(backend, PlaceType):
        raise TypeError("convert_to_mixed_precision(): mixed_precision must be a paddle.inference.PrecisionType and "
                        "backend a paddle.inference.PlaceType")
    if backend == PlaceType.GPU:
        if mixed_precision not in (PrecisionType.Half, PrecisionType.Bfloat16):
            raise ValueError(f"(InvalidArgument) mixed_precision of GPU currently only supported fp16 and bf16, not "
                             f"support {_NAMES[mixed_precision]}.")
        _logger.error("You should use PaddlePaddle compiled with GPU when backend set to PlaceType.GPU")
    elif backend in (PlaceType.XPU, PlaceType.CUSTOM):
        if mixed_precision != PrecisionType.Half:
            raise ValueError(f"(InvalidArgument) mixed_precision of {backend.name} currently only supported fp16 and "
                             f"bf16, not support {_NAMES[mixed_precision]}.")
    else:
        raise ValueError("(InvalidArgument) mixed_precision currently not supported place GPU or XPU or CUSTOM, "
                         "not support CPU.")


def convert_to_mixed_precision(model_file, params_file, mixed_model_file, mixed_params_file, mixed_precision,
                               backend, keep_io_types=True, black_list=set(), **kwargs):
    """Convert an fp32 inference model to mixed precision (float16 or bfloat16) for a GPU/XPU/custom device.

    Ops that run well in low precision get float16 (bfloat16) weights and outputs; the rest (the
    black list, plus Paddle's own: exp, log, mean, sum, reduce_sum, cross entropies, ...) stay
    float32, with cast ops between the two. With keep_io_types the model's inputs and outputs
    stay float32. The written model runs in paddle.inference (purepaddle computes float16 ops on
    the CPU). Paddle refuses PlaceType.CPU, and precisions other than Half/Bfloat16 (Half only for
    XPU and custom devices).

    Args:
        model_file (str): the fp32 model, e.g. inference.json (PIR) or inference.pdmodel.
        params_file (str): its parameters, e.g. inference.pdiparams ("" for a model without any).
        mixed_model_file (str): where the converted model goes.
        mixed_params_file (str): where its parameters go.
        mixed_precision (PrecisionType): PrecisionType.Half or PrecisionType.Bfloat16.
        backend (PlaceType): PlaceType.GPU, PlaceType.XPU or PlaceType.CUSTOM.
        keep_io_types (bool, optional): keep float32 inputs and outputs. Default: True.
        black_list (set[str], optional): op types that stay float32.
        **kwargs: `white_list` (set[str]): op types converted even if black-listed.

    Examples:
        .. code-block:: python

            >>> import os, tempfile
            >>> import numpy as np
            >>> import paddle
            >>> PrecisionType, PlaceType = paddle.inference.PrecisionType, paddle.inference.PlaceType
            >>> d = tempfile.mkdtemp()
            >>> net = paddle.nn.Linear(4, 2)
            >>> paddle.jit.save(net, os.path.join(d, 'm'), input_spec=[paddle.static.InputSpec([None, 4], 'float32')])
            >>> paddle.inference.convert_to_mixed_precision(
            ...     os.path.join(d, 'm.json'), os.path.join(d, 'm.pdiparams'), os.path.join(d, 'h.json'),
            ...     os.path.join(d, 'h.pdiparams'), PrecisionType.Half, PlaceType.XPU)
            >>> config = paddle.inference.Config(os.path.join(d, 'h.json'), os.path.join(d, 'h.pdiparams'))
            >>> predictor = paddle.inference.create_predictor(config)
            >>> predictor.get_input_handle(predictor.get_input_names()[0]).copy_from_cpu(np.ones([1, 4], 'float32'))
            >>> predictor.run()
            >>> predictor.get_output_handle(predictor.get_output_names()[0]).copy_to_cpu().dtype
            dtype('float32')
    """
    _check(mixed_precision, backend)
    program = program_from_file(model_file)
    params = load_params_into(program, params_file) if params_file else {}
    # as Paddle, constants are folded first (a conv bias reshaped once becomes a weight of its own)
    program, params, _ = optimize(program, params, *feed_fetch_targets(program), passes=("constant_folding_pass",))
    low = _dt.float16 if mixed_precision == PrecisionType.Half else _dt.bfloat16
    black = (set(black_list) | _DEFAULT_BLACK) - set(kwargs.get("white_list", set()))
    params = _Converter(program, params, low, black, set(kwargs.get("white_list", set())), keep_io_types).run()
    _drop_unused_persistables(program)
    names = persistable_names(program)
    model_dir = os.path.dirname(mixed_model_file)
    params_dir = os.path.dirname(mixed_params_file) if mixed_params_file else model_dir
    for d in (model_dir, params_dir):
        if d:
            os.makedirs(d, exist_ok=True)
    with file_set():  # the model and its parameters land together or not at all
        # the model file's form follows its name, as Paddle's pass writes a PIR program to a `.json`
        write_file_atomic(mixed_model_file, program_to_pir_bytes(program, mixed_model_file)
                          if mixed_model_file.endswith(".json") else
                          program_to_bytes(program, training_info=False, tail=("feed", "fetch")))
        if names:
            write_file_atomic(mixed_params_file or os.path.splitext(mixed_model_file)[0] + ".pdiparams",
                              params_to_bytes({n: params[n] for n in names}))


def _drop_unused_persistables(program):
    """Remove the persistable vars no op reads or writes any more (a folded conv bias), as Paddle's file has none."""
    used = {n for b in program.blocks for op in b.ops for n in op.input_arg_names + op.output_arg_names}
    for b in program.blocks:
        for n in [n for n, v in b.vars.items() if v.persistable and n not in used and n not in ("feed", "fetch")]:
            del b.vars[n]
    program._version += 1


class _Converter:
    """Paddle's auto_mixed_precision pass on a legacy Program (every block) and its {name: array} weights."""

    def __init__(self, program, params, low, black, white, keep_io_types):
        self.program, self.params, self.low = program, dict(params), low
        self.black, self.white, self.low_io = black, white, not keep_io_types
        self.ops = [op for b in program.blocks for op in b.ops]
        self.vars = {}
        for b in program.blocks:
            for n, v in b.vars.items():
                self.vars.setdefault(n, v)

    def run(self):
        self.low_ops = {id(op) for op in self.ops if self._supports(op)}
        self._propagate()
        converted = self._set_var_precision()
        for n in converted:
            self.params[n] = self._lower(self.params[n])
        for b in self.program.blocks:
            self._insert_casts(b)
        self._dtype_attrs()
        self.program._version += 1
        return self.params

    # -- which ops run in low precision -------------------------------------------------------
    def _tensor(self, name):
        v = self.vars.get(name)
        return v is not None and v.type in _TENSOR_TYPES

    def _supports(self, op):
        if op.type in ("feed", "fetch"):
            return self.low_io
        if op.type in self.white:
            return True
        if op.type in self.black or any(isinstance(a, Block) or (isinstance(a, list) and a and isinstance(a[0], Block))
                                        for a in op.attrs.values()):
            return False
        if op.attrs.get("dtype") is not None and op.type not in ("arg_max", "arg_min"):
            if op.attrs["dtype"] != _dt.float32.proto:
                return False
        elif op.attrs.get("out_dtype") is not None and op.attrs["out_dtype"] not in (-1, _dt.float32.proto):
            return False
        if op.type == "scale":
            limit = float(np.finfo(np.float16).max) if self.low is _dt.float16 else 3.38e38
            if any(abs(float(op.attrs.get(k, 0.0))) > limit for k in ("scale", "bias")):
                return False
        for n in op.input_arg_names + op.output_arg_names:
            v = self.vars.get(n)
            if v is not None and not v.persistable and v.type not in (VarType.DENSE_TENSOR, VarType.SELECTED_ROWS):
                return False
        return True

    def _propagate(self):
        """Drop ops reading a value that must stay high precision, or writing a var an fp32 op writes too."""
        keep_high, writers = set(), {}
        for op in self.ops:
            if op.type == "fetch" or op.type in ("conditional_block", "while"):
                continue
            for n in op.output_arg_names:
                v = self.vars.get(n)
                if v is None or v.persistable or not self._tensor(n):
                    continue
                writers.setdefault(n, []).append(op)
                if v.dtype is _dt.float64:
                    keep_high.add(n)
            if op.type == "select_input":
                keep_high.update(n for n in op.input_arg_names
                                 if self._tensor(n) and not self.vars[n].persistable)
        changed = True
        while changed:
            changed = False
            for op in self.ops:
                if id(op) not in self.low_ops:
                    continue
                ins = [n for n in op.input_arg_names if self._tensor(n) and not self.vars[n].persistable]
                outs = [n for n in op.output_arg_names if self._tensor(n) and not self.vars[n].persistable]
                if any(n in keep_high for n in ins) or any(
                        n in keep_high or any(id(w) not in self.low_ops for w in writers.get(n, ())) for n in outs):
                    self.low_ops.discard(id(op))
                    changed = True

    # -- vars, weights, casts -----------------------------------------------------------------
    def _set_var_precision(self):
        """Low precision for the fp32 weights and outputs of low-precision ops; returns the converted weights."""
        converted = set()
        for op in self.ops:
            if id(op) not in self.low_ops:
                continue
            if op.type != "feed":
                keep = {n for s in _KEEP_FP32_INPUTS.get(op.type, ()) for n in op.inputs.get(s, [])}
                for n in op.input_arg_names:
                    v = self.vars.get(n)
                    if (v is None or not v.persistable or v.dtype is not _dt.float32 or not self._tensor(n)
                            or n in keep or n not in self.params or self.params[n].dtype != np.float32):
                        continue
                    converted.add(n)
            if op.type != "fetch":
                keep = {n for s in _KEEP_FP32_OUTPUTS.get(op.type, ()) for n in op.outputs.get(s, [])}
                for n in op.output_arg_names:
                    v = self.vars.get(n)
                    if v is None or v.dtype is not _dt.float32 or not self._tensor(n) or n in keep:
                        continue
                    self._set_dtype(n, self.low)
                    if v.persistable and n in self.params:
                        converted.add(n)
        for n in converted:
            self._set_dtype(n, self.low)
        return converted

    def _set_dtype(self, name, dtype):
        for b in self.program.blocks:
            v = b.vars.get(name)
            if v is not None:
                v._dtype = dtype

    def _lower(self, array):
        return array.astype(self.low.np_dtype)

    def _insert_casts(self, block):
        """A cast where a low-precision op reads an fp32 value or an fp32 op a low-precision one."""
        cache, i = {}, 0
        while i < len(block.ops):
            op = block.ops[i]
            if op.type == "feed" or any(isinstance(a, Block) for a in op.attrs.values()):
                i += 1
                continue
            is_low = id(op) in self.low_ops
            for slot, names in op.inputs.items():
                for k, n in enumerate(names):
                    v = self.vars.get(n)
                    if v is None or v.persistable or not self._tensor(n):
                        continue
                    d = v.dtype
                    if d is _dt.float32 and is_low:
                        to = self.low
                    elif d in (_dt.float16, _dt.bfloat16) and not is_low:
                        to = _dt.float32
                    else:
                        continue
                    if n not in cache:
                        cache[n] = self._cast(block, i, v, to)
                        i += 1
                    names[k] = cache[n]
            i += 1

    def _cast(self, block, index, var, to):
        """Insert `cast(var) -> var_cast_auto_mixed.tmp_<n>` at index; returns the new var's name."""
        self._suffix = getattr(self, "_suffix", -1) + 1
        name = f"{var.name}_cast_auto_mixed.tmp_{self._suffix}"
        new = block.create_var(name=name, shape=list(var.shape), dtype=to, type=var.type)
        self.vars[name] = new
        op = Operator(block, "cast", {"X": [var.name]}, {"Out": [name]},
                      {"in_dtype": var.dtype.proto, "out_dtype": to.proto, "use_mkldnn": False,
                       "with_quant_attr": False})
        block.ops.insert(index, op)
        return name

    def _dtype_attrs(self):
        """in_dtype of ops reading a low-precision value; dtype / out_dtype of low-precision ops."""
        low = self.low.proto
        for op in self.ops:
            if op.attrs.get("in_dtype") is not None and op.input_arg_names:
                v = self.vars.get(op.input_arg_names[0])
                if v is not None and v.dtype in (_dt.float16, _dt.bfloat16):
                    op.attrs["in_dtype"] = low
            if id(op) not in self.low_ops:
                continue
            if op.attrs.get("dtype") == _dt.float32.proto:
                op.attrs["dtype"] = low
            elif op.attrs.get("out_dtype") == _dt.float32.proto:
                op.attrs["out_dtype"] = low
