"""paddle.vision.ops: detection and region operators (nms, matrix_nms, box_coder, prior_box, yolo_box, yolo_loss,
generate_proposals, distribute_fpn_proposals, roi_align / roi_pool / psroi_pool and their layers), deformable
convolution (deform_conv2d / DeformConv2D), JPEG files (read_file, decode_jpeg) and ConvNormActivation."""
import numpy as np

from .. import nn
from .. import tensor as _T
from .._core.dispatch import apply
from .._core.tensor import Tensor
from ..nn.functional.conv import convert_to_list
from ..nn.initializer import Normal
from ..ops import conv as _conv
from ..ops import detection as _det
from ..ops import vision as _ops
from .detection import (decode_jpeg, distribute_fpn_proposals, generate_proposals, matrix_nms, prior_box,  # noqa: F401
                        read_file, yolo_box, yolo_loss)
from .layers import ConvNormActivation  # noqa: F401

__all__ = ["ConvNormActivation", "nms", "matrix_nms", "box_coder", "prior_box", "yolo_box", "yolo_loss",
           "generate_proposals", "distribute_fpn_proposals", "roi_align", "RoIAlign", "roi_pool", "RoIPool",
           "psroi_pool", "PSRoIPool", "deform_conv2d", "DeformConv2D", "read_file", "decode_jpeg"]


def _nms(boxes, iou_threshold):
    return apply(_ops.NMS, boxes, iou_threshold=float(iou_threshold))


def nms(boxes, iou_threshold=0.3, scores=None, category_idxs=None, categories=None, top_k=None):
    """Non-maximum suppression: indices of the boxes kept, best score first.

    Without scores the boxes are taken in their order; with category_idxs, suppression runs within each category
    of `categories` and the kept boxes of all categories are ordered by score (the first top_k).

    Args:
        boxes (Tensor): [N, 4] boxes (x1, y1, x2, y2), float32 or float64.
        iou_threshold (float, optional): a box overlapping a kept box by more than this is dropped. Default: 0.3.
        scores (Tensor, optional): [N] scores. Default: None.
        category_idxs (Tensor, optional): [N] category of each box. Default: None.
        categories (list, optional): the category ids, needed with category_idxs. Default: None.
        top_k (int, optional): keep at most this many (with category_idxs). Default: None.

    Returns:
        Tensor: int64 indices into boxes.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> boxes = paddle.to_tensor([[0., 0., 10., 10.], [1., 1., 10., 10.], [20., 20., 30., 30.]])
            >>> paddle.vision.ops.nms(boxes, 0.5, scores=paddle.to_tensor([0.9, 0.8, 0.7])).tolist()
            [0, 2]
    """
    if scores is None:
        return _nms(boxes, iou_threshold)
    if category_idxs is None:
        order = _T.argsort(scores, descending=True)
        return _T.gather(order, _nms(_T.gather(boxes, order), iou_threshold))
    if top_k is not None and top_k > scores.shape[0]:
        raise AssertionError("top_k should be smaller equal than the number of boxes")
    if categories is None:
        raise AssertionError("if category_idxs is given, categories which is a list of unique id of all categories "
                             "is necessary")
    kept = []
    for cid in categories:
        idxs = _T.nonzero(_T.equal(category_idxs, _T.to_tensor(cid, dtype=category_idxs.dtype))).reshape([-1])
        if idxs.shape[0] == 0:
            continue
        if idxs.shape[0] == 1:
            kept.append(idxs)
            continue
        order = _T.argsort(_T.gather(scores, idxs), descending=True)
        sub = _T.gather(order, _nms(_T.gather(_T.gather(boxes, idxs), order), iou_threshold))
        kept.append(_T.gather(idxs, sub))
    if not kept:
        return _T.zeros([0], dtype="int64")
    # Paddle marks the kept boxes in a mask: the union in index order, then sorted by score
    keep = _T.sort(_T.concat(kept))
    kept_scores = _T.gather(scores, keep)
    if top_k is None:
        return _T.gather(keep, _T.argsort(kept_scores, descending=True))
    _, sub = _T.topk(kept_scores, min(top_k, keep.shape[0]))
    return _T.gather(keep, sub)


