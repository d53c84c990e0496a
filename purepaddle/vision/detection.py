"""paddle.vision.ops detection heads and post-processing: yolo_box, yolo_loss, prior_box, matrix_nms,
generate_proposals, distribute_fpn_proposals; and the JPEG file readers read_file / decode_jpeg."""
from .._core.dispatch import apply
from ..ops import detection as _det

__all__ = ["yolo_box", "yolo_loss", "prior_box", "matrix_nms", "generate_proposals", "distribute_fpn_proposals",
           "read_file", "decode_jpeg"]


def yolo_box(x, img_size, anchors, class_num, conf_thresh, downsample_ratio, clip_bbox=True, name=None,
             scale_x_y=1.0, iou_aware=False, iou_aware_factor=0.5):
    """Decodes a YOLOv3 head into boxes and scores.

    For anchor a at grid cell (i, j): centre ((j + sigmoid(tx) * s - (s - 1) / 2) / W, ...) scaled to the image,
    size (anchor_w * exp(tw), anchor_h * exp(th)) over the network input (downsample_ratio * W), score
    sigmoid(objectness) * sigmoid(class logits). Boxes whose objectness is below conf_thresh are all zero.

    Args:
        x (Tensor): [N, A * (5 + class_num), H, W] head output (with iou_aware, A more channels first).
        img_size (Tensor): [N, 2] int32 (height, width) of each image.
        anchors (list|tuple): anchor (width, height) pairs, flattened.
        class_num (int): number of classes.
        conf_thresh (float): objectness threshold.
        downsample_ratio (int): network input size over H.
        clip_bbox (bool, optional): clip boxes to the image. Default: True.
        name (str, optional): unused. Default: None.
        scale_x_y (float, optional): centre scale. Default: 1.0.
        iou_aware (bool, optional): the head carries IoU channels. Default: False.
        iou_aware_factor (float, optional): objectness ** (1 - f) * iou ** f. Default: 0.5.

    Returns:
        tuple: boxes [N, A * H * W, 4] and scores [N, A * H * W, class_num].

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.zeros([1, 7, 1, 1])
            >>> boxes, scores = paddle.vision.ops.yolo_box(x, paddle.to_tensor([[32, 32]], dtype='int32'),
            ...                                            [16, 16], 2, 0.1, 32)
            >>> boxes.tolist(), scores.tolist()
            ([[[8.0, 8.0, 24.0, 24.0]]], [[[0.25, 0.25]]])
    """
    return apply(_det.YoloBox, x, img_size, anchors=[int(v) for v in anchors], class_num=int(class_num),
                 conf_thresh=float(conf_thresh), downsample_ratio=int(downsample_ratio), clip_bbox=bool(clip_bbox),
                 scale_x_y=float(scale_x_y), iou_aware=bool(iou_aware), iou_aware_factor=float(iou_aware_factor))


def yolo_loss(x, gt_box, gt_label, anchors, anchor_mask, class_num, ignore_thresh, downsample_ratio, gt_score=None,
              use_label_smooth=True, name=None, scale_x_y=1.0):
    """YOLOv3 loss per image: location (sigmoid cross-entropy on x, y; L1 on w, h, weighted by 2 - w * h),
    objectness (sigmoid cross-entropy; predictions overlapping a ground truth by more than ignore_thresh are not
    counted as negatives) and class (sigmoid cross-entropy, label-smoothed when use_label_smooth).

    Args:
        x (Tensor): [N, len(anchor_mask) * (5 + class_num), H, W] head output, float32 or float64.
        gt_box (Tensor): [N, B, 4] ground-truth boxes (cx, cy, w, h), normalised by the input size.
        gt_label (Tensor): [N, B] int32 class of each box.
        anchors (list|tuple): all anchor (width, height) pairs, flattened.
        anchor_mask (list|tuple): the anchors this head predicts.
        class_num (int): number of classes.
        ignore_thresh (float): IoU above which a prediction is not a negative.
        downsample_ratio (int): network input size over H.
        gt_score (Tensor, optional): [N, B] score of each box (mixup). Default: None (all 1).
        use_label_smooth (bool, optional): smooth class targets. Default: True.
        name (str, optional): unused. Default: None.
        scale_x_y (float, optional): centre scale. Default: 1.0.

    Returns:
        Tensor: [N] loss of each image.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.zeros([1, 7, 2, 2])
            >>> gt_box = paddle.to_tensor([[[0.5, 0.5, 0.5, 0.5]]])
            >>> gt_label = paddle.to_tensor([[0]], dtype='int32')
            >>> loss = paddle.vision.ops.yolo_loss(x, gt_box, gt_label, [32, 32], [0], 2, 0.7, 32)
            >>> loss.shape
            paddle.Size([1])
    """
    out = apply(_det.Yolov3Loss, x, gt_box, gt_label, gt_score, anchors=[int(v) for v in anchors],
                anchor_mask=[int(v) for v in anchor_mask], class_num=int(class_num),
                ignore_thresh=float(ignore_thresh), downsample_ratio=int(downsample_ratio),
                use_label_smooth=bool(use_label_smooth), scale_x_y=float(scale_x_y))
    return out[0]


