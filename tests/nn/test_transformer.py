"""Attention and transformer layers against real Paddle (fixtures), OpSpec rows for the fused attention,
caches, masks, dropout, static graphs and errors."""
import glob
import json
import os

import numpy as np
import pytest

import purepaddle as paddle
import purepaddle.nn.functional as F
from tests.opspec import OpSpec, check_forward, check_grad, check_static, check_static_grad
from tests.checkout import FIXTURES as FIXTURES_DIR

FIXTURES = sorted(glob.glob(str(FIXTURES_DIR / "transformer" / "*.npz")))


def _flatten(x):
    if isinstance(x, (list, tuple)):
        return [t for item in x for t in _flatten(item)]
    return [x]


@pytest.mark.parametrize("path", FIXTURES, ids=[os.path.basename(p)[:-4] for p in FIXTURES])
def test_against_paddle(path):
    d = np.load(path)
    meta = json.loads(str(d["meta"]))
    prev = paddle.get_default_dtype()
    paddle.set_default_dtype("float64")
    try:
        layer = eval(meta["build"], {"paddle": paddle}) if meta["build"] else None
    finally:
        paddle.set_default_dtype(prev)
    if layer is not None:
        missing, unexpected = layer.set_state_dict({k[2:]: d[k] for k in d.files if k.startswith("w:")})
        assert not missing and not unexpected
    env = {"paddle": paddle, "layer": layer}
    tensors = {}
    for k in meta["inputs"]:
        a = d["in:" + k]
        tensors[k] = paddle.to_tensor(a, stop_gradient=a.dtype.kind != "f")
    env.update(tensors)
    outs = [o for o in _flatten(eval(meta["call"], env)) if isinstance(o, paddle.Tensor)]
    assert len(outs) == len([k for k in d.files if k.startswith("out")])
    loss = None
    for i, o in enumerate(outs):
        np.testing.assert_allclose(o.numpy(), d[f"out{i}"], rtol=1e-9, atol=1e-10, err_msg=f"output {i}")
        term = (o * paddle.to_tensor(d[f"wout{i}"])).sum()
        loss = term if loss is None else loss + term
    loss.backward()
    for k, t in tensors.items():
        if "grad:" + k in d.files:
            np.testing.assert_allclose(t.grad.numpy(), d["grad:" + k], rtol=1e-8, atol=1e-10, err_msg=k)
    if layer is not None:
        grads = {k: p.grad for k, p in layer.named_parameters()}
        for k in d.files:
            if k.startswith("pgrad:"):
                np.testing.assert_allclose(grads[k[6:]].numpy(), d[k], rtol=1e-8, atol=1e-10, err_msg=k)


def _sdpa(q, k, v, mask=None, **kw):
    return F.scaled_dot_product_attention(q, k, v, mask, **kw)


def _ref_attention(q, k, v, mask=None, causal=False, scale=None):
    qh, kh, vh = (np.swapaxes(t, 1, 2) for t in (q, k, v))
    s = (scale or q.shape[-1] ** -0.5) * qh @ np.swapaxes(kh, -1, -2)
    if causal:
        s = s + np.triu(np.full(s.shape[-2:], -1e4), 1)
    elif mask is not None:
        s = s + mask
    with np.errstate(invalid="ignore"):  # fully masked rows are NaN
        s = np.exp(s - s.max(-1, keepdims=True))
    return np.swapaxes((s / s.sum(-1, keepdims=True)) @ vh, 1, 2)


def _rand(*shape):
    return lambda r: r.standard_normal(shape)


SPECS = [
    OpSpec("sdpa", _sdpa, _ref_attention, [_rand(2, 3, 2, 4), _rand(2, 5, 2, 4), _rand(2, 5, 2, 4)]),
    OpSpec("sdpa_mask", _sdpa, _ref_attention, [_rand(1, 3, 2, 4), _rand(1, 4, 2, 4), _rand(1, 4, 2, 4),
                                                 _rand(1, 2, 3, 4)]),
    OpSpec("sdpa_mask_broadcast", _sdpa, _ref_attention,
           [_rand(2, 3, 2, 4), _rand(2, 3, 2, 4), _rand(2, 3, 2, 4), _rand(3, 3)]),
    OpSpec("sdpa_causal", lambda q, k, v: _sdpa(q, k, v, is_causal=True),
           lambda q, k, v: _ref_attention(q, k, v, causal=True), [_rand(1, 4, 2, 3)] * 3),
    OpSpec("sdpa_scale", lambda q, k, v: _sdpa(q, k, v, scale=0.2),
           lambda q, k, v: _ref_attention(q, k, v, scale=0.2), [_rand(1, 4, 1, 3)] * 3),
    OpSpec("flash_attention_weights", lambda q, k, v: F.flash_attention.flash_attention(q, k, v, 0.0, False, True),
           None, [_rand(1, 3, 2, 4)] * 3),
]
IDS = [s.name for s in SPECS]


