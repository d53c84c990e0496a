"""OpSpec table: the losses of paddle.nn.functional (forward vs NumPy, float64 numeric gradients of the
non-label inputs, static == eager, double backward for cross_entropy and mse), plus Paddle's shapes,
reductions and error messages."""
import numpy as np
import pytest

import purepaddle as paddle
import purepaddle.nn.functional as F
from tests.opspec import OpSpec, ints, parametrize, positive, rand


def _lsm(x, axis=-1):
    s = x - x.max(axis=axis, keepdims=True)
    return s - np.log(np.exp(s).sum(axis=axis, keepdims=True))


def _pick(a, lab):
    return np.take_along_axis(a, lab.reshape(-1, 1), 1)[:, 0]


def _ce_ref(x, lab, w=None, ignore=-100, reduction="mean"):
    lp = _lsm(x)
    keep = lab != ignore
    safe = np.where(keep, lab, 0)
    out = -_pick(lp, safe) * keep
    ww = (np.ones(x.shape[1]) if w is None else w)[safe] * keep
    if w is not None:
        out = out * ww
    if reduction == "none":
        return out
    if reduction == "sum":
        return out.sum()
    return out.sum() / ww.sum() if w is not None else out.mean()


def _soft_labels(*shape):
    def make(rng):
        a = rng.uniform(0.1, 1.0, size=shape)
        return a / a.sum(-1, keepdims=True)
    return make


def _signs(*shape):
    return lambda rng: rng.choice([-1.0, 1.0], size=shape)


def _binary(*shape):
    return lambda rng: (rng.uniform(size=shape) > 0.5).astype("float64")


def _ctc_ref(logits, labels, in_len, lab_len, blank=0):
    """Per-sequence CTC negative log likelihood in probability space (a plain loop)."""
    out = []
    for b in range(logits.shape[1]):
        p = np.exp(_lsm(logits[:in_len[b], b].astype(np.float64)))
        ext = [blank]
        for c in labels[b, :lab_len[b]]:
            ext += [int(c), blank]
        a = np.zeros(len(ext))
        a[0] = p[0, ext[0]]
        if len(ext) > 1:
            a[1] = p[0, ext[1]]
        for t in range(1, len(p)):
            n = a.copy()
            for s in range(len(ext)):
                v = a[s] + (a[s - 1] if s >= 1 else 0)
                if s >= 2 and ext[s] != blank and ext[s] != ext[s - 2]:
                    v += a[s - 2]
                n[s] = v * p[t, ext[s]]
            a = n
        out.append(-np.log(a[-1] + (a[-2] if len(ext) > 1 else 0)))
    return np.array(out)


def _rnnt_ref(lp, labels, in_len, lab_len, blank=0):
    out = []
    for b in range(lp.shape[0]):
        t_n, u_n = in_len[b], lab_len[b]
        a = np.full((t_n, u_n + 1), -np.inf)
        a[0, 0] = 0
        for t in range(t_n):
            for u in range(u_n + 1):
                if t == 0 and u == 0:
                    continue
                top = a[t - 1, u] + lp[b, t - 1, u, blank] if t else -np.inf
                left = a[t, u - 1] + lp[b, t, u - 1, labels[b, u - 1]] if u else -np.inf
                a[t, u] = np.logaddexp(top, left)
        out.append(-(a[t_n - 1, u_n] + lp[b, t_n - 1, u_n, blank]))
    return np.array(out)


def _bce_ref(p, z):
    return -(z * np.maximum(np.log(p), -100) + (1 - z) * np.maximum(np.log(1 - p), -100))


def _sce_ref(x, z, pw=None):
    sp = np.log1p(np.exp(-np.abs(x))) + np.maximum(-x, 0)
    return (1 - z) * x + (sp if pw is None else (1 + (pw - 1) * z) * sp)


def _huber(x, y, d=1.0):
    r = np.abs(y - x)
    return np.where(r <= d, 0.5 * r * r, d * (r - 0.5 * d))