def prior_box(input, image, min_sizes, max_sizes=None, aspect_ratios=[1.0], variance=[0.1, 0.1, 0.2, 0.2],
              flip=False, clip=False, steps=[0.0, 0.0], offset=0.5, min_max_aspect_ratios_order=False, name=None):
    """SSD prior boxes for every cell of a feature map, normalised by the image size.

    Args:
        input (Tensor): [N, C, H, W] feature map.
        image (Tensor): [N, C, IH, IW] image.
        min_sizes (list|tuple|float): the min size of each prior group.
        max_sizes (list|tuple|float, optional): one max size per min size. Default: None.
        aspect_ratios (list|tuple|float, optional): Default: [1.0].
        variance (list|tuple, optional): the 4 variances. Default: [0.1, 0.1, 0.2, 0.2].
        flip (bool, optional): add the reciprocal of each aspect ratio. Default: False.
        clip (bool, optional): clip to [0, 1]. Default: False.
        steps (list|tuple|float, optional): (step_w, step_h); 0 means image size / feature size. Default: [0., 0.].
        offset (float, optional): centre offset within a cell. Default: 0.5.
        min_max_aspect_ratios_order (bool, optional): Caffe's order (min, max, then ratios). Default: False.
        name (str, optional): unused. Default: None.

    Returns:
        tuple: boxes and variances, each [H, W, num_priors, 4].

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> box, var = paddle.vision.ops.prior_box(paddle.rand([1, 3, 1, 1]), paddle.rand([1, 3, 4, 4]), [2.0])
            >>> box.tolist()
            [[[[0.25, 0.25, 0.75, 0.75]]]]
    """
    def as_list(v):
        return list(v) if isinstance(v, (list, tuple)) else [v]
    min_sizes, aspect_ratios, steps = as_list(min_sizes), as_list(aspect_ratios), as_list(steps)
    if len(steps) != 2:
        raise ValueError("steps should be (step_w, step_h)")
    max_sizes = [] if max_sizes is None else as_list(max_sizes)
    return apply(_det.PriorBox, input, image, min_sizes=[float(v) for v in min_sizes],
                 max_sizes=[float(v) for v in max_sizes], aspect_ratios=[float(v) for v in aspect_ratios],
                 variances=[float(v) for v in variance], flip=bool(flip), clip=bool(clip), step_w=float(steps[0]),
                 step_h=float(steps[1]), offset=float(offset),
                 min_max_aspect_ratios_order=bool(min_max_aspect_ratios_order))