@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_forward(spec):
    check_forward(spec)


@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_grad(spec):
    check_grad(spec)


@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_static(spec):
    check_static(spec)


@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_static_grad(spec):
    check_static_grad(spec)


def test_mask_conversions():
    from purepaddle.nn.layer.transformer import _convert_attention_mask
    m = _convert_attention_mask(paddle.to_tensor([[True, False]]), "float32")
    np.testing.assert_array_equal(m.numpy(), [[0, -1e9]])
    m = _convert_attention_mask(paddle.to_tensor([[1, 0]]), "float32")
    np.testing.assert_array_equal(m.numpy(), [[0, -1e9]])
    m = _convert_attention_mask(paddle.to_tensor([[0.5]], dtype="float64"), "float32")
    assert m.dtype == paddle.float32
    # a bool mask in sdpa keeps the True positions
    q = paddle.randn([1, 2, 1, 4])
    keep_first = paddle.to_tensor([[True, False], [True, False]])
    out = F.scaled_dot_product_attention(q, q, q, keep_first)
    np.testing.assert_allclose(out.numpy()[0, :, 0], np.repeat(q.numpy()[0, :1, 0], 2, 0), rtol=1e-6)


def test_encoder_layers_are_fresh_copies_of_the_config():
    layer = paddle.nn.TransformerEncoderLayer(8, 2, 16, dropout=0.0, activation="gelu", normalize_before=True)
    enc = paddle.nn.TransformerEncoder(layer, 3)
    assert enc.layers[0] is layer and len(enc.layers) == 3
    assert enc.layers[2].normalize_before and enc.layers[2].activation is F.gelu
    assert not np.allclose(enc.layers[1].linear1.weight.numpy(), layer.linear1.weight.numpy())
    assert len(enc.parameters()) == 3 * len(layer.parameters())
    keys = list(enc.state_dict().keys())
    assert "layers.1.self_attn.q_proj.weight" in keys and "layers.2.norm2.bias" in keys


def test_dropout_train_and_eval():
    paddle.seed(3)
    layer = paddle.nn.TransformerEncoderLayer(8, 2, 16, dropout=0.5)
    x = paddle.randn([2, 4, 8])
    assert float((layer(x) - layer(x)).abs().max()) > 0
    layer.eval()
    np.testing.assert_array_equal(layer(x).numpy(), layer(x).numpy())
    mha = paddle.nn.MultiHeadAttention(8, 2, dropout=0.9)
    mha.eval()
    ref = F.scaled_dot_product_attention(*(t.reshape([2, 4, 2, 4]) for t in (
        mha.q_proj(x), mha.k_proj(x), mha.v_proj(x))))
    np.testing.assert_allclose(mha(x).numpy(), mha.out_proj(ref.reshape([2, 4, 8])).numpy(), rtol=1e-5, atol=1e-6)


def test_attention_dropout_grad_matches_composition():
    paddle.seed(5)
    q = paddle.randn([2, 5, 2, 4])
    q.stop_gradient = False
    out, _ = F.flash_attention.flash_attention(q, q, q, dropout=0.3)
    out.sum().backward()
    kept = float((out.abs() > 0).astype("float32").mean())
    assert 0 < kept <= 1 and q.grad.shape == [2, 5, 2, 4]
    # eval mode (training=False) ignores dropout
    a = F.flash_attention.flash_attention(q, q, q, dropout=0.3, training=False)[0]
    b = F.flash_attention.flash_attention(q, q, q, dropout=0.0)[0]
    np.testing.assert_allclose(a.numpy(), b.numpy(), rtol=1e-6)


def test_dropout_gradients_match_finite_differences():
    """With the dropout mask fixed by the seed, the fused backward equals numeric gradients (mask included)."""
    rng = np.random.default_rng(0)
    arrays = [rng.standard_normal(s) for s in ((1, 3, 2, 4), (1, 4, 2, 4), (1, 4, 2, 4), (1, 2, 3, 4))]
    w = rng.standard_normal((1, 3, 2, 4))

    def loss(*ts):
        paddle.seed(7)
        return float((F.scaled_dot_product_attention(*ts, dropout_p=0.4) * paddle.to_tensor(w)).sum())

    ts = [paddle.to_tensor(a, stop_gradient=False) for a in arrays]
    paddle.seed(7)
    (F.scaled_dot_product_attention(*ts, dropout_p=0.4) * paddle.to_tensor(w)).sum().backward()
    eps = 1e-6
    for t, a in zip(ts, arrays):
        num = np.zeros_like(a)
        for j in range(a.size):
            hi, lo = a.copy(), a.copy()
            hi.flat[j] += eps
            lo.flat[j] -= eps
            args_hi = [paddle.to_tensor(hi if b is a else b) for b in arrays]
            args_lo = [paddle.to_tensor(lo if b is a else b) for b in arrays]
            num.flat[j] = (loss(*args_hi) - loss(*args_lo)) / (2 * eps)
        np.testing.assert_allclose(t.grad.numpy(), num, rtol=1e-5, atol=1e-7)