LAB4 = np.array([1, 2, 0, 4])
CTC_LAB = np.array([[1, 2, 2], [2, 1, 0]], "int32")
CTC_IN, CTC_LL = np.array([5, 4]), np.array([3, 2])
RNNT_LAB = np.array([[1, 2], [3, 0]], "int32")
RNNT_IN, RNNT_LL = np.array([3, 2], "int32"), np.array([2, 1], "int32")
W5 = np.array([1.0, 2.0, 0.5, 1.5, 3.0])

SPECS = [
    OpSpec("cross_entropy", F.cross_entropy, _ce_ref, [rand(4, 5, low=-2, high=2), LAB4], grad=[0], double=True),
    OpSpec("cross_entropy_n1", lambda x, y: F.cross_entropy(x, y, reduction="none"),
           lambda x, y: _ce_ref(x, y.ravel(), reduction="none")[:, None], [rand(4, 5), LAB4.reshape(4, 1)],
           grad=[0], double=True),
    OpSpec("cross_entropy_sum_ignore", lambda x, y: F.cross_entropy(x, y, reduction="sum", ignore_index=2),
           lambda x, y: _ce_ref(x, y, ignore=2, reduction="sum"), [rand(4, 5), LAB4], grad=[0]),
    OpSpec("cross_entropy_weight", lambda x, y, w: F.cross_entropy(x, y, weight=w),
           lambda x, y, w: _ce_ref(x, y, w), [rand(4, 5), np.array([1, -100, 0, 4]), W5], grad=[0], double=True),
    OpSpec("cross_entropy_soft", lambda x, y: F.cross_entropy(x, y, soft_label=True, reduction="none"),
           lambda x, y: -(y * _lsm(x)).sum(-1, keepdims=True), [rand(3, 4), _soft_labels(3, 4)], grad=[0],
           double=True),
    OpSpec("cross_entropy_smooth", lambda x, y: F.cross_entropy(x, y, label_smoothing=0.2),
           lambda x, y: -((np.eye(5)[y] * 0.8 + 0.04) * _lsm(x)).sum(-1).mean(), [rand(4, 5), LAB4], grad=[0]),
    OpSpec("cross_entropy_no_softmax", lambda x, y: F.cross_entropy(x, y, use_softmax=False, reduction="none"),
           lambda p, y: -np.log(_pick(p, y)), [positive(4, 5, low=0.2, high=1.0), LAB4], grad=[0], double=True),
    OpSpec("cross_entropy_axis1", lambda x, y: F.cross_entropy(x, y, axis=1, reduction="none"),
           lambda x, y: -np.take_along_axis(_lsm(x, 1), y[:, None], 1)[:, 0], [rand(2, 3, 4), ints(2, 4, high=3)],
           grad=[0]),
    OpSpec("softmax_with_cross_entropy", lambda x, y: F.softmax_with_cross_entropy(x, y, return_softmax=True),
           lambda x, y: (-_pick(_lsm(x), y.ravel())[:, None], np.exp(_lsm(x))), [rand(3, 4), ints(3, 1, high=4)],
           grad=[0]),
    OpSpec("nll_loss", F.nll_loss, lambda x, y: -_pick(x, y).mean(), [rand(4, 3), ints(4, high=3)], grad=[0]),
    OpSpec("nll_loss_weight_none", lambda x, y, w: F.nll_loss(x, y, weight=w, reduction="none"),
           lambda x, y, w: -_pick(x, np.maximum(y, 0)) * w[np.maximum(y, 0)] * (y >= 0),
           [rand(4, 3), np.array([2, -100, 0, 1]), np.array([1.0, 2.0, 3.0])], grad=[0]),
    OpSpec("nll_loss_4d", F.nll_loss, lambda x, y: -np.take_along_axis(x, y[:, None], 1).mean(),
           [rand(2, 3, 2, 2), ints(2, 2, 2, high=3)], grad=[0]),
    OpSpec("mse_loss", F.mse_loss, lambda x, y: ((x - y) ** 2).mean(), [rand(3, 4), rand(3, 4)], double=True),
    OpSpec("mse_loss_none", lambda x, y: F.mse_loss(x, y, reduction="none"), lambda x, y: (x - y) ** 2,
           [rand(3, 4), rand(3, 4)], double=True),
    OpSpec("square_error_cost", F.square_error_cost, lambda x, y: (x - y) ** 2, [rand(3, 4), rand(3, 4)]),
    OpSpec("l1_loss", lambda x, y: F.l1_loss(x, y, reduction="sum"), lambda x, y: np.abs(x - y).sum(),
           [rand(3, 4), rand(3, 4)]),
    OpSpec("smooth_l1_loss", lambda x, y: F.smooth_l1_loss(x, y, reduction="none", delta=0.5),
           lambda x, y: _huber(x, y, 0.5), [rand(3, 4), rand(3, 4)]),
    OpSpec("smooth_l1_not_huber", lambda x, y: F.smooth_l1_loss(x, y, delta=0.5, is_huber=False),
           lambda x, y: (_huber(x, y, 0.5) / 0.5).mean(), [rand(3, 4), rand(3, 4)]),
    OpSpec("binary_cross_entropy", lambda p, z: F.binary_cross_entropy(p, z, reduction="none"), _bce_ref,
           [positive(3, 4, low=0.1, high=0.9), _binary(3, 4)], grad=[0]),
    OpSpec("binary_cross_entropy_weight", lambda p, z, w: F.binary_cross_entropy(p, z, weight=w),
           lambda p, z, w: (_bce_ref(p, z) * w).mean(), [positive(3, 4, low=0.1, high=0.9), _binary(3, 4),
                                                         positive(4)], grad=[0, 2]),
    OpSpec("bce_with_logits", lambda x, z: F.binary_cross_entropy_with_logits(x, z, reduction="none"), _sce_ref,
           [rand(3, 4, low=-3, high=3), _binary(3, 4)], grad=[0], double=True),
    OpSpec("bce_with_logits_pos_weight", lambda x, z, pw: F.binary_cross_entropy_with_logits(x, z, pos_weight=pw),
           lambda x, z, pw: _sce_ref(x, z, pw).mean(), [rand(3, 4, low=-3, high=3), _binary(3, 4), positive(4)],
           grad=[0], double=True),
    OpSpec("kl_div_batchmean", lambda x, t: F.kl_div(x, t, reduction="batchmean"),
           lambda x, t: (t * (np.log(t) - x)).sum() / x.shape[0], [rand(3, 4), positive(3, 4)], grad=[0]),
    OpSpec("kl_div_log_target", lambda x, t: F.kl_div(x, t, reduction="none", log_target=True),
           lambda x, t: np.exp(t) * (t - x), [rand(3, 4), rand(3, 4)], grad=[0]),
    OpSpec("margin_ranking_loss", lambda a, b, y: F.margin_ranking_loss(a, b, y, margin=0.1, reduction="none"),
           lambda a, b, y: np.maximum(-y * (a - b) + 0.1, 0), [rand(3, 4), rand(3, 4), _signs(3, 4)], grad=[0, 1]),
    OpSpec("log_loss", F.log_loss, lambda p, y: -y * np.log(p + 1e-4) - (1 - y) * np.log(1 - p + 1e-4),
           [positive(4, 1, low=0.1, high=0.9), _binary(4, 1)], grad=[0]),
    OpSpec("sigmoid_focal_loss", lambda x, z: F.sigmoid_focal_loss(x, z, reduction="none"),
           lambda x, z: ((0.25 * z + 0.75 * (1 - z)) * (1 - (1 / (1 + np.exp(-x)) * z + (1 - 1 / (1 + np.exp(-x)))
                                                              * (1 - z))) ** 2 * _sce_ref(x, z)),
           [rand(3, 4, low=-2, high=2), _binary(3, 4)], grad=[0]),
    OpSpec("soft_margin_loss", F.soft_margin_loss, lambda x, y: np.log1p(np.exp(-y * x)).mean(),
           [rand(3, 4), _signs(3, 4)], grad=[0]),
    OpSpec("hinge_embedding_loss", lambda x, y: F.hinge_embedding_loss(x, y, margin=0.5, reduction="none"),
           lambda x, y: np.where(y == 1, x, np.maximum(0.5 - x, 0)), [rand(3, 4), _signs(3, 4)], grad=[0]),
    OpSpec("multi_label_soft_margin_loss", lambda x, y: F.multi_label_soft_margin_loss(x, y, reduction="none"),
           lambda x, y: (y * np.log1p(np.exp(-x)) + (1 - y) * np.log1p(np.exp(x))).mean(-1),
           [rand(3, 4), _binary(3, 4)], grad=[0]),
    OpSpec("poisson_nll_loss", F.poisson_nll_loss, lambda x, y: (np.exp(x) - y * x).mean(),
           [rand(3, 4), positive(3, 4)], grad=[0]),
    OpSpec("gaussian_nll_loss", lambda x, y, v: F.gaussian_nll_loss(x, y, v, reduction="none"),
           lambda x, y, v: 0.5 * (np.log(v) + (x - y) ** 2 / v), [rand(3, 4), rand(3, 4), positive(3, 4)],
           grad=[0, 1]),
    OpSpec("cosine_embedding_loss", lambda a, b, y: F.cosine_embedding_loss(a, b, y, margin=0.1, reduction="none"),
           lambda a, b, y: np.where(y == 1, 1 - (a * b).sum(-1) / np.sqrt((a * a).sum(-1) * (b * b).sum(-1)),
                                    np.maximum((a * b).sum(-1) / np.sqrt((a * a).sum(-1) * (b * b).sum(-1)) - 0.1,
                                               0)),
           [rand(4, 3), rand(4, 3), np.array([1, -1, 1, -1])], grad=[0, 1]),
    OpSpec("triplet_margin_loss", lambda a, p, n: F.triplet_margin_loss(a, p, n, reduction="none"),
           lambda a, p, n: np.maximum(np.linalg.norm(a - p + 1e-6, axis=-1) - np.linalg.norm(a - n + 1e-6, axis=-1)
                                      + 1.0, 0), [rand(3, 4), rand(3, 4), rand(3, 4)]),
    OpSpec("multi_margin_loss", lambda x, y: F.multi_margin_loss(x, y, reduction="none"),
           lambda x, y: (np.maximum(1 - _pick(x, y)[:, None] + x, 0).sum(1) - 1) / x.shape[1],
           [rand(3, 4), ints(3, high=4)], grad=[0]),
    OpSpec("multi_label_margin_loss", lambda x, y: F.multi_label_margin_loss(x, y, reduction="none"),
           lambda x, y: np.array([sum(max(0, 1 - x[n, j] + x[n, i]) for j in y[n, :list(y[n]).index(-1)]
                                      for i in range(4) if i not in y[n, :list(y[n]).index(-1)]) / 4
                                  for n in range(2)]),
           [rand(2, 4), np.array([[3, 0, -1, 1], [2, -1, 0, 0]])], grad=[0]),
    OpSpec("ctc_loss", lambda x, y, il, ll: F.ctc_loss(x, y, il, ll, reduction="none"),
           _ctc_ref, [rand(5, 2, 4), CTC_LAB, CTC_IN, CTC_LL], grad=[0]),
    OpSpec("ctc_loss_mean_blank", lambda x, y, il, ll: F.ctc_loss(x, y, il, ll, blank=3),
           lambda *a: (_ctc_ref(*a, blank=3) / CTC_LL).mean(), [rand(5, 2, 4), CTC_LAB - 1 + 1, CTC_IN, CTC_LL],
           grad=[0]),
    OpSpec("rnnt_loss", lambda x, y, il, ll: F.rnnt_loss(x, y, il, ll, fastemit_lambda=0.0, reduction="none"),
           _rnnt_ref, [rand(2, 3, 3, 4), RNNT_LAB, RNNT_IN, RNNT_LL], grad=[0]),
    OpSpec("hsigmoid_loss", lambda x, y, w, b: F.hsigmoid_loss(x, y, 5, w, b),
           None, [rand(3, 2), np.array([0, 3, 4]), rand(4, 2), rand(4, 1)], grad=[0, 2, 3]),
    OpSpec("dice_loss", F.dice_loss, lambda p, y: (1 - 2 * (p * np.eye(2)[y[..., 0]]).sum((1, 2))
                                                   / (p.sum((1, 2)) + 3 + 1e-5)).mean(),
           [positive(2, 3, 2), ints(2, 3, 1, high=2)], grad=[0]),
    OpSpec("npair_loss", lambda a, p, y: F.npair_loss(a, p, y), None, [rand(3, 2), rand(3, 2),
                                                                      np.array([1.0, 2.0, 1.0])], grad=[0, 1]),
]

