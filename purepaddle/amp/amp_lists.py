"""Paddle's AMP op lists (white: run in float16/bfloat16, black: keep float32) and purepaddle's op names.

The lists hold Paddle's names, as users write them in custom_white_list / custom_black_list; they mix
the dygraph API names (`matmul`, `mean`) and the static op types (`matmul_v2`, `reduce_mean`).
purepaddle's ops carry the static op types, so `ALIASES` gives each op type the other names a list
may use for it, and an op matches a list when any of its names is in it.
"""
import copy

__all__ = ["white_list", "black_list", "WHITE_LIST", "FP16_WHITE_LIST", "FP16_BLACK_LIST", "EXTRA_BLACK_LIST",
           "BF16_WHITE_LIST", "BF16_BLACK_LIST", "op_names"]

# numerically safe and worth it: inputs are cast to the low dtype
WHITE_LIST = {"conv2d", "einsum", "matmul", "matmul_v2", "linear_v2", "max_pool2d_with_index", "mul",
              "fused_gemm_epilogue", "fused_rotary_position_embedding", "flash_attn"}
ONLY_FP16_WHITE_LIST = {"fake_quantize_dequantize_abs_max", "fake_quantize_dequantize_moving_average_abs_max",
                        "fused_attention", "fused_feedforward"}
FP16_WHITE_LIST = WHITE_LIST | ONLY_FP16_WHITE_LIST

# numerically dangerous (large ranges, accumulations, losses): kept in float32
FP16_BLACK_LIST = {"tan", "acos", "asin", "sinh", "cosh", "atanh", "tanh_shrink", "erfinv", "exp", "expm1", "log",
                   "log10", "log2", "reciprocal", "rsqrt", "pow", "square", "reduce_sum", "mean", "reduce_mean",
                   "reduce_prod", "cumprod", "cumsum", "dist", "pnorm", "frobenius_norm", "renorm", "group_norm",
                   "layer_norm", "softmax", "softmin", "softplus", "log_softmax", "softmax_with_cross_entropy",
                   "sigmoid_cross_entropy_with_logits", "c_softmax_with_cross_entropy",
                   "c_softmax_with_multi_label_cross_entropy", "cross_entropy", "cross_entropy2", "nll_loss",
                   "huber_loss", "triplet_margin_loss", "log_loss", "hsigmoid_loss", "margin_cross_entropy"}
# slow in low precision (their grads especially): float32 at every level
EXTRA_BLACK_LIST = {"linear_interp_v2", "nearest_interp_v2", "bilinear_interp_v2", "bicubic_interp_v2",
                    "trilinear_interp_v2", "lookup_table", "lookup_table_v2", "scatter"}

BF16_WHITE_LIST = WHITE_LIST
BF16_BLACK_LIST = FP16_BLACK_LIST

# purepaddle op type -> the other names Paddle's lists (and users) use for the same op
ALIASES = {
    "linear": ("linear_v2", "fc"),
    "matmul_v2": ("matmul",),
    "elementwise_add": ("add",), "elementwise_sub": ("subtract",), "elementwise_mul": ("multiply",),
    "elementwise_div": ("divide",), "elementwise_pow": ("pow",), "elementwise_max": ("maximum",),
    "elementwise_min": ("minimum",),
    "reduce_sum": ("sum",), "reduce_mean": ("mean",), "reduce_prod": ("prod",), "reduce_max": ("max",),
    "reduce_min": ("min",),
    "p_norm": ("pnorm",),
    "softmax_with_cross_entropy": ("cross_entropy_with_softmax", "cross_entropy", "cross_entropy2"),
    "hierarchical_sigmoid": ("hsigmoid_loss",),
    "lookup_table_v2": ("embedding",),
    "linear_interp_v2": ("linear_interp",), "nearest_interp_v2": ("nearest_interp",),
    "bilinear_interp_v2": ("bilinear_interp",), "bicubic_interp_v2": ("bicubic_interp",),
    "trilinear_interp_v2": ("trilinear_interp",),
    "top_k_v2": ("topk",), "arg_max": ("argmax",), "arg_min": ("argmin",),
    "reshape2": ("reshape",), "transpose2": ("transpose",), "squeeze2": ("squeeze",), "unsqueeze2": ("unsqueeze",),
    "flatten_contiguous_range": ("flatten",), "expand_v2": ("expand",), "one_hot_v2": ("one_hot",),
    "fill_constant": ("full",), "uniform_random": ("uniform",), "gaussian_random": ("gaussian",),
    "sigmoid_cross_entropy_with_logits": ("binary_cross_entropy_with_logits",),
}


def op_names(op_type):
    """Every name a list may use for the purepaddle op `op_type` (the type itself first)."""
    return (op_type,) + ALIASES.get(op_type, ())


def white_list():
    """{dtype: {level: set of op names}}: the ops each AMP level runs in the low dtype."""
    return {"float16": {"OD": FP16_WHITE_LIST, "O1": FP16_WHITE_LIST, "O2": FP16_WHITE_LIST},
            "bfloat16": {"OD": BF16_WHITE_LIST, "O1": BF16_WHITE_LIST, "O2": BF16_WHITE_LIST}}


def black_list():
    """{dtype: {level: set of op names}}: the ops each AMP level keeps in float32."""
    return {"float16": {"OD": set(), "O1": FP16_BLACK_LIST | EXTRA_BLACK_LIST, "O2": EXTRA_BLACK_LIST},
            "bfloat16": {"OD": set(), "O1": BF16_BLACK_LIST | EXTRA_BLACK_LIST, "O2": EXTRA_BLACK_LIST}}


def update_list(custom_white_list, custom_black_list, level="O1", dtype="float16"):
    """(white, black) for a level and dtype with the user's custom lists applied (custom wins, white first)."""
    if level == "O0":
        return set(), set()
    white = copy.copy(white_list()[dtype][level])
    black = copy.copy(black_list()[dtype][level])
    if custom_white_list and custom_black_list:
        for name in custom_white_list:
            if name in custom_black_list:
                raise ValueError("Custom white list overlap custom black list")
    for name in custom_white_list or ():
        black.discard(name)
        white.add(name)
    for name in custom_black_list or ():
        white.discard(name)
        black.add(name)
    return white, black
