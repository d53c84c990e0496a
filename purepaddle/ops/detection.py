"""Detection ops of paddle.vision.ops beyond nms / box_coder / roi_*: psroi_pool (+ grad), yolo_box, prior_box,
matrix_nms, generate_proposals, distribute_fpn_proposals, read_file and decode_jpeg.

All but psroi_pool are forward-only in Paddle (no grad op), so they are marked not differentiable. The box
geometry follows Paddle's CPU kernels: a box is (x1, y1, x2, y2); "normalized" boxes measure widths without the
+1 of pixel-unit boxes.
"""
import io

import numpy as np

from .._core.dispatch import apply
from .._core.op import Op, TensorMeta, register
from .vision import _roi_batch, _round_half_away

__all__ = ["PSRoIPool", "PSRoIPoolGrad", "YoloBox", "PriorBox", "MatrixNMS", "GenerateProposals",
           "DistributeFpnProposals", "ReadFile", "DecodeJpeg", "Yolov3Loss", "Yolov3LossGrad"]


# -- psroi_pool ------------------------------------------------------------------------------------
def _psroi_bins(roi, h, w, a, t):
    """[(hs, he, ws, we)] per output bin (row-major over PH x PW) of one RoI, on Paddle's rounded grid; the
    arithmetic in the features' float type t, as the kernel's (bin edges land on integers)."""
    ph_, pw_, scale = a["pooled_height"], a["pooled_width"], t(a.get("spatial_scale", 1.0))
    x1, y1, x2, y2 = (t(_round_half_away(float(v))) for v in roi)
    sw, sh = x1 * scale, y1 * scale
    ew, eh = (x2 + t(1)) * scale, (y2 + t(1)) * scale
    rh, rw = max(eh - sh, t(0.1)), max(ew - sw, t(0.1))
    bh, bw = rh / t(ph_), rw / t(pw_)
    bins = []
    for p in range(ph_):
        hs = min(max(int(np.floor(bh * t(p) + sh)), 0), h)
        he = min(max(int(np.ceil(bh * t(p + 1) + sh)), 0), h)
        for q in range(pw_):
            ws = min(max(int(np.floor(bw * t(q) + sw)), 0), w)
            we = min(max(int(np.ceil(bw * t(q + 1) + sw)), 0), w)
            bins.append((hs, he, ws, we))
    return bins


def _psroi_channel(c, k, a):
    # output channel c, bin k reads input channel (c * PH + p) * PW + q = c * PH * PW + k
    return c * a["pooled_height"] * a["pooled_width"] + k


@register("psroi_pool")
class PSRoIPool(Op):
    """Position-sensitive RoI average pooling: Out[r, c, p, q] is the mean of X[image of r, (c * PH + p) * PW + q]
    over bin (p, q) of RoI r (0 for an empty bin); X has output_channels * PH * PW channels."""

    inputs, outputs = ("X", "ROIs", "RoisNum"), ("Out",)
    saves = ("X", "ROIs", "RoisNum")

    def forward(self, xp, x, rois, rois_num=None):
        n, c, h, w = x.shape
        a = self.attrs
        ph_, pw_, oc = a["pooled_height"], a["pooled_width"], a["output_channels"]
        if oc <= 1:
            raise ValueError(f"(InvalidArgument) The pooled output channels must greater than 1, but received "
                             f"output_channels:{oc}")
        if c != oc * ph_ * pw_:
            raise ValueError(f"(InvalidArgument) the channel of Input(X) ({c}) should be equal to the product of "
                             f"output_channels ({oc}), pooled_height ({ph_}) and pooled_width ({pw_})")
        batch = _roi_batch(rois, rois_num, n)
        out = np.zeros((rois.shape[0], oc, ph_ * pw_), dtype=x.dtype)
        for r in range(rois.shape[0]):
            for k, (hs, he, ws, we) in enumerate(_psroi_bins(rois[r], h, w, a, x.dtype.type)):
                if he <= hs or we <= ws:
                    continue
                chans = [_psroi_channel(cc, k, a) for cc in range(oc)]
                out[r, :, k] = x[batch[r], chans, hs:he, ws:we].sum(axis=(1, 2)) / ((he - hs) * (we - ws))
        return out.reshape(rois.shape[0], oc, ph_, pw_)

    def infer_meta(self, x, rois, rois_num=None):
        a = self.attrs
        return TensorMeta([rois.shape[0], a["output_channels"], a["pooled_height"], a["pooled_width"]], x.dtype)

    def backward(self, g):
        x, rois, rois_num = self.saved
        return apply(PSRoIPoolGrad, x, rois, rois_num, g, **self.attrs), None, None