def box_coder(prior_box, prior_box_var, target_box, code_type="encode_center_size", box_normalized=True, axis=0,
              name=None):
    """Encodes target boxes as offsets from prior boxes, or decodes offsets back into boxes.

    encode_center_size: target_box [N, 4] against prior_box [M, 4] gives [N, M, 4] offsets
    ((tx - px) / pw, (ty - py) / ph, log(tw / pw), log(th / ph)) divided by the prior variances.
    decode_center_size: offsets [N, M, 4] give boxes; the priors run along axis 1 (axis=0) or axis 0 (axis=1).

    Args:
        prior_box (Tensor): [M, 4] prior boxes (x1, y1, x2, y2).
        prior_box_var (Tensor|list|tuple): [M, 4] variances, or 4 variances for every prior.
        target_box (Tensor): [N, 4] boxes (encode) or [N, M, 4] offsets (decode).
        code_type (str, optional): "encode_center_size" or "decode_center_size". Default: "encode_center_size".
        box_normalized (bool, optional): boxes in normalised coordinates (no +1 on widths). Default: True.
        axis (int, optional): decode only: the axis of target_box the priors broadcast along. Default: 0.
        name (str, optional): unused. Default: None.

    Returns:
        Tensor: the encoded offsets or decoded boxes.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> prior = paddle.to_tensor([[0., 0., 2., 2.]])
            >>> target = paddle.to_tensor([[1., 1., 3., 3.]])
            >>> paddle.vision.ops.box_coder(prior, [1., 1., 1., 1.], target).tolist()
            [[[0.5, 0.5, 0.0, 0.0]]]
    """
    kwargs = dict(code_type=code_type, box_normalized=box_normalized, axis=axis)
    if isinstance(prior_box_var, Tensor):
        return apply(_ops.BoxCoder, prior_box, prior_box_var, target_box, **kwargs)
    if isinstance(prior_box_var, (list, tuple)):
        if len(prior_box_var) != 4:
            raise AssertionError("Input prior_box_var must be Variable or list|tuple with 4 elements.")
        return apply(_ops.BoxCoder, prior_box, None, target_box, variance=[float(v) for v in prior_box_var],
                     **kwargs)
    raise TypeError("Input prior_box_var must be Variable or list|tuple")


def roi_align(x, boxes, boxes_num, output_size, spatial_scale=1.0, sampling_ratio=-1, aligned=True, name=None):
    """RoI Align: each box's region of x, split into output_size bins, each the average of bilinear samples.

    Args:
        x (Tensor): [N, C, H, W] features, float32 or float64.
        boxes (Tensor): [R, 4] boxes (x1, y1, x2, y2) in input coordinates.
        boxes_num (Tensor): [N] int32, the number of boxes of each image.
        output_size (int|tuple): (PH, PW) bins per box.
        spatial_scale (float, optional): factor from box to feature coordinates. Default: 1.0.
        sampling_ratio (int, optional): samples per bin side; <= 0 adapts to the bin size. Default: -1.
        aligned (bool, optional): shift boxes by half a pixel (pixel centres at .5). Default: True.
        name (str, optional): unused. Default: None.

    Returns:
        Tensor: [R, C, PH, PW].

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.arange(16, dtype='float32').reshape([1, 1, 4, 4])
            >>> boxes = paddle.to_tensor([[0., 0., 4., 4.]])
            >>> out = paddle.vision.ops.roi_align(x, boxes, paddle.to_tensor([1], dtype='int32'), 2)
            >>> out.tolist()
            [[[[2.5, 4.5], [10.5, 12.5]]]]
    """
    if not isinstance(output_size, (int, tuple)):
        raise TypeError(f"The type of 'output_size' in roi_align must be (<class 'int'>, <class 'tuple'>), but "
                        f"received {type(output_size)}.")
    if isinstance(output_size, int):
        output_size = (output_size, output_size)
    if boxes_num is None:
        raise AssertionError("boxes_num should not be None in dygraph mode.")
    return apply(_ops.RoIAlign, x, boxes, boxes_num, pooled_height=int(output_size[0]),
                 pooled_width=int(output_size[1]), spatial_scale=float(spatial_scale),
                 sampling_ratio=int(sampling_ratio), aligned=bool(aligned))


