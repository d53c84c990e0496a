"""Layers of nn/layer/common.py, norm.py, activation*.py, distance.py: Paddle's names, shapes, defaults,
reprs, train/eval behaviour, the BatchNorm checkpoint FAQ, and a small training loop."""

import numpy as np
import pytest

import purepaddle as paddle
import purepaddle.nn as nn
import purepaddle.nn.functional as F


# Paddle's first names; no warnings shown (BatchNorm's "we now always track global mean" notice)
pytestmark = [pytest.mark.usefixtures("fresh_names"), pytest.mark.filterwarnings("ignore")]


def test_linear_layout_names_and_defaults():
    lin = nn.Linear(3, 4)
    assert lin.weight.shape == [3, 4] and lin.bias.shape == [4]
    assert (lin.weight.name, lin.bias.name) == ("linear_0.w_0", "linear_0.b_0")
    limit = np.sqrt(6 / 7)  # XavierUniform over fan_in + fan_out
    assert np.abs(lin.weight.numpy()).max() <= limit and lin.weight.numpy().std() > 0
    np.testing.assert_array_equal(lin.bias.numpy(), 0)
    assert repr(lin) == "Linear(in_features=3, out_features=4, dtype=float32)"
    x = paddle.randn([2, 5, 3])
    np.testing.assert_allclose(lin(x).numpy(), x.numpy() @ lin.weight.numpy(), rtol=1e-5, atol=1e-6)
    assert nn.Linear(2, 2, bias_attr=False).bias is None
    with pytest.raises(TypeError, match=r"Did you mean to use paddle.compat.nn.Linear\(\)"):
        nn.Linear(2, 3, bias=False)


def test_embedding_padding_row_and_sparse_grad():
    emb = nn.Embedding(5, 3, padding_idx=-1, sparse=True)
    assert emb.weight.name == "embedding_0.w_0" and emb.padding_idx == -1
    np.testing.assert_array_equal(emb.weight.numpy()[4], 0)
    assert repr(emb) == "Embedding(5, 3, padding_idx=-1, sparse=True, scale_grad_by_freq=False)"
    out = emb(paddle.to_tensor([[1, 4], [1, 2]]))
    out.sum().backward()
    assert emb.weight.grad.is_selected_rows()
    dense = nn.Embedding(5, 3, padding_idx=2)
    dense(paddle.to_tensor([2, 2, 3])).sum().backward()
    g = dense.weight.grad.numpy()
    np.testing.assert_array_equal(g[2], 0)
    np.testing.assert_array_equal(g[3], 1)


def test_batch_norm_names_state_dict_and_modes():
    bn = nn.BatchNorm(3)
    names = [(k, v.name, v.stop_gradient) for k, v in bn.state_dict().items()]
    assert names == [("weight", "batch_norm_0.w_0", False), ("bias", "batch_norm_0.b_0", False),
                     ("_mean", "batch_norm_0.w_1", True), ("_variance", "batch_norm_0.w_2", True)]
    x = paddle.to_tensor(np.random.default_rng(0).standard_normal((4, 3, 2, 2)).astype("float32") + 2)
    y = bn(x)
    assert not y.stop_gradient
    np.testing.assert_allclose(bn._mean.numpy(), 0.1 * x.numpy().mean((0, 2, 3)), rtol=1e-5)
    bn.eval()
    before = bn._mean.numpy().copy()
    bn(x)
    np.testing.assert_array_equal(bn._mean.numpy(), before)
    for cls, shape in ((nn.BatchNorm1D, [4, 3]), (nn.BatchNorm2D, [2, 3, 2, 2]), (nn.BatchNorm3D, [2, 3, 1, 2, 2])):
        layer = cls(3)
        assert list(layer.state_dict()) == ["weight", "bias", "_mean", "_variance"]
        assert layer(paddle.rand(shape)).shape == shape
    with pytest.raises(ValueError, match="expected 4D input"):
        nn.BatchNorm2D(3)(paddle.rand([2, 3]))
    assert repr(nn.BatchNorm1D(3)) == "BatchNorm1D(num_features=3, momentum=0.9, epsilon=1e-05, data_format=NCL)"


def test_batch_norm_legacy_act_and_nhwc():
    bn = nn.BatchNorm(2, act="relu", data_layout="NHWC")
    y = bn(paddle.randn([3, 2, 2, 2]))
    assert float(y.min()) >= 0


def test_faq_load_eval_checkpoint_in_train_mode(tmp_path):
    """The seeds' FAQ: a BatchNorm checkpoint saved in eval mode loads into a training model with
    paddle.load + set_state_dict, and training then continues."""
    src = nn.BatchNorm(3)
    src(paddle.rand([4, 3, 2, 2]) * 5)  # move the running statistics
    src.eval()
    path = str(tmp_path / "bn.pdparams")
    paddle.save(src.state_dict(), path)
    bn = nn.BatchNorm(3)
    bn_param = paddle.load(path)
    missing, unexpected = bn.set_state_dict(bn_param)
    assert not missing and not unexpected
    for k, v in src.state_dict().items():
        np.testing.assert_array_equal(bn.state_dict()[k].numpy(), v.numpy())
    assert bn.training
    opt = paddle.optimizer.SGD(learning_rate=0.1, parameters=bn.parameters())
    bn(paddle.rand([4, 3, 2, 2])).mean().backward()
    opt.step()