@register("psroi_pool_grad")
class PSRoIPoolGrad(Op):
    """X@GRAD: each bin's Out@GRAD spread evenly over the cells of its bin in its input channel."""

    inputs, outputs = ("X", "ROIs", "RoisNum", "Out@GRAD"), ("X@GRAD",)
    differentiable = False

    def forward(self, xp, x, rois, rois_num, g):
        n, c, h, w = x.shape
        a = self.attrs
        oc = a["output_channels"]
        batch = _roi_batch(rois, rois_num, n)
        gx = np.zeros(x.shape, dtype=np.float64)
        gr = g.reshape(rois.shape[0], oc, -1)
        for r in range(rois.shape[0]):
            for k, (hs, he, ws, we) in enumerate(_psroi_bins(rois[r], h, w, a, x.dtype.type)):
                if he <= hs or we <= ws:
                    continue
                chans = [_psroi_channel(cc, k, a) for cc in range(oc)]
                gx[batch[r], chans, hs:he, ws:we] += (gr[r, :, k] / ((he - hs) * (we - ws)))[:, None, None]
        return gx.astype(x.dtype)

    def infer_meta(self, x, rois, rois_num, g):
        return TensorMeta(list(x.shape), x.dtype)


# -- yolo_box --------------------------------------------------------------------------------------
def _sigmoid(v):
    return 1.0 / (1.0 + np.exp(-v))


@register("yolo_box")
class YoloBox(Op):
    """Decodes a YOLOv3 head X [N, A * (5 + class_num), H, W] (with iou_aware, A IoU channels first) into
    Boxes [N, A * H * W, 4] (x1, y1, x2, y2 in ImgSize's pixels, clipped with clip_bbox) and Scores
    [N, A * H * W, class_num] = objectness * class probability; boxes whose objectness is under conf_thresh stay
    0."""

    inputs, outputs = ("X", "ImgSize"), ("Boxes", "Scores")
    differentiable = False

    def forward(self, xp, x, img_size):
        a = self.attrs
        anchors = np.asarray(a["anchors"], dtype=np.float64).reshape(-1, 2)
        cn, ratio = a["class_num"], a["downsample_ratio"]
        scale = a.get("scale_x_y", 1.0)
        bias = -0.5 * (scale - 1.0)
        n, _, h, w = x.shape
        na = anchors.shape[0]
        iou_aware = a.get("iou_aware", False)
        f = a.get("iou_aware_factor", 0.5)
        xd = x.astype(np.float64)
        iou = xd[:, :na] if iou_aware else None
        p = (xd[:, na:] if iou_aware else xd).reshape(n, na, 5 + cn, h, w)
        conf = _sigmoid(p[:, :, 4])
        if iou_aware:
            conf = conf ** (1.0 - f) * _sigmoid(iou) ** f
        img_h = img_size[:, 0].astype(np.float64)[:, None, None, None]
        img_w = img_size[:, 1].astype(np.float64)[:, None, None, None]
        gx = np.arange(w, dtype=np.float64)[None, None, None, :]
        gy = np.arange(h, dtype=np.float64)[None, None, :, None]
        cx = (gx + _sigmoid(p[:, :, 0]) * scale + bias) * img_w / w
        cy = (gy + _sigmoid(p[:, :, 1]) * scale + bias) * img_h / h
        bw = np.exp(p[:, :, 2]) * anchors[None, :, 0, None, None] * img_w / (ratio * w)
        bh = np.exp(p[:, :, 3]) * anchors[None, :, 1, None, None] * img_h / (ratio * h)
        boxes = np.stack([cx - bw / 2, cy - bh / 2, cx + bw / 2, cy + bh / 2], axis=-1)
        if a.get("clip_bbox", True):
            boxes[..., 0] = np.maximum(boxes[..., 0], 0)
            boxes[..., 1] = np.maximum(boxes[..., 1], 0)
            boxes[..., 2] = np.minimum(boxes[..., 2], img_w - 1)
            boxes[..., 3] = np.minimum(boxes[..., 3], img_h - 1)
        scores = conf[:, :, None] * _sigmoid(p[:, :, 5:])  # [N, A, C, H, W]
        keep = conf >= a["conf_thresh"]
        boxes = np.where(keep[..., None], boxes, 0.0)
        scores = np.where(keep[:, :, None], scores, 0.0)
        return (boxes.reshape(n, -1, 4).astype(x.dtype),
                scores.transpose(0, 1, 3, 4, 2).reshape(n, -1, cn).astype(x.dtype))

    def infer_meta(self, x, img_size):
        a = self.attrs
        na = len(a["anchors"]) // 2
        m = -1 if min(x.shape[2], x.shape[3]) < 0 else na * x.shape[2] * x.shape[3]
        return TensorMeta([x.shape[0], m, 4], x.dtype), TensorMeta([x.shape[0], m, a["class_num"]], x.dtype)