class RoIAlign(nn.Layer):
    """Layer form of roi_align.

    Args:
        output_size (int|tuple): (PH, PW) bins per box.
        spatial_scale (float, optional): factor from box to feature coordinates. Default: 1.0.

    Returns:
        RoIAlign: the layer; called as layer(x, boxes, boxes_num, aligned=True).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> layer = paddle.vision.ops.RoIAlign(output_size=(2, 2))
            >>> x = paddle.rand([1, 3, 8, 8])
            >>> layer(x, paddle.to_tensor([[1., 1., 6., 6.]]), paddle.to_tensor([1], dtype='int32')).shape
            paddle.Size([1, 3, 2, 2])
    """

    def __init__(self, output_size, spatial_scale=1.0):
        super().__init__()
        self._output_size = output_size
        self._spatial_scale = spatial_scale

    def forward(self, x, boxes, boxes_num, aligned=True):
        return roi_align(x, boxes, boxes_num, self._output_size, self._spatial_scale, aligned=aligned)


def roi_pool(x, boxes, boxes_num, output_size, spatial_scale=1.0, name=None):
    """RoI max pooling: each box's region of x (corners rounded after spatial_scale) split into output_size bins,
    each the maximum of its cells (0 for an empty bin).

    Args:
        x (Tensor): [N, C, H, W] features, float32 or float64.
        boxes (Tensor): [R, 4] boxes (x1, y1, x2, y2) in input coordinates.
        boxes_num (Tensor): [N] int32, the number of boxes of each image.
        output_size (int|tuple): (PH, PW) bins per box.
        spatial_scale (float, optional): factor from box to feature coordinates. Default: 1.0.
        name (str, optional): unused. Default: None.

    Returns:
        Tensor: [R, C, PH, PW].

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.arange(16, dtype='float32').reshape([1, 1, 4, 4])
            >>> boxes = paddle.to_tensor([[0., 0., 3., 3.]])
            >>> paddle.vision.ops.roi_pool(x, boxes, paddle.to_tensor([1], dtype='int32'), 2).tolist()
            [[[[5.0, 7.0], [13.0, 15.0]]]]
    """
    if not isinstance(output_size, (int, tuple)):
        raise TypeError(f"The type of 'output_size' in roi_pool must be (<class 'int'>, <class 'tuple'>), but "
                        f"received {type(output_size)}.")
    if isinstance(output_size, int):
        output_size = (output_size, output_size)
    if boxes_num is None:
        raise AssertionError("boxes_num should not be None in dygraph mode.")
    out, _ = apply(_ops.RoIPool, x, boxes, boxes_num, pooled_height=int(output_size[0]),
                   pooled_width=int(output_size[1]), spatial_scale=float(spatial_scale))
    return out


class RoIPool(nn.Layer):
    """Layer form of roi_pool.

    Args:
        output_size (int|tuple): (PH, PW) bins per box.
        spatial_scale (float, optional): factor from box to feature coordinates. Default: 1.0.

    Returns:
        RoIPool: the layer; called as layer(x, boxes, boxes_num).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> layer = paddle.vision.ops.RoIPool(output_size=2)
            >>> x = paddle.rand([1, 3, 8, 8])
            >>> layer(x, paddle.to_tensor([[1., 1., 6., 6.]]), paddle.to_tensor([1], dtype='int32')).shape
            paddle.Size([1, 3, 2, 2])
    """

    def __init__(self, output_size, spatial_scale=1.0):
        super().__init__()
        self._output_size = output_size
        self._spatial_scale = spatial_scale

    def forward(self, x, boxes, boxes_num):
        return roi_pool(x, boxes, boxes_num, self._output_size, self._spatial_scale)