def test_norm_layers_parameters():
    ln = nn.LayerNorm([2, 3])
    assert [(k, v.name, v.shape) for k, v in ln.state_dict().items()] == [
        ("weight", "layer_norm_0.w_0", [6]), ("bias", "layer_norm_0.b_0", [6])]
    np.testing.assert_array_equal(ln.weight.numpy(), 1)
    assert nn.LayerNorm(4, elementwise_affine=False).weight is None
    gn = nn.GroupNorm(2, 4)
    assert [v.name for v in gn.parameters()] == ["group_norm_0.w_0", "group_norm_0.b_0"]
    inorm = nn.InstanceNorm2D(3)
    assert list(inorm.state_dict()) == ["scale", "bias"]
    assert inorm(paddle.rand([2, 3, 4, 4])).shape == [2, 3, 4, 4]
    lrn = nn.LocalResponseNorm(3)
    assert repr(lrn) == "LocalResponseNorm(size=3, alpha=0.0001, beta=0.75, k=1.0)"


def test_sync_batch_norm_conversion_shares_parameters():
    model = nn.Sequential(nn.Linear(3, 3), nn.BatchNorm1D(3))
    sync = nn.SyncBatchNorm.convert_sync_batchnorm(model)
    assert isinstance(sync[1], nn.SyncBatchNorm)
    assert sync[1].weight is model[1].weight and sync[1]._mean is model[1]._mean
    assert sync(paddle.rand([4, 3])).shape == [4, 3]


def test_dropout_layers_train_and_eval():
    d = nn.Dropout(0.5)
    x = paddle.ones([100, 10])
    assert (d(x).numpy() == 0).any()
    d.eval()
    np.testing.assert_array_equal(d(x).numpy(), 1)
    assert repr(d) == "Dropout(p=0.5, axis=None, mode=upscale_in_train, inplace=False)"
    for layer, shape in ((nn.Dropout2D(), [2, 3, 4, 4]), (nn.Dropout3D(), [1, 2, 3, 3, 3]),
                         (nn.AlphaDropout(0.2), [4, 5]), (nn.FeatureAlphaDropout(0.2), [2, 3, 4])):
        assert layer(paddle.rand(shape)).shape == shape
        layer.eval()
        np.testing.assert_array_equal(layer(paddle.ones(shape)).numpy(), 1)


def test_shape_layers_and_similarity():
    assert nn.Flatten()(paddle.ones([2, 3, 4])).shape == [2, 12]
    assert nn.Unflatten(1, [2, 3])(paddle.ones([4, 6])).shape == [4, 2, 3]
    x = paddle.ones([2])
    assert nn.Identity(1, a=2)(x) is x
    a, b = paddle.to_tensor([[1.0, 0.0]]), paddle.to_tensor([[0.0, 2.0]])
    np.testing.assert_allclose(nn.CosineSimilarity()(a, b).numpy(), [0.0], atol=1e-7)
    np.testing.assert_allclose(nn.PairwiseDistance()(a, b).numpy(), [np.sqrt(1 + 4)], rtol=1e-5)
    bil = nn.Bilinear(2, 3, 4)
    assert bil.weight.shape == [4, 2, 3] and bil.bias.shape == [1, 4]
    assert bil(paddle.rand([5, 2]), paddle.rand([5, 3])).shape == [5, 4]


def test_activation_layers_match_functional():
    x = paddle.to_tensor([-2.0, -0.5, 0.0, 0.7, 3.0])
    pairs = [(nn.ReLU(), F.relu), (nn.ReLU6(), F.relu6), (nn.LeakyReLU(0.2), lambda t: F.leaky_relu(t, 0.2)),
             (nn.ELU(), F.elu), (nn.SELU(), F.selu), (nn.GELU(approximate=True), lambda t: F.gelu(t, True)),
             (nn.Silu(), F.silu), (nn.Swish(), F.swish), (nn.Mish(), F.mish), (nn.Sigmoid(), F.sigmoid),
             (nn.Hardsigmoid(), F.hardsigmoid), (nn.Hardswish(), F.hardswish), (nn.Tanh(), F.tanh),
             (nn.Softplus(), F.softplus), (nn.Softsign(), F.softsign), (nn.Tanhshrink(), F.tanhshrink),
             (nn.Hardtanh(), F.hardtanh), (nn.Hardshrink(), F.hardshrink), (nn.Softshrink(), F.softshrink),
             (nn.ThresholdedReLU(), F.thresholded_relu), (nn.LogSigmoid(), F.log_sigmoid), (nn.CELU(), F.celu),
             (nn.Softmax(), F.softmax), (nn.LogSoftmax(), F.log_softmax)]
    for layer, fn in pairs:
        np.testing.assert_allclose(layer(x).numpy(), fn(x).numpy(), rtol=1e-6, err_msg=repr(layer))
    assert repr(nn.SELU()) == "SELU(scale=1.0507009873554805, alpha=1.6732632423543772)"
    assert repr(nn.Softshrink(lambd=0.2)) == "Softshrink(threshold=0.2)"
    assert nn.SiLU is nn.Silu


