"""The ProgramDesc attribute types Paddle declares where a Python value alone can't tell them.

Attribute values in a Program are plain Python values; most map to one protobuf type (bool ->
BOOLEAN, int -> INT, str -> STRING, [int] -> INTS, ...). The table lists the attributes whose
declared type differs from that guess in real Paddle 3.3.1's op registry: 64-bit ints (LONG,
LONGS), floats that may be given as ints (FLOAT), SCALARS, FLOAT64S, and string lists that may be
empty. Written files then carry the types Paddle's kernels read (checked against Paddle's
OpProto by tests/static/test_model_files.py).
"""
from .framework_proto import AttrType

__all__ = ["declared_type", "FRAMEWORK_ATTR_TYPES"]

# attributes every op carries (OpProtoAndCheckerMaker's common attrs)
FRAMEWORK_ATTR_TYPES = {"op_role": AttrType.INT, "op_role_var": AttrType.STRINGS, "op_namescope": AttrType.STRING,
                        "op_callstack": AttrType.STRINGS, "op_device": AttrType.STRING,
                        "with_quant_attr": AttrType.BOOLEAN}

_TABLE = {
    "adadelta": "epsilon:FLOAT rho:FLOAT", "adagrad": "epsilon:FLOAT",
    "adam": "beta1:FLOAT beta2:FLOAT epsilon:FLOAT min_row_size_to_use_multithread:LONG",
    "adamax": "beta1:FLOAT beta2:FLOAT epsilon:FLOAT",
    "adamw": "beta1:FLOAT beta2:FLOAT coeff:FLOAT epsilon:FLOAT lr_ratio:FLOAT min_row_size_to_use_multithread:LONG",
    "arg_max": "axis:LONG", "arg_min": "axis:LONG", "assign_value": "values:SCALARS",
    "batch_norm": "epsilon:FLOAT momentum:FLOAT", "bicubic_interp_v2": "scale:FLOATS",
    "bilinear_interp_v2": "scale:FLOATS", "brelu": "t_max:FLOAT t_min:FLOAT", "celu": "alpha:FLOAT",
    "clip": "max:FLOAT min:FLOAT", "clip_by_norm": "max_norm:FLOAT", "diag_v2": "padding_value:FLOAT",
    "dist": "p:FLOAT", "dropout": "dropout_prob:FLOAT", "elu": "alpha:FLOAT",
    "embedding_with_scaled_gradient": "padding_idx:LONG", "empty": "shape:LONGS", "exponential": "lambda:FLOAT",
    "eye": "num_columns:LONG num_rows:LONG", "fft_c2c": "axes:LONGS", "fft_c2r": "axes:LONGS last_dim_size:LONG",
    "fft_r2c": "axes:LONGS", "fill_any": "value:FLOAT", "fill_any_like": "value:FLOAT",
    "fill_constant": "shape:LONGS value:FLOAT", "fill_constant_batch_size_like": "value:FLOAT",
    "fill_diagonal": "value:FLOAT", "fill_diagonal_tensor": "offset:LONG", "flash_attn": "dropout:FLOAT",
    "fractional_max_pool2d": "random_u:FLOAT", "fractional_max_pool3d": "random_u:FLOAT",
    "gaussian_inplace": "mean:FLOAT std:FLOAT", "gaussian_random": "mean:FLOAT shape:LONGS std:FLOAT",
    "group_norm": "epsilon:FLOAT", "gumbel_softmax": "temperature:FLOAT", "hard_shrink": "threshold:FLOAT",
    "hard_sigmoid": "offset:FLOAT slope:FLOAT", "hard_swish": "offset:FLOAT scale:FLOAT threshold:FLOAT",
    "hierarchical_sigmoid": "epmap:STRINGS height_sections:LONGS table_names:STRINGS",
    "histogram": "bins:LONG max:FLOAT min:FLOAT", "huber_loss": "delta:FLOAT", "increment": "step:FLOAT",
    "instance_norm": "epsilon:FLOAT", "interp_antialias": "scale:FLOAT64S", "label_smooth": "epsilon:FLOAT",
    "lamb": "beta1:FLOAT beta2:FLOAT epsilon:FLOAT weight_decay:FLOAT", "layer_norm": "epsilon:FLOAT",
    "leaky_relu": "alpha:FLOAT", "linear_interp_v2": "scale:FLOATS", "log_loss": "epsilon:FLOAT",
    "logit": "eps:FLOAT", "lookup_table_v2": "padding_idx:LONG", "lp_pool2d": "kernel_size:LONGS norm_type:FLOAT",
    "lstsq": "rcond:FLOAT", "matrix_rank": "tol:FLOAT", "median": "axis:LONGS", "mish": "threshold:FLOAT",
    "momentum": "mu:FLOAT regularization_coeff:FLOAT rescale_grad:FLOAT",
    "nadam": "beta1:FLOAT beta2:FLOAT epsilon:FLOAT momentum_decay:FLOAT", "nearest_interp_v2": "scale:FLOATS",
    "nll_loss": "ignore_index:LONG", "p_norm": "epsilon:FLOAT porder:FLOAT", "pad": "pad_value:FLOAT",
    "pad3d": "value:FLOAT", "pow": "factor:FLOAT", "radam": "beta1:FLOAT beta2:FLOAT epsilon:FLOAT",
    "randint": "shape:LONGS", "reduce_all": "dim:LONGS", "reduce_amax": "dim:LONGS", "reduce_amin": "dim:LONGS",
    "reduce_any": "dim:LONGS", "renorm": "max_norm:FLOAT p:FLOAT", "repeat_interleave": "output_size:LONG",
    "rmsprop": "decay:FLOAT epsilon:FLOAT momentum:FLOAT", "rnn": "dropout_prob:FLOAT",
    "roll": "axis:LONGS shifts:LONGS", "rrelu": "lower:FLOAT upper:FLOAT", "scale": "bias:FLOAT scale:FLOAT",
    "selu": "alpha:FLOAT scale:FLOAT",
    "set_value": "axes:LONGS decrease_axes:LONGS ends:LONGS none_axes:LONGS shape:LONGS starts:LONGS steps:LONGS "
                 "values:SCALARS",
    "softplus": "beta:FLOAT threshold:FLOAT", "softshrink": "lambda:FLOAT", "stanh": "scale_a:FLOAT scale_b:FLOAT",
    "temporal_shift": "shift_ratio:FLOAT", "thresholded_relu": "threshold:FLOAT value:FLOAT",
    "trilinear_interp_v2": "scale:FLOATS", "truncated_gaussian_random": "a:FLOAT b:FLOAT mean:FLOAT std:FLOAT",
    "uniform_random": "diag_val:FLOAT max:FLOAT min:FLOAT shape:LONGS",
    "uniform_random_batch_size_like": "diag_val:FLOAT max:FLOAT min:FLOAT",
    "uniform_random_inplace": "diag_val:FLOAT max:FLOAT min:FLOAT", "warprnnt": "fastemit_lambda:FLOAT",
}

_PARSED = {}


def declared_type(op_type, name):
    """Paddle's AttrType for attribute `name` of `op_type` when the table knows it, else None."""
    d = _PARSED.get(op_type)
    if d is None:
        d = _PARSED[op_type] = {k: getattr(AttrType, t) for k, _, t in
                                (item.partition(":") for item in _TABLE.get(op_type, "").split())}
    t = d.get(name)
    return FRAMEWORK_ATTR_TYPES.get(name) if t is None else t