def matrix_nms(bboxes, scores, score_threshold, post_threshold, nms_top_k, keep_top_k, use_gaussian=False,
               gaussian_sigma=2.0, background_label=0, normalized=True, return_index=False, return_rois_num=True,
               name=None):
    """Matrix NMS (SOLOv2): within each class, every box's score decays by its overlap with the higher-scored
    boxes (linear (1 - iou) / (1 - max_iou), or Gaussian); the boxes whose decayed score passes post_threshold
    are kept, the best keep_top_k per image.

    Args:
        bboxes (Tensor): [N, M, 4] boxes, float32 or float64.
        scores (Tensor): [N, C, M] scores.
        score_threshold (float): boxes at or under it are dropped first.
        post_threshold (float): decayed scores at or under it are dropped.
        nms_top_k (int): the best boxes per class considered (-1: all).
        keep_top_k (int): boxes kept per image (-1: all).
        use_gaussian (bool, optional): Gaussian decay. Default: False.
        gaussian_sigma (float, optional): Default: 2.0.
        background_label (int, optional): class skipped (-1: none). Default: 0.
        normalized (bool, optional): boxes without the +1 of pixel units. Default: True.
        return_index (bool, optional): also return the kept boxes' indices. Default: False.
        return_rois_num (bool, optional): also return the detections per image. Default: True.
        name (str, optional): unused. Default: None.

    Returns:
        tuple: out [K, 6] (label, score, x1, y1, x2, y2), rois_num [N] int32 (or None), index [K, 1] int32 (or
        None).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> boxes = paddle.to_tensor([[[0., 0., 1., 1.], [0., 0., 1., 0.9]]])
            >>> scores = paddle.to_tensor([[[0.0, 0.0], [0.9, 0.8]]])
            >>> out, num, _ = paddle.vision.ops.matrix_nms(boxes, scores, 0.1, 0.05, -1, -1)
            >>> [round(v, 4) for v in out[:, 1].tolist()], num.tolist()
            ([0.9, 0.08], [2])
    """
    out, index, rois_num = apply(_det.MatrixNMS, bboxes, scores, score_threshold=float(score_threshold),
                                 nms_top_k=int(nms_top_k), keep_top_k=int(keep_top_k),
                                 post_threshold=float(post_threshold), use_gaussian=bool(use_gaussian),
                                 gaussian_sigma=float(gaussian_sigma), background_label=int(background_label),
                                 normalized=bool(normalized))
    return out, rois_num if return_rois_num else None, index if return_index else None


def generate_proposals(scores, bbox_deltas, img_size, anchors, variances, pre_nms_top_n=6000, post_nms_top_n=1000,
                       nms_thresh=0.5, min_size=0.1, eta=1.0, pixel_offset=False, return_rois_num=False, name=None):
    """RPN proposals: the pre_nms_top_n best anchors decoded by bbox_deltas, clipped to the image, boxes smaller
    than min_size dropped, then NMS (adaptive with eta < 1) keeps post_nms_top_n per image.

    Args:
        scores (Tensor): [N, A, H, W] objectness.
        bbox_deltas (Tensor): [N, 4 * A, H, W] box deltas.
        img_size (Tensor): [N, 2] (height, width) of each image.
        anchors (Tensor): [H, W, A, 4] anchors.
        variances (Tensor): [H, W, A, 4] anchor variances.
        pre_nms_top_n (int, optional): Default: 6000.
        post_nms_top_n (int, optional): Default: 1000.
        nms_thresh (float, optional): Default: 0.5.
        min_size (float, optional): Default: 0.1.
        eta (float, optional): Default: 1.0.
        pixel_offset (bool, optional): boxes in pixel units (+1 widths). Default: False.
        return_rois_num (bool, optional): must be True in dynamic mode, as in Paddle. Default: False.
        name (str, optional): unused. Default: None.

    Returns:
        tuple: rpn_rois [R, 4], rpn_roi_probs [R, 1], rpn_rois_num [N] int32.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> scores = paddle.to_tensor([[[[0.9]], [[0.8]]]])
            >>> deltas = paddle.zeros([1, 8, 1, 1])
            >>> anchors = paddle.to_tensor([[[[0., 0., 8., 8.], [1., 1., 9., 9.]]]])
            >>> rois, probs, num = paddle.vision.ops.generate_proposals(
            ...     scores, deltas, paddle.to_tensor([[16., 16.]]), anchors, paddle.ones([1, 1, 2, 4]),
            ...     return_rois_num=True)
            >>> rois.tolist(), num.tolist()
            ([[0.0, 0.0, 8.0, 8.0]], [1])
    """
    if not return_rois_num:
        raise AssertionError("return_rois_num should be True in dygraph mode.")
    rois, probs, num = apply(_det.GenerateProposals, scores, bbox_deltas, img_size, anchors, variances,
                             pre_nms_topN=int(pre_nms_top_n), post_nms_topN=int(post_nms_top_n),
                             nms_thresh=float(nms_thresh), min_size=float(min_size), eta=float(eta),
                             pixel_offset=bool(pixel_offset))
    return rois, probs, num