test_forward, test_grad, test_static, test_static_grad, test_double = parametrize(SPECS)


def T(a, **kw):
    return paddle.to_tensor(a, **kw)


X = np.random.default_rng(0).standard_normal((4, 5)).astype("float32")


@pytest.mark.parametrize("reduction, label, shape", [
    ("none", [1, 2, 0, 4], [4]), ("none", [[1], [2], [0], [4]], [4, 1]), ("mean", [1, 2, 0, 4], []),
    ("sum", [[1], [2], [0], [4]], [])])
def test_cross_entropy_shapes(reduction, label, shape):
    out = F.cross_entropy(T(X), T(label), reduction=reduction)
    assert out.shape == shape and out.dtype == paddle.float32


def test_cross_entropy_paddle_quirks():
    # the default ignore_index (-100) does not shrink the mean's denominator; a non-negative one does
    full = F.cross_entropy(T(X), T([1, 2, 0, 4]), reduction="none").numpy()
    np.testing.assert_allclose(F.cross_entropy(T(X), T([1, -100, 0, 4])).numpy(), (full.sum() - full[1]) / 4,
                               rtol=1e-6)
    np.testing.assert_allclose(F.cross_entropy(T(X), T([1, 2, 0, 4]), ignore_index=2).numpy(),
                               (full.sum() - full[1]) / 3, rtol=1e-6)
    # label smoothing keeps the soft-label [N, 1] shape; shifted logits clip at -64 as Paddle's stable softmax
    assert F.cross_entropy(T(X), T([1, 2, 0, 4]), label_smoothing=0.1, reduction="none").shape == [4, 1]
    big = F.cross_entropy(T(np.array([[0.0, 0.0, -100.0], [1e4, -1e4, 0.0]], "float32")), T([2, 1]),
                          reduction="none")
    np.testing.assert_allclose(big.numpy(), [64 + np.log(2), 64], rtol=1e-5)