# -- prior_box -------------------------------------------------------------------------------------
def _expand_aspect_ratios(ratios, flip):
    out = [1.0]
    for r in ratios:
        if any(abs(r - o) < 1e-6 for o in out):
            continue
        out.append(float(r))
        if flip:
            out.append(1.0 / r)
    return out


@register("prior_box")
class PriorBox(Op):
    """SSD prior boxes: for each cell of Input [N, C, H, W] over Image [N, C, IH, IW], one box per min size and
    aspect ratio (and per max size), normalised by the image size. Boxes and Variances are [H, W, P, 4]."""

    inputs, outputs = ("Input", "Image"), ("Boxes", "Variances")
    differentiable = False

    def _ratios(self):
        return _expand_aspect_ratios(self.attrs.get("aspect_ratios", [1.0]), self.attrs.get("flip", False))

    def forward(self, xp, x, image):
        a = self.attrs
        ratios = self._ratios()
        min_sizes, max_sizes = a["min_sizes"], a.get("max_sizes") or []
        fh, fw = x.shape[2], x.shape[3]
        ih, iw = image.shape[2], image.shape[3]
        sw, sh = a.get("step_w", 0.0), a.get("step_h", 0.0)
        if sw == 0 or sh == 0:
            sw, sh = iw / fw, ih / fh
        off = a.get("offset", 0.5)
        dims = []  # (half width, half height) of each prior at a cell, in Paddle's order
        for s, m in enumerate(min_sizes):
            big = [(np.sqrt(m * max_sizes[s]) / 2,) * 2] if max_sizes else []
            shaped = [(m * np.sqrt(r) / 2, m / np.sqrt(r) / 2) for r in ratios]
            if a.get("min_max_aspect_ratios_order", False):
                dims += [(m / 2, m / 2)] + big + [d for r, d in zip(ratios, shaped) if abs(r - 1.0) >= 1e-6]
            else:
                dims += shaped + big
        d = np.asarray(dims, dtype=np.float64)
        cx = ((np.arange(fw) + off) * sw)[None, :, None]
        cy = ((np.arange(fh) + off) * sh)[:, None, None]
        boxes = np.stack(np.broadcast_arrays((cx - d[:, 0]) / iw, (cy - d[:, 1]) / ih, (cx + d[:, 0]) / iw,
                                             (cy + d[:, 1]) / ih), axis=-1)
        if a.get("clip", False):
            boxes = np.clip(boxes, 0.0, 1.0)
        var = np.broadcast_to(np.asarray(a.get("variances", [0.1, 0.1, 0.2, 0.2]), dtype=np.float64),
                              boxes.shape)
        return boxes.astype(x.dtype), np.ascontiguousarray(var).astype(x.dtype)

    def infer_meta(self, x, image):
        a = self.attrs
        p = len(self._ratios()) * len(a["min_sizes"]) + len(a.get("max_sizes") or [])
        shape = [x.shape[2], x.shape[3], p, 4]
        return TensorMeta(shape, x.dtype), TensorMeta(shape, x.dtype)


# -- box overlaps as the detection kernels measure them ----------------------------------------------
def _area(b, normalized):
    w, h = b[..., 2] - b[..., 0], b[..., 3] - b[..., 1]
    bad = (w < 0) | (h < 0)
    area = w * h if normalized else (w + 1) * (h + 1)
    return np.where(bad, 0.0, area)


