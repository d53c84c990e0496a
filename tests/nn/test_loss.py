"""paddle.nn loss layers: each equals its functional form, Paddle's constructor checks and attributes,
the layers with parameters (HSigmoidLoss, AdaptiveLogSoftmaxWithLoss), and static-graph use."""
import numpy as np
import pytest

import purepaddle as paddle
import purepaddle.nn as nn
import purepaddle.nn.functional as F

RNG = np.random.default_rng(7)
X = RNG.standard_normal((4, 5)).astype("float32")
Y = RNG.standard_normal((4, 5)).astype("float32")
P = RNG.uniform(0.1, 0.9, (4, 5)).astype("float32")
Z = (RNG.uniform(size=(4, 5)) > 0.5).astype("float32")
LAB = np.array([1, 0, 4, 2])
SIGN = np.sign(X)


def T(a, **kw):
    return paddle.to_tensor(a, **kw)


CASES = [
    (nn.CrossEntropyLoss(reduction="none"), F.cross_entropy, (X, LAB), dict(reduction="none")),
    (nn.CrossEntropyLoss(weight=T(np.arange(1, 6).astype("float32")), label_smoothing=0.1), F.cross_entropy,
     (X, LAB), dict(weight=T(np.arange(1, 6).astype("float32")), label_smoothing=0.1)),
    (nn.MSELoss("sum"), F.mse_loss, (X, Y), dict(reduction="sum")),
    (nn.L1Loss(), F.l1_loss, (X, Y), {}),
    (nn.SmoothL1Loss(delta=0.5), F.smooth_l1_loss, (X, Y), dict(delta=0.5)),
    (nn.BCELoss(), F.binary_cross_entropy, (P, Z), {}),
    (nn.BCEWithLogitsLoss(pos_weight=T(np.full(5, 2.0, "float32"))), F.binary_cross_entropy_with_logits, (X, Z),
     dict(pos_weight=T(np.full(5, 2.0, "float32")))),
    (nn.NLLLoss(ignore_index=0), F.nll_loss, (X, LAB), dict(ignore_index=0)),
    (nn.KLDivLoss("batchmean"), F.kl_div, (X, P), dict(reduction="batchmean")),
    (nn.PoissonNLLLoss(log_input=False), F.poisson_nll_loss, (P, Z), dict(log_input=False)),
    (nn.SoftMarginLoss(), F.soft_margin_loss, (X, SIGN), {}),
    (nn.HingeEmbeddingLoss(margin=0.5), F.hinge_embedding_loss, (X, SIGN), dict(margin=0.5)),
    (nn.MultiLabelSoftMarginLoss(reduction="sum"), F.multi_label_soft_margin_loss, (X, Z), dict(reduction="sum")),
    (nn.MultiMarginLoss(p=2, margin=0.5), F.multi_margin_loss, (X, LAB), dict(p=2, margin=0.5)),
    (nn.MultiLabelMarginLoss(), F.multi_label_margin_loss, (X, np.array([[1, -1, 0, 0, 0]] * 4)), {}),
    (nn.GaussianNLLLoss(full=True), F.gaussian_nll_loss, (X, Y, P), dict(full=True)),
    (nn.MarginRankingLoss(margin=0.2), F.margin_ranking_loss, (X, Y, SIGN), dict(margin=0.2)),
    (nn.CosineEmbeddingLoss(margin=0.3), F.cosine_embedding_loss, (X, Y, np.array([1, -1, 1, -1])),
     dict(margin=0.3)),
    (nn.TripletMarginLoss(swap=True), F.triplet_margin_loss, (X, Y, P), dict(swap=True)),
    (nn.TripletMarginWithDistanceLoss(margin=2.0), F.triplet_margin_with_distance_loss, (X, Y, P),
     dict(margin=2.0)),
]


@pytest.mark.parametrize("layer, fn, args, kwargs", CASES, ids=[type(c[0]).__name__ for c in CASES])
def test_layer_equals_functional(layer, fn, args, kwargs):
    ts = [T(a) for a in args]
    np.testing.assert_allclose(layer(*ts).numpy(), fn(*ts, **kwargs).numpy(), rtol=1e-6)