def test_cross_entropy_errors():
    with pytest.raises(ValueError, match="'reduction' in softmax_cross_entropyshould be"):
        F.cross_entropy(T(X), T([1, 2, 0, 4]), reduction="avg")
    with pytest.raises(IndexError, match=r"label value should less than the shape of axis dimension when label "
                                         r"value\(7\)"):
        F.cross_entropy(T(X), T([1, 2, 0, 7]))
    with pytest.raises(IndexError, match=r"label value should >= 0 when label value\(-1\)"):
        F.cross_entropy(T(X), T([1, -1, 0, 4]))
    with pytest.raises(ValueError, match="should in same shape in dimensions except axis"):
        F.cross_entropy(T(X), T([1, 2, 0]))
    with pytest.raises(ValueError, match="Expected input_dims - 1 = label_dims"):
        F.cross_entropy(T(X), T(np.zeros((4, 1, 1), "int64")))
    with pytest.raises(RuntimeError, match="int16"):
        F.cross_entropy(T(X), T(np.array([1, 2, 0, 4], "int16")))
    with pytest.raises(ValueError, match=r"class_dimension\(5\) must equal to weight's class_dimension\(3\)"):
        F.cross_entropy(T(X), T([1, 2, 0, 4]), weight=T([1.0, 2.0, 3.0]))