def _jaccard(b1, b2, normalized):
    """IoU of every box of b1 [P, 4] with every box of b2 [Q, 4]; disjoint boxes 0 (Paddle's JaccardOverlap)."""
    b1, b2 = b1[:, None], b2[None]
    apart = ((b2[..., 0] > b1[..., 2]) | (b2[..., 2] < b1[..., 0]) | (b2[..., 1] > b1[..., 3])
             | (b2[..., 3] < b1[..., 1]))
    norm = 0.0 if normalized else 1.0
    iw = np.minimum(b1[..., 2], b2[..., 2]) - np.maximum(b1[..., 0], b2[..., 0]) + norm
    ih = np.minimum(b1[..., 3], b2[..., 3]) - np.maximum(b1[..., 1], b2[..., 1]) + norm
    inter = iw * ih
    with np.errstate(invalid="ignore", divide="ignore"):
        iou = inter / (_area(b1, normalized) + _area(b2, normalized) - inter)
    return np.where(apart, 0.0, iou)


def _by_score(scores, idx):
    # descending by score, ties in index order (Paddle's kernels sort with a strict '>')
    return idx[np.argsort(-scores[idx], kind="stable")]


# -- matrix_nms ------------------------------------------------------------------------------------
def _matrix_nms_class(boxes, scores, a):
    """(box indices, decayed scores) kept for one class of one image."""
    cand = np.nonzero(scores > a["score_threshold"])[0]
    if cand.size == 0:
        return np.zeros(0, np.int64), np.zeros(0)
    order = _by_score(scores, cand)
    top = a.get("nms_top_k", -1)
    if top > -1:
        order = order[:top]
    s = scores[order].astype(np.float64)
    iou = np.tril(_jaccard(boxes[order], boxes[order], a.get("normalized", True)), -1)  # iou[i, j], j < i
    iou_max = iou.max(axis=1) if len(order) else iou
    if a.get("use_gaussian", False):
        sigma = a.get("gaussian_sigma", 2.0)
        decay = np.exp((iou_max[None, :] ** 2 - iou ** 2) * sigma)
    else:
        with np.errstate(divide="ignore", invalid="ignore"):
            decay = (1 - iou) / (1 - iou_max[None, :])
    decay = np.where(np.tri(len(order), k=-1, dtype=bool), decay, 1.0)
    ds = decay.min(axis=1) * s
    ds[0] = s[0]
    keep = ds > a.get("post_threshold", 0.0)
    return order[keep], ds[keep]


@register("matrix_nms")
class MatrixNMS(Op):
    """Matrix NMS of SOLOv2 on BBoxes [N, M, 4] and Scores [N, C, M]: scores decay by their overlap with
    higher-scored boxes of their class. Out [K, 6] rows (label, score, x1, y1, x2, y2), Index [K, 1] (image * M +
    box), RoisNum [N] detections per image."""

    inputs, outputs = ("BBoxes", "Scores"), ("Out", "Index", "RoisNum")
    differentiable = False

    def forward(self, xp, bboxes, scores):
        a = self.attrs
        n, c, m = scores.shape
        rows, index, nums = [], [], []
        for i in range(n):
            idx, sc, lab = [], [], []
            for cls in range(c):
                if cls == a.get("background_label", 0):
                    continue
                k, s = _matrix_nms_class(bboxes[i], scores[i, cls], a)
                idx.append(k), sc.append(s), lab.append(np.full(k.size, cls, np.float64))
            idx = np.concatenate(idx) if idx else np.zeros(0, np.int64)
            sc = np.concatenate(sc) if sc else np.zeros(0)
            lab = np.concatenate(lab) if lab else np.zeros(0)
            perm = np.argsort(-sc, kind="stable")
            if a.get("keep_top_k", -1) > -1:
                perm = perm[:a["keep_top_k"]]
            rows.append(np.concatenate([lab[perm, None], sc[perm, None], bboxes[i][idx[perm]]], axis=1))
            index.append(idx[perm] + i * m)
            nums.append(perm.size)
        out = np.concatenate(rows).astype(bboxes.dtype) if rows else np.zeros((0, 6), bboxes.dtype)
        ind = (np.concatenate(index) if index else np.zeros(0)).astype(np.int32).reshape(-1, 1)
        return out, ind, np.asarray(nums, dtype=np.int32)

    def infer_meta(self, bboxes, scores):
        return (TensorMeta([-1, 6], bboxes.dtype), TensorMeta([-1, 1], "int32"),
                TensorMeta([bboxes.shape[0]], "int32"))