def test_ctc_and_rnnt_layers():
    logits = T(RNG.standard_normal((5, 2, 4)).astype("float32"))
    args = (T(np.array([[1, 2], [3, 3]], "int32")), T(np.array([5, 4])), T(np.array([2, 2])))
    np.testing.assert_allclose(nn.CTCLoss(blank=0)(logits, *args).numpy(), F.ctc_loss(logits, *args).numpy())
    acts = T(RNG.standard_normal((1, 3, 2, 4)))
    rargs = (T(np.array([[2]], "int32")), T(np.array([3], "int32")), T(np.array([1], "int32")))
    np.testing.assert_allclose(nn.RNNTLoss(reduction="sum")(acts, *rargs).numpy(),
                               F.rnnt_loss(acts, *rargs, reduction="sum").numpy())


def test_aliases_and_module_names():
    assert nn.loss.CrossEntropyLoss is nn.CrossEntropyLoss
    assert paddle.nn.functional.loss.edit_distance is not None
    ce = nn.CrossEntropyLoss()
    np.testing.assert_allclose(ce(T(X), target=T(LAB)).numpy(), ce(T(X), T(LAB)).numpy())
    assert nn.SmoothL1Loss()(T(X), target=T(Y)).shape == []
    assert F.cross_entropy(T(X), target=T(LAB)).shape == []
    assert set(vars(ce)) >= {"weight", "reduction", "ignore_index", "soft_label", "axis", "use_softmax",
                             "label_smoothing", "name"}


@pytest.mark.parametrize("ctor, match", [
    (lambda: nn.MSELoss("avg"), "'reduction' in 'MSELoss' should be"),
    (lambda: nn.L1Loss("avg"), "'reduction' in L1Loss should be"),
    (lambda: nn.BCELoss(reduction="x"), "'reduction' in bce_loss should be"),
    (lambda: nn.NLLLoss(reduction="x"), "'reduction' in nll_loss should be"),
    (lambda: nn.CosineEmbeddingLoss(margin=2), "'margin' should be in the interval of \\[-1, 1\\]"),
    (lambda: nn.PoissonNLLLoss(epsilon=0), "`epsilon` in PoissonNLLLoss should be positive"),
    (lambda: nn.HSigmoidLoss(3, 1), "num_classes must not be less than 2 with default tree"),
    (lambda: nn.AdaptiveLogSoftmaxWithLoss(4, 10, [5, 3]), "cutoffs should be a sequence of unique"),
    (lambda: nn.MSELoss(size_average=False), "'MSELoss' no longer supports 'reduce' or 'size_average'.\nDetected: "
                                             "reduce=None, size_average=False\nPlease use: reduction='sum'"),
    (lambda: nn.CrossEntropyLoss(reduce=False), "reduction='none'"),
])
def test_constructor_errors(ctor, match):
    with pytest.raises(ValueError, match=match):
        ctor()


def test_legacy_positional_reduction_allowed():
    assert nn.CrossEntropyLoss(None, -100, "sum").reduction == "sum"
    assert nn.KLDivLoss("batchmean").reduction == "batchmean"


def test_hsigmoid_layer_parameters_and_training():
    paddle.seed(1)
    m = nn.HSigmoidLoss(3, 6)
    assert [(n, p.shape) for n, p in m.named_parameters()] == [("weight", [5, 3]), ("bias", [5, 1])]
    assert not m.bias.numpy().any()
    custom = nn.HSigmoidLoss(3, 6, is_custom=True)
    assert custom.weight.shape == [6, 3]
    x = T(RNG.standard_normal((4, 3)).astype("float32"))
    label = T(np.array([0, 1, 4, 5]))
    first = None
    for _ in range(20):  # plain SGD on the layer's own parameters lowers the loss
        loss = m(x, label).mean()
        first = float(loss) if first is None else first
        loss.backward()
        for p in m.parameters():
            p.set_value(p.numpy() - 0.5 * p.grad.numpy())
            p.clear_gradient()
    assert float(m(x, label).mean()) < first
    table = T(np.array([[0, 1, -1], [0, 2, 3], [1, -1, -1], [4, 5, 2]]))
    code = T(np.array([[1, 0, 0], [0, 1, 1], [1, 0, 0], [0, 0, 1]]))
    assert custom(x, label, table, code).shape == [4, 1]


