"""Vision ops of paddle.nn.functional.vision: pixel_shuffle / pixel_unshuffle, channel_shuffle,
affine_grid (+ grad) and grid_sampler (+ grad: sample X at normalised grid positions, bilinear /
nearest, zeros / border / reflection padding); the detection ops of paddle.vision.ops: nms, box_coder and
roi_align (+ grad).
"""
import itertools

import numpy as np

from .._core.dispatch import apply
from .._core.op import Op, TensorMeta, register


# -- pixel / channel shuffles --------------------------------------------------------------------
def _shuffle(x, r, last, up):
    """pixel_shuffle (up) / pixel_unshuffle on an NCHW or NHWC array."""
    if last:
        x = np.moveaxis(x, -1, 1)
    n, c, h, w = x.shape
    if up:
        out = x.reshape(n, c // (r * r), r, r, h, w).transpose(0, 1, 4, 2, 5, 3).reshape(n, c // (r * r), h * r,
                                                                                          w * r)
    else:
        out = x.reshape(n, c, h // r, r, w // r, r).transpose(0, 1, 3, 5, 2, 4).reshape(n, c * r * r, h // r,
                                                                                         w // r)
    return np.ascontiguousarray(np.moveaxis(out, 1, -1) if last else out)


def _shuffle_meta(x, r, last, up):
    n, c, h, w = ([x.shape[0], x.shape[3], x.shape[1], x.shape[2]] if last else list(x.shape))
    f = (lambda d, k: -1 if d < 0 else d * k) if up else (lambda d, k: -1 if d < 0 else d // k)
    c2 = (-1 if c < 0 else c // (r * r)) if up else (-1 if c < 0 else c * r * r)
    h2, w2 = f(h, r), f(w, r)
    return [n, h2, w2, c2] if last else [n, c2, h2, w2]


@register("pixel_shuffle")
class PixelShuffle(Op):
    """[N, C*r*r, H, W] -> [N, C, H*r, W*r] (attrs upscale_factor, data_format)."""

    def forward(self, xp, x):
        a = self.attrs
        return _shuffle(x, a["upscale_factor"], a.get("data_format", "NCHW") == "NHWC", True)

    def infer_meta(self, x):
        a = self.attrs
        return TensorMeta(_shuffle_meta(x, a["upscale_factor"], a.get("data_format", "NCHW") == "NHWC", True),
                          x.dtype)

    def backward(self, g):
        a = self.attrs
        return apply(PixelUnshuffle, g, downscale_factor=a["upscale_factor"], data_format=a.get("data_format", "NCHW"))


@register("pixel_unshuffle")
class PixelUnshuffle(Op):
    """[N, C, H*r, W*r] -> [N, C*r*r, H, W] (attrs downscale_factor, data_format)."""

    def forward(self, xp, x):
        a = self.attrs
        return _shuffle(x, a["downscale_factor"], a.get("data_format", "NCHW") == "NHWC", False)

    def infer_meta(self, x):
        a = self.attrs
        return TensorMeta(_shuffle_meta(x, a["downscale_factor"], a.get("data_format", "NCHW") == "NHWC", False),
                          x.dtype)

    def backward(self, g):
        a = self.attrs
        return apply(PixelShuffle, g, upscale_factor=a["downscale_factor"], data_format=a.get("data_format", "NCHW"))


@register("channel_shuffle")
class ChannelShuffle(Op):
    """Interleave the channels of `groups` groups: [N, g*k, ...] viewed [N, g, k] -> [N, k, g]."""

    def forward(self, xp, x):
        a = self.attrs
        last = a.get("data_format", "NCHW") == "NHWC"
        g = a["groups"]
        if last:
            x = np.moveaxis(x, -1, 1)
        n, c = x.shape[:2]
        out = x.reshape((n, g, c // g) + x.shape[2:]).swapaxes(1, 2).reshape(x.shape)
        return np.ascontiguousarray(np.moveaxis(out, 1, -1) if last else out)

    def infer_meta(self, x):
        return TensorMeta(x.shape, x.dtype)

    def backward(self, g):
        a = self.attrs
        c = g.shape[-1] if a.get("data_format", "NCHW") == "NHWC" else g.shape[1]
        return apply(ChannelShuffle, g, groups=c // a["groups"], data_format=a.get("data_format", "NCHW"))


# -- affine_grid ---------------------------------------------------------------------------------
def _base_grid(sp, align_corners, dtype):
    """[*sp, nd + 1] homogeneous sampling coordinates in [-1, 1] (x first, as Paddle lays them out)."""
    axes = []
    for n in sp:
        if align_corners:
            v = np.linspace(-1, 1, n) if n > 1 else np.zeros(1)
        else:
            v = (np.arange(n) * 2 + 1) / n - 1
        axes.append(v.astype(dtype))
    mesh = np.meshgrid(*axes, indexing="ij")
    coords = [m for m in reversed(mesh)] + [np.ones(sp, dtype=dtype)]
    return np.stack(coords, axis=-1)


@register("affine_grid")
class AffineGrid(Op):
    """Sampling grid [N, H, W, 2] (or [N, D, H, W, 3]) of the affine maps Theta [N, 2, 3] (or [N, 3, 4])."""

    inputs, outputs = ("Theta", "OutputShape"), ("Output",)

    def forward(self, xp, theta, out_shape=None):
        shape = [int(v) for v in (out_shape.reshape(-1) if out_shape is not None else self.attrs["output_shape"])]
        base = _base_grid(shape[2:], self.attrs.get("align_corners", True), theta.dtype)
        n = theta.shape[0]
        flat = base.reshape(-1, base.shape[-1])
        return np.matmul(flat, theta.transpose(0, 2, 1)).reshape([n] + shape[2:] + [theta.shape[1]])

    def infer_meta(self, theta, out_shape=None):
        shape = list(self.attrs.get("output_shape") or [])
        if out_shape is not None or not shape:
            nd = theta.shape[1] if theta.shape[1] > 0 else 2
            return TensorMeta([theta.shape[0]] + [-1] * nd + [nd], theta.dtype)
        return TensorMeta([theta.shape[0]] + shape[2:] + [theta.shape[1]], theta.dtype)

    def backward(self, g):
        return apply(AffineGridGrad, g, **self.attrs), None


@register("affine_grid_grad")
class AffineGridGrad(Op):
    """Theta@GRAD of affine_grid: sum over positions of Output@GRAD times the base coordinates."""

    inputs, outputs = ("Output@GRAD",), ("Theta@GRAD",)

    def forward(self, xp, g):
        sp = list(g.shape[1:-1])
        base = _base_grid(sp, self.attrs.get("align_corners", True), g.dtype)
        flat = base.reshape(-1, base.shape[-1])
        return np.matmul(g.reshape(g.shape[0], -1, g.shape[-1]).transpose(0, 2, 1), flat)

    def infer_meta(self, g):
        return TensorMeta([g.shape[0], g.shape[-1], g.shape[-1] + 1], g.dtype)

    def backward(self, gg):
        return apply(AffineGrid, gg, **self.attrs)


# -- grid_sampler ---------------------------------------------------------------------------------
def _source(g, size, align_corners, padding_mode):
    """Normalised coords in [-1, 1] -> input pixel coords, with border / reflection padding applied.

    Also returns d(coord)/d(g) for the grid gradient."""
    if align_corners:
        c, dc = (g + 1) / 2 * (size - 1), np.full_like(g, (size - 1) / 2)
    else:
        c, dc = ((g + 1) * size - 1) / 2, np.full_like(g, size / 2)
    if padding_mode == "border":
        inside = (c > 0) & (c < size - 1)
        return np.clip(c, 0, size - 1), dc * inside
    if padding_mode == "reflection":
        lo, hi = (0.0, size - 1.0) if align_corners else (-0.5, size - 0.5)
        span = hi - lo
        if span <= 0:
            return np.zeros_like(c), np.zeros_like(dc)
        t = np.abs(c - lo)
        flips = np.floor(t / span)
        extra = t - flips * span
        sign = np.where(c < lo, -1.0, 1.0) * np.where(flips % 2 == 0, 1.0, -1.0)
        r = np.where(flips % 2 == 0, lo + extra, hi - extra)
        inside = (r > 0) & (r < size - 1)
        return np.clip(r, 0, size - 1), dc * sign * inside
    return c, dc


def _prepare(x, grid, a):
    nd = x.ndim - 2
    sizes = list(x.shape[2:])[::-1]  # W, H[, D]: the order of the grid's last axis
    # nearest taps round the source coordinate computed in the grid's own precision, as Paddle's kernel: float64
    # arithmetic can move a float32 coordinate off an exact .5 tie and pick the other pixel
    work = grid.dtype if a.get("mode") == "nearest" else np.float64
    coords, dcoords = zip(*[_source(grid[..., i].astype(work), sizes[i], a["align_corners"],
                                    a["padding_mode"]) for i in range(nd)])
    return nd, sizes, coords, dcoords


def _corners(nd, sizes, coords, mode):
    """(flat index (N, P), valid mask, weight, per-dim weight derivatives) of each sampling tap."""
    n = coords[0].shape[0]
    flat_c = [c.reshape(n, -1) for c in coords]
    strides = [int(np.prod(sizes[:i])) for i in range(nd)]  # W is fastest
    if mode == "nearest":
        idx = [np.rint(c).astype(np.int64) for c in flat_c]
        valid = np.all([(i >= 0) & (i < s) for i, s in zip(idx, sizes)], axis=0)
        flat = sum(np.clip(i, 0, s - 1) * st for i, s, st in zip(idx, sizes, strides))
        yield flat, valid, np.ones_like(flat_c[0]), [np.zeros_like(flat_c[0])] * nd
        return
    lo = [np.floor(c) for c in flat_c]
    frac = [c - f for c, f in zip(flat_c, lo)]
    for bits in itertools.product((0, 1), repeat=nd):
        idx = [(f + b).astype(np.int64) for f, b in zip(lo, bits)]
        valid = np.all([(i >= 0) & (i < s) for i, s in zip(idx, sizes)], axis=0)
        ws = [t if b else 1 - t for t, b in zip(frac, bits)]
        w = np.prod(ws, axis=0)
        dws = []
        for d in range(nd):
            others = np.prod([ws[k] for k in range(nd) if k != d], axis=0) if nd > 1 else np.ones_like(w)
            dws.append(others * (1 if bits[d] else -1))
        flat = sum(np.clip(i, 0, s - 1) * st for i, s, st in zip(idx, sizes, strides))
        yield flat, valid, w, dws


@register("grid_sampler")
class GridSampler(Op):
    """Output[n, c, p] = X sampled at Grid[n, p] (attrs mode, padding_mode, align_corners)."""

    inputs, outputs = ("X", "Grid"), ("Output",)
    saves = ("X", "Grid")

    def forward(self, xp, x, grid):
        nd, sizes, coords, _ = _prepare(x, grid, self.attrs)
        n, c = x.shape[:2]
        xf = x.reshape(n, c, -1)
        out = np.zeros((n, c, coords[0][0].size), dtype=np.float64)
        for flat, valid, w, _ in _corners(nd, sizes, coords, self.attrs["mode"]):
            vals = np.take_along_axis(xf, flat[:, None, :], axis=2)
            out += vals * (w * valid)[:, None, :]
        return out.reshape((n, c) + grid.shape[1:-1]).astype(x.dtype)

    def infer_meta(self, x, grid):
        return TensorMeta(list(x.shape[:2]) + list(grid.shape[1:-1]), x.dtype)

    def backward(self, g):
        x, grid = self.saved
        return apply(GridSamplerGrad, x, grid, g, **self.attrs)


@register("grid_sampler_grad")
class GridSamplerGrad(Op):
    """X@GRAD (taps scattered back) and Grid@GRAD (through the bilinear weights) of grid_sampler."""

    inputs, outputs = ("X", "Grid", "Output@GRAD"), ("X@GRAD", "Grid@GRAD")

    def forward(self, xp, x, grid, g):
        nd, sizes, coords, dcoords = _prepare(x, grid, self.attrs)
        n, c = x.shape[:2]
        hw = int(np.prod(sizes))
        xf = x.reshape(n, c, -1)
        gf = g.reshape(n, c, -1).astype(np.float64)
        dx = np.zeros(n * c * hw)
        dgrid = [np.zeros(coords[0].reshape(n, -1).shape) for _ in range(nd)]
        rows = (np.arange(n * c) * hw).reshape(n, c, 1)
        for flat, valid, w, dws in _corners(nd, sizes, coords, self.attrs["mode"]):
            wv = w * valid
            dx += np.bincount((rows + flat[:, None, :]).reshape(-1), weights=(gf * wv[:, None, :]).reshape(-1),
                              minlength=n * c * hw)
            vals = np.take_along_axis(xf, flat[:, None, :], axis=2)
            gv = (gf * vals).sum(axis=1) * valid
            for d in range(nd):
                dgrid[d] += gv * dws[d]
        dgrid = np.stack([dg * dc.reshape(n, -1) for dg, dc in zip(dgrid, dcoords)], axis=-1)
        return dx.reshape(x.shape).astype(x.dtype), dgrid.reshape(grid.shape).astype(grid.dtype)

    def infer_meta(self, x, grid, g):
        return TensorMeta(x.shape, x.dtype), TensorMeta(grid.shape, grid.dtype)


# -- detection: nms, box_coder, roi_align --------------------------------------------------------
def _iou_matrix(boxes):
    """Pairwise IoU of [N, 4] (x1, y1, x2, y2) boxes; areas without the +1 of pixel-unit boxes, as Paddle's nms."""
    x1, y1, x2, y2 = (boxes[:, k] for k in range(4))
    area = (x2 - x1) * (y2 - y1)
    iw = np.maximum(np.minimum(x2[:, None], x2[None]) - np.maximum(x1[:, None], x1[None]), 0)
    ih = np.maximum(np.minimum(y2[:, None], y2[None]) - np.maximum(y1[:, None], y1[None]), 0)
    inter = iw * ih
    return inter / (area[:, None] + area[None] - inter)


@register("nms")
class NMS(Op):
    """Indices (int64) of the boxes kept by greedy non-maximum suppression in the given order: a box is dropped
    when its IoU with an earlier kept box exceeds iou_threshold."""

    inputs, outputs = ("Boxes",), ("KeepBoxesIdxs",)
    differentiable = False

    def forward(self, xp, boxes):
        iou = _iou_matrix(boxes)
        thr = self.attrs.get("iou_threshold", 1.0)
        suppressed = np.zeros(boxes.shape[0], dtype=bool)
        keep = []
        for i in range(boxes.shape[0]):
            if suppressed[i]:
                continue
            keep.append(i)
            suppressed[i + 1:] |= iou[i, i + 1:] > thr
        return np.asarray(keep, dtype=np.int64)

    def infer_meta(self, boxes):
        return TensorMeta([-1], "int64")


def _center_size(b, norm):
    w = b[..., 2] - b[..., 0] + norm
    h = b[..., 3] - b[..., 1] + norm
    return b[..., 0] + w / 2, b[..., 1] + h / 2, w, h


@register("box_coder")
class BoxCoder(Op):
    """Encodes TargetBox [N, 4] against PriorBox [M, 4] into offsets [N, M, 4], or decodes offsets [N, M, 4] back
    to boxes (code_type encode_center_size / decode_center_size), each component divided / multiplied by the
    prior's variance (PriorBoxVar [M, 4] or the 4-element `variance` attr)."""

    inputs, outputs = ("PriorBox", "PriorBoxVar", "TargetBox"), ("OutputBox",)
    differentiable = False

    def forward(self, xp, prior, prior_var, target):
        a = self.attrs
        norm = 0 if a.get("box_normalized", True) else 1
        var = prior_var if prior_var is not None else (
            np.asarray(a["variance"], dtype=prior.dtype) if a.get("variance") else None)
        pcx, pcy, pw, ph = _center_size(prior, norm)
        if a.get("code_type", "encode_center_size") in ("encode_center_size", 0):
            # Paddle centres targets at the plain midpoint, priors at x1 + (w + norm) / 2
            _, _, tw, th = (v[:, None] for v in _center_size(target, norm))
            tcx = ((target[:, 0] + target[:, 2]) / 2)[:, None]
            tcy = ((target[:, 1] + target[:, 3]) / 2)[:, None]
            out = np.stack([(tcx - pcx) / pw, (tcy - pcy) / ph, np.log(np.abs(tw / pw)), np.log(np.abs(th / ph))],
                           axis=-1)
            if var is not None:
                out = out / (var if var.ndim == 1 else var[None])
            return out.astype(prior.dtype)
        # decode: the prior runs along axis 1 of TargetBox (axis=0) or along axis 0 (axis=1)
        axis = a.get("axis", 0)
        expand = (lambda v: v[None]) if axis == 0 else (lambda v: v[:, None])
        pcx, pcy, pw, ph = (expand(v) for v in (pcx, pcy, pw, ph))
        if var is None:
            v = np.ones(4, dtype=prior.dtype)
        else:
            v = var if var.ndim == 1 else expand(var)
        t = target
        cx = v[..., 0] * t[..., 0] * pw + pcx
        cy = v[..., 1] * t[..., 1] * ph + pcy
        w = np.exp(v[..., 2] * t[..., 2]) * pw
        h = np.exp(v[..., 3] * t[..., 3]) * ph
        return np.stack([cx - w / 2, cy - h / 2, cx + w / 2 - norm, cy + h / 2 - norm], axis=-1).astype(prior.dtype)

    def infer_meta(self, prior, prior_var, target):
        if self.attrs.get("code_type", "encode_center_size") in ("encode_center_size", 0):
            return TensorMeta([target.shape[0], prior.shape[0], 4], prior.dtype)
        return TensorMeta(list(target.shape), prior.dtype)


def _roi_batch(rois, rois_num, n):
    """The image index of each RoI, from RoisNum (RoIs per image); one image when RoisNum is absent."""
    if rois_num is None:
        return np.zeros(rois.shape[0], dtype=np.int64)
    return np.repeat(np.arange(n), np.asarray(rois_num, dtype=np.int64))


def _roi_align_weights(roi, h, w, a):
    """[PH*PW, H*W] matrix whose rows average the bilinear samples of each output bin (Paddle's roi_align)."""
    ph_, pw_ = a["pooled_height"], a["pooled_width"]
    scale = a.get("spatial_scale", 1.0)
    aligned = a.get("aligned", True)
    ratio = a.get("sampling_ratio", -1)
    off = 0.5 if aligned else 0.0
    x1, y1, x2, y2 = (float(v) * scale - off for v in roi)
    rw, rh = x2 - x1, y2 - y1
    if not aligned:
        rw, rh = max(rw, 1.0), max(rh, 1.0)
    bh, bw = rh / ph_, rw / pw_
    gh = ratio if ratio > 0 else int(np.ceil(rh / ph_))
    gw = ratio if ratio > 0 else int(np.ceil(rw / pw_))
    count = max(gh * gw, 1)
    wmat = np.zeros((ph_ * pw_, h * w), dtype=np.float64)
    for p in range(ph_):
        for q in range(pw_):
            row = wmat[p * pw_ + q]
            for iy in range(gh):
                y = y1 + p * bh + (iy + 0.5) * bh / gh
                for ix in range(gw):
                    x = x1 + q * bw + (ix + 0.5) * bw / gw
                    if y < -1.0 or y > h or x < -1.0 or x > w:
                        continue
                    y, x = max(y, 0.0), max(x, 0.0)
                    yl, xl = int(y), int(x)
                    if yl >= h - 1:
                        yl = yh = h - 1
                        y = float(yl)
                    else:
                        yh = yl + 1
                    if xl >= w - 1:
                        xl = xh = w - 1
                        x = float(xl)
                    else:
                        xh = xl + 1
                    ly, lx = y - yl, x - xl
                    for yy, xx, wt in ((yl, xl, (1 - ly) * (1 - lx)), (yl, xh, (1 - ly) * lx),
                                       (yh, xl, ly * (1 - lx)), (yh, xh, ly * lx)):
                        row[yy * w + xx] += wt / count
    return wmat


@register("roi_align")
class RoIAlign(Op):
    """Out[r, c] = bilinear average pooling of X[image of r, c] over RoI r's PH x PW bins (ROIs [R, 4] in input
    coordinates times spatial_scale; RoisNum [N] RoIs per image)."""

    inputs, outputs = ("X", "ROIs", "RoisNum"), ("Out",)
    saves = ("X", "ROIs", "RoisNum")

    def forward(self, xp, x, rois, rois_num=None):
        n, c, h, w = x.shape
        batch = _roi_batch(rois, rois_num, n)
        out = np.zeros((rois.shape[0], c, self.attrs["pooled_height"] * self.attrs["pooled_width"]),
                       dtype=np.float64)
        for r in range(rois.shape[0]):
            out[r] = x[batch[r]].reshape(c, -1) @ _roi_align_weights(rois[r], h, w, self.attrs).T
        return out.reshape(rois.shape[0], c, self.attrs["pooled_height"], self.attrs["pooled_width"]).astype(x.dtype)

    def infer_meta(self, x, rois, rois_num=None):
        return TensorMeta([rois.shape[0], x.shape[1], self.attrs["pooled_height"], self.attrs["pooled_width"]],
                          x.dtype)

    def backward(self, g):
        x, rois, rois_num = self.saved
        return apply(RoIAlignGrad, x, rois, rois_num, g, **self.attrs), None, None


@register("roi_align_grad")
class RoIAlignGrad(Op):
    """X@GRAD: each RoI's Out@GRAD spread back over the bilinear sample points of its bins."""

    inputs, outputs = ("X", "ROIs", "RoisNum", "Out@GRAD"), ("X@GRAD",)
    differentiable = False

    def forward(self, xp, x, rois, rois_num, g):
        n, c, h, w = x.shape
        batch = _roi_batch(rois, rois_num, n)
        gx = np.zeros((n, c, h * w), dtype=np.float64)
        for r in range(rois.shape[0]):
            gx[batch[r]] += g[r].reshape(c, -1) @ _roi_align_weights(rois[r], h, w, self.attrs)
        return gx.reshape(x.shape).astype(x.dtype)

    def infer_meta(self, x, rois, rois_num, g):
        return TensorMeta(list(x.shape), x.dtype)


def _round_half_away(v):
    # std::round, as Paddle rounds RoI corners
    return int(np.floor(abs(v) + 0.5) * np.sign(v))


@register("roi_pool")
class RoIPool(Op):
    """Out[r, c] = max of X[image of r, c] over each of RoI r's PH x PW bins on the integer grid (corners rounded
    after spatial_scale); Argmax holds the flat h * W + w of each maximum (-1 for an empty bin, whose Out is 0)."""

    inputs, outputs = ("X", "ROIs", "RoisNum"), ("Out", "Argmax")
    saves = ("X", "ROIs", "RoisNum", "Argmax")
    nondiff_outputs = ("Argmax",)

    def forward(self, xp, x, rois, rois_num=None):
        n, c, h, w = x.shape
        a = self.attrs
        ph_, pw_, scale = a["pooled_height"], a["pooled_width"], a.get("spatial_scale", 1.0)
        batch = _roi_batch(rois, rois_num, n)
        out = np.zeros((rois.shape[0], c, ph_, pw_), dtype=x.dtype)
        arg = np.full((rois.shape[0], c, ph_, pw_), -1, dtype=np.int64)
        for r in range(rois.shape[0]):
            x1, y1, x2, y2 = (_round_half_away(float(v) * scale) for v in rois[r])
            rh, rw = max(y2 - y1 + 1, 1), max(x2 - x1 + 1, 1)
            bh, bw = rh / ph_, rw / pw_
            feat = x[batch[r]].reshape(c, -1)
            for p in range(ph_):
                hs = min(max(int(np.floor(p * bh)) + y1, 0), h)
                he = min(max(int(np.ceil((p + 1) * bh)) + y1, 0), h)
                for q in range(pw_):
                    ws = min(max(int(np.floor(q * bw)) + x1, 0), w)
                    we = min(max(int(np.ceil((q + 1) * bw)) + x1, 0), w)
                    if he <= hs or we <= ws:
                        continue
                    flat = (np.arange(hs, he)[:, None] * w + np.arange(ws, we)[None]).ravel()
                    vals = feat[:, flat]
                    best = np.argmax(vals, axis=1)  # the first maximum, as the kernel's strict '>'
                    out[r, :, p, q] = vals[np.arange(c), best]
                    arg[r, :, p, q] = flat[best]
        return out, arg

    def infer_meta(self, x, rois, rois_num=None):
        shape = [rois.shape[0], x.shape[1], self.attrs["pooled_height"], self.attrs["pooled_width"]]
        return TensorMeta(shape, x.dtype), TensorMeta(shape, "int64")

    def backward(self, out_grad, argmax_grad=None):
        x, rois, rois_num, argmax = self.saved
        return apply(RoIPoolGrad, x, rois, rois_num, argmax, out_grad, **self.attrs), None, None


@register("roi_pool_grad")
class RoIPoolGrad(Op):
    """X@GRAD: each bin's Out@GRAD added at its Argmax position."""

    inputs, outputs = ("X", "ROIs", "RoisNum", "Argmax", "Out@GRAD"), ("X@GRAD",)
    differentiable = False

    def forward(self, xp, x, rois, rois_num, argmax, g):
        n, c, h, w = x.shape
        batch = _roi_batch(rois, rois_num, n)
        gx = np.zeros((n, c, h * w), dtype=np.float64)
        for r in range(rois.shape[0]):
            idx = argmax[r].reshape(c, -1)
            gr = g[r].reshape(c, -1)
            for ch in range(c):
                ok = idx[ch] >= 0
                np.add.at(gx[batch[r], ch], idx[ch][ok], gr[ch][ok])
        return gx.reshape(x.shape).astype(x.dtype)

    def infer_meta(self, x, rois, rois_num, argmax, g):
        return TensorMeta(list(x.shape), x.dtype)