def distribute_fpn_proposals(fpn_rois, min_level, max_level, refer_level, refer_scale, pixel_offset=False,
                             rois_num=None, name=None):
    """Distributes RoIs among FPN levels by size: level floor(log2(sqrt(area) / refer_scale) + refer_level),
    clipped to [min_level, max_level].

    Args:
        fpn_rois (Tensor): [R, 4] RoIs, float32 or float64.
        min_level (int): lowest level.
        max_level (int): highest level.
        refer_level (int): the level of refer_scale.
        refer_scale (int): the RoI size of refer_level.
        pixel_offset (bool, optional): boxes in pixel units (+1 widths). Default: False.
        rois_num (Tensor): [B] int32 RoIs per image (required in dynamic mode).
        name (str, optional): unused. Default: None.

    Returns:
        tuple: multi_rois (one [Ri, 4] per level), restore_ind [R, 1] int32 (the row of each RoI in the levels'
        concatenation) and rois_num_per_level (one [B] int32 per level).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> rois = paddle.to_tensor([[0., 0., 300., 300.], [0., 0., 40., 40.]])
            >>> multi, restore, nums = paddle.vision.ops.distribute_fpn_proposals(
            ...     rois, 2, 5, 4, 224, rois_num=paddle.to_tensor([2], dtype='int32'))
            >>> [m.shape[0] for m in multi], restore.tolist()
            ([1, 0, 1, 0], [[1], [0]])
    """
    if not (max_level > 0 and min_level > 0):
        raise AssertionError("min_level and max_level should be greater than 0")
    num_lvl = max_level - min_level + 1
    if num_lvl <= 1:
        raise AssertionError("max_level should be greater than min_level")
    if num_lvl >= 100:
        raise AssertionError("Only support max to 100 levels, (max_level - min_level + 1 < 100)")
    if rois_num is None:
        raise AssertionError("rois_num should not be None in dygraph mode.")
    multi, nums, restore = apply(_det.DistributeFpnProposals, fpn_rois, rois_num, min_level=int(min_level),
                                 max_level=int(max_level), refer_level=int(refer_level),
                                 refer_scale=int(refer_scale), pixel_offset=bool(pixel_offset))
    return multi, restore, nums


def read_file(filename, name=None):
    """Reads a file's bytes into a 1-D uint8 Tensor.

    Args:
        filename (str): path of the file.
        name (str, optional): unused. Default: None.

    Returns:
        Tensor: uint8 [file size].

    Examples:
        .. code-block:: python

            >>> import os, tempfile, paddle
            >>> path = os.path.join(tempfile.mkdtemp(), 'f.bin')
            >>> with open(path, 'wb') as f:
            ...     _ = f.write(bytes([1, 2, 255]))
            >>> paddle.vision.ops.read_file(path).tolist()
            [1, 2, 255]
    """
    return apply(_det.ReadFile, filename=str(filename))


def decode_jpeg(x, mode="unchanged", name=None):
    """Decodes JPEG bytes into a [C, H, W] uint8 image (with Pillow; Paddle uses nvjpeg on a GPU).

    Args:
        x (Tensor): 1-D uint8 JPEG bytes (from read_file).
        mode (str, optional): "unchanged" (the file's channels), "gray" (1) or "rgb" (3). Default: "unchanged".
        name (str, optional): unused. Default: None.

    Returns:
        Tensor: uint8 [C, H, W].

    Examples:
        .. code-block:: python

            >>> # doctest: +REQUIRES(module:PIL)
            >>> import io, paddle
            >>> from PIL import Image
            >>> buf = io.BytesIO()
            >>> Image.new('RGB', (5, 4), (255, 0, 0)).save(buf, format='JPEG')
            >>> img = paddle.vision.ops.decode_jpeg(paddle.to_tensor(list(buf.getvalue()), dtype='uint8'))
            >>> img.shape
            paddle.Size([3, 4, 5])
    """
    if mode not in ("unchanged", "gray", "rgb"):
        raise ValueError(f"decode_jpeg: mode must be one of 'unchanged', 'gray', 'rgb', but received {mode!r}")
    return apply(_det.DecodeJpeg, x, mode=mode)