# -- generate_proposals ----------------------------------------------------------------------------
_BBOX_CLIP = np.log(1000.0 / 16.0)


def _decode_anchors(anchors, deltas, var, offset):
    aw = anchors[:, 2] - anchors[:, 0] + offset
    ah = anchors[:, 3] - anchors[:, 1] + offset
    acx, acy = anchors[:, 0] + 0.5 * aw, anchors[:, 1] + 0.5 * ah
    cx = var[:, 0] * deltas[:, 0] * aw + acx
    cy = var[:, 1] * deltas[:, 1] * ah + acy
    w = np.exp(np.minimum(var[:, 2] * deltas[:, 2], _BBOX_CLIP)) * aw
    h = np.exp(np.minimum(var[:, 3] * deltas[:, 3], _BBOX_CLIP)) * ah
    return np.stack([cx - w / 2, cy - h / 2, cx + w / 2 - offset, cy + h / 2 - offset], axis=1)


def _greedy_nms(boxes, scores, thresh, eta, normalized):
    order = _by_score(scores, np.arange(scores.size))
    iou = _jaccard(boxes, boxes, normalized)
    keep, adaptive = [], thresh
    for i in order:
        ok = all(iou[i, k] <= adaptive for k in keep)
        if ok:
            keep.append(i)
            if eta < 1 and adaptive > 0.5:
                adaptive *= eta
    return np.asarray(keep, dtype=np.int64)


@register("generate_proposals_v2")
class GenerateProposals(Op):
    """RPN proposals: anchors decoded by BboxDeltas, clipped to ImShape, small boxes dropped, then NMS; RpnRois
    [R, 4], RpnRoiProbs [R, 1], RpnRoisNum [N] per image (the legacy op type and attr names Paddle's static
    programs hold: pre_nms_topN, post_nms_topN)."""

    inputs = ("Scores", "BboxDeltas", "ImShape", "Anchors", "Variances")
    outputs = ("RpnRois", "RpnRoiProbs", "RpnRoisNum")
    differentiable = False

    def forward(self, xp, scores, deltas, im_shape, anchors, variances):
        a = self.attrs
        n = scores.shape[0]
        offset = 1.0 if a.get("pixel_offset", True) else 0.0
        sc = scores.transpose(0, 2, 3, 1).reshape(n, -1)
        dl = deltas.transpose(0, 2, 3, 1).reshape(n, -1, 4)
        anc = anchors.reshape(-1, 4).astype(np.float64)
        var = variances.reshape(-1, 4).astype(np.float64)
        if anc.shape[0] != sc.shape[1] or var.shape[0] != sc.shape[1]:
            # Paddle reads past the end of short anchors / variances (its output is then arbitrary memory)
            raise ValueError(f"(InvalidArgument) generate_proposals needs one anchor and one variance per score: "
                             f"Scores {list(scores.shape)} hold {sc.shape[1]} per image, but Anchors give "
                             f"{anc.shape[0]} and Variances {var.shape[0]}")
        pre, post = a.get("pre_nms_topN", 6000), a.get("post_nms_topN", 1000)
        rois, probs, nums = [], [], []
        for i in range(n):
            s = sc[i].astype(np.float64)
            idx = _by_score(s, np.arange(s.size))
            if 0 < pre < s.size:
                idx = idx[:pre]
            props = _decode_anchors(anc[idx], dl[i][idx].astype(np.float64), var[idx], offset)
            im_h, im_w = float(im_shape[i, 0]), float(im_shape[i, 1])
            props[:, 0::2] = np.maximum(np.minimum(props[:, 0::2], im_w - offset), 0)
            props[:, 1::2] = np.maximum(np.minimum(props[:, 1::2], im_h - offset), 0)
            s = s[idx]
            min_size = max(a.get("min_size", 0.1), 1.0)
            ws = props[:, 2] - props[:, 0] + offset
            hs = props[:, 3] - props[:, 1] + offset
            ok = (ws >= min_size) & (hs >= min_size)
            if offset:
                ok &= (props[:, 0] + ws / 2 <= im_w) & (props[:, 1] + hs / 2 <= im_h)
            if not ok.any():
                rois.append(np.zeros((1, 4))), probs.append(np.zeros(1)), nums.append(1)
                continue
            props, s = props[ok], s[ok]
            if a.get("nms_thresh", 0.5) > 0:
                keep = _greedy_nms(props, s, a.get("nms_thresh", 0.5), a.get("eta", 1.0), not offset)
                if 0 < post < keep.size:
                    keep = keep[:post]
                props, s = props[keep], s[keep]
            rois.append(props), probs.append(s), nums.append(len(s))
        return (np.concatenate(rois).astype(scores.dtype), np.concatenate(probs).reshape(-1, 1).astype(scores.dtype),
                np.asarray(nums, dtype=np.int32))

    def infer_meta(self, scores, deltas, im_shape, anchors, variances):
        return (TensorMeta([-1, 4], scores.dtype), TensorMeta([-1, 1], scores.dtype),
                TensorMeta([scores.shape[0]], "int32"))