def psroi_pool(x, boxes, boxes_num, output_size, spatial_scale=1.0, name=None):
    """Position-sensitive RoI average pooling (R-FCN): bin (p, q) of each box averages its own group of channels,
    so x has output_channels * PH * PW channels and the result output_channels.

    Args:
        x (Tensor): [N, C, H, W] features, float32 or float64; C = output_channels * PH * PW.
        boxes (Tensor): [R, 4] boxes (x1, y1, x2, y2) in input coordinates (corners rounded).
        boxes_num (Tensor): [N] int32, the number of boxes of each image.
        output_size (int|tuple|list): (PH, PW) bins per box.
        spatial_scale (float, optional): factor from box to feature coordinates. Default: 1.0.
        name (str, optional): unused. Default: None.

    Returns:
        Tensor: [R, C / (PH * PW), PH, PW].

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.arange(32, dtype='float32').reshape([1, 8, 2, 2])
            >>> boxes = paddle.to_tensor([[0., 0., 1., 1.]])
            >>> paddle.vision.ops.psroi_pool(x, boxes, paddle.to_tensor([1], dtype='int32'), 2).tolist()
            [[[[0.0, 5.0], [10.0, 15.0]], [[16.0, 21.0], [26.0, 31.0]]]]
    """
    if not isinstance(output_size, (int, tuple, list)):
        raise TypeError(f"The type of 'output_size' in psroi_pool must be (<class 'int'>, <class 'tuple'>, "
                        f"<class 'list'>), but received {type(output_size)}.")
    if isinstance(output_size, int):
        output_size = (output_size, output_size)
    ph, pw = output_size
    if len(x.shape) != 4:
        raise AssertionError("Input features with shape should be (N, C, H, W)")
    if ph * pw == 0:
        raise ValueError("output_size should not contain 0.")
    return apply(_det.PSRoIPool, x, boxes, boxes_num, pooled_height=int(ph), pooled_width=int(pw),
                 output_channels=int(x.shape[1] / (ph * pw)), spatial_scale=float(spatial_scale))


class PSRoIPool(nn.Layer):
    """Layer form of psroi_pool.

    Args:
        output_size (int|tuple): (PH, PW) bins per box.
        spatial_scale (float, optional): factor from box to feature coordinates. Default: 1.0.

    Returns:
        PSRoIPool: the layer; called as layer(x, boxes, boxes_num).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> layer = paddle.vision.ops.PSRoIPool(2)
            >>> x = paddle.rand([1, 8, 6, 6])
            >>> layer(x, paddle.to_tensor([[1., 1., 4., 4.]]), paddle.to_tensor([1], dtype='int32')).shape
            paddle.Size([1, 2, 2, 2])
    """

    def __init__(self, output_size, spatial_scale=1.0):
        super().__init__()
        self.output_size = output_size
        self.spatial_scale = spatial_scale

    def forward(self, x, boxes, boxes_num):
        return psroi_pool(x, boxes, boxes_num, self.output_size, self.spatial_scale)