def test_loss_errors():
    with pytest.raises(ValueError, match="label should not be out of bounds"):
        F.nll_loss(T(X), T([0, 5, 1, 1]))
    with pytest.raises(ValueError, match=r"does not match the type of data \(int32\)"):
        F.nll_loss(T(X), T(np.array([0, 1, 1, 1], "int32")))
    with pytest.raises(ValueError, match="Illegal input, input must be less than or equal to 1"):
        F.binary_cross_entropy(T([1.5]), T([1.0]))
    with pytest.raises(ValueError, match="shall have the same shape"):
        F.binary_cross_entropy(T([0.5, 0.5]), T([1.0]))
    with pytest.raises(ValueError, match="'reduction' in 'mse_loss' should be"):
        F.mse_loss(T(X), T(X), reduction="avg")
    with pytest.raises(ValueError, match="2nd dimension of Input\\(X\\) must be 1"):
        F.log_loss(T(X), T(X))
    with pytest.raises(ValueError, match="Expected ignored_tokens is None"):
        F.loss.edit_distance(T(np.array([[1]])), T(np.array([[1]])), ignored_tokens=[1])


def test_reduced_shapes_and_dtypes():
    x64 = T(X.astype("float64"))
    for out in (F.mse_loss(x64, x64), F.l1_loss(x64, x64), F.kl_div(x64, x64.abs()), F.nll_loss(x64, T([0, 1, 2, 3])),
                F.binary_cross_entropy_with_logits(x64, (x64 > 0).astype("float64"))):
        assert out.shape == [] and out.dtype == paddle.float64
    assert F.nll_loss(x64, T([0, 1, 2, 3]), reduction="none").shape == [4]
    assert F.kl_div(T(X), T(np.abs(X)), reduction="none").shape == [4, 5]