# -- distribute_fpn_proposals ----------------------------------------------------------------------
@register("distribute_fpn_proposals")
class DistributeFpnProposals(Op):
    """Assigns each RoI of FpnRois [R, 4] an FPN level floor(log2(sqrt(area) / refer_scale) + refer_level)
    clipped to [min_level, max_level]: MultiFpnRois (one [Ri, 4] per level, image-major), MultiLevelRoIsNum
    (one [B] per level) and RestoreIndex [R, 1], the row of each RoI in the levels' concatenation."""

    inputs, outputs = ("FpnRois", "RoisNum"), ("MultiFpnRois", "MultiLevelRoIsNum", "RestoreIndex")
    duplicable = ("MultiFpnRois", "MultiLevelRoIsNum")
    differentiable = False

    def forward(self, xp, rois, rois_num=None):
        a = self.attrs
        lo, hi = a["min_level"], a["max_level"]
        scale = np.sqrt(_area(rois.astype(np.float64), not a.get("pixel_offset", True)))
        lvl = np.floor(np.log2(scale / a["refer_scale"] + 1e-8) + a["refer_level"])
        lvl = np.clip(lvl, lo, hi).astype(np.int64) - lo
        batch = _roi_batch(rois, rois_num, 1 if rois_num is None else len(rois_num))
        nb = 1 if rois_num is None else len(rois_num)
        order = np.lexsort((np.arange(rois.shape[0]), lvl))  # level-major, original order within a level
        restore = np.empty(rois.shape[0], dtype=np.int32)
        restore[order] = np.arange(rois.shape[0], dtype=np.int32)
        multi = [rois[lvl == k] for k in range(hi - lo + 1)]
        nums = [np.bincount(batch[lvl == k], minlength=nb).astype(np.int32) for k in range(hi - lo + 1)]
        return multi, nums, restore.reshape(-1, 1)

    def infer_meta(self, rois, rois_num=None):
        k = self.attrs["max_level"] - self.attrs["min_level"] + 1
        nb = -1 if rois_num is None else rois_num.shape[0]
        return ([TensorMeta([-1, 4], rois.dtype)] * k, [TensorMeta([nb], "int32")] * k,
                TensorMeta([rois.shape[0], 1], "int32"))


# -- image files -----------------------------------------------------------------------------------
@register("read_file")
class ReadFile(Op):
    """The bytes of the file `filename` as a 1-D uint8 array."""

    inputs, outputs = (), ("Out",)
    differentiable = False

    def forward(self, xp):
        with open(self.attrs["filename"], "rb") as f:
            return np.frombuffer(f.read(), dtype=np.uint8).copy()

    def infer_meta(self):
        return TensorMeta([-1], "uint8")


def _pillow():
    try:
        from PIL import Image
    except ImportError:
        raise ImportError("decode_jpeg needs Pillow in purepaddle (Paddle decodes with nvjpeg on a GPU); install "
                          "it with `pip install purepaddle[vision]` or `pip install pillow`") from None
    return Image


@register("decode_jpeg")
class DecodeJpeg(Op):
    """Decodes the JPEG bytes X (1-D uint8) into [C, H, W] uint8; mode "unchanged" keeps the file's channels,
    "gray" gives 1 channel, "rgb" 3."""

    inputs, outputs = ("X",), ("Out",)
    differentiable = False

    def forward(self, xp, x):
        mode = self.attrs.get("mode", "unchanged")
        img = _pillow().open(io.BytesIO(np.asarray(x, dtype=np.uint8).tobytes()))
        if mode == "gray":
            img = img.convert("L")
        elif mode == "rgb":
            img = img.convert("RGB")
        elif img.mode not in ("L", "RGB"):
            img = img.convert("RGB")
        arr = np.asarray(img, dtype=np.uint8)
        arr = arr[:, :, None] if arr.ndim == 2 else arr
        return np.ascontiguousarray(arr.transpose(2, 0, 1))

    def infer_meta(self, x):
        c = {"gray": 1, "rgb": 3}.get(self.attrs.get("mode", "unchanged"), -1)
        return TensorMeta([c, -1, -1], "uint8")