def deform_conv2d(x, offset, weight, bias=None, stride=1, padding=0, dilation=1, deformable_groups=1, groups=1,
                  mask=None, name=None):
    """2-D deformable convolution: each kernel tap samples x bilinearly at its grid position plus a learned offset,
    scaled by mask when given (v2; v1 without mask).

    Args:
        x (Tensor): [N, C, H, W] input, float32 or float64.
        offset (Tensor): [N, 2 * deformable_groups * kh * kw, H_out, W_out] (dy, dx) offsets.
        weight (Tensor): [M, C / groups, kh, kw] filter.
        bias (Tensor, optional): [M] bias. Default: None.
        stride (int|list|tuple, optional): Default: 1.
        padding (int|list|tuple, optional): Default: 0.
        dilation (int|list|tuple, optional): Default: 1.
        deformable_groups (int, optional): groups of channels sharing one offset field. Default: 1.
        groups (int, optional): convolution groups. Default: 1.
        mask (Tensor, optional): [N, deformable_groups * kh * kw, H_out, W_out] modulation. Default: None.
        name (str, optional): unused. Default: None.

    Returns:
        Tensor: [N, M, H_out, W_out].

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.ones([1, 1, 4, 4])
            >>> w = paddle.ones([2, 1, 3, 3])
            >>> offset = paddle.zeros([1, 18, 2, 2])
            >>> paddle.vision.ops.deform_conv2d(x, offset, w).tolist()[0][0]
            [[9.0, 9.0], [9.0, 9.0]]
    """
    attrs = dict(strides=convert_to_list(stride, 2, "stride"), paddings=convert_to_list(padding, 2, "padding"),
                 dilations=convert_to_list(dilation, 2, "dilation"), deformable_groups=int(deformable_groups),
                 groups=int(groups), im2col_step=1)
    if mask is None:
        out = apply(_conv.DeformableConvV1, x, offset, weight, **attrs)
    else:
        out = apply(_conv.DeformableConv, x, offset, mask, weight, **attrs)
    if bias is not None:
        out = out + bias.reshape([1, -1, 1, 1])
    return out


class DeformConv2D(nn.Layer):
    """Layer form of deform_conv2d, holding the weight [out_channels, in_channels / groups, kh, kw] (Normal with
    std sqrt(2 / (kh * kw * in_channels))) and the bias [out_channels].

    Args:
        in_channels (int): input channels.
        out_channels (int): output channels.
        kernel_size (int|list|tuple): kernel size.
        stride (int|list|tuple, optional): Default: 1.
        padding (int|list|tuple, optional): Default: 0.
        dilation (int|list|tuple, optional): Default: 1.
        deformable_groups (int, optional): Default: 1.
        groups (int, optional): Default: 1.
        weight_attr (ParamAttr, optional): Default: None.
        bias_attr (ParamAttr|bool, optional): False for no bias. Default: None.

    Returns:
        DeformConv2D: the layer; called as layer(x, offset, mask=None).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> conv = paddle.vision.ops.DeformConv2D(1, 4, 3)
            >>> out = conv(paddle.rand([2, 1, 6, 6]), paddle.rand([2, 18, 4, 4]))
            >>> out.shape
            paddle.Size([2, 4, 4, 4])
    """

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1,
                 deformable_groups=1, groups=1, weight_attr=None, bias_attr=None):
        super().__init__()
        if weight_attr is False:
            raise AssertionError("weight_attr should not be False in Conv.")
        self._deformable_groups, self._groups = deformable_groups, groups
        self._in_channels, self._out_channels = in_channels, out_channels
        self._stride = convert_to_list(stride, 2, "stride")
        self._dilation = convert_to_list(dilation, 2, "dilation")
        self._kernel_size = convert_to_list(kernel_size, 2, "kernel_size")
        if in_channels % groups != 0:
            raise ValueError("in_channels must be divisible by groups.")
        self._padding = convert_to_list(padding, 2, "padding")
        std = (2.0 / (np.prod(self._kernel_size) * in_channels)) ** 0.5
        self.weight = self.create_parameter(shape=[out_channels, in_channels // groups, *self._kernel_size],
                                            attr=weight_attr, default_initializer=Normal(0.0, std))
        self.bias = self.create_parameter(attr=bias_attr, shape=[out_channels], is_bias=True)

    def forward(self, x, offset, mask=None):
        return deform_conv2d(x, offset, self.weight, self.bias, self._stride, self._padding, self._dilation,
                             self._deformable_groups, self._groups, mask)