def test_ctc_matches_paddle_numbers():
    # real Paddle 3.3.1: impossible alignments give 0; norm_by_times scales only the gradient
    lp = np.random.default_rng(3).standard_normal((3, 1, 3))
    impossible = F.ctc_loss(T(lp), T(np.array([[1, 1, 1]], "int32")), T([3]), T([3]), reduction="none")
    assert impossible.numpy().tolist() == [0.0]
    x = T(np.random.default_rng(1).standard_normal((5, 2, 4)), stop_gradient=False)
    args = (T(CTC_LAB), T(CTC_IN), T(CTC_LL))
    F.ctc_loss(x, *args, reduction="sum").backward()
    g0 = x.grad.numpy()
    x.clear_gradient()
    loss = F.ctc_loss(x, *args, reduction="sum", norm_by_times=True)
    loss.backward()
    np.testing.assert_allclose(x.grad.numpy(), g0 / CTC_IN[None, :, None], rtol=1e-10)
    assert np.all(g0[4:, 1] == 0)  # past the input length


def test_edit_distance():
    hyp = T(np.array([[1, 2, 3], [4, 5, 6], [4, 4, 4], [1, 1, 1]]))
    ref = T(np.array([[1, 3, 4, 1], [4, 5, 8, 1], [7, 7, 7, 1], [1, 1, 1, 1]]))
    lens = T(np.array([3, 3, 3, 3])), T(np.array([4, 4, 4, 4]))
    num, dist = F.loss.edit_distance(hyp, ref, normalized=False, input_length=lens[0], label_length=lens[1])
    assert num.numpy().tolist() == [4] and num.dtype == paddle.int64
    assert dist.numpy().ravel().tolist() == [3.0, 2.0, 4.0, 1.0] and dist.dtype == paddle.float32
    _, dist = F.loss.edit_distance(hyp, ref, input_length=lens[0], label_length=lens[1])
    np.testing.assert_allclose(dist.numpy().ravel(), [0.75, 0.5, 1.0, 0.25])


def test_cross_entropy_grad_matches_softmax_minus_onehot():
    x = T(X, stop_gradient=False)
    F.cross_entropy(x, T([1, 2, 0, 4]), reduction="sum").backward()
    e = np.exp(X - X.max(1, keepdims=True))
    np.testing.assert_allclose(x.grad.numpy(), e / e.sum(1, keepdims=True) - np.eye(5)[[1, 2, 0, 4]], atol=1e-6)
    assert x.grad.dtype == paddle.float32


def test_static_program_op_types():
    paddle.enable_static()
    try:
        main = paddle.static.Program()
        with paddle.static.program_guard(main, paddle.static.Program()):
            x = paddle.static.data("x", [4, 5], "float32")
            x.stop_gradient = False
            loss = F.cross_entropy(x, paddle.static.data("y", [4], "int64"))
            paddle.static.append_backward(loss)
        types = [op.type for op in main.global_block().ops]
    finally:
        paddle.disable_static()
    assert "softmax_with_cross_entropy" in types and "softmax_with_cross_entropy_grad" in types