def test_flash_variants():
    q = paddle.randn([6, 2, 4])
    cu = paddle.to_tensor([0, 2, 6], dtype="int32")
    out, _ = F.flash_attention.flash_attn_unpadded(q, q, q, cu, cu, 4, 4, 0.5)
    whole = F.scaled_dot_product_attention(q[2:].unsqueeze(0), q[2:].unsqueeze(0), q[2:].unsqueeze(0), scale=0.5)
    np.testing.assert_allclose(out[2:].numpy(), whole[0].numpy(), rtol=1e-5, atol=1e-6)
    qkv = paddle.stack([q, q, q], axis=1)
    out2, _ = F.flash_attn_varlen_qkvpacked(qkv, cu, cu, 4, 4, 0.5)
    np.testing.assert_allclose(out2.numpy(), out.numpy(), rtol=1e-6)
    qb = paddle.randn([1, 5, 2, 4])
    packed, _ = F.flash_attn_qkvpacked(paddle.stack([qb, qb, qb], axis=2), causal=True)
    np.testing.assert_allclose(packed.numpy(), F.scaled_dot_product_attention(qb, qb, qb, is_causal=True).numpy(),
                               rtol=1e-5, atol=1e-6)
    # flashmask: rows >= 3 may not attend to any key, plus causal; equals sdpa with that dense mask
    idx = paddle.to_tensor([3] * 5, dtype="int32").reshape([1, 1, 5, 1])
    fm = F.flashmask_attention(qb, qb, qb, idx, causal=True)
    rows = np.arange(5)[:, None]
    dense = np.where((rows >= 3) | (rows < np.arange(5)[None]), -np.inf, 0.0).astype("float32")
    ref = _ref_attention(qb.numpy(), qb.numpy(), qb.numpy(), dense)
    np.testing.assert_allclose(fm.numpy()[:, :3], ref[:, :3], rtol=1e-5, atol=1e-6)
    win = F.flashmask_attention(qb, qb, qb, window_size=1, causal=True)
    dense = np.where((rows < np.arange(5)[None]) | (rows > np.arange(5)[None] + 1), -np.inf, 0.0)
    np.testing.assert_allclose(win.numpy(), _ref_attention(qb.numpy(), qb.numpy(), qb.numpy(), dense), rtol=1e-5,
                               atol=1e-6)


def test_errors():
    with pytest.raises(AssertionError, match="embed_dim must be divisible by num_heads"):
        paddle.nn.MultiHeadAttention(10, 3)
    with pytest.raises(AssertionError, match="Expected d_model to be greater than 0"):
        paddle.nn.TransformerEncoderLayer(0, 2, 4)
    with pytest.raises(AssertionError, match="length of bias_attr should be 1 or 2 or 3"):
        paddle.nn.Transformer(8, 2, 1, 1, 16, bias_attr=[None] * 4)
    with pytest.raises(AssertionError, match="must be divisible by the number of groups in key"):
        F.scaled_dot_product_attention(paddle.randn([1, 2, 3, 4]), paddle.randn([1, 2, 2, 4]),
                                       paddle.randn([1, 2, 2, 4]))
    q = paddle.randn([1, 3, 2, 4])
    q.stop_gradient = False
    (g,) = paddle.grad(F.scaled_dot_product_attention(q, q, q).sum(), q, create_graph=True)
    with pytest.raises(NotImplementedError, match="double backward"):
        g.sum().backward()


def test_static_encoder_layer():
    layer = paddle.nn.TransformerEncoderLayer(8, 2, 16, dropout=0.0)
    x = np.random.default_rng(0).standard_normal((2, 3, 8)).astype("float32")
    eager = layer(paddle.to_tensor(x)).numpy()
    paddle.enable_static()
    try:
        main, startup = paddle.static.Program(), paddle.static.Program()
        with paddle.static.program_guard(main, startup):
            xs = paddle.static.data("x", [-1, 3, 8], "float32")
            out = layer(xs)
        assert "flash_attn" in [op.type for op in main.global_block().ops]
        got = paddle.static.Executor(paddle.CPUPlace()).run(main, feed={"x": x}, fetch_list=[out])[0]
    finally:
        paddle.disable_static()
    np.testing.assert_allclose(got, eager, rtol=1e-5, atol=1e-6)