def test_prelu_rrelu_softmax2d():
    p = nn.PReLU(3, init=0.1)
    assert p._weight.name == "p_re_lu_0.w_0" and list(p.state_dict()) == ["_weight"]
    y = p(-paddle.ones([2, 3, 2]))
    np.testing.assert_allclose(y.numpy(), -0.1, rtol=1e-6)
    r = nn.RReLU(0.1, 0.3)
    r.eval()
    np.testing.assert_allclose(r(-paddle.ones([3])).numpy(), -0.2, rtol=1e-6)
    s = nn.Softmax2D()(paddle.rand([2, 3, 2, 2]))
    np.testing.assert_allclose(s.sum(axis=1).numpy(), 1, rtol=1e-5)
    assert nn.Maxout(2)(paddle.rand([1, 4, 2, 2])).shape == [1, 2, 2, 2]
    assert nn.GLU(dim=1)(paddle.rand([2, 4])).shape == [2, 2]


def test_mlp_training_reduces_loss():
    paddle.seed(0)
    net = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Dropout(0.1), nn.LayerNorm(16), nn.Linear(16, 3))
    x = paddle.randn([32, 8])
    target = paddle.to_tensor(np.random.default_rng(0).integers(0, 3, 32))
    opt = paddle.optimizer.SGD(learning_rate=0.2, parameters=net.parameters())
    losses = []
    for _ in range(30):
        logp = F.log_softmax(net(x))
        loss = -(logp * F.one_hot(target, 3)).sum(axis=1).mean()
        loss.backward()
        opt.step()
        opt.clear_grad()
        losses.append(float(loss))
    assert losses[-1] < 0.7 * losses[0]


def test_torch_style_keyword_aliases():
    """Paddle 3 accepts torch's keyword names on these APIs (input=, dim=, lambd=, eps=)."""
    x = paddle.to_tensor([[1.0, -2.0, 3.0, 0.2]])
    np.testing.assert_allclose(F.softmax(input=x, dim=1).numpy(), F.softmax(x, axis=1).numpy())
    np.testing.assert_allclose(F.hardshrink(input=x, lambd=1.5).numpy(), [[0.0, -2.0, 3.0, 0.0]])
    np.testing.assert_allclose(F.normalize(input=x, dim=1, eps=1e-6).numpy(), F.normalize(x).numpy())
    assert nn.PairwiseDistance(eps=0.0).epsilon == 0.0
    assert nn.CosineSimilarity(dim=0).dim == 0
    assert nn.LayerNorm(4, eps=1e-3)._epsilon == 1e-3
    import inspect
    assert list(inspect.signature(F.softmax).parameters)[:3] == ["x", "axis", "dtype"]


@pytest.mark.parametrize("shape,axis", [([0, 3], 1), ([2, 0], 1), ([2, 0], 0), ([0], 0)])
def test_normalize_of_an_empty_tensor(shape, axis):
    # Paddle 3.3.1: an empty result and x_grad of x's shape
    x = paddle.zeros(shape)
    x.stop_gradient = False
    y = F.normalize(x, axis=axis)
    y.sum().backward()
    assert y.shape == shape and x.grad.shape == shape


# -- issue 12 round 2 (checked against real Paddle 3.3.1) -----------------------------------------
def test_layer_norm_takes_flattened_weight_only():
    x = paddle.ones([2, 3, 4])
    assert F.layer_norm(x, [3, 4], weight=paddle.ones([12])).shape == [2, 3, 4]
    with pytest.raises(ValueError, match=r"The dimensions of Input\(Scale\) must be 1, but received dimensions of "
                                         r"Input\(Scale\) is \[2\]"):
        F.layer_norm(x, [3, 4], weight=paddle.ones([3, 4]))
    with pytest.raises(ValueError, match=r"The dimensions of Input\(Bias\) must be 1"):
        F.layer_norm(x, [3, 4], bias=paddle.ones([3, 4]))


def test_normalize_refuses_0d():
    with pytest.raises(ValueError, match="normalize needs x with at least 1 dimension"):
        F.normalize(paddle.to_tensor(3.0))


def test_embedding_renorm_matches_paddle():
    # real Paddle 3.3.1: F.embedding_renorm_(x, w, 5.0, norm_type=1.0) rescales rows 0 and 2 by 5 / (norm + 1e-7)
    import purepaddle.nn.functional as F
    w = paddle.to_tensor([[3.0, 4.0], [1.0, 0.0], [6.0, 8.0]], dtype="float64")
    out = F.embedding_renorm_(paddle.to_tensor([0, 2, 0]), w, 5.0, norm_type=1.0)
    assert out is w
    assert w.numpy().tolist() == [[2.142857112244898, 2.857142816326531], [1.0, 0.0],
                                  [2.1428571275510206, 2.857142836734694]]
