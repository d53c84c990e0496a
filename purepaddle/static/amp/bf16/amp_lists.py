"""paddle.static.amp.bf16.AutoMixedPrecisionListsBF16: which program ops run in bfloat16.

bf16_list ops run in bfloat16, fp32_list ops in float32, gray_list ops follow the ops that produced
their inputs (rewrite_program_bf16), and unsupported_list ops have no bfloat16 kernel, so pure
bfloat16 (cast_model_to_bf16) keeps them float32. The default lists are Paddle's: bf16_list is the
AMP white list, fp32_list every other op the float16 lists name, and unsupported_list the ops that
Paddle 3.3's CPU build registers no bfloat16 kernel for (limited to the ops purepaddle has; a
`_grad` op counts as unsupported when its forward op does).
"""
import copy

from ....amp.amp_lists import BF16_WHITE_LIST
from ..fp16_lists import black_list as _fp16_black, gray_list as _fp16_gray, white_list as _fp16_white

__all__ = ["AutoMixedPrecisionListsBF16", "bf16_list", "fp32_list", "gray_list", "bf16_initializer_list",
           "unsupported_list", "is_unsupported"]

bf16_initializer_list = {"fill_constant", "uniform_random"}
bf16_list = BF16_WHITE_LIST
gray_list = _fp16_gray
fp32_list = (_fp16_black | _fp16_white | _fp16_gray) - bf16_list - gray_list

# ops without a bfloat16 CPU kernel in Paddle 3.3 (observed with core.op_supported_infos('CPU', BF16))
_NO_BF16_KERNEL = frozenset("""
    accuracy acos adadelta adagrad adam adamax adamw affine_grid all_gather all_to_all allclose angle arg_max
    arg_min as_complex as_real asgd asin assert atan atan2 auc barrier bce_loss bernoulli
    bilinear_tensor_product bincount binomial bitwise_and bitwise_left_shift bitwise_not bitwise_or
    bitwise_right_shift bitwise_xor bmm brelu broadcast broadcast_tensors c_scatter celu channel_shuffle
    check_finite_and_unscale cholesky cholesky_solve clip_by_norm complex conditional_block conj conv3d
    conv3d_transpose cos cosh crop_tensor cross cummax cummin cumprod cumsum cvm deformable_conv
    deformable_conv_v1 depthwise_conv2d_transpose determinant diag_embed diag_v2 digamma dist dot edit_distance
    eig eigh eigvals eigvalsh elementwise_fmax elementwise_fmin elementwise_heaviside
    embedding_with_scaled_gradient equal_all erf erfinv expand_as_v2 expm1 exponential eye fill_diagonal
    fill_diagonal_tensor flip fold fractional_max_pool2d fractional_max_pool3d frobenius_norm
    fused_conv2d_add_act gammaincc gammaln gather_nd gather_tree gaussian_inplace grid_sampler group_norm
    gumbel_softmax hard_shrink hard_sigmoid hierarchical_sigmoid histogram huber_loss i0 i0e i1 i1e increment
    index_add index_sample instance_norm inverse is_empty isclose kldiv_loss kron kthvalue label_smooth lamb
    lerp lgamma linspace log_loss logcumsumexp logical_and logical_not logical_or logical_xor logit logsigmoid
    logspace logsumexp lp_pool2d lstsq lu lu_unpack matrix_power matrix_rank matrix_rank_atol_rtol
    max_pool3d_with_index maxout median merge_selected_rows meshgrid mode momentum multinomial multiplex mv
    nadam nanmedian nce nextafter nll_loss one_hot_v2 p_norm pixel_shuffle pixel_unshuffle poisson polygamma pow
    print put_along_axis py_func pylayer qr radam randint randperm range reciprocal reduce reduce_all
    reduce_amax reduce_amin reduce_any reduce_prod reduce_scatter renorm rmsprop rnn roll round rrelu rsqrt
    run_program scatter scatter_nd_add searchsorted select_input select_output selu sequence_mask shard_index
    sigmoid_cross_entropy_with_logits silu sin sinh slogdeterminant softmax_with_cross_entropy softshrink
    softsign solve spectral_norm square squared_l2_norm standard_gamma stanh svd take_along_axis tan tanh_shrink
    temporal_shift thresholded_relu tile top_k_v2 trace triangular_solve tril_indices tril_triu triu_indices
    trunc unfold uniform_random_inplace unique unique_consecutive unpool unpool3d update_loss_scaling warpctc
    warprnnt where while
""".split())
unsupported_list = set(_NO_BF16_KERNEL) - bf16_list - gray_list


def is_unsupported(op_type, unsupported):
    """Whether `op_type` (or, for a grad op, its forward op) is in `unsupported`."""
    if op_type in unsupported:
        return True
    return op_type.endswith("_grad") and op_type[:-5] in unsupported


class AutoMixedPrecisionListsBF16:
    """The bf16/fp32/gray op lists of static bfloat16 AMP with the user's custom lists applied.

    Args:
        custom_bf16_list (set|list|None): op types to run in bfloat16.
        custom_fp32_list (set|list|None): op types to keep in float32 (also marked unsupported, so
            pure bfloat16 keeps them float32 too).
        custom_fp32_varnames (set|list|None): variables whose ops stay float32.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.enable_static()
            >>> lists = paddle.static.amp.bf16.AutoMixedPrecisionListsBF16(custom_fp32_list={'matmul_v2'})
            >>> 'matmul_v2' in lists.fp32_list, 'matmul_v2' in lists.bf16_list
            (True, False)
            >>> paddle.disable_static()
    """

    def __init__(self, custom_bf16_list=None, custom_fp32_list=None, custom_fp32_varnames=None):
        self._custom_bf16_list = custom_bf16_list
        self._custom_fp32_list = custom_fp32_list
        self.bf16_list = copy.copy(bf16_list)
        self.fp32_list = copy.copy(fp32_list)
        self.gray_list = copy.copy(gray_list)
        self.bf16_initializer_list = copy.copy(bf16_initializer_list)
        self.unsupported_list = copy.copy(unsupported_list)
        self.fp32_varnames = copy.copy(custom_fp32_varnames)
        self._update_list()

    def _update_list(self):
        cb, cf = self._custom_bf16_list, self._custom_fp32_list
        if cb and cf:
            for name in cb:
                if name in cf:
                    raise ValueError(f"AutoMixedPrecisionListsBF16: custom_bf16_list overlaps custom_fp32_list "
                                     f"with < {name} >.")
        for name in cb or ():
            if name in self.fp32_list:
                self.fp32_list.remove(name)
            elif name in self.gray_list:
                self.gray_list.remove(name)
            self.bf16_list.add(name)
        for name in cf or ():
            if name in self.bf16_list:
                self.bf16_list.remove(name)
            elif name in self.gray_list:
                self.gray_list.remove(name)
            self.fp32_list.add(name)
            self.unsupported_list.add(name)
