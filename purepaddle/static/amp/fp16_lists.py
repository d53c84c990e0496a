"""paddle.static.amp.AutoMixedPrecisionLists / CustomOpLists: which program ops run in float16.

white_list ops get float16 (or bfloat16) inputs, black_list ops float32, gray_list ops follow the
op that produced their inputs (O1), and unsupported_list ops (no low-precision kernel) stay float32.
The lists are Paddle's (paddle.amp.amp_lists); purepaddle's unsupported list is the ops NumPy
cannot run in float16 (linear algebra decompositions) rather than a GPU's missing kernels.
"""
import copy

from ..._core import dtype as _dt
from ..._core.op import OPS
from ...amp.amp_lists import EXTRA_BLACK_LIST, FP16_BLACK_LIST, FP16_WHITE_LIST

__all__ = ["AutoMixedPrecisionLists", "CustomOpLists", "check_amp_dtype", "gray_list", "white_list", "black_list"]

_ONLY_FP16 = {"resnet_unit", "fused_bn_add_activation"}
# no float16 NumPy kernel: these stay float32 wherever they are
_UNSUPPORTED = {"cholesky", "cholesky_solve", "eig", "eigh", "eigvals", "eigvalsh", "svd", "qr", "lu", "lu_unpack",
                "inverse", "solve", "lstsq", "determinant", "slogdeterminant", "matrix_exp", "matrix_rank",
                "triangular_solve"}

white_list = FP16_WHITE_LIST
black_list = FP16_BLACK_LIST  # O2 takes these off the black list (EXTRA_BLACK_LIST stays)
# ops that follow their inputs' precision
gray_list = {"all_reduce", "batch_norm", "c_concat", "c_identity", "cast", "concat", "dropout", "elementwise_add",
             "elementwise_div", "elementwise_floordiv", "elementwise_max", "elementwise_min", "elementwise_mod",
             "elementwise_mul", "elementwise_pow", "elementwise_sub", "fill_constant", "flatten2", "fused_attention",
             "fused_bn_add_activation", "fused_feedforward", "fused_multi_transformer", "gather", "gaussian_random",
             "get_tensor_from_selected_rows", "layer_norm", "leaky_relu", "pool2d", "pool3d", "rank", "relu",
             "relu6", "reshape2", "scale", "sigmoid", "sign", "slice", "soft_relu", "split", "stack", "tanh",
             "top_k", "transpose2", "uniform_random", "uniform_random_batch_size_like", "unstack"}


def check_amp_dtype(dtype):
    """'float16' or 'bfloat16' (ValueError otherwise)."""
    if isinstance(dtype, _dt.DType):
        dtype = dtype.name
    if isinstance(dtype, str):
        dtype = dtype.lower()
    if dtype not in ("float16", "bfloat16"):
        raise ValueError("If enable AMP, dtype should be 'float16' or 'bfloat16'.")
    return dtype


class AutoMixedPrecisionLists:
    """The white/black/gray lists of static AMP with the user's custom lists applied.

    Args:
        custom_white_list (set|list|None): op types to run in the low dtype.
        custom_black_list (set|list|None): op types to keep in float32.
        custom_black_varnames (set|list|None): variables whose ops stay float32.
        dtype (str): 'float16' or 'bfloat16'. Default 'float16'.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> lists = paddle.static.amp.CustomOpLists(custom_black_list=['pool2d'])
            >>> 'pool2d' in lists.black_list, 'pool2d' in lists.gray_list
            (True, False)
    """

    def __init__(self, custom_white_list=None, custom_black_list=None, custom_black_varnames=None,
                 dtype="float16"):
        self.amp_dtype = check_amp_dtype(dtype)
        self._custom_white_list = custom_white_list
        self._custom_black_list = custom_black_list
        self.white_list = copy.copy(FP16_WHITE_LIST | (_ONLY_FP16 if self.amp_dtype == "float16" else set()))
        self.black_list = copy.copy(FP16_BLACK_LIST | EXTRA_BLACK_LIST)
        self.gray_list = copy.copy(gray_list)
        self.unsupported_list = set(_UNSUPPORTED)
        self.all_list = set(OPS)
        self.black_varnames = copy.copy(custom_black_varnames)
        self._update_list()

    def _update_list(self):
        cw, cb = self._custom_white_list, self._custom_black_list
        if cw and cb:
            for name in cw:
                if name in cb:
                    raise ValueError(f"The given custom_white_list overlaps custom_black_list with < {name} >!")
        for name in cw or ():
            if name in self.black_list:
                self.black_list.remove(name)
            elif name in self.gray_list:
                self.gray_list.remove(name)
            self.white_list.add(name)
        for name in cb or ():
            if name in self.white_list:
                self.white_list.remove(name)
            elif name in self.gray_list:
                self.gray_list.remove(name)
            self.black_list.add(name)
            self.unsupported_list.add(name)


CustomOpLists = AutoMixedPrecisionLists