# -- yolov3_loss -----------------------------------------------------------------------------------
def _sce(x, label):
    """Sigmoid cross-entropy and its derivative in x."""
    return np.maximum(x, 0) - x * label + np.log1p(np.exp(-np.abs(x))), _sigmoid(x) - label


def _center_iou(b1, b2):
    """IoU of centre-size boxes (..., 4) (x, y, w, h), broadcasting."""
    def overlap(c1, w1, c2, w2):
        return np.minimum(c1 + w1 / 2, c2 + w2 / 2) - np.maximum(c1 - w1 / 2, c2 - w2 / 2)
    iw = overlap(b1[..., 0], b1[..., 2], b2[..., 0], b2[..., 2])
    ih = overlap(b1[..., 1], b1[..., 3], b2[..., 1], b2[..., 3])
    inter = np.where((iw < 0) | (ih < 0), 0.0, iw * ih)
    return inter / (b1[..., 2] * b1[..., 3] + b2[..., 2] * b2[..., 3] - inter)


def _yolov3_loss(a, x, gt_box, gt_label, gt_score):
    """(loss [N], objectness mask [N, M, H, W], gt match mask [N, B], d loss[i] / d x[i]) of Paddle's yolov3_loss:
    each valid ground truth is matched to its best anchor (by shape); when that anchor is one of anchor_mask,
    the cell holding the box centre pays location (sigmoid CE on x, y; L1 on w, h; weight (2 - w * h) * score)
    and class losses (sigmoid CE, label-smoothed); every prediction pays objectness, positive at matched cells,
    negative elsewhere unless it overlaps some ground truth by more than ignore_thresh."""
    anchors = np.asarray(a["anchors"], dtype=np.float64).reshape(-1, 2)
    mask = list(a["anchor_mask"])
    cn = a["class_num"]
    n, _, h, w = x.shape
    nm, nb = len(mask), gt_box.shape[1]
    input_size = a["downsample_ratio"] * h
    scale = a.get("scale_x_y", 1.0)
    bias = -0.5 * (scale - 1.0)
    pos, neg = 1.0, 0.0
    if a.get("use_label_smooth", True):
        sw = min(1.0 / cn, 1.0 / 40)
        pos, neg = 1.0 - sw, sw
    xd = x.astype(np.float64).reshape(n, nm, 5 + cn, h, w)
    gt = gt_box.astype(np.float64)
    score = np.ones((n, nb)) if gt_score is None else gt_score.astype(np.float64)
    valid = (gt[..., 2] >= 1e-6) & (gt[..., 3] >= 1e-6)
    loss = np.zeros(n)
    dx = np.zeros_like(xd)
    obj = np.zeros((n, nm, h, w))
    match = np.full((n, nb), -1, dtype=np.int32)
    gx_, gy_ = np.arange(w)[None, None, :], np.arange(h)[None, :, None]
    am = anchors[mask]
    pred = np.stack([(gx_ + _sigmoid(xd[:, :, 0]) * scale + bias) / h,
                     (gy_ + _sigmoid(xd[:, :, 1]) * scale + bias) / h,
                     np.exp(xd[:, :, 2]) * am[None, :, 0, None, None] / input_size,
                     np.exp(xd[:, :, 3]) * am[None, :, 1, None, None] / input_size], axis=-1)  # [N, M, H, W, 4]
    for i in range(n):
        if valid[i].any():
            ious = _center_iou(pred[i][..., None, :], gt[i][valid[i]])  # [M, H, W, B']
            obj[i][ious.max(axis=-1) > a["ignore_thresh"]] = -1.0
        for t in range(nb):
            if not valid[i, t]:
                continue
            g = gt[i, t]
            gi, gj = int(g[0] * w), int(g[1] * h)
            shapes = np.concatenate([np.zeros((len(anchors), 2)), anchors / input_size], axis=1)
            ious = _center_iou(shapes, np.array([0.0, 0.0, g[2], g[3]]))
            best, best_iou = 0, 0.0
            for k, v in enumerate(ious):  # the first strict maximum, as the kernel
                if v > best_iou:
                    best, best_iou = k, v
            m = mask.index(best) if best in mask else -1
            match[i, t] = m
            if m < 0:
                continue
            s = score[i, t]
            wt = (2.0 - g[2] * g[3]) * s
            tgt = (g[0] * h - gi, g[1] * h - gj, np.log(g[2] * input_size / anchors[best, 0]),
                   np.log(g[3] * input_size / anchors[best, 1]))
            cell = xd[i, m, :, gj, gi]
            for c in (0, 1):
                v, d = _sce(cell[c], tgt[c])
                loss[i] += v * wt
                dx[i, m, c, gj, gi] += d * wt
            for c in (2, 3):
                loss[i] += abs(tgt[c] - cell[c]) * wt
                dx[i, m, c, gj, gi] += (1.0 if cell[c] > tgt[c] else -1.0) * wt
            obj[i, m, gj, gi] = s
            labels = np.full(cn, neg)
            labels[int(gt_label[i, t])] = pos
            v, d = _sce(cell[5:], labels)
            loss[i] += v.sum() * s
            dx[i, m, 5:, gj, gi] += d * s
    o = xd[:, :, 4]
    vp, dp = _sce(o, 1.0)
    vn, dn = _sce(o, 0.0)
    posm, negm = obj > 1e-5, (obj <= 1e-5) & (obj > -0.5)
    loss += (np.where(posm, vp * obj, 0.0) + np.where(negm, vn, 0.0)).reshape(n, -1).sum(axis=1)
    dx[:, :, 4] += np.where(posm, dp * obj, 0.0) + np.where(negm, dn, 0.0)
    return loss, obj, match, dx.reshape(x.shape)