def test_adaptive_log_softmax_layer():
    paddle.seed(3)
    m = nn.AdaptiveLogSoftmaxWithLoss(8, 10, [4, 7], div_value=2.0, head_bias=True)
    assert [n for n, _ in m.named_parameters()] == ["head_weight", "head_bias"]
    assert [[p.shape for p in pair] for pair in m.tail_weights] == [[[8, 4], [4, 3]], [[8, 2], [2, 3]]]
    x = T(RNG.standard_normal((6, 8)).astype("float32"))
    label = np.array([0, 3, 4, 6, 7, 9])
    out, loss = m(x, T(label))
    full = m.log_prob(x).numpy()
    np.testing.assert_allclose(np.exp(full).sum(1), np.ones(6), rtol=1e-5)
    np.testing.assert_allclose(out.numpy(), full[np.arange(6), label], rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(loss.numpy(), -out.numpy().mean(), rtol=1e-6)
    np.testing.assert_array_equal(m.predict(x).numpy(), full.argmax(1).astype("float32"))
    with pytest.raises(ValueError, match="label values should be in"):
        m(x, T(np.array([0, 1, 2, 3, 4, 10])))


def test_loss_layer_in_static_graph():
    paddle.enable_static()
    try:
        main, startup = paddle.static.Program(), paddle.static.Program()
        with paddle.static.program_guard(main, startup):
            x = paddle.static.data("x", [4, 5], "float32")
            y = paddle.static.data("y", [4], "int64")
            loss = nn.CrossEntropyLoss(reduction="sum")(x, y)
        exe = paddle.static.Executor(paddle.CPUPlace())
        exe.run(startup)
        (got,) = exe.run(main, feed={"x": X, "y": LAB}, fetch_list=[loss])
    finally:
        paddle.disable_static()
    np.testing.assert_allclose(got, F.cross_entropy(T(X), T(LAB), reduction="sum").numpy(), rtol=1e-6)


@pytest.mark.parametrize("loss", [F.l1_loss, F.mse_loss, F.smooth_l1_loss])
def test_mean_loss_backward_over_an_empty_batch(loss):
    # Paddle 3.3.1: the mean over no elements is NaN and input's gradient is empty, no error
    x = paddle.zeros([0, 3])
    x.stop_gradient = False
    out = loss(x, paddle.zeros([0, 3]))
    out.backward()
    assert out.shape == [] and np.isnan(out.item())
    assert x.grad.shape == [0, 3]


def test_cross_entropy_soft_label_gradient_is_softmax_minus_label():
    # Paddle's softmax_with_cross_entropy_grad takes soft labels to sum to one: (softmax - label) * g, also for
    # labels that do not (real Paddle 3.3.1: -0.05627211 at [0, 0] for these inputs, where torch's
    # softmax * sum(label) - label gives 0.05386), and for label smoothing's float32 labels
    rng = np.random.default_rng(3)
    x0 = rng.normal(size=(3, 5))
    p = np.exp(x0 - x0.max(1, keepdims=True))
    p /= p.sum(1, keepdims=True)
    label = rng.uniform(size=(3, 5))
    x = paddle.to_tensor(x0, stop_gradient=False)
    F.cross_entropy(x, paddle.to_tensor(label), soft_label=True).backward()
    np.testing.assert_allclose(x.grad.numpy(), (p - label) / 3, rtol=1e-12, atol=1e-15)
    ids = np.array([0, 3, 1])
    x = paddle.to_tensor(x0, stop_gradient=False)
    F.cross_entropy(x, paddle.to_tensor(ids), label_smoothing=0.1, reduction="sum").backward()
    smooth = np.float32(0.9) * np.eye(5, dtype=np.float32)[ids] + np.float32(0.1) / np.float32(5)
    np.testing.assert_allclose(x.grad.numpy(), p - smooth.astype(np.float64), rtol=1e-13, atol=1e-15)