@register("yolov3_loss")
class Yolov3Loss(Op):
    """YOLOv3 loss of X [N, len(anchor_mask) * (5 + class_num), H, W] against GTBox [N, B, 4] (centre, size;
    normalised), GTLabel [N, B] and GTScore [N, B]: Loss [N], ObjectnessMask [N, M, H, W] (matched score, -1
    ignored, 0 negative) and GTMatchMask [N, B] (the anchor_mask slot of each box, -1 none)."""

    inputs, outputs = ("X", "GTBox", "GTLabel", "GTScore"), ("Loss", "ObjectnessMask", "GTMatchMask")
    saves = ("X", "GTBox", "GTLabel", "GTScore")
    nondiff_outputs = ("ObjectnessMask", "GTMatchMask")

    def forward(self, xp, x, gt_box, gt_label, gt_score=None):
        loss, obj, match, _ = _yolov3_loss(self.attrs, x, gt_box, gt_label, gt_score)
        return loss.astype(x.dtype), obj.astype(x.dtype), match

    def infer_meta(self, x, gt_box, gt_label, gt_score=None):
        nm = len(self.attrs["anchor_mask"])
        return (TensorMeta([x.shape[0]], x.dtype), TensorMeta([x.shape[0], nm, x.shape[2], x.shape[3]], x.dtype),
                TensorMeta([gt_box.shape[0], gt_box.shape[1]], "int32"))

    def backward(self, loss_grad, obj_grad=None, match_grad=None):
        x, gt_box, gt_label, gt_score = self.saved
        return apply(Yolov3LossGrad, x, gt_box, gt_label, gt_score, loss_grad, **self.attrs), None, None, None


@register("yolov3_loss_grad")
class Yolov3LossGrad(Op):
    """X@GRAD of yolov3_loss: each image's loss derivative (the ignore and match decisions held fixed) times its
    Loss@GRAD."""

    inputs, outputs = ("X", "GTBox", "GTLabel", "GTScore", "Loss@GRAD"), ("X@GRAD",)
    differentiable = False

    def forward(self, xp, x, gt_box, gt_label, gt_score, g):
        dx = _yolov3_loss(self.attrs, x, gt_box, gt_label, gt_score)[3]
        return (dx * np.asarray(g, dtype=np.float64).reshape(-1, 1, 1, 1)).astype(x.dtype)

    def infer_meta(self, x, gt_box, gt_label, gt_score, g):
        return TensorMeta(list(x.shape), x.dtype)
